// Solving a dispatch problem. Production: the exact dynamic programme where it applies (plain
// battery arbitrage, fixed service reservations, grid charges — decision 0107), else the exact
// LP by the chain interior-point method (decision 0110). Oracle: the LP of formulation.ts solved
// by HiGHS. Every solver's schedule becomes a DispatchResult the same way (result.ts).
import { loadHighs, solveHighs, solveHighsWith, type HighsRuntime } from "../lp/highs.ts";
import { buildDispatchLp } from "./formulation.ts";
import { solveDispatchChain } from "./chain-formulation.ts";
import { solveDispatchDp } from "./fast.ts";
import { scheduleResult } from "./result.ts";
import type { LpSolution } from "../lp/model.ts";
import type { ChainIpmOptions } from "../lp/chain-ipm.ts";
import type { DispatchProblem, DispatchResult } from "./types.ts";

/** The exact LP optimum by the chain interior-point method (synchronous). */
export function solveDispatch(problem: DispatchProblem): DispatchResult {
  return solveDispatchChain(problem);
}

/** How far below the LP optimum a DP schedule may be proven to lie and still be used (0.1 %). */
export const DP_MAX_REL_GAP = 1e-3;

/**
 * The fastest production route: the dynamic programme when the problem is in its scope and its
 * certificate proves it within 0.1 % of the optimum, else the exact LP.
 */
export function solveBest(problem: DispatchProblem, ipm: ChainIpmOptions = {}): DispatchResult {
  const dp = solveDispatchDp(problem, { maxRelGap: DP_MAX_REL_GAP });
  if (dp) return dp;
  try {
    return solveDispatchChain(problem, ipm);
  } catch (err) {
    // a window the interior-point method cannot finish (numerically hard): the exact oracle,
    // where this thread has loaded it (enableExactFallback), rather than failing the run
    if (!oracle) throw err;
    fallbacks++;
    return solveDispatchHighsWith(oracle, problem);
  }
}

let oracle: HighsRuntime | undefined;
let fallbacks = 0;

/** How many solves this thread has handed to HiGHS since it started (the sweep reports it). */
export const exactFallbackCount = () => fallbacks;

/**
 * Loads HiGHS in this thread so that solveBest falls back to it when the interior-point method
 * fails on a window. Forecast threads call it once before they solve (HiGHS blocks the thread,
 * which is what a worker is for).
 */
export async function enableExactFallback(): Promise<void> {
  oracle ??= await loadHighs();
}

/** Oracle: the LP of formulation.ts solved by HiGHS. Blocks the thread; use from tests, the bench or a worker. */
export async function solveDispatchOracle(problem: DispatchProblem): Promise<DispatchResult> {
  const { model, index } = buildDispatchLp(problem);
  return oracleResult(problem, index, await solveHighs(model));
}

/** The oracle with HiGHS already loaded: synchronous. */
function solveDispatchHighsWith(highs: HighsRuntime, problem: DispatchProblem): DispatchResult {
  const { model, index } = buildDispatchLp(problem);
  return oracleResult(problem, index, solveHighsWith(highs, model));
}

function oracleResult(
  problem: DispatchProblem,
  index: ReturnType<typeof buildDispatchLp>["index"],
  sol: LpSolution,
): DispatchResult {
  if (sol.status !== "optimal") throw new Error(`dispatch optimisation failed: HiGHS ${sol.status}`);
  const n = problem.price.length;
  const pick = (cols: Int32Array) => {
    const out = new Float64Array(n);
    for (let t = 0; t < n; t++) out[t] = cols[t] >= 0 ? sol.x[cols[t]] : 0;
    return out;
  };
  return scheduleResult(
    problem,
    {
      chargeMW: pick(index.col.c),
      dischargeMW: pick(index.col.d),
      generationMW: problem.generation ? pick(index.col.g) : undefined,
      serviceMW: (problem.services ?? []).map((sv, k) => (index.col.r[k] ? pick(index.col.r[k]) : undefined)),
    },
    "highs",
    sol.solveMs,
    sol.iterations,
  );
}
