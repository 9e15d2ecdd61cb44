// Realistic foresight (decision 0117): forecasts read only earlier days; a schedule decided on them
// and settled at the actual prices never beats the schedule decided on the actual prices.
import { describe, expect, it } from "vitest";
import {
  errorScale,
  laggedForecast,
  rankSkill,
  relativeError,
  spreadForecast,
  spreadSkill,
} from "../../../engine/forecast/foresight.ts";
import { dispatchYear, parseForecastInput, syntheticMarketYear } from "../../../engine/forecast/index.ts";
import { forecastInputSchema } from "../../../engine/forecast/types.ts";

const day = 48;

describe("laggedForecast", () => {
  it("never reads the day it forecasts", () => {
    const n = 10 * day;
    const a = Float64Array.from(
      { length: n },
      (_, t) => 50 + 30 * Math.sin((2 * Math.PI * t) / day) + (t % 7),
    );
    const f1 = laggedForecast(a, 30);
    const b = a.slice();
    for (let t = 6 * day; t < 7 * day; t++) b[t] = 1000 - b[t]; // change day 6 only
    const f2 = laggedForecast(b, 30);
    for (let t = 0; t < 7 * day; t++) expect(f2[t]).toBe(f1[t]); // days up to 6 do not know day 6
    expect(f2[7 * day + 3]).not.toBe(f1[7 * day + 3]); // day 7 does
  });

  it("is flat on the first day (nothing known) and yesterday's shape blended with the week's after", () => {
    const a = Float64Array.from({ length: 3 * day }, (_, t) => t);
    const f = laggedForecast(a, 30, { weightLastDay: 0.5, windowDays: 7 });
    expect(new Set(f.subarray(0, day)).size).toBe(1);
    expect(f[day + 5]).toBeCloseTo(5); // only yesterday known: both parts are yesterday
    expect(f[2 * day + 5]).toBeCloseTo(0.5 * (day + 5) + 0.5 * ((day + 5 + 5) / 2));
  });

  it("forecasts a later price as the known day-ahead price plus the recent mean deviation", () => {
    const da = Float64Array.from({ length: 3 * day }, (_, t) => 40 + (t % day));
    const rt = da.map((v, t) => v + (t < 2 * day ? 10 : 500));
    const f = spreadForecast(da, rt, 30);
    expect(f[2 * day + 1]).toBeCloseTo(da[2 * day + 1] + 10); // today's +500 is not known yet
  });

  it("re-trades only on the edge a deviation shows over its own spread", () => {
    // deviations +30, −10 on alternate days: mean +10, spread 20 → no edge, the day-ahead price
    const da = Float64Array.from({ length: 3 * day }, () => 50);
    const noisy = da.map((v, t) => v + (Math.floor(t / day) % 2 ? -10 : 30));
    expect(spreadForecast(da, noisy, 30)[2 * day + 3]).toBeCloseTo(50);
    // +40, +20: mean +30, spread 10 → an edge of 20
    const steady = da.map((v, t) => v + (Math.floor(t / day) % 2 ? 20 : 40));
    expect(spreadForecast(da, steady, 30)[2 * day + 3]).toBeCloseTo(70);
  });
});

describe("errorScale", () => {
  // a noisy series: yesterday says little about today
  const noisy = (n: number) => {
    let x = 1;
    return Float64Array.from({ length: n }, () => ((x = (x * 16807) % 2147483647), 50 + (x % 100)));
  };
  it("scales a modelled series' forecast errors so that it picks the day's spread as the real one did", () => {
    const a = noisy(20 * day);
    const f = laggedForecast(a, 30);
    expect(relativeError(a, f)).toBeGreaterThan(0.8);
    expect(spreadSkill(a, f, 30)).toBeLessThan(0.3);
    const s = errorScale(a, f, 30, 0.8);
    expect(s).toBeGreaterThan(0);
    expect(s).toBeLessThan(1);
    expect(
      spreadSkill(
        a,
        a.map((v, t) => v + s * (f[t] - v)),
        30,
      ),
    ).toBeCloseTo(0.8, 1);
    // hindsight picks the whole spread; a skill the lagged rule already passes needs larger errors
    expect(spreadSkill(a, a, 30)).toBe(1);
    // a regular day shape: the lagged rule already picks more than the target, its errors are enlarged
    const shaped = a.map((v, t) => v / 10 + 100 * Math.sin((2 * Math.PI * (t % day)) / day));
    const g = laggedForecast(shaped, 30);
    expect(spreadSkill(shaped, g, 30)).toBeGreaterThan(0.8);
    expect(errorScale(shaped, g, 30, 0.5)).toBeGreaterThan(1);
  });
  it("rank skill: a forecast that leaks a little of the spikes meets a spread skill, not a rank skill (0139)", () => {
    // a day of 48 half hours: a regular shape (0..47) and one spike of 10,000 at a random half hour
    const n = 30 * day;
    let seed = 7;
    const rnd = () => ((seed = (seed * 16807) % 2147483647), seed / 2147483647);
    const a = new Float64Array(n);
    for (let d = 0; d < 30; d++) {
      const spike = Math.floor(rnd() * day);
      for (let i = 0; i < day; i++) a[d * day + i] = 100 + (i === spike ? 10_000 : 2 * ((i * 17) % day));
    }
    // flat but for 1 % of the actual: ranks the spike first, knows nothing else of the day
    const leak = a.map((v) => 100 + 0.01 * (v - 100) * (v > 1000 ? 1 : 0));
    // (measured 0.98 and 0.47; the lagged forecast, which knows the shape: rank 0.66)
    expect(spreadSkill(a, leak, 30)).toBeGreaterThan(0.9);
    expect(rankSkill(a, leak, 30)).toBeLessThan(0.5);
    expect(rankSkill(a, laggedForecast(a, 30), 30)).toBeGreaterThan(rankSkill(a, leak, 30));
    expect(rankSkill(a, a, 30)).toBe(1);
    // equal prices share their rank: which of them a forecast picks does not count
    const ties = Float64Array.from({ length: 3 * day }, (_, t) => (t % day < 40 ? 0 : 50));
    expect(rankSkill(ties, Float64Array.from(ties.keys()), 30)).toBeCloseTo(1, 9);
  });
  it("measures the skill on the real series' interval: hourly means of a 15-minute series", () => {
    const a = noisy(20 * 96);
    const f = laggedForecast(a, 15);
    const s = errorScale(a, f, 15, 0.8, 60);
    const hourly = (x: Float64Array) =>
      Float64Array.from(
        { length: x.length / 4 },
        (_, j) => (x[4 * j] + x[4 * j + 1] + x[4 * j + 2] + x[4 * j + 3]) / 4,
      );
    const scaled = a.map((v, t) => v + s * (f[t] - v));
    expect(spreadSkill(hourly(a), hourly(scaled), 60)).toBeCloseTo(0.8, 1);
  });
});

describe("foresight in the forecast", () => {
  it("is realistic unless perfect foresight (the upper bound) is asked for", () => {
    const base = {
      configuration: "bess",
      region: "GB",
      ratedPower: 10,
      startDate: "2025-01-01",
      revenueStrategies: ["energy_only"],
      macroScenarios: ["x"],
    } as const;
    expect(forecastInputSchema.parse(base).foresight).toBe("realistic");
    expect(forecastInputSchema.parse({ ...base, foresight: "perfect" }).foresight).toBe("perfect");
    expect(() => forecastInputSchema.parse({ ...base, foresight: "clairvoyant" })).toThrow();
  });

  for (const [region, strategy] of [
    ["GB", "energy_only"],
    ["GB", "merchant"],
    ["GB", "energy_with_as"],
    ["ERCOT", "energy_with_as"],
  ] as const)
    it(`${region} ${strategy}: perfect ≥ realistic, both settled at the actual prices`, () => {
      const my = syntheticMarketYear(region, 2030, "central", 60);
      const short = {
        ...my,
        energyPrice: my.energyPrice.subarray(0, 24 * 40),
        imbalancePrice: my.imbalancePrice?.subarray(0, 24 * 40),
        servicePrices: Object.fromEntries(
          Object.entries(my.servicePrices).map(([k, v]) => [k, v!.subarray(0, 24 * 40)]),
        ),
      };
      const params = (foresight: "realistic" | "perfect") =>
        parseForecastInput({
          configuration: "bess",
          region,
          ratedPower: 1,
          duration: 2,
          startDate: "2030-01-01",
          revenueStrategies: [strategy],
          macroScenarios: ["x"],
          foresight,
        });
      const value = (f: "realistic" | "perfect") => {
        const { result, position, problem } = dispatchYear(params(f), strategy, short, 1, 0);
        // settled at the actual prices: the schedule's own revenue at the problem's prices
        let v = result.serviceRevenue;
        const dt = 1;
        for (let t = 0; t < problem.price.length; t++) {
          const net = result.exportMW[t] - result.importMW[t];
          const pos = position ? position.exportMW[t] - position.importMW[t] : net;
          v += problem.price[t] * pos * dt + (position ? short.imbalancePrice![t] * (net - pos) * dt : 0);
        }
        return v;
      };
      const perfect = value("perfect");
      const realistic = value("realistic");
      expect(realistic).toBeLessThanOrEqual(perfect * (1 + 1e-6) + 1e-6);
      expect(realistic).toBeGreaterThan(0.2 * perfect);
    });
});
