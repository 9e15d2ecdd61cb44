// Solving a dispatch problem: build the LP (formulation.ts), solve it with the fast banded
// interior-point method (production) or HiGHS (oracle), and turn the solution into a schedule.
import { solveIpm } from "../lp/ipm.ts";
import { solveHighs } from "../lp/highs.ts";
import type { LpSolution } from "../lp/model.ts";
import { buildDispatchLp, batteryLimits, type DispatchIndex } from "./formulation.ts";
import type { DispatchProblem, DispatchResult } from "./types.ts";

/** Production solver: exact LP optimum by the banded interior-point method (synchronous, fast). */
export function solveDispatch(problem: DispatchProblem): DispatchResult {
  const { model, index } = buildDispatchLp(problem);
  const sol = solveIpm(model);
  if (sol.status !== "optimal") throw new Error(`dispatch optimisation failed: ${sol.status}`);
  return toResult(problem, index, sol, "ipm");
}

/** Oracle: the same LP solved by HiGHS. Blocks the thread; use from tests, the bench or a worker. */
export async function solveDispatchOracle(problem: DispatchProblem): Promise<DispatchResult> {
  const { model, index } = buildDispatchLp(problem);
  const sol = await solveHighs(model);
  if (sol.status !== "optimal") throw new Error(`HiGHS: ${sol.status}`);
  return toResult(problem, index, sol, "highs");
}

const pick = (x: Float64Array, cols: Int32Array, lo = 0, hi = Infinity) => {
  const out = new Float64Array(cols.length);
  for (let t = 0; t < cols.length; t++) out[t] = cols[t] >= 0 ? Math.min(Math.max(x[cols[t]], lo), hi) : 0;
  return out;
};

function toResult(
  p: DispatchProblem,
  ix: DispatchIndex,
  sol: LpSolution,
  solver: "ipm" | "highs",
): DispatchResult {
  const { n, dt, etaC, etaD } = ix;
  const { cMax, dMax, E } = batteryLimits(p);
  const x = sol.x;
  // Clean the interior solution: clip to bounds, recompute the state of charge exactly.
  const chargeMW = pick(x, ix.col.c, 0, cMax);
  const dischargeMW = pick(x, ix.col.d, 0, dMax);
  const socMWh = new Float64Array(n);
  let s = p.battery?.initialSocMWh ?? 0;
  let throughput = 0;
  for (let t = 0; t < n; t++) {
    // Remove numerical dust (|x| below 1e-9 of the limits).
    if (chargeMW[t] < 1e-9 * (cMax || 1)) chargeMW[t] = 0;
    if (dischargeMW[t] < 1e-9 * (dMax || 1)) dischargeMW[t] = 0;
    s += (etaC * chargeMW[t] - dischargeMW[t] / etaD) * dt;
    if (s < 0 && s > -1e-6 * (E || 1)) {
      // interior-point dust: take the tiny excess out of the discharge
      dischargeMW[t] = Math.max(0, dischargeMW[t] + (s * etaD) / dt);
      s = 0;
    } else if (s > E && s < E + 1e-6 * (E || 1)) {
      chargeMW[t] = Math.max(0, chargeMW[t] - (s - E) / etaC / dt);
      s = E;
    }
    socMWh[t] = s;
    throughput += (dischargeMW[t] / etaD) * dt;
  }
  const services = (p.services ?? []).map((sv, k) => {
    const mw = ix.col.r[k] ? pick(x, ix.col.r[k], 0) : new Float64Array(n);
    let revenue = 0;
    for (let t = 0; t < n; t++) revenue += sv.price[t] * mw[t] * dt;
    return { key: sv.key, mw, revenue };
  });
  const serviceRevenue = services.reduce((a, b) => a + b.revenue, 0);
  let exportMW: Float64Array;
  let importMW: Float64Array;
  let generationMW: Float64Array | undefined;
  let energyRevenue = 0;
  let gridChargeCost = 0;
  if (ix.gridStage) {
    exportMW = pick(x, ix.col.e, 0);
    importMW = pick(x, ix.col.i, 0);
    generationMW = p.generation ? pick(x, ix.col.g, 0) : undefined;
    for (let t = 0; t < n; t++) {
      const pe = (p.exportPrice ?? p.price)[t];
      const pi = (p.importPrice ?? p.price)[t];
      energyRevenue += (pe * exportMW[t] - pi * importMW[t]) * dt;
      gridChargeCost +=
        ((p.exportCharge ? p.exportCharge[t] : 0) * exportMW[t] +
          (p.importCharge ? p.importCharge[t] : 0) * importMW[t]) *
        dt;
    }
  } else {
    exportMW = dischargeMW;
    importMW = chargeMW;
    for (let t = 0; t < n; t++) energyRevenue += p.price[t] * (dischargeMW[t] - chargeMW[t]) * dt;
  }
  const cycleEnergy = p.battery?.cycleEnergyMWh ?? E;
  return {
    revenue: energyRevenue - gridChargeCost + serviceRevenue,
    chargeMW,
    dischargeMW,
    socMWh,
    generationMW,
    exportMW,
    importMW,
    services,
    cycles: cycleEnergy > 0 ? throughput / cycleEnergy : 0,
    throughputMWh: throughput,
    energyRevenue,
    serviceRevenue,
    gridChargeCost,
    solver,
    solveMs: sol.solveMs,
    iterations: sol.iterations,
  };
}
