// ERCOT real time traded as its prices become known (decision 0133): after the day-ahead position,
// each real-time interval is re-decided against its actual price and the value of stored energy
// (engine/dispatch/real-time.ts), the value refreshed whenever new prices are known — each trading
// day's start and when the next day's day-ahead prices are published. The deviation from the
// position settles at the real-time price.
import type { DispatchProblem, DispatchResult } from "../dispatch/types.ts";
import type { MarketRegion } from "../types.ts";
import { chainParams } from "../dispatch/fast.ts";
import { problemDays } from "../dispatch/formulation.ts";
import { scheduleResult } from "../dispatch/result.ts";
import { realTimeSchedule } from "../dispatch/real-time.ts";

/** Markets whose later (real-time) price is traded this way: ERCOT (GB imbalance keeps the plan). */
export const REAL_TIME_BY_VALUE: ReadonlySet<MarketRegion> = new Set(["ERCOT"]);

/** The real-time policy's settings (decision 0133). */
export const REAL_TIME = {
  /** Grid steps over the energy for the SoC and the day's throughput. */
  grid: 20,
  /**
   * The later price is forecast as the day-ahead price plus this quantile of its recent
   * deviations (real time − day-ahead) at the same interval of day; NaN: no deviation.
   */
  deviationQuantile: NaN as number,
  /** … over this many known days. */
  deviationDays: 14,
  oracle: false,
  /** Hours re-valued on the interval's own deviation, and the share of it left an hour later. */
  persistence: { hours: 3, keptPerHour: 0.5 },
};

/**
 * The physical problem `actual` (the later price, reservations fixed) re-decided every interval
 * against its actual price and the value of stored energy on the forecast known then: the
 * day-ahead price `dayAhead` where it is published (from interval `from[t]`), else the gate-closure
 * forecast `gate` (built from earlier days); the look-ahead ends with the day after the last day
 * whose day-ahead prices are known.
 */
export function retradeRealTime(
  actual: DispatchProblem,
  dayAhead: Float64Array,
  gate: Float64Array,
  from: Int32Array,
): DispatchResult {
  const t0 = performance.now();
  const a = chainParams(actual);
  const n = a.n;
  const later = actual.price;
  const days = problemDays(actual, n);
  const dayStart: number[] = [];
  for (let t = 0; t < n; t++) if (t === 0 || days[t] !== days[t - 1]) dayStart.push(t);
  dayStart.push(n);
  const dayIndex = new Int32Array(n);
  for (let k = 0, t = 0; t < n; t++) {
    if (t === dayStart[k + 1]) k++;
    dayIndex[t] = k;
  }
  const published = new Uint8Array(n + 1);
  for (let t = 0; t < n; t++) published[from[t]] = 1;
  const q = REAL_TIME.deviationQuantile;
  const D = REAL_TIME.deviationDays;
  const dev: number[] = [];
  const sched = realTimeSchedule({
    actual: a,
    energyMWh: actual.battery!.energyMWh,
    grid: REAL_TIME.grid,
    persistence: {
      intervals: Math.round((REAL_TIME.persistence.hours * 60) / actual.intervalMinutes),
      keptPerInterval: REAL_TIME.persistence.keptPerHour ** (actual.intervalMinutes / 60),
    },
    refreshAt: (r) => published[r] === 1 || dayStart[dayIndex[r]] === r,
    forecast(r, out) {
      // the last day whose day-ahead prices are known at r, and the day after it
      let k = dayIndex[r];
      while (k + 1 < dayStart.length - 1 && from[dayStart[k + 1]] <= r) k++;
      const end = dayStart[Math.min(k + 2, dayStart.length - 1)];
      for (let t = r; t < end; t++) {
        let f = from[t] <= r ? dayAhead[t] : gate[t];
        if (REAL_TIME.oracle) f = later[t];
        if (!Number.isNaN(q)) {
          // deviations of the same interval of day on the last D days already settled
          dev.length = 0;
          const per = t - dayStart[dayIndex[t]];
          for (let j = dayIndex[t] - 1; j >= 0 && dev.length < D; j--) {
            const u = dayStart[j] + per;
            if (u < r && u < dayStart[j + 1]) dev.push(later[u] - dayAhead[u]);
          }
          if (dev.length) {
            dev.sort((x, y) => x - y);
            f += dev[Math.min(dev.length - 1, Math.floor(q * dev.length))];
          }
        }
        // charges and limits are known: the effective price moves with the price
        out[t - r] = f + (a.ex[t] - later[t]);
      }
      return end;
    },
  });
  return scheduleResult(
    actual,
    { chargeMW: sched.c, dischargeMW: sched.d, serviceMW: actual.services?.map((s) => s.fixedMW) },
    "dp",
    performance.now() - t0,
    0,
  );
}
