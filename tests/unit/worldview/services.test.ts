// Service prices and volumes of the world views (issue 17): base-year means against the real
// clearing prices in ../shared/data (skipped without it), negative clearing where the market has
// it, and a battery's volume limited to its share of what clears.
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { marketYear } from "../../../engine/worldview/index.ts";
import {
  blockOfDay,
  requirementMW,
  SERVICE_LEVELS,
  serviceVolumeShares,
} from "../../../engine/worldview/ancillary.ts";
import {
  computeMarketYear,
  serviceFleetGW,
  variableRenewablesGW,
} from "../../../engine/worldview/world-view.ts";
import { MARKET_TABLES } from "../../../engine/worldview/assumptions.ts";
import { getScenario } from "../../../engine/worldview/scenarios.ts";
import {
  clearedRequirements,
  DE_AUCTIONS,
  publishedChecks,
  serviceTargets,
  windowMean,
} from "../../../engine/worldview/cli/service-data.ts";
import { sharedDataDir } from "../../../engine/worldview/cli/base-data.ts";
import { buildYearProblem, dispatchYear, parseForecastInput } from "../../../engine/forecast/index.ts";
import type { MarketYear } from "../../../engine/types.ts";

const targets = serviceTargets();
const deAuctionsHeld = existsSync(path.join(sharedDataDir(), DE_AUCTIONS));
const cleared = clearedRequirements();

const gbBattery = (startDate: string) =>
  parseForecastInput({
    configuration: "bess",
    region: "GB",
    revenueStrategies: ["energy_with_as"],
    ratedPower: 50,
    duration: 2,
    efficiency: 88,
    maxCycles: 1,
    startDate,
    assetLifeYears: 1,
    macroScenarios: ["gb-central"],
    latitude: 51.5,
    longitude: -0.1,
  });

// Acceptance 3 of issue 17. The German targets come from the regelleistung.net auction files,
// internal calibration data: their messages carry the relative error only, no value from the files.
describe.skipIf(targets.length === 0)("modelled service prices match the real clearing prices", () => {
  // NEM FCAS levels are fitted on the published 2024 revenue (decision 0243); the 17-day sample
  // only shapes them (the next block)
  const priced = targets.filter((t) => t.region !== "NEM");
  it.each(priced.map((t) => [`${t.region} ${t.key} (${t.window})`, t] as const))(
    "%s: mean within 15 % (or 0.50 per MW/h where small)",
    (_, t) => {
      const my = marketYear(t.scenarioId, t.year, { zone: t.zone, intervalMinutes: t.intervalMinutes });
      const model = windowMean(my.servicePrices[t.key]!, my.startUtc, my.intervalMinutes, t);
      const error = `error ${((100 * (model - t.mean)) / Math.abs(t.mean)).toFixed(1)} %`;
      const said = t.internal ? error : `model ${model.toFixed(3)}, real ${t.mean.toFixed(3)}, ${error}`;
      // the error as a share of the allowance: at most 1
      const allowance = Math.max(0.15 * Math.abs(t.mean), 0.5);
      expect(Math.abs(model - t.mean) / allowance, said).toBeLessThanOrEqual(1);
    },
    60_000,
  );

  it("covers every service the issue names", () => {
    const names = new Set(targets.map((t) => `${t.region}:${t.key}`));
    for (const k of ["DCL", "DCH", "DML", "DMH", "DRL", "DRH", "PQR", "NQR"])
      expect(names).toContain(`GB:${k}`);
    for (const k of ["REGUP", "REGDN", "RRS", "ECRS", "NSPIN"]) expect(names).toContain(`ERCOT:${k}`);
    expect(targets.filter((t) => t.region === "NEM")).toHaveLength(8);
  });

  // Decision 0243: the sample sets the relative levels within contingency and within regulation.
  // Bound stated before measuring: each market's model ÷ sample ratio within ±30 % of its group's
  // median ratio over the sample's days.
  it.each([
    ["contingency", ["RAISE6SEC", "RAISE60SEC", "RAISE5MIN", "LOWER6SEC", "LOWER60SEC", "LOWER5MIN"]],
    ["regulation", ["RAISEREG", "LOWERREG"]],
  ] as const)(
    "NEM %s FCAS keeps the 17-day sample's relative levels",
    (_, keys) => {
      const ratios = keys.map((k) => {
        const t = targets.find((x) => x.region === "NEM" && x.key === k)!;
        const my = marketYear(t.scenarioId, t.year, { zone: t.zone, intervalMinutes: t.intervalMinutes });
        return windowMean(my.servicePrices[t.key]!, my.startUtc, my.intervalMinutes, t) / t.mean;
      });
      const mid = [...ratios].sort((a, b) => a - b)[Math.floor((ratios.length - 1) / 2)];
      for (const [i, r] of ratios.entries())
        expect(
          Math.abs(r / mid - 1),
          `${keys[i]}: ×${r.toFixed(1)} against the group's ×${mid.toFixed(1)}`,
        ).toBeLessThanOrEqual(0.3);
    },
    60_000,
  );

  it.skipIf(!deAuctionsHeld)("covers German FCR and aFRR both ways, as internal data", () => {
    const de = targets.filter((t) => t.region === "DE");
    expect(de.map((t) => t.key).sort()).toEqual(["AFRR_DOWN", "AFRR_UP", "FCR"]);
    expect(de.every((t) => t.internal)).toBe(true);
  });
});

describe("service prices and volumes", () => {
  it("the German estimates agree with the published figures their basis names", () => {
    // FCR: the FCR Cooperation's April–May 2026 price (FlexPowerHub), within 15 %
    for (const t of publishedChecks()) {
      const my = marketYear(t.scenarioId, t.year);
      const model = windowMean(my.servicePrices[t.key]!, my.startUtc, my.intervalMinutes, t);
      expect(Math.abs(model / t.mean - 1)).toBeLessThanOrEqual(0.15);
      expect(SERVICE_LEVELS.DE.services[t.key]!.basis).toContain("17.08 (April 2026) and 18.09 EUR/MW/h");
    }
    // aFRR: at average prices both directions earn about what FCR earns (eera Battery Beats 2025)
    for (const year of [2024, 2026]) {
      const p = marketYear("de-central", year).servicePrices;
      const mean = (a: Float64Array) => a.reduce((x, y) => x + y, 0) / a.length;
      const ratio = (mean(p.AFRR_UP!) + mean(p.AFRR_DOWN!)) / mean(p.FCR!);
      expect(Math.abs(Math.log(ratio)), `${year}: aFRR up + down ÷ FCR ${ratio.toFixed(2)}`).toBeLessThan(
        Math.log(1.5),
      );
    }
  }, 60_000);

  it("GB Dynamic Regulation High clears below zero on average in the base year, as in 2024", () => {
    const drh = marketYear("gb-central", 2024).servicePrices.DRH!;
    const mean = drh.reduce((a, b) => a + b, 0) / drh.length;
    expect(mean).toBeLessThan(0);
    expect(SERVICE_LEVELS.GB.services.DRH!.floor).toBeLessThan(0);
  }, 60_000);

  it("prices move down the supply stack as the storage fleet grows", () => {
    // the same year with the published plan's fleet (22 GW) instead of the one the entry rule
    // builds (decision 0240): only the fleet differs
    const gb = getScenario("gb-central")!;
    const planned = {
      ...gb,
      id: "gb-central~published-plan",
      overrides: { GB: { batteryGW: MARKET_TABLES.GB.systems[0].batteryGW } },
    };
    const mean = (a: Float64Array) => a.reduce((s, v) => s + v, 0) / a.length;
    expect(serviceFleetGW("GB", planned, 2030)).toBeGreaterThan(serviceFleetGW("GB", gb, 2030));
    const built = mean(marketYear("gb-central", 2030).servicePrices.DRL!);
    const more = mean(computeMarketYear("GB", planned, 2030).marketYear.servicePrices.DRL!);
    expect(more).toBeLessThan(built);
  }, 120_000);

  it("a battery sells at most its pro-rata share of each service's requirement", () => {
    const dcl = SERVICE_LEVELS.GB.services.DCL!;
    const shares = serviceVolumeShares("GB", 10, undefined, 2025);
    expect(shares.DCL).toBeCloseTo(requirementMW(dcl, 2025) / 10_000, 9);
    expect(serviceVolumeShares("GB", 0.1).DCL).toBe(1);

    const my = marketYear("gb-central", 2026);
    expect(Object.keys(my.servicePrices)).toEqual(expect.arrayContaining(["PQR", "NQR", "PBR"]));
    const { problem } = buildYearProblem(gbBattery("2026-01-01"), "energy_with_as", my, 1, 0);
    // GB energy_with_as stacks Quick and Balancing Reserve with DC/DM/DR
    expect(problem.services!.map((s) => s.key)).toEqual([
      "DCL",
      "DCH",
      "DML",
      "DMH",
      "DRL",
      "DRH",
      "PQR",
      "NQR",
      "PBR",
    ]);
    const fleetMW = serviceFleetGW("GB", getScenario("gb-central"), 2026) * 1000;
    for (const s of problem.services!) {
      const req = requirementMW(SERVICE_LEVELS.GB.services[s.key]!, 2026);
      expect(s.maxMW).toBeCloseTo((50 * req) / fleetMW, 9);
      expect(s.maxMW!).toBeLessThan(50);
    }
  }, 60_000);
});

describe("service requirements per period, from the operator's figures and the world view", () => {
  it.skipIf(cleared.length === 0)(
    "GB requirements are the NESO cleared MW by year and the profile by EFA block since 2025",
    () => {
      for (const c of cleared) {
        const s = SERVICE_LEVELS.GB.services[c.key];
        if (!s) continue;
        for (const [y, mw] of s.requirement.mw) expect(mw, `${c.key} ${y}`).toBeCloseTo(c.byYear[y], -0.5);
        s.requirement.byBlock!.forEach((f, b) =>
          expect(f, `${c.key} block ${b + 1}`).toBeCloseTo(c.byBlock[b], 2),
        );
      }
      expect(cleared.map((c) => c.key)).toEqual(expect.arrayContaining(["DCL", "DRH", "PQR", "PBR"]));
    },
  );

  it("the requirement changes by year as cleared: GB DM-Low 159 MW (2024) → 512 MW (2026)", () => {
    const dml = SERVICE_LEVELS.GB.services.DML!;
    expect(requirementMW(dml, 2024)).toBe(159);
    expect(requirementMW(dml, 2026)).toBe(512);
    // and the battery's share with it, against the same fleet
    expect(serviceVolumeShares("GB", 10, ["DML"], 2026).DML).toBeGreaterThan(
      3 * serviceVolumeShares("GB", 10, ["DML"], 2024).DML!,
    );
  });

  it("after the data, regulation and reserve grow with the world view's wind and solar; contingency holds", () => {
    const central = getScenario("gb-central")!;
    const high = getScenario("gb-high")!; // 75 % of the Central renewable build
    const vre = (scen: typeof central) => (y: number) => variableRenewablesGW("GB", scen, y);
    const drl = SERVICE_LEVELS.GB.services.DRL!;
    const dcl = SERVICE_LEVELS.GB.services.DCL!;
    expect(vre(central)(2035)).toBeGreaterThan(vre(high)(2035));
    expect(requirementMW(drl, 2035, vre(central))).toBeGreaterThan(requirementMW(drl, 2035, vre(high)));
    expect(requirementMW(drl, 2035, vre(high))).toBeGreaterThan(requirementMW(drl, 2026));
    expect(requirementMW(dcl, 2035, vre(central))).toBe(requirementMW(dcl, 2026, vre(central)));
    // the world view's own market year carries the grown requirement into the battery's share
    const my = marketYear("gb-central", 2035);
    const fleetGW = serviceFleetGW("GB", central, 2035);
    expect(my.serviceVolumeShare!.DRL).toBeCloseTo(
      requirementMW(drl, 2035, vre(central)) / (fleetGW * 1000),
      9,
    );
  }, 60_000);

  it("a GB battery's volume limit follows the requirement per EFA block, and the dispatch keeps to it", () => {
    const full = marketYear("gb-central", 2026);
    // Balancing Reserve clears about half as much in EFA block 1 (23:00–03:00) as in block 3
    const pbr = full.serviceVolumeShareByInterval!.PBR!;
    const t0 = Date.parse(full.startUtc);
    const blockAt = (t: number) => {
      const d = new Date(t0 + t * full.intervalMinutes * 60_000);
      return blockOfDay(d.getUTCHours() + d.getUTCMinutes() / 60, 23); // January: UK time = UTC
    };
    const inBlock = (b: number) => pbr.find((_, t) => blockAt(t) === b)!;
    expect(inBlock(0)).toBeLessThan(0.5 * inBlock(2));
    // three days of it through the dispatch: every reservation within its interval's share
    const n = (3 * 24 * 60) / full.intervalMinutes;
    const cut = <T extends Float64Array | undefined>(a: T) => a?.slice(0, n) as T;
    const my: MarketYear = {
      ...full,
      energyPrice: cut(full.energyPrice),
      imbalancePrice: cut(full.imbalancePrice),
      servicePrices: Object.fromEntries(Object.entries(full.servicePrices).map(([k, v]) => [k, cut(v)])),
      serviceVolumeShareByInterval: Object.fromEntries(
        Object.entries(full.serviceVolumeShareByInterval!).map(([k, v]) => [k, cut(v)]),
      ),
    };
    const { result, problem } = dispatchYear(gbBattery("2026-01-01"), "energy_with_as", my, 1, 0);
    const k = problem.services!.findIndex((s) => s.key === "PBR");
    expect(problem.services![k].maxMWByInterval![0]).toBeCloseTo(
      50 * my.serviceVolumeShareByInterval!.PBR![0],
      9,
    );
    let held = 0;
    result.services[k].mw.forEach((mw, t) => {
      expect(mw).toBeLessThanOrEqual(50 * my.serviceVolumeShareByInterval!.PBR![t] + 1e-6);
      held = Math.max(held, mw);
    });
    expect(held).toBeGreaterThan(0);
  }, 120_000);
});

describe("databook: the Services sheet", () => {
  it("says what each price rests on, 'estimate' where no series exists, and a battery's share per year", async () => {
    const ExcelJS = (await import("exceljs")).default;
    const { addServicesSheets } = await import("../../../engine/worldview/service-sheet.ts");
    const wb = new ExcelJS.Workbook();
    addServicesSheets(wb, getScenario("es-central")!);
    const rows = wb.getWorksheet("Services")!.getSheetValues() as unknown[][];
    expect(String(rows[1][6])).toContain("real 2024 EUR");
    const afrr = rows.find((r) => r?.[1] === "AFRR_UP")!;
    expect(afrr[5]).toBe("estimate");
    expect(String(afrr[6])).toContain("REE secondary band price 2022 (44.66 EUR/MW/h");
    // the yearly table has its own sheet (issue 27: each table prints with its own header)
    const volumes = wb.getWorksheet("Service volumes")!.getSheetValues() as unknown[][];
    const y2030 = volumes.find((r) => r?.[1] === 2030)!;
    const fleet = serviceFleetGW("ES", getScenario("es-central"), 2030);
    expect(y2030[2]).toBeCloseTo(fleet, 2);
    expect(y2030[3]).toBe(731); // AFRR_UP requirement (MW)
    expect(y2030[5]).toBeCloseTo((100 * 731) / (fleet * 1000), 1);
  });
});
