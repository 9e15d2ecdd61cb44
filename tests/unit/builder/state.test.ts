// The builder's URL state and the dependent rules of spec §4, and the drawer/step composition of the
// shared §5 rules.
import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import {
  applyRules,
  decodeState,
  encodeState,
  ercotZoneOf,
  mergeState,
  scenariosOffered,
  stateToBody,
  stateToFormData,
  valuesFromForm,
  type FormState,
  type Scenario,
} from "../../../app/components/builder/state.ts";
import {
  blocksFor,
  drawerOfField,
  drawerOwnedFields,
  drawerSchema,
  stepSchema,
} from "../../../app/validation/builderSchemas.ts";
import { MESSAGES, missingFields } from "../../../app/validation/forecast.ts";

const scenarios: Scenario[] = [
  { id: "gb-central", name: "GB Central scenario", marketRegion: "GB", solarAvailable: true },
  { id: "gb-high", name: "GB High scenario", marketRegion: "GB", solarAvailable: false },
  { id: "ercot-central", name: "ERCOT Central scenario", marketRegion: "ERCOT", solarAvailable: true },
];
const gb = { region: "GB" as const, configuration: "bess" as const, scenarios };

describe("URL state", () => {
  it("round-trips through base64url, dropping empty values, and reads junk as an empty form", () => {
    const s: FormState = {
      assetName: "Dîdcot ⚡",
      zipCode: "",
      macroScenarios: ["gb-central"],
      runName: { "gb-central": "X", other: "" },
    };
    const f = encodeState(s);
    expect(f).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeState(f)).toEqual({
      assetName: "Dîdcot ⚡",
      macroScenarios: ["gb-central"],
      runName: { "gb-central": "X" },
    });
    expect(decodeState("not base64 json!")).toEqual({});
    expect(decodeState(null)).toEqual({});
  });

  it("a form owns its fields: unchecked boxes clear them, the node name arrives as nodeLabel", () => {
    const form = new FormData();
    form.append("ratedPower", " 50 ");
    form.append("nodeLabel", "Odessa 138 kV");
    form.append("runName.gb-central", "Name");
    const posted = valuesFromForm(form, ["ratedPower", "revenueStrategies", "nodeName", "runName"]);
    expect(posted).toEqual({
      ratedPower: "50",
      revenueStrategies: [],
      nodeName: "Odessa 138 kV",
      runName: { "gb-central": "Name" },
    });
    const merged = mergeState({ revenueStrategies: ["merchant"], duration: "2" }, posted, [
      "ratedPower",
      "revenueStrategies",
      "nodeName",
      "runName",
    ]);
    expect(merged.revenueStrategies).toEqual([]);
    expect(merged.duration).toBe("2");
  });

  it("ERCOT zones from the location services are spelled as the forecast spells them", () => {
    expect(ercotZoneOf("WEST")).toBe("West");
    expect(ercotZoneOf("houston")).toBe("Houston");
    expect(ercotZoneOf("Nowhere")).toBeUndefined();
  });
});

describe("spec §4 rules", () => {
  it("connection type follows rated power: transmission from 100 MW", () => {
    expect(applyRules({}, { ratedPower: "99.9" }, gb).connectionType).toBe("distribution");
    expect(
      applyRules(
        { ratedPower: "50", connectionType: "distribution" },
        { ratedPower: "100", connectionType: "distribution" },
        gb,
      ).connectionType,
    ).toBe("transmission");
    // Unchanged rated power keeps the user's choice.
    expect(
      applyRules({ ratedPower: "50" }, { ratedPower: "50", connectionType: "transmission" }, gb)
        .connectionType,
    ).toBe("transmission");
  });

  it("efficiency defaults to 88 and re-powering to 10 000 cycles", () => {
    const out = applyRules({}, {}, gb);
    expect(out.efficiency).toBe("88");
    expect(out.repowering).toBe("10000");
  });

  it("the region's first scenario is pre-selected when asked (the canvas and stepper pages), not on a post of the list itself", () => {
    expect(applyRules({}, {}, { ...gb, preselectScenario: true }).macroScenarios).toEqual(["gb-central"]);
    expect(applyRules({}, {}, gb).macroScenarios).toBeUndefined();
  });

  it("a region change resets the world view to the new region's default", () => {
    const out = applyRules(
      { region: "GB", macroScenarios: ["gb-high"] },
      { region: "ERCOT", macroScenarios: ["gb-high"] },
      { region: "ERCOT", configuration: "bess", scenarios },
    );
    expect(out.macroScenarios).toEqual(["ercot-central"]);
  });

  it("solar configurations are offered only the Central scenario", () => {
    expect(scenariosOffered(scenarios, "GB", "solarDCcoupling").map((s) => s.id)).toEqual(["gb-central"]);
    expect(scenariosOffered(scenarios, "GB", "bess").map((s) => s.id)).toEqual(["gb-central", "gb-high"]);
  });

  it("run names are generated once asset name, duration and max cycles are set, follow them, and keep hand-typed names", () => {
    const base = { macroScenarios: ["gb-central"], assetName: "Didcot", duration: "2" };
    expect(applyRules({}, base, gb).runName).toBeUndefined();
    const named = applyRules({}, { ...base, maxCycles: "1.5" }, gb);
    expect(named.runName).toEqual({ "gb-central": "Didcot - GB Central scenario - 2h - 1.5 cycles" });
    const renamed = applyRules(named, { ...named, assetName: "Didcot II" }, gb);
    expect(renamed.runName).toEqual({ "gb-central": "Didcot II - GB Central scenario - 2h - 1.5 cycles" });
    const typed = applyRules(named, { ...named, runName: { "gb-central": "My own name" } }, gb);
    expect(applyRules(typed, { ...typed, duration: "4" }, gb).runName).toEqual({
      "gb-central": "My own name",
    });
  });

  it("revenue strategies not offered in the region are dropped", () => {
    const out = applyRules(
      {},
      { revenueStrategies: ["merchant", "energy_with_as"] },
      { region: "ERCOT", configuration: "bess", scenarios },
    );
    expect(out.revenueStrategies).toEqual(["energy_with_as"]);
  });
});

describe("required choices have defaults (decision 0703)", () => {
  it("a stand-alone battery: limits the same as its rated power, the standard curve, not co-located", () => {
    const out = applyRules({}, {}, gb);
    expect(out).toMatchObject({
      maxImport: "same",
      maxExport: "same",
      coLocation: "false",
      degradation: "standard_degradation_curve",
      efficiency: "88",
      repowering: "10000",
    });
    expect(out.coupling).toBeUndefined();
    // Distribution until a rated power says otherwise; from 100 MW, transmission.
    expect(out.connectionType).toBe("distribution");
    expect(applyRules(out, { ...out, ratedPower: "120" }, gb).connectionType).toBe("transmission");
  });

  it("the user's choices stand; a co-located battery's coupling is theirs to say", () => {
    const mine = {
      maxImport: "other",
      o_maxImport: "30",
      degradation: "no_degradation",
      coLocation: "true",
    };
    const out = applyRules({}, mine, gb);
    expect(out).toMatchObject({ ...mine, maxExport: "same" });
    expect(out.coupling).toBeUndefined();
    expect(applyRules({}, { ...mine, coupling: "false" }, gb).coupling).toBe("false");
  });

  it("stand-alone solar: an export limit and the connection type from the plant's power; no battery choices", () => {
    const solar = { region: "GB" as const, configuration: "solar" as const, scenarios };
    const out = applyRules({}, { solarRatedPower: "150" }, solar);
    expect(out).toMatchObject({ maxExport: "same", connectionType: "transmission" });
    for (const f of ["maxImport", "degradation", "coLocation", "efficiency"])
      expect(out).not.toHaveProperty(f);
    expect(applyRules({}, { solarRatedPower: "40" }, solar).connectionType).toBe("distribution");
  });

  it("with the defaults, a GB battery needs only its own numbers, place and names to be complete", () => {
    const typed: FormState = {
      region: "GB",
      configuration: "bess",
      assetName: "Didcot",
      zipCode: "OX11 7HA",
      gspGroup: "_H",
      startDate: "2025-06-01",
      ratedPower: "50",
      duration: "2",
      maxCycles: "1",
    };
    const before = missingFields(stateToBody(typed, "GB", "bess")).map((m) => m.field);
    // Without defaults the analyst must also pick these (what the walkthrough found).
    expect(before).toEqual(expect.arrayContaining(["maxImport", "maxExport", "coLocation", "degradation"]));
    const filled = applyRules({}, typed, { ...gb, preselectScenario: true });
    expect(missingFields(stateToBody(filled, "GB", "bess"))).toEqual([]);
  });
});

describe("drawer and step composition of the shared rules", () => {
  const ctx = { region: "GB" as const, configuration: "bess" as const, flags: {}, scenarios };
  const errorsOf = (schema: ReturnType<typeof drawerSchema>, state: FormState) => {
    const r = parseWithZod(stateToFormData(state), { schema });
    return r.status === "error" ? r.error : {};
  };

  it("a drawer reports only its own fields, with the spec's messages, using the rest of the state", () => {
    const errors = errorsOf(drawerSchema("bessDetails", "bess", ctx), { ratedPower: "600", zipCode: "" });
    expect(errors?.ratedPower).toEqual([MESSAGES.ratedPower]);
    expect(errors).not.toHaveProperty("zipCode");
    // The TNUoS zone is required at 100 MW on distribution: rated power comes from the battery drawer.
    const grid = errorsOf(drawerSchema("gridConnection", "bess", ctx), {
      ratedPower: "120",
      connectionType: "distribution",
      zipCode: "OX11 7HA",
      gspGroup: "_H",
    });
    expect(grid?.tnuosGenerationZone).toEqual([MESSAGES.tnuosGenerationZone]);
  });

  it("each configuration has its blocks, and every required field has a drawer", () => {
    expect(blocksFor("bess")).toEqual(["bessDetails", "gridConnection"]);
    expect(blocksFor("solarDCcoupling")).toEqual(["solarDetails", "bessDetails", "gridConnection"]);
    expect(blocksFor("solar")).toEqual(["solarDetails", "solarGridConnection"]);
    expect(drawerOfField("zipCode", "bess")).toBe("gridConnection");
    expect(drawerOfField("runName.gb-central", "bess")).toBe("run");
    expect(drawerOwnedFields("gridConnection", "solarACcoupling")).not.toContain("coLocation");
  });

  it("the asset-details step checks the duration against the flag's 8 h", () => {
    const state = { duration: "7" };
    expect(errorsOf(stepSchema("assetDetails", "bess", ctx), state)?.duration).toEqual([MESSAGES.duration6]);
    const flagged = errorsOf(
      stepSchema("assetDetails", "bess", { ...ctx, flags: { forecast_update_duration_validation: true } }),
      state,
    );
    expect(flagged?.duration).toBeUndefined();
  });
});
