// The water-value policy (decision 0131): a later market re-decided as prices become known, each
// interval against its actual price and the expected value of stored energy over price scenarios
// known at the refresh.
import { describe, expect, it } from "vitest";
import { retradeOnScenarios } from "../../../engine/forecast/foresight.ts";
import { dispatchYear, parseForecastInput } from "../../../engine/forecast/index.ts";
import { waterValueSchedule } from "../../../engine/dispatch/water-value.ts";
import { chainParams } from "../../../engine/dispatch/fast.ts";
import { solveBest } from "../../../engine/dispatch/solve.ts";
import { scheduleResult } from "../../../engine/dispatch/result.ts";
import { problemDays } from "../../../engine/dispatch/formulation.ts";
import type { DispatchProblem } from "../../../engine/dispatch/types.ts";
import type { MarketYear } from "../../../engine/types.ts";

let seed = 11;
const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;

/** A daily shape with noise and rare spikes, `perDay` intervals a day (synthetic). */
function prices(days: number, perDay: number): Float64Array {
  return Float64Array.from({ length: days * perDay }, (_, t) => {
    const base = 50 + 30 * Math.sin((2 * Math.PI * t) / perDay) + 20 * rnd();
    return base + (rnd() < 0.02 ? 300 : 0) - (rnd() < 0.01 ? 120 : 0);
  });
}

const battery = { powerMW: 1, energyMWh: 2, roundTripEfficiency: 0.88, maxCyclesPerDay: 1, initialSocMWh: 0 };

describe("the water-value policy", () => {
  it("never lets a later price change an earlier action (NEM spot, 5 minutes)", () => {
    const energy = prices(12, 288);
    const year = (price: Float64Array): MarketYear => ({
      region: "NEM",
      year: 2024,
      currency: "AUD",
      startUtc: "2024-03-01T00:00:00Z",
      intervalMinutes: 5,
      energyPrice: price,
      servicePrices: {},
      synthetic: false,
    });
    const params = parseForecastInput({
      configuration: "bess",
      region: "NEM",
      ratedPower: 1,
      duration: 2,
      startDate: "2024-03-01",
      revenueStrategies: ["energy_only"],
      macroScenarios: ["x"],
      foresight: "realistic",
    });
    const run = (price: Float64Array) =>
      dispatchYear(params, "energy_only", year(price), 1, 0, { retrade: "scenarios" }).result;
    const T = 8 * 288 + 101;
    const changed = energy.slice();
    changed[T] += 5000;
    const a = run(energy);
    const b = run(changed);
    for (let t = 0; t < T; t++) {
      expect(b.chargeMW[t]).toBe(a.chargeMW[t]);
      expect(b.dischargeMW[t]).toBe(a.dischargeMW[t]);
    }
    // the changed interval itself is answered: the battery sells into the spike
    expect(b.dischargeMW[T]).toBeGreaterThan(a.dischargeMW[T]);
  });

  it("never lets a later real-time price change an earlier action (GB imbalance after the day-ahead)", () => {
    const energy = prices(14, 48);
    const imbalance = energy.map((v) => v + 40 * (rnd() - 0.5));
    const year = (imb: Float64Array): MarketYear => ({
      region: "GB",
      year: 2024,
      currency: "GBP",
      startUtc: "2024-03-01T00:00:00Z",
      intervalMinutes: 30,
      energyPrice: energy,
      imbalancePrice: imb,
      servicePrices: {},
      synthetic: false,
    });
    const params = parseForecastInput({
      configuration: "bess",
      region: "GB",
      ratedPower: 1,
      duration: 2,
      startDate: "2024-03-01",
      revenueStrategies: ["merchant"],
      macroScenarios: ["x"],
      foresight: "realistic",
    });
    const run = (imb: Float64Array) =>
      dispatchYear(params, "merchant", year(imb), 1, 0, { retrade: "scenarios" }).result;
    const T = 9 * 48 + 37;
    const changed = imbalance.slice();
    changed[T] += 500;
    const a = run(imbalance);
    const b = run(changed);
    for (let t = 0; t < T; t++) {
      expect(b.chargeMW[t]).toBe(a.chargeMW[t]);
      expect(b.dischargeMW[t]).toBe(a.dischargeMW[t]);
    }
  });

  it("keeps the daily cycle cap and the energy limits at 5 minutes", () => {
    const price = prices(10, 288);
    const p: DispatchProblem = {
      intervalMinutes: 5,
      startUtc: "2024-01-01T00:00:00Z",
      timeZone: "Australia/Brisbane",
      price,
      battery,
    };
    const r = retradeOnScenarios(p);
    const day = problemDays(p);
    const thr = new Float64Array(day[day.length - 1] + 1);
    for (let t = 0; t < price.length; t++) {
      thr[day[t]] += (r.dischargeMW[t] / Math.sqrt(0.88)) * (5 / 60);
      expect(r.socMWh[t]).toBeGreaterThanOrEqual(-1e-9);
      expect(r.socMWh[t]).toBeLessThanOrEqual(2 + 1e-9);
    }
    for (const x of thr) expect(x).toBeLessThanOrEqual(2 + 1e-6);
    expect(r.cycles).toBeGreaterThan(0);
    expect(r.revenue).toBeGreaterThan(0);
  });

  it("with the actual price as its only scenario, earns at least 90 % of perfect foresight", () => {
    const price = prices(14, 24);
    const p: DispatchProblem = { intervalMinutes: 60, startUtc: "2024-01-01T00:00:00Z", price, battery };
    const perfect = solveBest(p).revenue;
    const sched = waterValueSchedule({
      actual: chainParams(p),
      maxScenarios: 1,
      refresh: 24,
      horizon: 48,
      scenarios(r, len, out) {
        for (let i = 0; i < len; i++) out[i] = price[r + i];
        return 1;
      },
    });
    const got = scheduleResult(p, { chargeMW: sched.c, dischargeMW: sched.d }, "dp", 0, 0).revenue;
    expect(got).toBeLessThanOrEqual(perfect + 1e-6);
    expect(got).toBeGreaterThanOrEqual(0.9 * perfect);
  });
});
