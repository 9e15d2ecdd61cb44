// Spec §5, rule by rule: each bad value is refused on its field with the spec's message, and the
// nearest good value passes. Form posts (strings) and API bodies (JSON numbers) read the same.
import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import {
  checkUpload,
  draftSchema,
  forecastDrawerSchemas,
  forecastSchema,
  forecastStepSchemas,
  MESSAGES,
  missingFields,
  type ForecastContext,
} from "../../../app/validation/forecast.ts";

const gbBess = {
  region: "GB",
  configuration: "bess",
  assetName: "Didcot BESS",
  zipCode: "OX11 7HA",
  gspGroup: "_H",
  startDate: "2025-06-01",
  maxCycles: "2",
  ratedPower: "50",
  duration: "2",
  connectionType: "distribution",
  efficiency: "88",
  maxImport: "same",
  maxExport: "same",
  coLocation: "false",
  degradation: "standard_degradation_curve",
  repowering: "10000",
  revenueStrategies: ["energy_with_as"],
  macroScenarios: ["gb-central"],
  runName: { "gb-central": "Didcot central" },
};
const ercot = { ...gbBess, region: "ERCOT", gspGroup: undefined, ercotZone: "West", macroScenarios: ["ercot-central"], runName: { "ercot-central": "West" } };

function errorsOf(data: Record<string, unknown>, ctx: ForecastContext = {}) {
  const r = forecastSchema(ctx).safeParse(data);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues) (out[i.path.join(".")] ??= []).push(i.message);
  return out;
}

type Case = [name: string, base: Record<string, unknown>, change: Record<string, unknown>, field: string, message: string | null, ctx?: ForecastContext];

const CASES: Case[] = [
  ["assetName required", gbBess, { assetName: "" }, "assetName", MESSAGES.assetNameRequired],
  ["assetName max 100", gbBess, { assetName: "a".repeat(101) }, "assetName", "The asset name should be 100 characters or less."],
  ["assetName 100 ok", gbBess, { assetName: "a".repeat(100) }, "assetName", null],
  ["addressLine1 max 250", gbBess, { addressLine1: "a".repeat(251) }, "addressLine1", "Address should be 250 characters or less."],
  ["city max 100", gbBess, { city: "c".repeat(101) }, "city", "The city name should be 100 characters or less."],
  ["zipCode required", gbBess, { zipCode: " " }, "zipCode", "Please enter a valid Postcode."],
  ["zipCode max 8", gbBess, { zipCode: "123456789" }, "zipCode", "Please enter a valid Postcode."],
  ["gspGroup required in GB", gbBess, { gspGroup: "" }, "gspGroup", MESSAGES.gspGroup],
  ["gspGroup not needed in ERCOT", ercot, {}, "gspGroup", null],
  ["ercotZone required in ERCOT", ercot, { ercotZone: undefined }, "ercotZone", MESSAGES.ercotZone],
  ["region required", gbBess, { region: undefined }, "region", MESSAGES.region],
  ["startDate required", gbBess, { startDate: "" }, "startDate", MESSAGES.startDate],
  ["startDate before 1 Jan 2025", gbBess, { startDate: "2024-12-31" }, "startDate", MESSAGES.startDateMin],
  ["startDate 1 Jan 2025 ok", gbBess, { startDate: "2025-01-01" }, "startDate", null],
  ["maxCycles required", gbBess, { maxCycles: "" }, "maxCycles", "Please enter a value between 1 - 5."],
  ["maxCycles below 1", gbBess, { maxCycles: "0.5" }, "maxCycles", "Please enter a value between 1 - 5."],
  ["maxCycles above 5", gbBess, { maxCycles: 6 }, "maxCycles", "Please enter a value between 1 - 5."],
  ["maxCycles not a number is empty", gbBess, { maxCycles: "two" }, "maxCycles", "Please enter a value between 1 - 5."],
  ["ratedPower below 1", gbBess, { ratedPower: "0" }, "ratedPower", "Please enter a value between 1 - 500 MW."],
  ["ratedPower above 500", gbBess, { ratedPower: "501" }, "ratedPower", "Please enter a value between 1 - 500 MW."],
  ["ratedPower 500 ok", gbBess, { ratedPower: "500", connectionType: "transmission", tnuosGenerationZone: "10" }, "ratedPower", null],
  ["duration below 0.5", gbBess, { duration: "0.4" }, "duration", "Please enter a value between 0.5 - 6h."],
  ["duration above 6", gbBess, { duration: "7" }, "duration", "Please enter a value between 0.5 - 6h."],
  ["duration 7 with flag ok", gbBess, { duration: "7" }, "duration", null, { flags: { forecast_update_duration_validation: true } }],
  ["duration above 8 with flag", gbBess, { duration: "8.5" }, "duration", "Please enter a value between 0.5 - 8h.", { flags: { forecast_update_duration_validation: true } }],
  ["connectionType required", gbBess, { connectionType: "" }, "connectionType", MESSAGES.required],
  ["efficiency required", gbBess, { efficiency: undefined }, "efficiency", MESSAGES.required],
  ["maxImport required", gbBess, { maxImport: undefined }, "maxImport", MESSAGES.required],
  ["maxExport required", gbBess, { maxExport: undefined }, "maxExport", MESSAGES.required],
  ["coLocation required", gbBess, { coLocation: undefined }, "coLocation", MESSAGES.required],
  ["degradation required", gbBess, { degradation: undefined }, "degradation", MESSAGES.required],
  ["o_efficiency required when other", gbBess, { efficiency: "other" }, "o_efficiency", "The efficiency should be between 10-100%."],
  ["o_efficiency below 10", gbBess, { efficiency: "other", o_efficiency: "9" }, "o_efficiency", "The efficiency should be between 10-100%."],
  ["o_efficiency above 100", gbBess, { efficiency: "other", o_efficiency: "101" }, "o_efficiency", "The efficiency should be between 10-100%."],
  ["o_efficiency ignored when 88", gbBess, { efficiency: "88", o_efficiency: "5" }, "o_efficiency", null],
  ["o_maxImport required when other", gbBess, { maxImport: "other" }, "o_maxImport", "Please enter a value between 1 - 1000 MW."],
  ["o_maxImport above 1000", gbBess, { maxImport: "other", o_maxImport: "1001" }, "o_maxImport", "Please enter a value between 1 - 1000 MW."],
  ["o_maxExport below 1", gbBess, { maxExport: "other", o_maxExport: "0" }, "o_maxExport", "Please enter a value between 1 - 1000 MW."],
  ["coupling required when co-located", gbBess, { coLocation: "true", solarRatedPower: "20" }, "coupling", MESSAGES.coupling],
  ["solarRatedPower required when co-located", gbBess, { coLocation: "true", coupling: "true" }, "solarRatedPower", "Please enter a value between 1 - 1000 MW."],
  ["solarRatedPower above 1000", gbBess, { coLocation: "true", coupling: "true", solarRatedPower: "1001" }, "solarRatedPower", "Please enter a value between 1 - 1000 MW."],
  ["tnuos zone required for transmission", gbBess, { connectionType: "transmission" }, "tnuosGenerationZone", MESSAGES.tnuosGenerationZone],
  ["tnuos zone required for distribution ≥ 100 MW", gbBess, { ratedPower: "100" }, "tnuosGenerationZone", MESSAGES.tnuosGenerationZone],
  ["tnuos zone not needed for distribution < 100 MW", gbBess, { ratedPower: "99" }, "tnuosGenerationZone", null],
  ["tnuos zone not needed outside GB", ercot, { connectionType: "transmission" }, "tnuosGenerationZone", null],
  ["custom degradation only for ERCOT", gbBess, { degradation: "custom_degradation_curve", customDegradationCurveId: "x", repowering: "100" }, "degradation", MESSAGES.customDegradationOnlyErcot],
  ["customDegradationCurveId required when custom", ercot, { degradation: "custom_degradation_curve", repowering: "100" }, "customDegradationCurveId", MESSAGES.customDegradationCurveId],
  ["repowering custom above 50 000", ercot, { degradation: "custom_degradation_curve", customDegradationCurveId: "x", repowering: "50001" }, "repowering", "Please enter a value between 1 - 50 000 cycles."],
  ["repowering custom 50 000 ok", ercot, { degradation: "custom_degradation_curve", customDegradationCurveId: "x", repowering: "50000" }, "repowering", null],
  ["repowering standard above 12 000", gbBess, { repowering: "12001" }, "repowering", "Please enter a value between 1 - 12 000 cycles."],
  ["repowering standard required", gbBess, { repowering: "" }, "repowering", "Please enter a value between 1 - 12 000 cycles."],
  ["repowering not needed without degradation", gbBess, { degradation: "no_degradation", repowering: "" }, "repowering", null],
  ["tariff price required when duos", gbBess, { duos: "true" }, "redBandImportPrice", "Please enter a value between 0.001 - 999 999 p/kWh."],
  ["tariff band time required when duos", gbBess, { duos: "true" }, "amberBandWeekendEndTime", MESSAGES.time],
  ["tariff price too small", gbBess, { duos: "true", greenBandExportPrice: "0.0005" }, "greenBandExportPrice", "Please enter a value between 0.001 - 999 999 p/kWh."],
  ["tariff price too large", gbBess, { duos: "true", redBandExportPrice: "1000000" }, "redBandExportPrice", "Please enter a value between 0.001 - 999 999 p/kWh."],
  ["fixed charge too small", gbBess, { duos: "true", fixedDailyCharges: "0.001" }, "fixedDailyCharges", MESSAGES.fixedDailyCharges],
  ["tariffs not needed without duos", gbBess, { duos: "false" }, "redBandImportPrice", null],
  ["revenueStrategies at least one", gbBess, { revenueStrategies: [] }, "revenueStrategies", MESSAGES.revenueStrategies],
  ["revenue strategy of the region", gbBess, { region: "NEM", gspGroup: undefined, nemRegion: "Victoria", revenueStrategies: ["energy_with_as"] }, "revenueStrategies", MESSAGES.revenueStrategyRegion],
  ["macroScenarios at least one", gbBess, { macroScenarios: [] }, "macroScenarios", MESSAGES.macroScenarios],
  ["macro scenario of the region", gbBess, { macroScenarios: ["ercot-central"], runName: { "ercot-central": "x" } }, "macroScenarios", MESSAGES.macroScenarioRegion, { scenarios: [{ id: "ercot-central", marketRegion: "ERCOT" }] }],
  ["solar only the Central scenario", gbBess, { configuration: "solar", solarRatedPower: "30", macroScenarios: ["gb-high"], runName: { "gb-high": "x" }, revenueStrategies: ["energy_only"] }, "macroScenarios", MESSAGES.macroScenarioRegion, { scenarios: [{ id: "gb-high", marketRegion: "GB", solarAvailable: false }] }],
  ["runName required per scenario", gbBess, { runName: {} }, "runName.gb-central", MESSAGES.runNameRequired],
  ["runName max 100", gbBess, { runName: { "gb-central": "n".repeat(101) } }, "runName.gb-central", "The forecast name should be 100 characters or less."],
  ["configuration must exist in region", ercot, { configuration: "solar" }, "configuration", MESSAGES.configurationRegion],
  ["latitude needed for solar", gbBess, { configuration: "solar", solarRatedPower: "30", revenueStrategies: ["energy_only"] }, "latitude", MESSAGES.latitude],
  ["latitude not needed for a battery alone", gbBess, {}, "latitude", null],
  ["horizon 1–30 years", gbBess, { horizonYears: "31" }, "horizonYears", MESSAGES.horizonYears],
];

describe("forecast object: spec §5 rules", () => {
  it("a complete GB BESS forecast passes, read from form strings", () => {
    const r = forecastSchema().safeParse(gbBess);
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(r.data.ratedPower).toBe(50);
    expect(r.data.energyCapacity).toBe(100);
    expect(r.data.runAsset).toEqual({ marketRegion: "GB", configuration: "bess" });
  });

  it.each(CASES)("%s", (_name, base, change, field, message, ctx) => {
    const errors = errorsOf({ ...base, ...change }, ctx);
    if (message === null) expect(errors[field]).toBeUndefined();
    else expect(errors[field]).toContain(message);
  });

  it("JSON numbers and form strings are read alike", () => {
    const a = forecastSchema().parse({ ...gbBess, ratedPower: 50, duration: 2, maxCycles: 2, repowering: 10000 });
    const b = forecastSchema().parse(gbBess);
    expect(a).toEqual(b);
  });

  it("the region and configuration may come from runAsset", () => {
    const { region: _r, configuration: _c, ...rest } = gbBess;
    const r = forecastSchema().parse({ ...rest, runAsset: { marketRegion: "GB", configuration: "bess" } });
    expect(r.region).toBe("GB");
  });

  it("a coupled configuration needs coupling and solar power but not the coLocation choice", () => {
    const errors = errorsOf({ ...gbBess, configuration: "solarACcoupling", coLocation: undefined, latitude: 51.6, longitude: -1.2 });
    expect(errors.coLocation).toBeUndefined();
    expect(errors.coupling).toEqual([MESSAGES.coupling]);
    expect(errors.solarRatedPower).toBeDefined();
  });

  it("stand-alone solar needs no battery fields", () => {
    const r = forecastSchema().safeParse({
      ...gbBess, configuration: "solar", maxCycles: "", duration: "", efficiency: undefined, degradation: undefined,
      solarRatedPower: "40", revenueStrategies: ["energy_only"], latitude: "51.6", longitude: "-1.24",
    });
    expect(r.success).toBe(true);
  });

  it("drafts accept missing fields but keep the ranges", () => {
    expect(draftSchema().safeParse({ region: "GB", assetName: "Half done" }).success).toBe(true);
    const r = draftSchema().safeParse({ region: "GB", ratedPower: "900" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe("Please enter a value between 1 - 500 MW.");
  });

  it("step and drawer schemas report only their own fields", () => {
    const partial = { region: "GB", configuration: "bess", ratedPower: "0" };
    const steps = forecastStepSchemas();
    const rs = steps.revenueStrategies.safeParse(partial);
    expect(rs.error?.issues.map((i) => i.path.join("."))).toEqual(["revenueStrategies"]);
    const bess = forecastDrawerSchemas().bessDetails.safeParse(partial);
    const fields = bess.error?.issues.map((i) => i.path.join(".")) ?? [];
    expect(fields).toContain("ratedPower");
    expect(fields).not.toContain("assetName");
    const grid = forecastDrawerSchemas().gridConnection.safeParse({ ...gbBess });
    expect(grid.success).toBe(true);
  });

  it("works with Conform's parseWithZod on a posted form", () => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(gbBess)) {
      if (Array.isArray(v)) v.forEach((x) => fd.append(k, x));
      else if (v && typeof v === "object") for (const [kk, vv] of Object.entries(v)) fd.append(`${k}.${kk}`, String(vv));
      else if (v !== undefined) fd.append(k, String(v));
    }
    fd.set("ratedPower", "abc");
    const sub = parseWithZod(fd, { schema: forecastSchema() });
    expect(sub.status).toBe("error");
    expect(sub.reply().error?.ratedPower).toEqual(["Please enter a value between 1 - 500 MW."]);
    fd.set("ratedPower", "50");
    const ok = parseWithZod(fd, { schema: forecastSchema() });
    expect(ok.status).toBe("success");
  });

  it("missingFields lists what the run drawer asks for", () => {
    const missing = missingFields({ region: "GB", configuration: "bess", assetName: "A" });
    expect(missing.map((m) => m.field)).toEqual(expect.arrayContaining(["zipCode", "gspGroup", "ratedPower", "revenueStrategies"]));
    expect(missingFields(gbBess)).toEqual([]);
  });
});

describe("uploads (spec §5): csv only, 2 097 152 bytes", () => {
  it.each([
    [{ name: "curve.csv", type: "text/csv", size: 100 }, null],
    [{ name: "curve.xlsx", type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", size: 100 }, MESSAGES.uploadWrongType],
    [{ name: "curve.csv", type: "image/png", size: 100 }, MESSAGES.uploadWrongType],
    [{ name: "curve.csv", type: "text/csv", size: 2097152 }, null],
    [{ name: "curve.csv", type: "text/csv", size: 2097153 }, MESSAGES.uploadTooLarge],
  ])("%o → %s", (file, message) => {
    expect(checkUpload(file)).toBe(message);
    if (message) expect(message.startsWith("Looks like the format you are trying to upload is not supported.")).toBe(true);
  });
});
