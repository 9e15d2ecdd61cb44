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
import { handedOnReservation } from "./formulation.ts";
import type { DispatchProblem, DispatchResult, ServiceSpec } from "./types.ts";

export interface RollingOptions {
  windowDays: number;
  lookaheadDays: number;
}

const sliceOpt = (a: Float64Array | undefined, s: number, e: number) => (a ? a.subarray(s, e) : undefined);

export function solveRolling(
  p: DispatchProblem,
  opts: RollingOptions = { windowDays: 31, lookaheadDays: 2 },
): DispatchResult {
  const n = p.price.length;
  const per = Math.round((24 * 60) / p.intervalMinutes);
  const win = Math.max(1, Math.round(opts.windowDays * per));
  const look = Math.max(0, Math.round(opts.lookaheadDays * per));
  if (n <= win + look) return solveBest(p);
  const t0 = Date.parse(p.startUtc);
  // align windows to UTC midnights so the daily cap is per full day
  const startOfDayOffset = Math.round(
    (((t0 % 86_400_000) + 86_400_000) % 86_400_000) / (p.intervalMinutes * 60_000),
  );
  const first = startOfDayOffset === 0 ? win : Math.max(1, per - startOfDayOffset) + win;
  const chargeMW = new Float64Array(n);
  const dischargeMW = new Float64Array(n);
  const generationMW = p.generation ? new Float64Array(n) : undefined;
  const serviceMW = (p.services ?? []).map(() => new Float64Array(n));
  let soc = p.battery?.initialSocMWh ?? 0;
  let solveMs = 0;
  let iterations = 0;
  let solver: DispatchResult["solver"] = "dp";
  let s = 0;
  let w = Math.min(first, n);
  while (s < n) {
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
    w = win;
  }
  return scheduleResult(p, { chargeMW, dischargeMW, generationMW, serviceMW }, solver, solveMs, iterations);
}

/**
 * One window. A carried reservation that fills the headroom at the state of charge the window
 * starts from leaves the LP a sliver the interior-point method can stall in (seen with 4- and
 * 7-day windows, never with the monthly default on the bench's 120 years): then the window is
 * solved again with the carried reservations withdrawn for the rest of their block, which is
 * always feasible and earns less, never more.
 */
function solveWindow(sub: DispatchProblem): DispatchResult {
  try {
    return solveBest(sub);
  } catch (err) {
    if (!sub.services?.some((sv) => (sv.initialMW ?? 0) > 0)) throw err;
    return solveBest({
      ...sub,
      services: sub.services.map((sv) => ({ ...sv, initialMW: sv.initialMW === undefined ? undefined : 0 })),
    });
  }
}
