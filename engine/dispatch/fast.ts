// Fast dispatch by the exact dynamic programme of dp.ts (docs/decisions/0107): turns a
// DispatchProblem into chain parameters, solves it (with the Lagrangian daily cycle cap) and
// builds a DispatchResult. Returns null when the problem is outside the DP's scope (generation,
// services still to be chosen): the caller then uses the interior-point LP. Services with
// *fixed* reservations (fixedMW) are in scope: they become per-interval headroom and SoC bounds.
import { batteryLimits, effectivePrices, hasGridStage, problemDays, validateProblem } from "./formulation.ts";
import { ChainWork, solveChainWithCap, type ChainParams } from "./dp.ts";
import type { DispatchProblem, DispatchResult } from "./types.ts";
import { scheduleResult } from "./result.ts";

/** Why the DP does not apply (undefined = it does). */
export function dpScope(p: DispatchProblem): string | undefined {
  const b = p.battery;
  if (!b || !(b.energyMWh > 0)) return "no battery";
  if (p.generation) return "generation";
  if (p.services?.some((s) => !s.fixedMW)) return "services to choose";
  return undefined;
}

/** Chain parameters of a problem (fixed service reservations become headroom and SoC bounds). */
export function chainParams(p: DispatchProblem): ChainParams {
  const n = p.price.length;
  const dt = p.intervalMinutes / 60;
  const { P, cMax, dMax, E, etaC, etaD } = batteryLimits(p);
  const b = p.battery!;
  const gridStage = hasGridStage(p);
  let ex: Float64Array;
  let im: Float64Array;
  if (gridStage) ({ exportPrice: ex, importPrice: im } = effectivePrices(p));
  else ex = im = p.price;
  const siteExport = gridStage ? (p.siteExportLimitMW ?? dMax) : Infinity;
  const siteImport = gridStage ? (p.siteImportLimitMW ?? cMax) : Infinity;
  let A = new Float64Array(n).fill(siteExport);
  let B = new Float64Array(n).fill(siteImport);
  let L = new Float64Array(n);
  let H = new Float64Array(n).fill(E);
  const fixed = (p.services ?? []).filter((s) => s.fixedMW);
  if (fixed.length) {
    const a = new Float64Array(n);
    const bb = new Float64Array(n);
    const l = new Float64Array(n);
    const h = new Float64Array(n);
    for (let t = 0; t < n; t++) {
      let up = 0;
      let dn = 0;
      let eUp = 0;
      let eDn = 0;
      for (const sv of fixed) {
        const ub = Math.min(
          sv.maxMW ?? Infinity,
          sv.maxMWByInterval?.[t] ?? Infinity,
          sv.direction === "both" ? Math.min(cMax, dMax) : sv.direction === "up" ? dMax : cMax,
        );
        const r = Math.min(Math.max(sv.fixedMW![t], 0), ub);
        if (sv.direction !== "down") {
          up += r;
          eUp += (r * sv.durationHours) / etaD;
        }
        if (sv.direction !== "up") {
          dn += r;
          eDn += r * sv.durationHours * etaC;
        }
      }
      a[t] = Math.min(siteExport, dMax - up);
      bb[t] = Math.min(siteImport, cMax - dn);
      l[t] = eUp;
      h[t] = E - eDn;
    }
    A = a;
    B = bb;
    L = l;
    H = h;
  }
  const days = problemDays(p, n);
  const day = new Int32Array(n);
  for (let t = 0; t < n; t++) day[t] = days[t] - days[0];
  const cap = b.maxCyclesPerDay !== undefined ? b.maxCyclesPerDay * (b.cycleEnergyMWh ?? E) : Infinity;
  const s0 = Math.min(Math.max(b.initialSocMWh ?? 0, 0), E);
  return {
    n,
    dt,
    etaC,
    etaD,
    P,
    cMax,
    dMax,
    s0,
    ex,
    im,
    A,
    B,
    L,
    H,
    day,
    nDays: day[n - 1] + 1,
    cap,
    startL: s0,
    startH: s0,
  };
}

/**
 * Exact DP solve, or null when out of scope or when the Lagrangian certificate is above
 * `maxRelGap` (then the LP is the safe route).
 */
export function solveDispatchDp(
  p: DispatchProblem,
  opts: { maxRelGap?: number; work?: ChainWork } = {},
): DispatchResult | null {
  validateProblem(p);
  if (dpScope(p)) return null;
  const t0 = performance.now();
  const params = chainParams(p);
  // The envelope bound along the uncapped pass's trajectory gives both the schedule and a
  // certificate tight enough to use (GB 2024: 0.006 % below HiGHS, certified ≤ 0.01 %; 0107).
  const sol = solveChainWithCap(params, { accept: opts.maxRelGap ?? 5e-5 }, opts.work);
  if (!sol.feasible || !(sol.gap <= (opts.maxRelGap ?? Infinity) * Math.max(1, Math.abs(sol.revenue))))
    return null;
  const r = resultFromChain(p, sol.c, sol.d, performance.now() - t0, sol.passes);
  if (sol.gap > 0) r.certifiedGap = sol.gap;
  return r;
}

export function resultFromChain(
  p: DispatchProblem,
  c: Float64Array,
  d: Float64Array,
  solveMs: number,
  iterations: number,
): DispatchResult {
  return scheduleResult(p, { chargeMW: c, dischargeMW: d }, "dp", solveMs, iterations);
}
