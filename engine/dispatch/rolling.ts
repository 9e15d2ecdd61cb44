// Horizon decomposition: solve a long horizon as consecutive windows (e.g. a month) with a
// look-ahead (e.g. 2 days) beyond each window, committing only the window and carrying the state
// of charge. Small windows keep the interior-point working set in cache (several times faster
// per interval than one year-long LP); the look-ahead removes the end-of-window effect. The
// daily mode of the issue ("day by day with perfect foresight within the day, optionally a
// look-ahead") is windowDays = 1. Windows start at UTC midnights (the daily cycle cap is whole)
// and a window starting inside a contracted block (GB EFA blocks start at 23:00 UK time) keeps
// the reservation its predecessor committed, so every window continues a feasible past and the
// rolling schedule is feasible for the whole horizon. The gap to the whole-horizon optimum is
// measured in the tests.
import { solveBest } from "./solve.ts";
import { scheduleResult } from "./result.ts";
import {
  firstBlockStart,
  handedOnReservation,
  isBlockStart,
  problemDays,
  utcOffsetMs,
} from "./formulation.ts";
import type { DispatchProblem, DispatchResult, ServiceSpec } from "./types.ts";

export interface RollingOptions {
  windowDays: number;
  lookaheadDays: number;
}

/**
 * The forecast's windows (`dispatchMode: "monthly"`, decision 0112): 31 days with a 2-day
 * look-ahead; at 5 minutes and finer, 7 days with a 1-day look-ahead. A 5-minute month with
 * per-interval services (NEM FCAS) is ≈ 9 000 stages of ≈ 30 complementarity pairs, far more
 * than the cache holds, and the interior-point method is bound by memory there: on NEM central
 * 2030, 120 days, weekly windows took 1.8–2.0 s of CPU against 2.7–3.2 s for monthly ones
 * (0115), 0.002 % less revenue. At 30 minutes window sizes made no clear difference (0112).
 */
export function forecastWindows(intervalMinutes: number): RollingOptions {
  return intervalMinutes <= 5 ? { windowDays: 7, lookaheadDays: 1 } : { windowDays: 31, lookaheadDays: 2 };
}

const sliceOpt = (a: Float64Array | undefined, s: number, e: number) => (a ? a.subarray(s, e) : undefined);

export function solveRolling(
  p: DispatchProblem,
  opts: RollingOptions = { windowDays: 31, lookaheadDays: 2 },
): DispatchResult {
  const n = p.price.length;
  const per = Math.round((24 * 60) / p.intervalMinutes);
  if (n <= Math.round((opts.windowDays + opts.lookaheadDays) * per)) return solveBest(p);
  const t0 = Date.parse(p.startUtc);
  // windows start at the market's midnights, so the daily cap is per whole trading day (23 or 25
  // hours on a clock change); the first window also takes the partial day it starts in
  const day = problemDays(p, n);
  const dayStart: number[] = [0];
  for (let t = 1; t < n; t++) if (day[t] !== day[t - 1]) dayStart.push(t);
  dayStart.push(n);
  const wd = Math.max(1, Math.round(opts.windowDays));
  const ld = Math.max(0, Math.round(opts.lookaheadDays));
  const at = (d: number) => dayStart[Math.min(d, dayStart.length - 1)];
  const chargeMW = new Float64Array(n);
  const dischargeMW = new Float64Array(n);
  const generationMW = p.generation ? new Float64Array(n) : undefined;
  const serviceMW = (p.services ?? []).map(() => new Float64Array(n));
  let soc = p.battery?.initialSocMWh ?? 0;
  let solveMs = 0;
  let iterations = 0;
  let solver: DispatchResult["solver"] = "dp";
  let s = 0;
  const off = p.timeZone && p.timeZone !== "UTC" ? utcOffsetMs(p.timeZone)(t0) : 0;
  let d = (t0 + off) % 86_400_000 !== 0 ? 1 : 0; // a partial first day joins the first window
  while (s < n) {
    const w = at(d + wd) - s;
    const look = at(d + wd + ld) - s - w;
    const e = Math.min(n, s + w + look);
    const commit = Math.min(n, s + w) - s;
    const sub: DispatchProblem = {
      ...p,
      startUtc: new Date(t0 + s * p.intervalMinutes * 60_000).toISOString(),
      price: p.price.subarray(s, e),
      exportPrice: sliceOpt(p.exportPrice, s, e),
      importPrice: sliceOpt(p.importPrice, s, e),
      importCharge: sliceOpt(p.importCharge, s, e),
      exportCharge: sliceOpt(p.exportCharge, s, e),
      battery: p.battery
        ? { ...p.battery, initialSocMWh: Math.min(Math.max(soc, 0), p.battery.energyMWh) }
        : undefined,
      generation: p.generation
        ? { ...p.generation, profileMW: p.generation.profileMW.subarray(s, e) }
        : undefined,
      services: p.services?.map(
        (sv, k): ServiceSpec => ({
          ...sv,
          price: sv.price.subarray(s, e),
          fixedMW: sliceOpt(sv.fixedMW, s, e),
          maxMWByInterval: sliceOpt(sv.maxMWByInterval, s, e),
          blockStarts: sv.blockStarts?.subarray(s, e),
          blockOffset:
            ((((sv.blockOffset ?? 0) - s) % sv.blockIntervals) + sv.blockIntervals) % sv.blockIntervals,
          // a window that starts inside a contracted block keeps the reservation committed for it
          initialMW: s > 0 ? handedOnReservation(serviceMW[k][s - 1], p.battery?.powerMW ?? 0) : sv.initialMW,
        }),
      ),
    };
    const r = solveWindow(sub);
    solveMs += r.solveMs;
    iterations += r.iterations;
    if (r.solver !== "dp") solver = r.solver;
    chargeMW.set(r.chargeMW.subarray(0, commit), s);
    dischargeMW.set(r.dischargeMW.subarray(0, commit), s);
    if (generationMW && r.generationMW) generationMW.set(r.generationMW.subarray(0, commit), s);
    serviceMW.forEach((mw, k) => mw.set(r.services[k].mw.subarray(0, commit), s));
    soc = r.socMWh[commit - 1];
    s += commit;
    d += wd;
  }
  return scheduleResult(p, { chargeMW, dischargeMW, generationMW, serviceMW }, solver, solveMs, iterations);
}

/**
 * One window. A window continues what its predecessor committed: the reservations carried into
 * a block already under way, and the state of charge. The predecessor's look-ahead saw the same
 * constraints, so the window is feasible in exact arithmetic; but two things can leave a sliver
 * the solver cannot enter:
 *  - a carried reservation that fills the headroom at the state of charge the window starts
 *    from (seen with 4- and 7-day windows);
 *  - fixed reservations (GB services first: stage 1's reservations in stage 2) that leave the
 *    state of charge a corridor a few hundredths of a MWh wide, which the predecessor's schedule
 *    met with a margin of 1e-4 MWh, less than the hand-over's rounding (GB DC-coupled
 *    ancillaries, gb-central 2025, hourly: a September window).
 * Then the window is solved again with those reservations withdrawn to the end of the first
 * whole block (carried ones for the rest of their block). That is always feasible and earns
 * less, never more.
 */
function solveWindow(sub: DispatchProblem): DispatchResult {
  try {
    return solveBest(sub);
  } catch (err) {
    if (!sub.services?.some((sv) => (sv.initialMW ?? 0) > 0 || sv.fixedMW)) throw err;
    return solveBest({ ...sub, services: sub.services.map(withdrawnAtStart) });
  }
}

function withdrawnAtStart(sv: ServiceSpec): ServiceSpec {
  const initialMW = sv.initialMW === undefined ? undefined : 0;
  if (!sv.fixedMW) return { ...sv, initialMW };
  // to the end of the first whole block: the second block boundary
  let end = firstBlockStart(sv) + 1;
  while (end < sv.fixedMW.length && !isBlockStart(sv, end)) end++;
  const fixedMW = Float64Array.from(sv.fixedMW);
  fixedMW.fill(0, 0, Math.min(end, fixedMW.length));
  return { ...sv, initialMW, fixedMW };
}
