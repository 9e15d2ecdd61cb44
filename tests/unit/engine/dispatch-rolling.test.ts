// Rolling windows (dispatch/rolling.ts): a long horizon solved window by window with a
// look-ahead. GB EFA blocks start at 23:00, so every UTC-midnight window starts inside a block:
// the window must keep the reservation its predecessor committed for that block. Then the
// rolling schedule is feasible for the whole horizon, and can never beat the whole-horizon optimum.
import { describe, expect, it } from "vitest";
import { firstBlockStart } from "../../../engine/dispatch/formulation.ts";
import { solveBest, solveDispatch, solveDispatchOracle } from "../../../engine/dispatch/solve.ts";
import { solveRolling } from "../../../engine/dispatch/rolling.ts";
import { checkSchedule } from "../../../engine/dispatch/checks.ts";
import { buildYearProblem, parseForecastInput } from "../../../engine/forecast/index.ts";
import type { DispatchProblem } from "../../../engine/dispatch/types.ts";
import type { MarketYear } from "../../../engine/types.ts";
import { syntheticDays } from "./support/market-years.ts";

const gbDays = (days: number): MarketYear => syntheticDays("GB", days, { year: 2030, intervalMinutes: 30 });

const params = parseForecastInput({
  configuration: "bess",
  region: "GB",
  ratedPower: 10,
  duration: 2,
  efficiency: 88,
  maxCycles: 1,
  startDate: "2030-01-01",
  assetLifeYears: 1,
  revenueStrategies: ["energy_with_as"],
  macroScenarios: ["central"],
});

describe("rolling windows", () => {
  it("GB energy_with_as in 4-day windows: feasible, reservations whole per EFA block, never above the whole horizon", () => {
    const { problem } = buildYearProblem(params, "energy_with_as", gbDays(21), 1, 0);
    expect(problem.services?.some((s) => s.blockIntervals === 8 && firstBlockStart(s) !== 0)).toBe(true);
    const whole = solveBest(problem);
    const rolled = solveRolling(problem, { windowDays: 4, lookaheadDays: 1 });
    // checkSchedule also asserts that each block-contracted reservation is constant in its block
    expect(checkSchedule(problem, rolled).violations).toEqual([]);
    expect(rolled.serviceRevenue).toBeGreaterThan(0);
    expect(rolled.revenue).toBeLessThanOrEqual(whole.revenue * (1 + 1e-7));
    expect(rolled.revenue).toBeGreaterThan(whole.revenue * (1 - 5e-3));
  }, 60_000);

  it("a horizon starting inside a block keeps the reservation in force there (IPM and HiGHS agree)", async () => {
    const { problem } = buildYearProblem(params, "energy_with_as", gbDays(2), 1, 0);
    const carried: DispatchProblem = {
      ...problem,
      battery: { ...problem.battery!, initialSocMWh: 12 },
      services: problem.services!.map((s, k) => ({ ...s, initialMW: k === 0 ? 3 : 0 })),
    };
    const offset = firstBlockStart(carried.services![0]);
    expect(offset).toBeGreaterThan(0);
    const fast = solveDispatch(carried);
    const oracle = await solveDispatchOracle(carried);
    for (const r of [fast, oracle]) {
      expect(checkSchedule(carried, r).violations).toEqual([]);
      for (let t = 0; t < offset; t++) expect(r.services[0].mw[t]).toBeCloseTo(3, 6);
    }
    expect(Math.abs(fast.revenue - oracle.revenue) / Math.abs(oracle.revenue)).toBeLessThan(1e-4);
    // carrying a reservation is a constraint: it cannot earn more than choosing freely
    const free = solveDispatch({ ...carried, services: problem.services });
    expect(free.revenue).toBeGreaterThanOrEqual(fast.revenue - 1e-6 * Math.abs(fast.revenue));
    expect(() =>
      solveDispatch({ ...carried, services: [{ ...carried.services![0], initialMW: -1 }] }),
    ).toThrow(/reservation in force at the start/);
  }, 60_000);
});
