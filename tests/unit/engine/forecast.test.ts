// Forecast orchestration: every configuration, region and strategy runs; degradation,
// repowering, tariffs, coupling behave as specified. Short synthetic hourly years keep it fast.
import { describe, expect, it } from "vitest";
import { isBlockStart } from "../../../engine/dispatch/formulation.ts";
import { runForecast, parseForecastInput, buildYearProblem } from "../../../engine/forecast/index.ts";
import { strategiesFor } from "../../../engine/markets/services/rules.ts";
import { solveDispatch, solveDispatchOracle } from "../../../engine/dispatch/solve.ts";
import { checkSchedule } from "../../../engine/dispatch/checks.ts";
import type { MarketRegion, MarketYear } from "../../../engine/types.ts";
import { syntheticDays } from "./support/market-years.ts";

/** A short (two-week) hourly synthetic year slice, so the tests stay fast. */
const shortYear = (region: MarketRegion, year: number, scenario: string, days = 14): MarketYear =>
  syntheticDays(region, days, { year, scenario });

const base = {
  ratedPower: 10,
  duration: 2,
  efficiency: 88,
  maxCycles: 1,
  startDate: "2026-01-01",
  assetLifeYears: 2,
  macroScenarios: ["central"],
  latitude: 51.5,
  longitude: -0.1,
};

describe("forecast: regions × strategies × configurations", () => {
  for (const region of ["GB", "ERCOT", "NEM", "DE", "ES"] as MarketRegion[]) {
    it(`${region}: every strategy runs with a positive, consistent result`, async () => {
      const r = await runForecast(
        { ...base, configuration: "bess", region, revenueStrategies: strategiesFor(region) },
        (s, y) => shortYear(region, y, s),
        { workers: 0 },
      );
      expect(r.scenarios).toHaveLength(strategiesFor(region).length);
      for (const s of r.scenarios) {
        expect(s.years).toHaveLength(2);
        for (const y of s.years) {
          const sum = Object.values(y.streams).reduce((a, b) => a + (b ?? 0), 0);
          expect(Math.abs(sum - y.total)).toBeLessThan(1e-6 * Math.max(1, Math.abs(y.total)));
          expect(Math.abs(y.monthly.reduce((a, b) => a + b, 0) - y.total)).toBeLessThan(
            1e-6 * Math.max(1, Math.abs(y.total)),
          );
          expect(y.perMWYear).toBeCloseTo(y.total / 10, 6);
          expect(y.cycles).toBeLessThanOrEqual(15 + 1e-6);
          expect(y.total).toBeGreaterThan(0);
        }
        expect(s.unitYear).toMatch(/^(GBP|USD|AUD|EUR)\/MW\/year$/);
      }
      // services add value where co-optimised
      const withAs = r.scenarios.find(
        (s) => s.strategy === "energy_with_as" || (region === "NEM" && s.strategy === "ancillaries"),
      );
      const energyOnly = r.scenarios.find(
        (s) => s.strategy === "energy_only" || (region === "NEM" && s.strategy === "merchant"),
      );
      expect(withAs!.total).toBeGreaterThanOrEqual(energyOnly!.total - 1e-6);
    }, 120_000);
  }

  for (const configuration of ["solar", "solarACcoupling", "solarDCcoupling", "wind"] as const) {
    it(`${configuration} runs`, async () => {
      const region: MarketRegion = configuration === "wind" ? "DE" : "GB";
      const r = await runForecast(
        {
          ...base,
          configuration,
          region,
          solarRatedPower: 20,
          revenueStrategies: ["energy_only"],
          windRatedPower: configuration === "wind" ? 30 : undefined,
          latitude: 51.5,
          longitude: configuration === "wind" ? 9 : -0.1,
        },
        (s, y) => shortYear(region, y, s, 21),
        { workers: 0 },
      );
      const y = r.scenarios[0].years[0];
      expect(y.streams.generation ?? 0).toBeGreaterThan(0);
    }, 60_000);
  }

  it("DC coupling captures clipped PV that AC coupling cannot", () => {
    // 30 MWp PV, AC coupling: the PV inverter clips at 30/1.2 = 25 MW; DC coupling: the DC output
    // reaches the shared 10 MW inverter and the battery (10 MW / 20 MWh) on the DC bus.
    const n = 48;
    const price = Float64Array.from({ length: n }, (_, t) => (t >= 36 ? 120 : 40));
    const pvDc = Float64Array.from({ length: n }, (_, t) => (t >= 20 && t < 28 ? 30 : 0));
    const pvAc = pvDc.map((v) => Math.min(v, 25));
    const battery = { powerMW: 10, energyMWh: 20, roundTripEfficiency: 0.9, maxCyclesPerDay: 1 };
    const common = {
      intervalMinutes: 30,
      startUtc: "2026-06-01T00:00:00Z",
      price,
      battery,
      siteExportLimitMW: 10,
      siteImportLimitMW: 10,
    };
    const ac = { ...common, generation: { profileMW: pvAc, coupling: "AC" as const } };
    const dc = { ...common, generation: { profileMW: pvDc, coupling: "DC" as const, inverterMW: 10 } };
    const rAc = solveDispatch(ac);
    const rDc = solveDispatch(dc);
    expect(checkSchedule(ac, rAc).violations).toEqual([]);
    for (const x of rAc.exportMW) expect(x).toBeLessThanOrEqual(10 + 1e-6);
    for (const x of rDc.exportMW) expect(x).toBeLessThanOrEqual(10 + 1e-6);
    expect(rDc.revenue).toBeGreaterThanOrEqual(rAc.revenue - 1e-6);
    // with a smaller battery than the clipped surplus, both store what they can; DC never loses
    const p = (configuration: "solarACcoupling" | "solarDCcoupling") =>
      parseForecastInput({
        ...base,
        configuration,
        region: "ES",
        solarRatedPower: 30,
        maxExport: "other",
        o_maxExport: 10,
        revenueStrategies: ["energy_only"],
        latitude: 37.4,
        longitude: -5.9,
      });
    const my = shortYear("ES", 2026, "central", 7);
    const fAc = solveDispatch(buildYearProblem(p("solarACcoupling"), "energy_only", my, 1, 0).problem);
    const fDc = solveDispatch(buildYearProblem(p("solarDCcoupling"), "energy_only", my, 1, 0).problem);
    expect(fDc.revenue).toBeGreaterThanOrEqual(fAc.revenue * (1 - 1e-6));
  });

  it("standard degradation reduces capacity and repowering restores it", async () => {
    const r = await runForecast(
      {
        ...base,
        configuration: "bess",
        region: "GB",
        maxCycles: 5,
        assetLifeYears: 4,
        degradation: "standard_degradation_curve",
        repowering: 100,
        revenueStrategies: ["energy_only"],
      },
      (s, y) => shortYear("GB", y, s, 28),
      { workers: 0 },
    );
    const ys = r.scenarios[0].years;
    expect(ys[0].capacityRetention).toBe(1);
    expect(ys.some((y) => y.repowered)).toBe(true);
    expect(r.scenarios[0].repoweringEvents.length).toBeGreaterThan(0);
    const noDeg = await runForecast(
      {
        ...base,
        configuration: "bess",
        region: "GB",
        maxCycles: 5,
        assetLifeYears: 2,
        revenueStrategies: ["energy_only"],
      },
      (s, y) => shortYear("GB", y, s, 28),
      { workers: 0 },
    );
    expect(noDeg.scenarios[0].years[1].capacityRetention).toBe(1);
  });

  it("custom degradation curve constrains dispatch in later years", async () => {
    const r = await runForecast(
      {
        ...base,
        configuration: "bess",
        region: "ERCOT",
        assetLifeYears: 2,
        degradation: "custom_degradation_curve",
        customDegradationCurve: { cycles: [0, 10, 1000], retention: [1, 0.5, 0.4] },
        revenueStrategies: ["energy_only"],
      },
      (s, y) => ({ ...shortYear("ERCOT", 2026, s), year: y }),
      { workers: 0 },
    );
    const [y1, y2] = r.scenarios[0].years;
    expect(y2.capacityRetention).toBeLessThan(0.6);
    expect(y2.total).toBeLessThan(y1.total);
  });

  it("DUoS charges enter the optimisation: red-band imports are avoided", () => {
    const duosTariff = {
      redBandImportPrice: 50,
      redBandExportPrice: 0.001,
      amberBandImportPrice: 0.001,
      amberBandExportPrice: 0.001,
      greenBandImportPrice: 0.001,
      greenBandExportPrice: 0.001,
      redBandStartTime: "00:00",
      redBandEndTime: "12:00",
      amberBandMorningStartTime: "12:00",
      amberBandMorningEndTime: "13:00",
      amberBandEveningStartTime: "20:00",
      amberBandEveningEndTime: "21:00",
      amberBandWeekendStartTime: "12:00",
      amberBandWeekendEndTime: "13:00",
      fixedDailyCharges: 100,
      dailyFixedCapacityCharges: 1,
    };
    const p = parseForecastInput({
      ...base,
      configuration: "bess",
      region: "GB",
      duos: "true",
      duosTariff,
      revenueStrategies: ["energy_only"],
    });
    const my = shortYear("GB", 2026, "central", 7); // 2026-01-01 is a Thursday; winter: UK = UTC
    const { problem } = buildYearProblem(p, "energy_only", my, 1, 0);
    const r = solveDispatch(problem);
    for (let t = 0; t < problem.price.length; t++) {
      const d = new Date(Date.parse(my.startUtc) + t * 3600_000);
      if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6 && d.getUTCHours() < 12)
        expect(r.importMW[t]).toBeLessThan(1e-6);
    }
  });

  it("validates the input naming the field", () => {
    expect(() =>
      parseForecastInput({ ...base, configuration: "bess", region: "GB", revenueStrategies: [] }),
    ).toThrow(/revenueStrategies/);
    expect(() =>
      parseForecastInput({
        ...base,
        configuration: "bess",
        region: "GB",
        revenueStrategies: ["energy_only"],
        degradation: "custom_degradation_curve",
      }),
    ).toThrow(/customDegradationCurve/);
  });

  it("worker threads give the same result as the calling thread, with progress events", async () => {
    // three scenarios on two threads: the pool interleaves their years, so each year must start
    // from the state of charge and degradation its scenario's previous year left, wherever it ran
    const input = {
      ...base,
      configuration: "bess" as const,
      region: "GB" as const,
      assetLifeYears: 4,
      macroScenarios: ["central", "high", "low"],
      revenueStrategies: ["energy_only" as const],
      degradation: "standard_degradation_curve" as const,
      repowering: 20, // cycles: 14-day years repower every second year
    };
    const days = ["2027-01-03", "2029-01-05"];
    const events: number[] = [];
    const a = await runForecast(input, (s, y) => shortYear("GB", y, s), {
      workers: 2,
      days,
      onProgress: (e) => events.push(e.percentage),
    });
    const b = await runForecast(input, (s, y) => shortYear("GB", y, s), { workers: 0, days });
    const strip = (r: typeof a) =>
      r.scenarios.map((s) => ({ ...s, years: s.years.map((y) => ({ ...y, solveMs: 0 })) }));
    expect(strip(a)).toEqual(strip(b));
    expect(a.days).toEqual(b.days);
    // the next forecast takes the threads the last one kept warm (decision 0509): the same result
    const again = await runForecast(input, (s, y) => shortYear("GB", y, s), { workers: 2, days });
    expect(strip(again)).toEqual(strip(b));
    expect(again.days).toEqual(b.days);
    expect(a.days).toHaveLength(6);
    expect(a.scenarios.map((s) => s.years.map((y) => y.year))).toEqual(
      Array(3).fill([2026, 2027, 2028, 2029]),
    );
    expect(a.scenarios[0].repoweringEvents.length).toBeGreaterThan(0);
    expect(a.scenarios[0].years.some((y) => y.capacityRetention < 1)).toBe(true);
    expect(events[events.length - 1]).toBe(100);
    expect(events).toEqual([...events].sort((x, y) => x - y));
  }, 60_000);
});

describe("services co-optimisation: exact block LP, IPM vs HiGHS", () => {
  for (const region of ["GB", "ERCOT", "NEM", "DE"] as MarketRegion[]) {
    it(`${region}: energy + services within 0.1 % of HiGHS, schedule valid`, async () => {
      const p = parseForecastInput({
        ...base,
        configuration: "bess",
        region,
        revenueStrategies: ["energy_with_as"],
      });
      const my = shortYear(region, 2026, "central", 5);
      const { problem } = buildYearProblem(p, region === "NEM" ? "ancillaries" : "energy_with_as", my, 1, 0);
      const fast = solveDispatch(problem);
      const oracle = await solveDispatchOracle(problem);
      expect(checkSchedule(problem, fast).violations).toEqual([]);
      expect(Math.abs(fast.revenue - oracle.revenue) / oracle.revenue).toBeLessThan(1e-3);
      expect(fast.serviceRevenue).toBeGreaterThan(0);
      // block contracts: reservations constant within each block
      for (const [k, sv] of problem.services!.entries()) {
        for (let t = 1; t < problem.price.length; t++) {
          if (!isBlockStart(sv, t))
            expect(Math.abs(fast.services[k].mw[t] - fast.services[k].mw[t - 1])).toBeLessThan(1e-4 * 10);
        }
      }
    }, 60_000);
  }
});

describe("per-MW figures say what the MW is (decision 0116)", () => {
  it("a BESS + solar hybrid: per MW of battery, and the average also per MW of solar", async () => {
    const r = await runForecast(
      {
        ...base,
        configuration: "solarDCcoupling",
        region: "GB",
        solarRatedPower: 25,
        revenueStrategies: ["energy_only"],
      },
      (s, y) => shortYear("GB", y, s, 7),
      { workers: 0 },
    );
    const s = r.scenarios[0];
    expect(s.perMW.of).toBe("battery");
    expect(s.perMW.mw).toBe(10);
    expect(s.averagePerMWYear).toBeCloseTo(s.total / 10 / 2, 6);
    expect(s.perMW.generation).toMatchObject({ of: "solar", mw: 25 });
    expect(s.perMW.generation!.averagePerMWYear).toBeCloseTo(s.total / 25 / 2, 6);
  });

  it("solar alone: per MW of solar", async () => {
    const r = await runForecast(
      { ...base, configuration: "solar", region: "GB", revenueStrategies: ["energy_only"] },
      (s, y) => shortYear("GB", y, s, 7),
      { workers: 0 },
    );
    expect(r.scenarios[0].perMW).toEqual({ of: "solar", mw: 10 });
  });
});
