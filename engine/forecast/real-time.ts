// ERCOT real time traded as its prices become known (decision 0133): after the day-ahead position,
// each real-time interval is re-decided against its actual price and the value of stored energy
// (engine/dispatch/real-time.ts), the value refreshed whenever new prices are known — each trading
// day's start and when the next day's day-ahead prices are published. The deviation from the
// position settles at the real-time price.
import type { DispatchProblem, DispatchResult } from "../dispatch/types.ts";
import { chainParams } from "../dispatch/fast.ts";
import { problemDays } from "../dispatch/formulation.ts";
import { scheduleResult } from "../dispatch/result.ts";
import { realTimeSchedule } from "../dispatch/real-time.ts";

/** The real-time policy's settings (decision 0133). */
export const REAL_TIME = {
  /** Grid steps over the energy for the SoC and the day's throughput. */
  grid: 20,
  /**
   * A real-time price within this of its forecast ($/MWh) is noise: the interval is decided at
   * its forecast; beyond it, at the actual price.
   */
  band: 25,
  /**
   * An answered deviation persists (hourly real-time − day-ahead deviations are autocorrelated,
   * 0.5–0.6 an hour apart in 2024–25): the next hours are re-valued with it, fading.
   */
  persistence: { hours: 12, keptPerHour: 0.97 },
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
  const sched = realTimeSchedule({
    actual: a,
    energyMWh: actual.battery!.energyMWh,
    grid: REAL_TIME.grid,
    persistence: {
      intervals: Math.round((REAL_TIME.persistence.hours * 60) / actual.intervalMinutes),
      keptPerInterval: REAL_TIME.persistence.keptPerHour ** (actual.intervalMinutes / 60),
    },
    band: REAL_TIME.band,
    refreshAt: (r) => published[r] === 1 || dayStart[dayIndex[r]] === r,
    forecast(r, out) {
      // the last day whose day-ahead prices are known at r, and the day after it
      let k = dayIndex[r];
      while (k + 1 < dayStart.length - 1 && from[dayStart[k + 1]] <= r) k++;
      const end = dayStart[Math.min(k + 2, dayStart.length - 1)];
      for (let t = r; t < end; t++) {
        const f = from[t] <= r ? dayAhead[t] : gate[t];
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
