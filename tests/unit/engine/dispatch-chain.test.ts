// The chain interior-point LP (dispatch/chain-formulation.ts, lp/chain-ipm.ts) against the HiGHS
// oracle on the cases the dynamic programme does not cover: generation with AC and DC coupling,
// generation alone, grid charges with an export credit, every market's services (forecast.test.ts
// covers GB, ERCOT, NEM, DE), 15- and 5-minute intervals; and the merchant strategy's promise
// that re-dispatch at the imbalance price never loses against the day-ahead position.
import { describe, expect, it } from "vitest";
import { solveDispatch, solveDispatchOracle } from "../../../engine/dispatch/solve.ts";
import { checkSchedule } from "../../../engine/dispatch/checks.ts";
import { buildDispatchChain } from "../../../engine/dispatch/chain-formulation.ts";
import { solveChainIpm } from "../../../engine/lp/chain-ipm.ts";
import { buildYearProblem, dispatchYear, parseForecastInput } from "../../../engine/forecast/index.ts";
import type { DispatchProblem } from "../../../engine/dispatch/types.ts";
import type { MarketRegion, MarketYear } from "../../../engine/types.ts";
import { syntheticDays } from "./support/market-years.ts";

function rng(seed: number) {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

/** A clear-sky-like PV shape: zero at night, a noisy bell around midday (MW). */
function pv(n: number, perDay: number, peakMW: number, seed = 3) {
  const r = rng(seed);
  return Float64Array.from({ length: n }, (_, t) => {
    const h = ((t % perDay) / perDay) * 24;
    const bell = Math.max(0, Math.sin(((h - 6) / 12) * Math.PI));
    return peakMW * bell * (0.6 + 0.4 * r());
  });
}

async function agree(p: DispatchProblem, tol = 1e-3) {
  const fast = solveDispatch(p);
  const oracle = await solveDispatchOracle(p);
  expect(fast.solver).toBe("ipm");
  const chk = checkSchedule(p, fast);
  expect(chk.violations).toEqual([]);
  expect(Math.abs(chk.revenue - fast.revenue)).toBeLessThanOrEqual(
    1e-6 * Math.max(1, Math.abs(fast.revenue)),
  );
  const scale = Math.max(Math.abs(oracle.revenue), 1e-6 * p.price.length);
  expect(Math.abs(fast.revenue - oracle.revenue) / scale).toBeLessThanOrEqual(tol);
  return { fast, oracle };
}

const n = 48 * 5;
const r = rng(11);
const price = Float64Array.from(
  { length: n },
  (_, t) => 30 + 90 * r() + (t % 48 > 32 && t % 48 < 40 ? 120 : 0),
);
const negative = Float64Array.from({ length: n }, (_, t) =>
  t % 48 > 20 && t % 48 < 30 ? -40 * r() : 50 + 50 * r(),
);
const battery = { powerMW: 10, energyMWh: 20, roundTripEfficiency: 0.88, maxCyclesPerDay: 1 };

describe("chain IPM vs HiGHS: generation, couplings, grid charges, intervals", () => {
  it("AC coupling: battery and PV share the export limit, the battery may charge from the grid", async () => {
    const { fast } = await agree({
      intervalMinutes: 30,
      startUtc: "2026-06-01T00:00:00Z",
      price: negative,
      battery,
      generation: { profileMW: pv(n, 48, 25), coupling: "AC" },
      siteExportLimitMW: 20,
      siteImportLimitMW: 10,
    });
    expect(Math.max(...fast.exportMW)).toBeLessThanOrEqual(20 + 1e-6);
    // negative midday prices: PV is curtailed rather than exported at a loss
    const curtailed = fast.generationMW!.some((g, t) => negative[t] < 0 && g < pv(n, 48, 25)[t] - 1e-3);
    expect(curtailed).toBe(true);
  });

  it("DC coupling: the shared inverter bounds the net output; clipped PV can be stored", async () => {
    const profile = pv(n, 48, 30);
    const { fast } = await agree({
      intervalMinutes: 30,
      startUtc: "2026-06-01T00:00:00Z",
      price,
      battery,
      generation: { profileMW: profile, coupling: "DC", inverterMW: 15 },
      siteExportLimitMW: 15,
      siteImportLimitMW: 0,
    });
    expect(Math.max(...fast.exportMW)).toBeLessThanOrEqual(15 + 1e-6);
    expect(fast.chargeMW.some((c) => c > 1e-3)).toBe(true);
  });

  it("generation alone: price × export, clipped by the export limit", async () => {
    const profile = pv(n, 48, 30);
    const { fast, oracle } = await agree({
      intervalMinutes: 30,
      startUtc: "2026-06-01T00:00:00Z",
      price: negative,
      generation: { profileMW: profile, coupling: "AC" },
      siteExportLimitMW: 20,
    });
    let expected = 0;
    for (let t = 0; t < n; t++) expected += Math.max(0, negative[t]) * Math.min(profile[t], 20) * 0.5;
    expect(oracle.revenue).toBeCloseTo(expected, 3);
    expect(fast.revenue).toBeCloseTo(expected, 0);
  });

  it("DUoS-like charges and an export credit above the import charge", async () => {
    const importCharge = Float64Array.from({ length: n }, (_, t) => (t % 48 >= 32 && t % 48 < 38 ? 60 : 2));
    // a credit for exports (negative charge) in the morning, where imports pay only 2
    const exportCharge = Float64Array.from({ length: n }, (_, t) => (t % 48 >= 14 && t % 48 < 22 ? -25 : 0));
    await agree({
      intervalMinutes: 30,
      startUtc: "2026-01-05T00:00:00Z",
      price,
      battery,
      importCharge,
      exportCharge,
      siteImportLimitMW: 10,
      siteExportLimitMW: 10,
    });
  });

  it("15- and 5-minute intervals, an initial state of charge, a cap that starts mid-day", async () => {
    for (const minutes of [15, 5]) {
      const m = (24 * 60 * 3) / minutes;
      const q = rng(minutes);
      const pr = Float64Array.from({ length: m }, () => (q() < 0.01 ? 2000 * q() : 20 + 60 * q()));
      await agree({
        intervalMinutes: minutes,
        startUtc: "2026-03-01T13:00:00Z",
        price: pr,
        battery: { ...battery, initialSocMWh: 12 },
      });
    }
  });

  it("the chain LP solved by the IPM reaches the oracle's objective to 1e-6", async () => {
    const p: DispatchProblem = {
      intervalMinutes: 30,
      startUtc: "2026-06-01T00:00:00Z",
      price,
      battery,
      generation: { profileMW: pv(n, 48, 12), coupling: "AC" },
      siteExportLimitMW: 15,
      siteImportLimitMW: 10,
    };
    const { lp } = buildDispatchChain(p);
    const sol = solveChainIpm(lp);
    expect(sol.status).toBe("optimal");
    const oracle = await solveDispatchOracle(p);
    expect(Math.abs(sol.objective - oracle.revenue) / Math.abs(oracle.revenue)).toBeLessThan(1e-6);
  });
});

const shortYear = (region: MarketRegion, days: number): MarketYear =>
  syntheticDays(region, days, { intervalMinutes: region === "ERCOT" ? 15 : 60 });

const base = {
  configuration: "bess",
  ratedPower: 10,
  duration: 2,
  efficiency: 88,
  maxCycles: 1,
  startDate: "2026-01-01",
  assetLifeYears: 1,
  macroScenarios: ["central"],
  latitude: 40.4,
  longitude: -3.7,
};

describe("chain IPM vs HiGHS: services of the markets not covered elsewhere", () => {
  it("ES: energy + FCR and aFRR within 0.1 % of HiGHS", async () => {
    const p = parseForecastInput({ ...base, region: "ES", revenueStrategies: ["energy_with_as"] });
    const { problem } = buildYearProblem(p, "energy_with_as", shortYear("ES", 4), 1, 0);
    expect(problem.services?.length).toBeGreaterThan(0);
    const { fast } = await agree(problem);
    expect(fast.serviceRevenue).toBeGreaterThan(0);
  }, 60_000);

  it("ERCOT at 15 minutes: energy + ancillary services within 0.1 % of HiGHS", async () => {
    const p = parseForecastInput({ ...base, region: "ERCOT", revenueStrategies: ["energy_with_as"] });
    const { problem } = buildYearProblem(p, "energy_with_as", shortYear("ERCOT", 2), 1, 0);
    expect(problem.intervalMinutes).toBe(15);
    await agree(problem);
  }, 60_000);
});

describe("merchant (GB): day-ahead position, then re-dispatch at the imbalance price", () => {
  it("never earns less than trading the day-ahead position alone, and settles each stage at one price", () => {
    const p = parseForecastInput({
      ...base,
      region: "GB",
      latitude: 51.5,
      longitude: -0.1,
      revenueStrategies: ["merchant", "energy_only"],
    });
    const my = shortYear("GB", 7);
    expect(my.imbalancePrice).toBeDefined();
    const merchant = dispatchYear(p, "merchant", my, 1, 0);
    const energyOnly = dispatchYear(p, "energy_only", my, 1, 0);
    expect(merchant.position).toBeDefined();
    // keeping the physical schedule equal to the position is always possible: re-dispatch can only add
    const dt = my.intervalMinutes / 60;
    let merchantRevenue = 0;
    for (let t = 0; t < my.energyPrice.length; t++) {
      const traded = merchant.position!.dischargeMW[t] - merchant.position!.chargeMW[t];
      const net = merchant.result.dischargeMW[t] - merchant.result.chargeMW[t];
      merchantRevenue += (my.energyPrice[t] * traded + my.imbalancePrice![t] * (net - traded)) * dt;
    }
    expect(merchantRevenue).toBeGreaterThanOrEqual(
      energyOnly.result.revenue - 1e-6 * Math.abs(energyOnly.result.revenue),
    );
    expect(
      checkSchedule({ ...merchant.problem, price: my.imbalancePrice! }, merchant.result).violations,
    ).toEqual([]);
  });
});
