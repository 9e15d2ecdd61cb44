// Spec §6 as pure rules: canCreateForecast, canCreateDraft, the region filter, library runs.
import { describe, expect, it } from "vitest";
import { DEFAULT_FLAGS } from "../../../api/access/catalog.ts";
import {
  allowedRegions,
  canCreateDraft,
  canCreateForecast,
  canSeeLibraryRun,
  requiredSubscriptions,
} from "../../../api/forecasts/permissions.ts";

const who = (subs: string[], flags: Partial<typeof DEFAULT_FLAGS> = {}) => ({
  subscriptions: new Set(subs),
  flags: { ...DEFAULT_FLAGS, ...flags },
});

describe("spec §6 permissions", () => {
  it.each([
    ["GB", "bess", ["forecast_gb_bess"]],
    ["GB", "solar", ["forecast_gb_solar"]],
    ["GB", "solarACcoupling", ["forecast_gb_bess", "forecast_gb_solar"]],
    ["GB", "solarDCcoupling", ["forecast_gb_bess", "forecast_gb_solar"]],
    ["ERCOT", "bess", ["forecast_ercot_nodal"]],
    ["NEM", "bess", ["forecast_australia"]],
    ["DE", "wind", ["forecast_germany"]],
    ["ES", "solar", ["forecast_spain"]],
  ] as const)("%s %s needs %j", (region, configuration, subs) => {
    expect(requiredSubscriptions(region, configuration)).toEqual(subs);
  });

  it("canCreateForecast needs every subscription; canCreateDraft any (coupled: denied only when both are missing)", () => {
    const bessOnly = who(["forecast_gb_bess"]);
    expect(canCreateForecast(bessOnly, "GB", "bess")).toBe(true);
    expect(canCreateForecast(bessOnly, "GB", "solarACcoupling")).toBe(false);
    expect(canCreateDraft(bessOnly, "GB", "solarACcoupling")).toBe(true);
    expect(canCreateDraft(who([]), "GB", "solarDCcoupling")).toBe(false);
    expect(canCreateDraft(bessOnly, "GB", "solar")).toBe(false);
    expect(canCreateForecast(who(["forecast_gb_bess", "forecast_gb_solar"]), "GB", "solarDCcoupling")).toBe(
      true,
    );
  });

  it("regions: GB and ERCOT by subscription; Australia, Germany and Spain also by flag", () => {
    const all = who([
      "forecast_gb_solar",
      "forecast_ercot_nodal",
      "forecast_australia",
      "forecast_germany",
      "forecast_spain",
    ]);
    expect(allowedRegions(all)).toEqual(["GB", "ERCOT", "NEM", "DE", "ES"]);
    expect(
      allowedRegions({
        ...all,
        flags: { ...all.flags, forecast_nem_region: false, forecast_spain_model: false },
      }),
    ).toEqual(["GB", "ERCOT", "DE"]);
    expect(allowedRegions(who([]))).toEqual([]);
  });

  it("library runs: GB and ERCOT need their library subscription, other regions none", () => {
    expect(canSeeLibraryRun(who([]), "GB")).toBe(false);
    expect(canSeeLibraryRun(who(["library_gb_forecast"]), "GB")).toBe(true);
    expect(canSeeLibraryRun(who(["library_gb_forecast"]), "ERCOT")).toBe(false);
    expect(canSeeLibraryRun(who([]), "NEM")).toBe(true);
  });
});
