// The bidding policy (decision 0130): a later market re-decided as prices become known, each
// interval against its actual price and the value of stored energy on the newest forecast.
import { describe, expect, it } from "vitest";
import { retrade } from "../../../engine/forecast/foresight.ts";
import { dispatchYear, parseForecastInput } from "../../../engine/forecast/index.ts";
import { solveBest } from "../../../engine/dispatch/solve.ts";
import { problemDays } from "../../../engine/dispatch/formulation.ts";
import type { DispatchProblem } from "../../../engine/dispatch/types.ts";
import type { MarketYear } from "../../../engine/types.ts";

let seed = 7;
const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;

/** A daily shape with noise and rare spikes, `perDay` intervals a day. */
function prices(days: number, perDay: number): Float64Array {
  return Float64Array.from({ length: days * perDay }, (_, t) => {
    const base = 50 + 30 * Math.sin((2 * Math.PI * t) / perDay) + 20 * rnd();
    return base + (rnd() < 0.02 ? 300 : 0) - (rnd() < 0.01 ? 120 : 0);
  });
}

const battery = { powerMW: 1, energyMWh: 2, roundTripEfficiency: 0.88, maxCyclesPerDay: 1, initialSocMWh: 0 };

describe("retrade (the bidding policy)", () => {
  it("never lets a later price change an earlier action", () => {
    const days = 14;
    const energy = prices(days, 48);
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
      dispatchYear(params, "merchant", year(imb), 1, 0, { retrade: true }).result;
    const T = 9 * 48 + 37; // day 9, 18:30
    const changed = imbalance.slice();
    changed[T] += 500;
    const a = run(imbalance);
    const b = run(changed);
    for (let t = 0; t < T; t++) {
      expect(b.chargeMW[t]).toBe(a.chargeMW[t]);
      expect(b.dischargeMW[t]).toBe(a.dischargeMW[t]);
    }
    // the changed interval itself is answered: the policy bids into the spike
    expect(b.dischargeMW[T]).toBeGreaterThan(a.dischargeMW[T]);
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
    const r = retrade(p, { known: price.map((v, t) => (t >= 288 ? price[t - 288] : 60)) });
    const day = problemDays(p);
    const thr = new Float64Array(day[day.length - 1] + 1);
    for (let t = 0; t < price.length; t++) {
      thr[day[t]] += (r.dischargeMW[t] / Math.sqrt(0.88)) * (5 / 60);
      expect(r.socMWh[t]).toBeGreaterThanOrEqual(-1e-9);
      expect(r.socMWh[t]).toBeLessThanOrEqual(2 + 1e-9);
    }
    for (const x of thr) expect(x).toBeLessThanOrEqual(2 + 1e-6);
    expect(r.cycles).toBeGreaterThan(0);
  });

  it("with a forecast equal to the prices, earns at least 90 % of perfect foresight", () => {
    const price = prices(14, 24);
    const p: DispatchProblem = { intervalMinutes: 60, startUtc: "2024-01-01T00:00:00Z", price, battery };
    const perfect = solveBest(p).revenue;
    const bid = retrade(p, { known: price }).revenue;
    expect(bid).toBeLessThanOrEqual(perfect + 1e-6);
    expect(bid).toBeGreaterThanOrEqual(0.9 * perfect);
  });
});
