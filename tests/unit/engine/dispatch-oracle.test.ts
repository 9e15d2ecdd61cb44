// Proof of optimality: the production solver (banded interior point) against the HiGHS oracle
// on the same LP, plus independent property checks of every schedule.
import { describe, expect, it } from "vitest";
import { solveDispatch, solveDispatchOracle } from "../../../engine/dispatch/solve.ts";
import { checkSchedule } from "../../../engine/dispatch/checks.ts";
import type { DispatchProblem } from "../../../engine/dispatch/types.ts";
import { hasSharedData, loadRealSeries, window } from "./support/real-prices.ts";

function rng(seed: number) {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

function battery(power = 1, duration = 2, eta = 0.88, cycles: number | undefined = 1, extra: object = {}) {
  return {
    powerMW: power,
    energyMWh: power * duration,
    roundTripEfficiency: eta,
    maxCyclesPerDay: cycles,
    ...extra,
  };
}

function problem(
  price: Float64Array,
  b = battery(),
  intervalMinutes = 30,
  startUtc = "2024-03-01T00:00:00Z",
): DispatchProblem {
  return { intervalMinutes, startUtc, price, battery: b };
}

async function agree(p: DispatchProblem, tol = 1e-3) {
  const fast = solveDispatch(p);
  const oracle = await solveDispatchOracle(p);
  const chk = checkSchedule(p, fast);
  expect(chk.violations).toEqual([]);
  expect(checkSchedule(p, oracle).violations).toEqual([]);
  // revenue recomputed from the schedule equals the reported one
  expect(Math.abs(chk.revenue - fast.revenue)).toBeLessThanOrEqual(
    1e-6 * Math.max(1, Math.abs(fast.revenue)),
  );
  const scale = Math.max(Math.abs(oracle.revenue), 1e-6 * p.price.length);
  expect(Math.abs(fast.revenue - oracle.revenue) / scale).toBeLessThanOrEqual(tol);
  return { fast, oracle };
}

describe("dispatch: fast solver vs HiGHS oracle (synthetic prices)", () => {
  const n = 48 * 14;
  it("random prices", async () => {
    const r = rng(7);
    const price = Float64Array.from({ length: n }, () => 20 + 120 * r());
    const { fast } = await agree(problem(price));
    expect(fast.revenue).toBeGreaterThan(0);
    expect(fast.cycles).toBeLessThanOrEqual(14 + 1e-6);
  });
  it("negative prices: charges at negative prices, never burns both ways at full power", async () => {
    const r = rng(11);
    const price = Float64Array.from({ length: n }, (_, t) => (t % 48 < 12 ? -80 + 40 * r() : 40 + 60 * r()));
    const p = problem(price);
    const { fast } = await agree(p);
    for (let t = 0; t < n; t++) expect(fast.chargeMW[t] + fast.dischargeMW[t]).toBeLessThanOrEqual(1 + 1e-6);
  });
  it("all-negative prices: earns by importing (and the time-sharing cut limits burning)", async () => {
    const price = Float64Array.from({ length: 96 }, (_, t) => -50 - (t % 7));
    const { fast, oracle } = await agree(problem(price));
    expect(fast.revenue).toBeGreaterThan(0);
    expect(oracle.revenue).toBeGreaterThan(0);
  });
  it("flat prices: no profitable trade, revenue 0", async () => {
    const price = new Float64Array(n).fill(55);
    const { fast } = await agree(problem(price));
    expect(Math.abs(fast.revenue)).toBeLessThan(1e-6);
    expect(fast.cycles).toBeLessThan(1e-6);
  });
  it("spikes", async () => {
    const r = rng(3);
    const price = Float64Array.from({ length: n }, () => (r() < 0.02 ? 3000 + 5000 * r() : 30 + 30 * r()));
    await agree(problem(price));
  });
  it("lossless and loss-heavy batteries, 2 cycles/day, import/export limits, no cap", async () => {
    const r = rng(5);
    const price = Float64Array.from(
      { length: n },
      (_, t) => 50 + 40 * Math.sin((t / 48) * 2 * Math.PI * 2) + 20 * r(),
    );
    await agree(problem(price, battery(10, 1, 1, 2)));
    await agree(problem(price, battery(10, 4, 0.6, 2)));
    await agree(problem(price, battery(50, 2, 0.88, 1, { importLimitMW: 30, exportLimitMW: 45 })));
    await agree(problem(price, battery(5, 0.5, 0.9, undefined)));
  });
  it("the daily cap binds per UTC day (not per 24 intervals from the start)", async () => {
    const price = Float64Array.from({ length: 48 * 3 }, (_, t) => (t % 24 < 12 ? 10 : 200));
    const p = problem(price, battery(1, 1, 1, 1), 30, "2024-03-01T12:00:00Z");
    const { fast } = await agree(p);
    expect(fast.cycles).toBeLessThanOrEqual(4 + 1e-6); // 4 UTC days touched
    expect(checkSchedule(p, fast).ok).toBe(true);
  });
  it("the property checks catch a broken schedule", () => {
    const r = rng(9);
    const price = Float64Array.from({ length: 96 }, () => 100 * r());
    const p = problem(price);
    const res = solveDispatch(p);
    const bad = { ...res, socMWh: res.socMWh.slice() };
    bad.socMWh[10] += 0.5;
    expect(checkSchedule(p, bad).ok).toBe(false);
    const over = {
      ...res,
      dischargeMW: res.dischargeMW.map((d) => d + 0.6),
      chargeMW: res.chargeMW.map((c) => c + 0.6),
    };
    expect(checkSchedule(p, over).violations.some((v) => v.includes("power"))).toBe(true);
  });
});

describe.skipIf(!hasSharedData)("dispatch: fast solver vs HiGHS oracle (real price series, windows)", () => {
  const all = hasSharedData
    ? loadRealSeries((id) =>
        [
          "gb-day-ahead-hourly",
          "gb-system-price-halfhourly",
          "de-day-ahead-hourly",
          "es-day-ahead-hourly",
          "ercot:HB_WEST:rtm",
          "nem:nem_rrp_demand_5min_2024:SA1",
          "nem:nem_rrp_demand_30min_2021-01_2021-09:QLD1",
        ].includes(id),
      )
    : [];
  for (const s of all) {
    it(`${s.id}: 1 MW / 2 h / 88 % / 1 cycle, a few weeks`, async () => {
      const seg = s.segments.reduce((a, b) => (b.price.length > a.price.length ? b : a));
      const days = s.intervalMinutes <= 5 ? 7 : 28;
      for (const offset of [30, 200]) {
        const w = window(seg, offset, days);
        if (w.price.length < 48) continue;
        const p = problem(w.price, battery(1, 2, 0.88, 1), w.intervalMinutes, w.startUtc);
        const { fast } = await agree(p);
        expect(fast.cycles).toBeLessThanOrEqual(days + 1 + 1e-6);
      }
    }, 60_000);
  }
});
