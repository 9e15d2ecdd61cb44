// The GB Balancing Mechanism stage (decision 0140): acceptances only from the headroom the day-ahead
// and service positions leave, the state of charge consistent with what was accepted, nothing
// without a dispatch rate, and volumes in proportion to the rate.
import { describe, expect, it } from "vitest";
import { balancingMechanism, BM_DISPATCH_RATE } from "../../../engine/markets/balancing-mechanism.ts";
import type { DispatchProblem, DispatchResult } from "../../../engine/dispatch/types.ts";
import { scheduleResult } from "../../../engine/dispatch/result.ts";
import { runYear, initialScenarioState } from "../../../engine/forecast/scenario.ts";
import { parseForecastInput } from "../../../engine/forecast/index.ts";
import { syntheticDays } from "./support/market-years.ts";

const ETA = 0.88;
const n = 48 * 14;

/** Two weeks of half hours: a day-ahead position that charges at night and discharges at the evening
 * peak, 0.3 MW of DC-Low (up) reserved in the afternoon, and a noisy imbalance price around it. */
function fixture() {
  const price = new Float64Array(n);
  const imbalance = new Float64Array(n);
  let seed = 7;
  const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
  for (let t = 0; t < n; t++) {
    const h = (t % 48) / 2;
    price[t] = 60 + 40 * Math.sin(((h - 12) / 24) * 2 * Math.PI);
    imbalance[t] = price[t] + 60 * rnd();
  }
  const dc = new Float64Array(n);
  for (let t = 0; t < n; t++) if (t % 48 >= 24 && t % 48 < 32) dc[t] = 0.3;
  const problem: DispatchProblem = {
    intervalMinutes: 30,
    startUtc: "2024-01-01T00:00:00.000Z",
    price,
    battery: { powerMW: 1, energyMWh: 2, roundTripEfficiency: ETA, initialSocMWh: 0 },
    siteExportLimitMW: 1,
    siteImportLimitMW: 1,
    services: [
      {
        key: "DCL",
        direction: "up",
        durationHours: 0.25,
        price: new Float64Array(n).fill(3),
        blockIntervals: 8,
      },
    ],
  };
  const charge = new Float64Array(n);
  const discharge = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    const k = t % 48;
    if (k >= 4 && k < 8) charge[t] = 1; // 00:00–04:00 local-ish: 4 half hours at 1 MW
    if (k >= 34 && k < 38) discharge[t] = ETA * 0.999; // evening peak: back to (almost) empty
  }
  const position: DispatchResult = scheduleResult(
    problem,
    { chargeMW: charge, dischargeMW: discharge, serviceMW: [dc] },
    "dp",
    0,
    0,
  );
  return { problem, position, imbalance };
}

describe("GB Balancing Mechanism stage", () => {
  it("accepts no more than the rate × the headroom the positions leave, within the connection", () => {
    const { problem, position, imbalance } = fixture();
    const bm = balancingMechanism(problem, position, imbalance, problem.price, 0.2);
    let accepted = 0;
    for (let t = 0; t < n; t++) {
      const net0 = position.dischargeMW[t] - position.chargeMW[t];
      const up = position.services[0].mw[t];
      // what the connection and the DC-Low reservation leave, before any trade back
      const freeUp = 1 - net0 - up;
      const freeDown = 1 + net0;
      expect(bm.headroomUpMW[t] + bm.headroomDownMW[t]).toBeLessThanOrEqual(freeUp + freeDown + 1e-9);
      const a = bm.acceptedMW[t];
      if (a > 0) expect(a).toBeLessThanOrEqual(0.2 * bm.headroomUpMW[t] + 1e-9);
      if (a < 0) expect(-a).toBeLessThanOrEqual(0.2 * bm.headroomDownMW[t] + 1e-9);
      // the physical schedule stays within the connection and the reservation's power
      const net = bm.dischargeMW[t] - bm.chargeMW[t];
      expect(net + up).toBeLessThanOrEqual(1 + 1e-9);
      expect(-net).toBeLessThanOrEqual(1 + 1e-9);
      accepted += Math.abs(a);
    }
    expect(accepted).toBeGreaterThan(0);
  });

  it("keeps the state of charge consistent with the schedule it leaves, within the battery", () => {
    const { problem, position, imbalance } = fixture();
    const bm = balancingMechanism(problem, position, imbalance, problem.price, 0.3);
    const r = Math.sqrt(ETA);
    let soc = 0;
    for (let t = 0; t < n; t++) {
      soc += (bm.chargeMW[t] * r - bm.dischargeMW[t] / r) * 0.5;
      expect(bm.socMWh[t]).toBeCloseTo(soc, 9);
      expect(bm.socMWh[t]).toBeGreaterThanOrEqual(-1e-9);
      expect(bm.socMWh[t]).toBeLessThanOrEqual(2 + 1e-9);
      soc = bm.socMWh[t];
    }
  });

  it("a zero dispatch rate earns nothing and leaves the position as it was", () => {
    const { problem, position, imbalance } = fixture();
    const bm = balancingMechanism(problem, position, imbalance, problem.price, 0);
    expect(bm.revenue).toBe(0);
    expect(bm.offerMWh + bm.bidMWh + bm.tradeBackMWh).toBe(0);
    for (let t = 0; t < n; t++) {
      expect(bm.chargeMW[t]).toBeCloseTo(position.chargeMW[t], 12);
      expect(bm.dischargeMW[t]).toBeCloseTo(position.dischargeMW[t], 12);
    }
  });

  it("revenue and accepted volumes scale with the dispatch rate", () => {
    const { problem, position, imbalance } = fixture();
    const at = (rate: number) => balancingMechanism(problem, position, imbalance, problem.price, rate);
    const one = at(0.05);
    const two = at(0.1);
    // bounds set before the run: doubling a small rate doubles the volume within 20 % (energy limits
    // and trades back bend it a little), and the revenue within 40 % (trades back cost some)
    expect(one.revenue).toBeGreaterThan(0);
    const vol = (b: typeof one) => b.offerMWh + b.bidMWh;
    expect(vol(two) / vol(one)).toBeGreaterThan(1.6);
    expect(vol(two) / vol(one)).toBeLessThan(2.4);
    expect(two.revenue / one.revenue).toBeGreaterThan(1.2);
    expect(two.revenue / one.revenue).toBeLessThan(2.8);
  });
});

describe("the BM stream in a GB year", () => {
  const input = (strategy: string) =>
    parseForecastInput({
      configuration: "bess",
      region: "GB",
      ratedPower: 10,
      duration: 2,
      startDate: "2026-01-01",
      assetLifeYears: 1,
      revenueStrategies: [strategy],
      macroScenarios: ["central"],
    });
  const my = syntheticDays("GB", 10, { intervalMinutes: 30 });

  it("energy_with_as and merchant carry a `bm` stream with its dispatch rate and price source; energy_only none", () => {
    for (const s of ["energy_with_as", "merchant"] as const) {
      const { year } = runYear(input(s), "central", s, my, initialScenarioState());
      expect(year.streams.bm, s).toBeDefined();
      expect(year.balancingMechanism?.dispatchRate).toBe(BM_DISPATCH_RATE);
      expect(year.balancingMechanism?.priceSource).toMatch(/Modelled/);
      expect(year.balancingMechanism?.dispatchRateSource).toMatch(/Modo/);
      expect(year.balancingMechanism!.offerMWh + year.balancingMechanism!.bidMWh).toBeGreaterThan(0);
    }
    const { year } = runYear(input("energy_only"), "central", "energy_only", my, initialScenarioState());
    expect(year.streams.bm).toBeUndefined();
  });

  it("with a zero dispatch rate the BM earns nothing and the other streams are unchanged", () => {
    const p = input("energy_with_as");
    const zero = runYear(p, "central", "energy_with_as", my, initialScenarioState(), { bmDispatchRate: 0 });
    const some = runYear(p, "central", "energy_with_as", my, initialScenarioState());
    expect(zero.year.streams.bm).toBe(0);
    expect(some.year.streams.bm).not.toBe(0);
    expect(some.year.streams.wholesale).toBeCloseTo(zero.year.streams.wholesale!, 6);
    expect(some.year.streams.services).toBeCloseTo(zero.year.streams.services!, 6);
  });
});
