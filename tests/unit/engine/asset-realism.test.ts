// Asset realism (issue 25 item 4, decision 0121): availability as whole outage days drawn by a
// seeded rule, the Capacity Market de-rated from the degraded duration, re-powering as an event
// with a cost field. Bounds stated before measuring.
import { describe, expect, it } from "vitest";
import type { MarketYear } from "../../../engine/types.ts";
import { parseForecastInput } from "../../../engine/forecast/index.ts";
import {
  initialScenarioState,
  runScenario,
  runYear,
  type YearDispatch,
} from "../../../engine/forecast/scenario.ts";
import { outageDays } from "../../../engine/forecast/availability.ts";
import { gbCapacityDerating } from "../../../engine/markets/capacity-market.ts";

/** A year of half-hourly prices, the same shape every day: cheap at night, dear at 18:00. */
function fixedYear(region: "GB" | "DE", year: number, extra: Partial<MarketYear> = {}): MarketYear {
  const n = ((Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / 3_600_000) * 2;
  const energyPrice = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    const h = (t % 48) / 2;
    energyPrice[t] = 50 + 40 * Math.sin(((h - 12) / 24) * 2 * Math.PI) + (h === 18 ? 60 : 0);
  }
  return {
    region,
    year,
    currency: region === "GB" ? "GBP" : "EUR",
    startUtc: new Date(Date.UTC(year, 0, 1)).toISOString(),
    intervalMinutes: 30,
    energyPrice,
    servicePrices: {},
    synthetic: true,
    ...extra,
  };
}

const input = (extra: Record<string, unknown> = {}) =>
  parseForecastInput({
    configuration: "bess",
    region: "DE",
    ratedPower: 1,
    duration: 2,
    efficiency: 88,
    maxCycles: 1,
    startDate: "2024-01-01",
    assetLifeYears: 1,
    revenueStrategies: ["energy_only"],
    macroScenarios: ["test"],
    foresight: "perfect",
    ...extra,
  });

describe("availability", () => {
  it("defaults to 97 %: whole outage days, drawn the same way every run, nested as availability falls", () => {
    expect(input().availability).toBe(97);
    const a = outageDays(2024, 366, 97);
    expect(a.size).toBe(11); // round(3 % × 366)
    expect([...outageDays(2024, 366, 97)]).toEqual([...a]);
    const b = outageDays(2024, 366, 90);
    expect(b.size).toBe(37);
    for (const d of a) expect(b.has(d)).toBe(true);
    expect(outageDays(2024, 366, 100).size).toBe(0);
    // another year, other days
    expect([...outageDays(2025, 365, 97)].sort()).not.toEqual([...a].sort());
  });

  it("90 % availability lowers a fixed price series' revenue by about 10 %, and outage days carry no dispatch", () => {
    const my = fixedYear("DE", 2024);
    const run = (availability: number) => {
      let d: YearDispatch | undefined;
      const y = runYear(input({ availability }), "test", "energy_only", my, initialScenarioState(), {
        onDispatch: (x) => (d = x),
      });
      return { year: y.year, dispatch: d! };
    };
    const full = run(100);
    const ninety = run(90);
    expect(full.year.outageDays).toBe(0);
    expect(ninety.year.outageDays).toBe(37);
    // every day earns the same on this series: 37 of 366 days lost → 0.899; bound ±2 points
    const ratio = ninety.year.total / full.year.total;
    expect(ratio).toBeGreaterThan(0.88);
    expect(ratio).toBeLessThan(0.92);
    const out = outageDays(2024, 366, 90);
    let traded = 0;
    for (const day of out)
      for (let t = day * 48; t < day * 48 + 48; t++)
        traded +=
          Math.abs(ninety.dispatch.chargeMW[t]) +
          Math.abs(ninety.dispatch.dischargeMW[t]) +
          Math.abs(ninety.dispatch.importMW[t]) +
          Math.abs(ninety.dispatch.exportMW[t]);
    expect(traded).toBe(0);
    // and fewer cycles for the degradation count
    expect(ninety.year.cycles).toBeLessThan(full.year.cycles * 0.92);
  });
});

describe("Capacity Market de-rating from the degraded duration", () => {
  it("falls as the battery's duration degrades, by the published de-rating of the degraded class", () => {
    const my = fixedYear("GB", 2027, { capacityPricePerKWYear: 60, capacityPricePreviousDeliveryYear: 60 });
    const p = input({ region: "GB", degradation: "standard_degradation_curve", availability: 100 });
    const fresh = runYear(p, "test", "energy_only", my, initialScenarioState());
    const worn = initialScenarioState();
    worn.degradation = {
      cyclesSinceRepower: 3000,
      yearsSinceRepower: 5,
      totalCycles: 3000,
      repoweringEvents: [],
    };
    const aged = runYear(p, "test", "energy_only", my, worn);
    expect(fresh.year.capacityMarketDurationHours).toBe(2);
    const h = aged.year.capacityMarketDurationHours!;
    expect(h).toBeCloseTo(2 * aged.year.capacityRetention, 9);
    expect(h).toBeLessThan(2);
    const cmFresh = fresh.year.streams.capacityMarket!;
    const cmAged = aged.year.streams.capacityMarket!;
    expect(cmAged).toBeLessThan(cmFresh);
    // the whole year 2027 at one price: the ratio is the de-rating ratio of the two delivery years
    const f = (d: number) => (9 * gbCapacityDerating(d, 2026) + 3 * gbCapacityDerating(d, 2027)) / 12;
    expect(cmAged / cmFresh).toBeCloseTo(f(h) / f(2), 1);
  });
});

describe("re-powering as an event", () => {
  it("records the year, the capacity it restores and a cost field (priced by the investment case)", () => {
    const p = input({ degradation: "standard_degradation_curve", repowering: 300, assetLifeYears: 2 });
    const s = runScenario(p, "test", "energy_only", [fixedYear("DE", 2024), fixedYear("DE", 2025)]);
    expect(s.repoweringEvents.length).toBeGreaterThan(0);
    const e = s.repoweringEvents[0];
    expect(e.year).toBe(2024);
    expect(e.retentionBefore).toBeLessThan(1);
    expect(e.restoredMWh).toBeCloseTo(2 * (1 - e.retentionBefore), 9);
    expect(e.cost).toBeNull();
  });
});
