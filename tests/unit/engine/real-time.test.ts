// The real-time policy (decision 0133): after the day-ahead position, each later interval answered
// at its actual price against the value of stored energy, the cycle cap part of the state.
import { describe, expect, it } from "vitest";
import { dispatchYear, parseForecastInput } from "../../../engine/forecast/index.ts";
import { realTimeSchedule } from "../../../engine/dispatch/real-time.ts";
import { chainParams } from "../../../engine/dispatch/fast.ts";
import { solveBest } from "../../../engine/dispatch/solve.ts";
import { scheduleResult } from "../../../engine/dispatch/result.ts";
import { problemDays } from "../../../engine/dispatch/formulation.ts";
import type { DispatchProblem } from "../../../engine/dispatch/types.ts";
import type { MarketYear } from "../../../engine/types.ts";

let seed = 7;
const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;

/** A daily shape with noise and rare spikes, hourly (synthetic). */
function prices(days: number): Float64Array {
  return Float64Array.from({ length: days * 24 }, (_, t) => {
    const base = 40 + 25 * Math.sin((2 * Math.PI * t) / 24) + 15 * rnd();
    return base + (rnd() < 0.03 ? 400 : 0) - (rnd() < 0.02 ? 80 : 0);
  });
}

const params = parseForecastInput({
  configuration: "bess",
  region: "ERCOT",
  ratedPower: 1,
  duration: 2,
  efficiency: 88,
  maxCycles: 1,
  startDate: "2024-03-01",
  revenueStrategies: ["energy_only"],
  macroScenarios: ["x"],
  foresight: "realistic",
});
const plan = { energy: true, services: false, servicesFirst: false, imbalance: true };

describe("the real-time policy against the value of stored energy", () => {
  const dayAhead = prices(16);
  const realTime = dayAhead.map((v) => v + 30 * (rnd() - 0.5) + (rnd() < 0.03 ? 600 : 0));
  const year = (rt: Float64Array): MarketYear => ({
    region: "ERCOT",
    year: 2024,
    currency: "USD",
    startUtc: "2024-03-01T06:00:00Z",
    intervalMinutes: 60,
    energyPrice: dayAhead,
    imbalancePrice: rt,
    servicePrices: {},
    synthetic: false,
  });
  const run = (rt: Float64Array) =>
    dispatchYear(params, "energy_only", year(rt), 1, 0, { plan, retrade: "value" }).result;

  it("never lets a later real-time price change an earlier action (ERCOT after the day-ahead)", () => {
    const a = run(realTime);
    for (const T of [9 * 24 + 5, 11 * 24 + 19]) {
      const changed = realTime.slice();
      changed[T] += 900;
      const b = run(changed);
      for (let t = 0; t < T; t++) {
        expect(b.chargeMW[t], `${t}`).toBe(a.chargeMW[t]);
        expect(b.dischargeMW[t], `${t}`).toBe(a.dischargeMW[t]);
      }
    }
  });

  it("never lets a later imbalance price change an earlier action (GB half-hours after the day-ahead)", () => {
    const energy = Float64Array.from({ length: 12 * 48 }, (_, t) => {
      const base = 60 + 30 * Math.sin((2 * Math.PI * t) / 48) + 10 * rnd();
      return base + (rnd() < 0.03 ? 200 : 0);
    });
    const imbalance = energy.map((v) => v + 60 * (rnd() - 0.5));
    const gb = parseForecastInput({
      configuration: "bess",
      region: "GB",
      ratedPower: 1,
      duration: 1,
      startDate: "2024-03-01",
      revenueStrategies: ["merchant"],
      macroScenarios: ["x"],
      foresight: "realistic",
    });
    const gbYear = (imb: Float64Array): MarketYear => ({
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
    const go = (imb: Float64Array) =>
      dispatchYear(gb, "merchant", gbYear(imb), 1, 0, { retrade: "value" }).result;
    const T = 8 * 48 + 29;
    const changed = imbalance.slice();
    changed[T] += 400;
    const a = go(imbalance);
    const b = go(changed);
    for (let t = 0; t < T; t++) {
      expect(b.chargeMW[t], `${t}`).toBe(a.chargeMW[t]);
      expect(b.dischargeMW[t], `${t}`).toBe(a.dischargeMW[t]);
    }
    // the changed interval itself is answered: the battery sells into the higher price
    expect(b.dischargeMW[T]).toBeGreaterThanOrEqual(a.dischargeMW[T]);
  });

  it("keeps the daily cycle cap and the energy limits", () => {
    const r = run(realTime);
    const p: DispatchProblem = {
      intervalMinutes: 60,
      startUtc: "2024-03-01T06:00:00Z",
      timeZone: "America/Chicago",
      price: realTime,
    };
    const day = problemDays(p);
    const thr = new Float64Array(day[day.length - 1] + 1);
    for (let t = 0; t < realTime.length; t++) {
      thr[day[t]] += r.dischargeMW[t] / Math.sqrt(0.88);
      expect(r.socMWh[t]).toBeGreaterThanOrEqual(-1e-9);
      expect(r.socMWh[t]).toBeLessThanOrEqual(2 + 1e-9);
      expect(r.chargeMW[t] * r.dischargeMW[t]).toBe(0);
    }
    for (const x of thr) expect(x).toBeLessThanOrEqual(2 + 1e-6);
  });

  it("with the actual prices as its forecast earns at least 95 % of perfect foresight", () => {
    // the mechanics (value function, grid, cap in the state) lose little when the forecast is right
    const p: DispatchProblem = {
      intervalMinutes: 60,
      startUtc: "2024-03-01T06:00:00Z",
      timeZone: "America/Chicago",
      price: realTime,
      battery: { powerMW: 1, energyMWh: 2, roundTripEfficiency: 0.88, maxCyclesPerDay: 1, initialSocMWh: 0 },
    };
    const a = chainParams(p);
    const s = realTimeSchedule({
      actual: a,
      energyMWh: 2,
      grid: 20,
      refreshAt: (r) => r % 24 === 0,
      forecast(r, out) {
        const end = Math.min(a.n, r + 48);
        for (let t = r; t < end; t++) out[t - r] = realTime[t];
        return end;
      },
    });
    const got = scheduleResult(p, { chargeMW: s.c, dischargeMW: s.d }, "dp", 0, 0);
    const perfect = solveBest(p);
    expect(got.revenue).toBeGreaterThanOrEqual(0.95 * perfect.revenue);
  });
});
