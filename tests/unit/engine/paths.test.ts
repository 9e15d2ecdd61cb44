// Price paths and their P10/P50/P90 (issue 30 item 2, decision 0403). Bounds are stated before the
// figures were seen: the exceedance convention holds exactly (P90 ≤ P50 ≤ P10); the world view's
// weather draws move a GB battery's revenue per MW by more than 0.5 % and less than 60 % between
// the P90 and P10 paths of a year; the same seed gives the same path, another seed another.
import { describe, expect, it } from "vitest";
import {
  exceedance,
  exceedances,
  pathPercentiles,
  pathWeatherKey,
  runPricePath,
  yearlyExceedances,
  type PathYear,
} from "../../../engine/paths/index.ts";
import { defaultFinanceInputs, financeModel } from "../../../engine/finance/index.ts";
import type { ForecastInput } from "../../../engine/forecast/types.ts";

describe("exceedance (lenders' convention)", () => {
  it("P90 is the value 90 % of the paths reach or exceed: the downside", () => {
    const ten = [5, 1, 9, 3, 7, 2, 8, 4, 10, 6];
    // sorted down 10 9 8 7 6 5 4 3 2 1: 9 of 10 reach 2, 5 of 10 reach 6, 1 of 10 reaches 10
    expect(exceedance(ten, 90)).toBe(2);
    expect(exceedance(ten, 50)).toBe(6);
    expect(exceedance(ten, 10)).toBe(10);
    const thirty = Array.from({ length: 30 }, (_, i) => i + 1);
    const e = exceedances(thirty);
    expect(thirty.filter((v) => v >= e.p90).length / 30).toBeGreaterThanOrEqual(0.9);
    expect(thirty.filter((v) => v >= e.p10).length / 30).toBeGreaterThanOrEqual(0.1);
    expect(e.p90).toBeLessThanOrEqual(e.p50);
    expect(e.p50).toBeLessThanOrEqual(e.p10);
  });

  it("refuses no values or a level outside (0, 100]", () => {
    expect(() => exceedance([], 50)).toThrow(/no values/);
    expect(() => exceedance([1], 0)).toThrow(/outside/);
    expect(() => yearlyExceedances([[1, 2], [3]])).toThrow(/different lengths/);
  });
});

describe("pathPercentiles with finance", () => {
  const years = [2026, 2027, 2028];
  // Hand-made paths: path i earns 80 000 + 4 000·i per MW each year (a spread of 36 000 over 10 paths).
  const paths: PathYear[][] = Array.from({ length: 10 }, (_, i) =>
    years.map((year) => ({
      year,
      streamsPerMW: { wholesale: 80_000 + 4_000 * i },
      perMWYear: 80_000 + 4_000 * i,
      dischargedMWh: 36_500,
      repowered: false,
    })),
  );
  const defaults = defaultFinanceInputs("GB", 3).inputs;
  const inputs = { ...defaults, assetLifeYears: 3, debtTenorYears: 3, depreciationYears: 3 };
  const project = { ratedPowerMW: 50, energyMWh: 100, currency: "GBP", years: paths[5] };

  it("orders revenue, NPV and equity IRR P90 ≤ P50 ≤ P10, and the P90 case supports less debt than the P50 case at the same DSCR", () => {
    const p = pathPercentiles(paths, { inputs, project });
    expect(p.convention).toBe("exceedance");
    expect(p.paths).toBe(10);
    expect(p.years).toEqual(years);
    // paths 1, 5 and 9 are the P90, P50 and P10 of every year (nearest rank of 10)
    expect(p.p90).toEqual([84_000, 84_000, 84_000]);
    expect(p.p50).toEqual([100_000, 100_000, 100_000]);
    expect(p.p10).toEqual([116_000, 116_000, 116_000]);
    expect(p.npv!.byPath).toHaveLength(10);
    expect(p.npv!.p90).toBeLessThan(p.npv!.p50);
    expect(p.npv!.p50).toBeLessThan(p.npv!.p10);
    for (let t = 0; t < 3; t++) expect(p.cfads!.p90[t]).toBeLessThan(p.cfads!.p10[t]);
    const irr = p.equityIrr!;
    if (irr.p90 !== null && irr.p50 !== null) expect(irr.p90).toBeLessThanOrEqual(irr.p50);
    if (irr.p50 !== null && irr.p10 !== null) expect(irr.p50).toBeLessThanOrEqual(irr.p10);
    // The P50 path's NPV is the run's own (its revenue is the project's)
    expect(p.npv!.p50).toBeCloseTo(financeModel(inputs, project).npv, 6);
    const p90Debt = p.debtP90!;
    // At the same DSCR target, the downside case supports less debt than the run's own case
    // (the P90 target is looser by default, 1.0× against 1.35×, so only like for like compares).
    const p50Debt = financeModel(
      { ...inputs, debtSizing: "sculpted", sizingCase: "p50", dscrTargetP50: inputs.dscrTargetP90 },
      project,
    ).debt;
    expect(p90Debt).toBeGreaterThan(0);
    expect(p90Debt).toBeLessThanOrEqual(p50Debt);
  });

  it("refuses paths over different years", () => {
    expect(() => pathPercentiles([paths[0], paths[1].slice(1)])).toThrow(/different years/);
  });
});

describe("price paths of a world view (GB, dispatched)", () => {
  const input: ForecastInput = {
    configuration: "bess",
    region: "GB",
    ratedPower: 50,
    duration: 2,
    efficiency: 88,
    maxCycles: 1.5,
    startDate: "2027-01-01",
    assetLifeYears: 2,
    macroScenarios: ["gb-central"],
    revenueStrategies: ["energy_only"],
    latitude: 51.5,
    longitude: -0.1,
  } as ForecastInput;
  const worldView = { intervalMinutes: 60 };

  it("a path's key never collides with the run's own weather and names seed and index", () => {
    expect(pathWeatherKey(1, 0)).not.toBe("wv");
    expect(pathWeatherKey(1, 2)).not.toBe(pathWeatherKey(2, 1));
    expect(() => pathWeatherKey(1, -1)).toThrow(/index/);
  });

  it("is reproducible from its seed, and differs with another seed", async () => {
    const a = await runPricePath(input, 3, { seed: 7, worldView });
    const b = await runPricePath(input, 3, { seed: 7, worldView });
    const c = await runPricePath(input, 3, { seed: 8, worldView });
    expect(a).toEqual(b);
    expect(a.map((y) => y.perMWYear)).not.toEqual(c.map((y) => y.perMWYear));
  }, 300_000);

  it("eight paths give P90 ≤ P50 ≤ P10 per year with a spread between 0.5 % and 60 % of P50", async () => {
    const paths: PathYear[][] = [];
    for (let i = 0; i < 8; i++) paths.push(await runPricePath(input, i, { seed: 1, worldView }));
    const p = pathPercentiles(paths);
    expect(p.years).toEqual([2027, 2028]);
    for (let t = 0; t < p.years.length; t++) {
      expect(p.p90[t]).toBeLessThanOrEqual(p.p50[t]);
      expect(p.p50[t]).toBeLessThanOrEqual(p.p10[t]);
      const spread = (p.p10[t] - p.p90[t]) / p.p50[t];
      expect(spread).toBeGreaterThan(0.005);
      expect(spread).toBeLessThan(0.6);
    }
  }, 600_000);
});

// Decision 0512: a path's years estimated from sampled weeks, opt-in (VOLTCAST_PATH_METHOD=sampled).
// Its accuracy bound (10 % on each path-year's revenue, stated before this test first ran) did not
// hold here (11.5 % on one of six path-years), as the 2 % bound on the GB 20-year percentiles did
// not (decision 0512): the method is therefore not the default, and this test holds only what a
// user relies on when it is chosen: the same path each time, the years of the whole path, and the
// percentiles saying that they were estimated (whole paths saying nothing of the kind).
describe("a price path from sampled weeks", () => {
  const input = {
    configuration: "bess",
    region: "GB",
    ratedPower: 10,
    duration: 2,
    efficiency: 88,
    maxCycles: 1.5,
    startDate: "2027-01-01",
    assetLifeYears: 2,
    macroScenarios: ["gb-central"],
    revenueStrategies: ["energy_only"],
    degradation: "standard_degradation_curve",
  } as ForecastInput;
  const worldView = { intervalMinutes: 60 };

  it("is reproducible, covers the whole path's years, and its percentiles say how they were made", async () => {
    const sampled: PathYear[][] = [];
    for (let i = 0; i < 3; i++)
      sampled.push(await runPricePath(input, i, { seed: 1, worldView, method: "sampled" }));
    expect(await runPricePath(input, 1, { seed: 1, worldView, method: "sampled" })).toEqual(sampled[1]);
    const full = await runPricePath(input, 0, { seed: 1, worldView });
    expect(sampled[0].map((y) => y.year)).toEqual(full.map((y) => y.year));
    expect(full[0].sampled).toBeUndefined();
    for (const y of sampled[0]) {
      expect(y.sampled).toBe(true);
      expect(y.perMWYear).toBeGreaterThan(0);
      expect(y.dischargedMWh).toBeGreaterThan(0);
    }
    const ps = pathPercentiles(sampled);
    expect(ps.method).toBe("sampled");
    expect(ps.methodNote).toMatch(/sampled week/);
    const pf = pathPercentiles([full]);
    expect(pf.method).toBe("full");
    expect(pf.methodNote).toBeUndefined();
  }, 600_000);
});
