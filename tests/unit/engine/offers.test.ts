// Price-responsive offers around the plan (decision 0132): the NEM spot's plan is offered at prices,
// each 5-minute interval answered as its price clears, never on a later price.
import { describe, expect, it } from "vitest";
import { dispatchYear, parseForecastInput } from "../../../engine/forecast/index.ts";
import { respondToPrices } from "../../../engine/forecast/foresight.ts";
import { windowExtreme } from "../../../engine/dispatch/offers.ts";
import { problemDays } from "../../../engine/dispatch/formulation.ts";
import type { DispatchProblem, DispatchResult } from "../../../engine/dispatch/types.ts";
import type { MarketYear } from "../../../engine/types.ts";

let seed = 11;
const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;

/** A daily shape with noise and rare spikes, 288 five-minute intervals a day. */
const prices = (days: number) =>
  Float64Array.from({ length: days * 288 }, (_, t) => {
    const base = 60 + 40 * Math.sin((2 * Math.PI * (t - 72)) / 288) + 30 * rnd();
    return base + (rnd() < 0.01 ? 2000 : 0) - (rnd() < 0.01 ? 150 : 0);
  });

const params = parseForecastInput({
  configuration: "bess",
  region: "NEM",
  ratedPower: 1,
  duration: 1,
  maxCycles: 1,
  startDate: "2024-03-01",
  revenueStrategies: ["merchant"],
  macroScenarios: ["x"],
  foresight: "realistic",
});
const nemYear = (energy: Float64Array): MarketYear => ({
  region: "NEM",
  year: 2024,
  currency: "AUD",
  startUtc: "2024-03-01T00:00:00Z",
  intervalMinutes: 5,
  energyPrice: energy,
  servicePrices: {},
  synthetic: false,
});

describe("offers at prices (the NEM spot's realistic dispatch)", () => {
  it("never lets a later price change an earlier action, and answers a spike as it clears", () => {
    const days = 10;
    const energy = prices(days);
    // the last day, 18:00 UTC: its own day's forecast was made from earlier days only
    const T = (days - 1) * 288 + 216;
    energy[T] = 80;
    const changed = energy.slice();
    changed[T] = 12_000;
    const a = dispatchYear(params, "merchant", nemYear(energy), 1, 0).result;
    const b = dispatchYear(params, "merchant", nemYear(changed), 1, 0).result;
    for (let t = 0; t < T; t++) {
      expect(b.chargeMW[t]).toBe(a.chargeMW[t]);
      expect(b.dischargeMW[t]).toBe(a.dischargeMW[t]);
    }
    // with energy stored and cycle left, the spike is sold at once
    expect(b.socMWh[T - 1]).toBeGreaterThan(0.05);
    expect(b.dischargeMW[T]).toBeGreaterThan(a.dischargeMW[T]);
    // a later negative price (what the refill rule of 0135 looks for) is not read either: only
    // the forecast, made from earlier days, says whether a negative price is coming
    const negative = energy.slice();
    negative.fill(-1000, T, T + 36);
    const c = dispatchYear(params, "merchant", nemYear(negative), 1, 0).result;
    for (let t = 0; t < T; t++) {
      expect(c.chargeMW[t]).toBe(a.chargeMW[t]);
      expect(c.dischargeMW[t]).toBe(a.dischargeMW[t]);
    }
  });

  it("runs a planned discharge at a low price when a negative price is forecast within the refill hours", () => {
    const n = 288;
    const forecast = new Float64Array(n).fill(100);
    const price = new Float64Array(n).fill(100);
    const p: DispatchProblem = {
      intervalMinutes: 5,
      startUtc: "2024-01-01T00:00:00Z",
      timeZone: "Australia/Adelaide",
      price,
      battery: { powerMW: 1, energyMWh: 1, roundTripEfficiency: 0.81, maxCyclesPerDay: 1, initialSocMWh: 1 },
    };
    const planD = new Float64Array(n);
    planD.fill(1, 12, 24); // the plan sells the first hour …
    const plan = {
      chargeMW: new Float64Array(n),
      dischargeMW: planD,
      solver: "dp",
      solveMs: 0,
      iterations: 0,
    };
    price.fill(20, 12, 24); // … which clears at a fifth of its forecast
    const kept = respondToPrices(p, plan as unknown as DispatchResult, forecast);
    for (let t = 12; t < 24; t++) expect(kept.dischargeMW[t]).toBe(0);
    // a negative price forecast 4 hours on: the MWh can be bought back for less than nothing
    const refill = forecast.slice();
    refill.fill(-40, 12 + 48, 12 + 72);
    const sold = respondToPrices(p, plan as unknown as DispatchResult, refill);
    // the whole stored MWh (0.9 MWh delivered at ηd = 0.9) goes in the planned hour
    let delivered = 0;
    for (let t = 12; t < 24; t++) delivered += sold.dischargeMW[t] / 12;
    expect(delivered).toBeCloseTo(0.9, 6);
    // … but never into a negative price of its own
    price.fill(-5, 12, 24);
    const negative = respondToPrices(p, plan as unknown as DispatchResult, refill);
    for (let t = 12; t < 24; t++) expect(negative.dischargeMW[t]).toBe(0);
  });

  it("keeps a planned discharge when the price clears far below its forecast, and sells a spike", () => {
    const n = 288 * 2;
    const forecast = new Float64Array(n).fill(100);
    const price = new Float64Array(n).fill(100);
    const p: DispatchProblem = {
      intervalMinutes: 5,
      startUtc: "2024-01-01T00:00:00Z",
      timeZone: "Australia/Brisbane",
      price,
      battery: { powerMW: 1, energyMWh: 1, roundTripEfficiency: 0.81, maxCyclesPerDay: 1, initialSocMWh: 1 },
    };
    const planD = new Float64Array(n);
    planD.fill(1, 12, 24); // the plan sells the first hour
    const plan = {
      chargeMW: new Float64Array(n),
      dischargeMW: planD,
      solver: "dp",
      solveMs: 0,
      iterations: 0,
    };
    price.fill(20, 12, 24); // … but it clears at a fifth of the forecast
    price[100] = 1000; // and later a spike, ten times the best forecast
    const r = respondToPrices(p, plan as unknown as DispatchResult, forecast);
    for (let t = 12; t < 24; t++) expect(r.dischargeMW[t]).toBe(0);
    expect(r.dischargeMW[100]).toBe(1);
  });

  it("keeps the daily cycle cap and the energy limits", () => {
    const energy = prices(8);
    const r = dispatchYear(params, "merchant", nemYear(energy), 1, 0);
    const day = problemDays(r.problem);
    const thr = new Float64Array(day[day.length - 1] + 1);
    for (let t = 0; t < energy.length; t++) {
      thr[day[t]] += (r.result.dischargeMW[t] / Math.sqrt(0.88)) * (5 / 60);
      expect(r.result.socMWh[t]).toBeGreaterThanOrEqual(-1e-9);
      expect(r.result.socMWh[t]).toBeLessThanOrEqual(1 + 1e-9);
    }
    for (const x of thr) expect(x).toBeLessThanOrEqual(1 + 1e-9);
  });

  it("windowExtreme is the running max and min over the window ahead", () => {
    const x = Float64Array.from([3, 1, 4, 1, 5, 9, 2, 6]);
    expect(Array.from(windowExtreme(x, 3, 1))).toEqual([4, 4, 5, 9, 9, 9, 6, 6]);
    expect(Array.from(windowExtreme(x, 2, -1))).toEqual([1, 1, 1, 1, 5, 2, 2, 6]);
  });
});
