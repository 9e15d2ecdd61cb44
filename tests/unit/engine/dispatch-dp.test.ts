// The dynamic-programming dispatch (engine/dispatch/dp.ts, decision 0107) against the HiGHS
// oracle on the same problems: exact without a binding daily cap, within its certified gap with
// one (the production route then falls back to the exact LP unless that gap is ≤ 0.1 %); every schedule passes the independent constraint checks.
import { describe, expect, it } from "vitest";
import { solveBest, solveDispatchOracle } from "../../../engine/dispatch/solve.ts";
import { solveDispatchDp, dpScope } from "../../../engine/dispatch/fast.ts";
import { checkSchedule } from "../../../engine/dispatch/checks.ts";
import { Pwl, pointwiseMin } from "../../../engine/dispatch/pwl.ts";
import type { DispatchProblem } from "../../../engine/dispatch/types.ts";
import { hasSharedData, loadRealSeries } from "./support/real-prices.ts";

function rng(seed: number) {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}
const bat = (power = 1, duration = 2, eta = 0.88, cycles?: number, extra: object = {}) => ({
  powerMW: power,
  energyMWh: power * duration,
  roundTripEfficiency: eta,
  maxCyclesPerDay: cycles,
  ...extra,
});
const problem = (
  price: Float64Array,
  battery = bat(),
  startUtc = "2024-03-01T00:00:00Z",
): DispatchProblem => ({ intervalMinutes: 30, startUtc, price, battery });

async function compare(p: DispatchProblem, tol: number) {
  const dp = solveDispatchDp(p);
  expect(dp).not.toBeNull();
  const oracle = await solveDispatchOracle(p);
  const chk = checkSchedule(p, dp!);
  expect(chk.violations).toEqual([]);
  expect(Math.abs(chk.revenue - dp!.revenue)).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(dp!.revenue)));
  const scale = Math.max(Math.abs(oracle.revenue), 1e-6 * p.price.length);
  // never better than the LP optimum (it is a feasible schedule), and close to it
  expect(dp!.revenue).toBeLessThanOrEqual(oracle.revenue + 1e-6 * scale);
  expect((oracle.revenue - dp!.revenue) / scale).toBeLessThanOrEqual(tol);
  return { dp: dp!, oracle };
}

describe("dispatch DP vs HiGHS", () => {
  const n = 48 * 7;
  const r = rng(21);
  const random = Float64Array.from({ length: n }, () => 20 + 120 * r());
  const negative = Float64Array.from({ length: n }, (_, t) => (t % 48 < 12 ? -80 + 40 * r() : 40 + 60 * r()));
  const spikes = Float64Array.from({ length: n }, () => (r() < 0.02 ? 3000 + 5000 * r() : 30 + 30 * r()));
  it("no cycle cap: exact (random, negative, spikes; lossy, lossless, import/export limits)", async () => {
    for (const price of [random, negative, spikes]) await compare(problem(price, bat(1, 2, 0.88)), 1e-9);
    await compare(problem(random, bat(10, 1, 1)), 1e-9);
    await compare(problem(random, bat(10, 4, 0.6)), 1e-9);
    await compare(
      problem(negative, bat(50, 2, 0.88, undefined, { importLimitMW: 30, exportLimitMW: 45 })),
      1e-9,
    );
  }, 60_000);
  it("flat prices: no trade", async () => {
    const { dp } = await compare(problem(new Float64Array(n).fill(55), bat(1, 2, 0.88, 1)), 1e-9);
    expect(dp.cycles).toBeLessThan(1e-9);
  });
  it("daily cap: feasible per UTC day, within its certified gap; production (solveBest) within 0.1 %", async () => {
    const cases = [
      problem(random, bat(1, 2, 0.88, 1)),
      problem(negative, bat(1, 2, 0.88, 1)),
      problem(spikes, bat(1, 2, 0.88, 1)),
      problem(random, bat(1, 2, 0.88, 1), "2024-03-01T12:00:00Z"),
    ];
    for (const p of cases) {
      // the DP's schedule is feasible and never better than the optimum; its certificate is a true bound
      const { dp, oracle } = await compare(p, 2e-2);
      expect(dp.cycles).toBeLessThanOrEqual(8 + 1e-6);
      expect(oracle.revenue - dp.revenue).toBeLessThanOrEqual(
        (dp.certifiedGap ?? 0) + 1e-6 * Math.abs(oracle.revenue),
      );
      // the production route takes the DP only when the certificate proves 0.1 %, else the exact LP
      const best = solveBest(p);
      expect(checkSchedule(p, best).violations).toEqual([]);
      expect((oracle.revenue - best.revenue) / Math.abs(oracle.revenue)).toBeLessThanOrEqual(1e-3);
      if (best.solver === "dp")
        expect(best.certifiedGap ?? 0).toBeLessThanOrEqual(1e-3 * Math.abs(best.revenue));
    }
  }, 60_000);
  it("grid charges (DUoS-like) are in scope; generation is not", async () => {
    const charge = Float64Array.from({ length: n }, (_, t) => (t % 48 >= 32 && t % 48 < 38 ? 40 : 1));
    await compare(
      {
        ...problem(random, bat(1, 2, 0.9)),
        importCharge: charge,
        exportCharge: new Float64Array(n).fill(0.5),
      },
      1e-9,
    );
    expect(
      dpScope({ ...problem(random), generation: { profileMW: new Float64Array(n), coupling: "AC" } }),
    ).toBe("generation");
  }, 60_000);
  it("an export credit above the import charge earns nothing from importing and exporting at once", async () => {
    // export pays 5 more than import costs: an LP allowed to import and export in the same
    // interval would do so at full power for nothing (decision 0109)
    const p: DispatchProblem = {
      ...problem(random, bat(1, 2, 0.9)),
      importCharge: new Float64Array(n).fill(1),
      exportCharge: new Float64Array(n).fill(-6),
    };
    const { dp, oracle } = await compare(p, 1e-9);
    for (let t = 0; t < n; t++) expect(Math.min(dp.exportMW[t], dp.importMW[t])).toBe(0);
    // the same battery without the credit earns at most the credit on what it exports
    const plain = solveDispatchDp({ ...problem(random, bat(1, 2, 0.9)), importCharge: p.importCharge })!;
    let credit = 0;
    for (let t = 0; t < n; t++) credit += 6 * dp.exportMW[t] * 0.5;
    expect(oracle.revenue).toBeLessThanOrEqual(plain.revenue + credit + 1e-6);
  }, 60_000);
});

describe("DP with fixed service reservations (GB ancillaries stage 2)", () => {
  it("equals HiGHS on the LP with the oracle's own reservations fixed", async () => {
    const { buildYearProblem, parseForecastInput, syntheticMarketYear } = await import(
      "../../../engine/forecast/index.ts"
    );
    const p = parseForecastInput({
      configuration: "bess",
      region: "GB",
      ratedPower: 50,
      duration: 2,
      efficiency: 88,
      maxCycles: 100,
      startDate: "2026-01-01",
      assetLifeYears: 1,
      revenueStrategies: ["energy_with_as"],
      macroScenarios: ["central"],
    });
    const my0 = syntheticMarketYear("GB", 2026, "central", 30);
    const n = 96;
    const my = {
      ...my0,
      energyPrice: my0.energyPrice.slice(0, n),
      imbalancePrice: undefined,
      servicePrices: Object.fromEntries(
        Object.entries(my0.servicePrices).map(([k, v]) => [k, v!.slice(0, n)]),
      ),
    };
    const { problem } = buildYearProblem(p, "energy_with_as", my, 1, 50);
    const oracle = await solveDispatchOracle(problem);
    const fixed = {
      ...problem,
      services: problem.services!.map((s, k) => ({
        ...s,
        fixedMW: oracle.services[k].mw.map((v) => Math.max(0, v - 1e-7)),
      })),
    };
    const dp = solveDispatchDp(fixed)!;
    expect(dp.solver).toBe("dp");
    expect(checkSchedule(fixed, dp).violations).toEqual([]);
    expect(Math.abs(dp.revenue - oracle.revenue) / oracle.revenue).toBeLessThan(1e-5);
  }, 60_000);
});

describe.skipIf(!hasSharedData)("DP on a real year with a binding daily cap", () => {
  it("GB day-ahead 2024, half-hourly: certified within 0.1 %, so the production route takes the DP, and it is", async () => {
    const seg = loadRealSeries((id) => id === "gb-day-ahead-hourly")[0].segments[0];
    const from = (Date.parse("2024-01-01T00:00:00Z") - Date.parse(seg.startUtc)) / 3600_000;
    const hourly = seg.price.subarray(from, from + 8784);
    const p = problem(
      Float64Array.from({ length: 2 * hourly.length }, (_, t) => hourly[t >> 1]),
      bat(1, 2, 0.88, 1),
      "2024-01-01T00:00:00Z",
    );
    const best = solveBest(p);
    expect(best.solver).toBe("dp");
    expect(checkSchedule(p, best).violations).toEqual([]);
    expect(best.certifiedGap!).toBeLessThanOrEqual(1e-3 * best.revenue);
    const oracle = await solveDispatchOracle(p);
    expect(best.revenue).toBeLessThanOrEqual(oracle.revenue + 1e-6 * oracle.revenue);
    // the certificate is a true bound, and the schedule is well inside it
    expect(oracle.revenue - best.revenue).toBeLessThanOrEqual(best.certifiedGap! + 1e-6 * oracle.revenue);
    expect((oracle.revenue - best.revenue) / oracle.revenue).toBeLessThan(5e-4);
  }, 120_000);

  it.each([
    // the first round's certificate is not enough: a second round certifies it
    ["ercot:HB_HOUSTON:dam", 3],
    // two rounds are not enough: the third, whose days also probe 0.7λ* and 1.4λ*, certifies it
    ["ercot:HB_HOUSTON:rtm", 4],
  ])(
    "%s, winter 2024 (hourly): certified after %i passes, and the certificate still bounds the true gap",
    async (id, passes) => {
      const seg = loadRealSeries((x) => x === id)[0].segments.find(
        (s) => s.startUtc === "2024-01-01T06:00:00.000Z",
      )!;
      const p: DispatchProblem = {
        intervalMinutes: seg.intervalMinutes,
        startUtc: seg.startUtc,
        price: seg.price,
        battery: bat(1, 2, 0.88, 1),
      };
      const best = solveBest(p);
      expect(best.solver).toBe("dp");
      expect(best.iterations).toBe(passes); // one uncapped pass, then the envelope rounds
      expect(checkSchedule(p, best).violations).toEqual([]);
      expect(best.certifiedGap!).toBeLessThanOrEqual(1e-3 * best.revenue);
      const oracle = await solveDispatchOracle(p);
      expect(best.revenue).toBeLessThanOrEqual(oracle.revenue + 1e-6 * oracle.revenue);
      expect(oracle.revenue - best.revenue).toBeLessThanOrEqual(best.certifiedGap! + 1e-6 * oracle.revenue);
    },
    120_000,
  );
});

describe("pointwiseMin (the dual envelope of a capped day)", () => {
  it("is the minimum of two concave functions everywhere on their common domain, crossings included", () => {
    const f = (lo: number, v: number, segs: [number, number][]) => {
      const g = new Pwl(8);
      g.lo = lo;
      g.v = v;
      g.n = segs.length;
      segs.forEach(([s, l], i) => {
        g.slope[i] = s;
        g.len[i] = l;
      });
      return g;
    };
    const a = f(0, 0, [
      [3, 1],
      [1, 1],
      [-2, 2],
    ]);
    const b = f(0.5, 1.2, [
      [2, 1.5],
      [0, 0.5],
      [-1, 1],
    ]);
    const out = new Pwl(4);
    pointwiseMin(a, b, out);
    expect(out.lo).toBe(0.5);
    expect(out.hi).toBeCloseTo(3.5, 12);
    for (let x = 0.5; x <= 3.5; x += 0.05) expect(out.at(x)).toBeCloseTo(Math.min(a.at(x), b.at(x)), 10);
    for (let i = 1; i < out.n; i++) expect(out.slope[i]).toBeLessThan(out.slope[i - 1]);
  });
});
