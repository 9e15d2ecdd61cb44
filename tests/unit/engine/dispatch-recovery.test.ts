// Windows that the interior-point method once could not finish (issue 16: every ERCOT "Energy with
// AS" forecast failed with "dispatch optimisation failed: iteration_limit"). The cause was the end
// game of the Riccati factorisation: with slacks near 1e-11, a Cholesky pivot cancelled to noise,
// was clamped to 1e-300 and blew the step up to NaN, which destroyed a point already 4e-8 from
// optimal. Pivots lost to cancellation now drop their component (chain-kernels.ts), and a window
// the method still cannot finish goes to HiGHS where the thread has loaded it (solve.ts).
import { describe, expect, it } from "vitest";
import {
  enableExactFallback,
  solveBest,
  solveDispatch,
  solveDispatchOracle,
} from "../../../engine/dispatch/solve.ts";
import { checkSchedule } from "../../../engine/dispatch/checks.ts";
import { buildYearProblem, parseForecastInput } from "../../../engine/forecast/index.ts";
import { marketYear } from "../../../engine/worldview/index.ts";
import type { DispatchProblem } from "../../../engine/dispatch/types.ts";

const ercot = parseForecastInput({
  configuration: "bess",
  region: "ERCOT",
  ratedPower: 50,
  duration: 2,
  efficiency: 88,
  maxImport: "same",
  maxExport: "same",
  maxCycles: 1,
  startDate: "2025-01-01",
  revenueStrategies: ["energy_with_as"],
  macroScenarios: ["ercot-central"],
  degradation: "no_degradation",
});

/** ERCOT central 2028 at 15 minutes, the monthly window from 5 July (33 days), battery full. */
function julyWindow(): DispatchProblem {
  const my = marketYear("ercot-central", 2028);
  const { problem } = buildYearProblem(ercot, "energy_with_as", my, 1, 0);
  const s = 17856;
  const e = s + 33 * 96;
  return {
    ...problem,
    startUtc: "2028-07-05T00:00:00.000Z",
    price: problem.price.subarray(s, e),
    battery: { ...problem.battery!, initialSocMWh: 99.99999988020954 },
    services: problem.services!.map((sv) => ({
      ...sv,
      price: sv.price.subarray(s, e),
      blockOffset: 0,
      blockStarts: sv.blockStarts?.subarray(s, e),
      initialMW: sv.key === "RRS" ? 49.94999983153501 : 0,
    })),
  };
}

describe("the interior-point method finishes numerically hard windows", () => {
  it("ERCOT central 2028, July window (failed with iteration_limit): optimal, equal to HiGHS", async () => {
    const p = julyWindow();
    const fast = solveDispatch(p);
    expect(fast.solver).toBe("ipm");
    expect(checkSchedule(p, fast).violations).toEqual([]);
    const oracle = await solveDispatchOracle(p);
    expect(Math.abs(fast.revenue - oracle.revenue) / Math.abs(oracle.revenue)).toBeLessThan(1e-6);
  }, 60_000);

  it("a window the method cannot finish goes to HiGHS once the thread has loaded it", async () => {
    const p: DispatchProblem = {
      intervalMinutes: 60,
      startUtc: "2026-01-01T00:00:00Z",
      price: Float64Array.from({ length: 72 }, (_, t) => 40 + 30 * Math.sin(t / 3)),
      battery: { powerMW: 1, energyMWh: 2, roundTripEfficiency: 0.88, maxCyclesPerDay: 1 },
      services: [
        {
          key: "REGUP",
          direction: "up",
          durationHours: 1,
          price: Float64Array.from({ length: 72 }, (_, t) => 5 + (t % 7)),
          blockIntervals: 1,
        },
      ],
    };
    // three iterations are too few for any LP: the method stops short
    expect(() => solveBest(p, { maxIterations: 3 })).toThrow(/iteration_limit/);
    await enableExactFallback();
    const r = solveBest(p, { maxIterations: 3 });
    expect(r.solver).toBe("highs");
    expect(checkSchedule(p, r).violations).toEqual([]);
    expect(r.revenue).toBeCloseTo(solveDispatch(p).revenue, 4);
  });
});
