// Pure functions on plotted series: thinning for display, moving average, percent shares, and
// the date range a plot query stands for. No I/O; unit-tested in tests/unit/plotting/.

/** A series as parallel arrays: interval starts (epoch ms, UTC, ascending) and values. */
export interface Points {
  ts: number[];
  values: number[];
}

/** Most points a plotted series carries to the browser; longer series are thinned. */
export const DISPLAY_POINTS = 1200;

/**
 * Thin a long series for display without losing its shape: the series is cut into buckets of
 * equal point count and each bucket keeps its lowest and highest point (in time order), plus the
 * series' first and last points. So every extreme of the raw series survives — a spike that a
 * plain average or every-nth sampling would hide stays on the chart — and the result never has
 * more than `maxPoints` points.
 */
export function thinMinMax(series: Points, maxPoints = DISPLAY_POINTS): Points {
  const n = series.ts.length;
  if (!(maxPoints >= 4)) throw new Error("thinMinMax: maxPoints must be at least 4");
  if (n <= maxPoints) return { ts: [...series.ts], values: [...series.values] };
  const buckets = Math.floor((maxPoints - 2) / 2);
  const keep: number[] = [0];
  const inner = n - 2; // points 1 .. n-2 are bucketed; 0 and n-1 are always kept
  for (let b = 0; b < buckets; b++) {
    const from = 1 + Math.floor((b * inner) / buckets);
    const to = 1 + Math.floor(((b + 1) * inner) / buckets); // exclusive
    if (from >= to) continue;
    let lo = from;
    let hi = from;
    for (let i = from + 1; i < to; i++) {
      const v = series.values[i];
      if (v < series.values[lo]) lo = i;
      if (v > series.values[hi]) hi = i;
    }
    if (lo === hi) keep.push(lo);
    else keep.push(Math.min(lo, hi), Math.max(lo, hi));
  }
  keep.push(n - 1);
  return { ts: keep.map((i) => series.ts[i]), values: keep.map((i) => series.values[i]) };
}

/**
 * Trailing moving average over `window` points: the value at i is the mean of points i-window+1..i.
 * The first window-1 points have no full window and are left out.
 */
export function movingAverage(series: Points, window: number): Points {
  if (!Number.isInteger(window) || window < 2)
    throw new Error("movingAverage: window must be an integer ≥ 2");
  const ts: number[] = [];
  const values: number[] = [];
  let sum = 0;
  for (let i = 0; i < series.values.length; i++) {
    sum += series.values[i];
    if (i >= window) sum -= series.values[i - window];
    if (i >= window - 1) {
      ts.push(series.ts[i]);
      values.push(sum / window);
    }
  }
  return { ts, values };
}

/** Whether a moving average of `window` can be drawn: every series needs more points than the window. */
export function movingAverageAvailable(pointCounts: number[], window: number): boolean {
  return pointCounts.length > 0 && pointCounts.every((n) => n > window);
}

/**
 * Each series as its share (percent) of the sum of all series at the same time. Times missing from
 * a series count as 0 there; times where the total is 0 are left out.
 */
export function percentShares(all: Points[]): Points[] {
  const total = new Map<number, number>();
  for (const s of all) s.ts.forEach((t, i) => total.set(t, (total.get(t) ?? 0) + s.values[i]));
  return all.map((s) => {
    const ts: number[] = [];
    const values: number[] = [];
    s.ts.forEach((t, i) => {
      const sum = total.get(t)!;
      if (sum === 0) return;
      ts.push(t);
      values.push((100 * s.values[i]) / sum);
    });
    return { ts, values };
  });
}

const DAY = 86_400_000;

/** The span a shortcut stands for, ending at `end` (exclusive): 1D, 1W, 1M (calendar month), 1Y. */
export function shortcutStart(shortcut: "1D" | "1W" | "1M" | "1Y", end: Date): Date {
  const d = new Date(end);
  if (shortcut === "1D") return new Date(end.getTime() - DAY);
  if (shortcut === "1W") return new Date(end.getTime() - 7 * DAY);
  if (shortcut === "1M") d.setUTCMonth(d.getUTCMonth() - 1);
  else d.setUTCFullYear(d.getUTCFullYear() - 1);
  return d;
}

/** Series at these granularities are a handful of points a month: a month's window would draw one dot. */
const COARSE = new Set(["daily", "monthly"]);

/**
 * Where a plot without dates starts (decision 0332): at the first point of its daily or coarser
 * series (their whole extent), or null (then the last month of data) when every series is finer.
 */
export function extentStart(series: { granularity: string; startDate: Date | null }[]): Date | null {
  const starts = series
    .filter((s) => COARSE.has(s.granularity) && s.startDate)
    .map((s) => s.startDate!.getTime());
  return starts.length ? new Date(Math.floor(Math.min(...starts) / DAY) * DAY) : null;
}

/**
 * The half-open UTC range [from, to) of a plot query. Dates are whole days: end_date is included.
 * A shortcut counts back from end_date (or from the end of the data when no end date is given).
 * Without dates the range is the whole extent of daily or coarser series (`coarseStart`, from
 * extentStart), else the last month of data.
 */
export function plotRange(
  q: { start_date?: string; end_date?: string; shortcut?: "1D" | "1W" | "1M" | "1Y" },
  dataEnd: Date | null,
  coarseStart: Date | null = null,
): { from: Date; to: Date } | null {
  const endOfData = dataEnd ? new Date(Math.floor(dataEnd.getTime() / DAY) * DAY + DAY) : null;
  const to = q.end_date ? new Date(Date.parse(`${q.end_date}T00:00:00Z`) + DAY) : endOfData;
  if (!to) return null;
  if (q.shortcut) return { from: shortcutStart(q.shortcut, to), to };
  if (q.start_date) return { from: new Date(`${q.start_date}T00:00:00Z`), to };
  const lastMonth = shortcutStart("1M", to);
  return { from: coarseStart && coarseStart < lastMonth ? coarseStart : lastMonth, to };
}

/**
 * Gaps in a raw series: stretches where the next point comes more than 3 times the usual step after
 * the one before (the usual step: the median distance between points). Each gap is [last point
 * before, first point after], in epoch ms.
 */
export function gapsOf(ts: number[]): [number, number][] {
  if (ts.length < 3) return [];
  const steps = ts.slice(1).map((t, i) => t - ts[i]);
  // a typed array sorts numerically without a comparator call per step (a year of half-hours: 17 519)
  const usual = Float64Array.from(steps).sort()[Math.floor(steps.length / 2)];
  if (!(usual > 0)) return [];
  const gaps: [number, number][] = [];
  steps.forEach((s, i) => {
    if (s > 3 * usual) gaps.push([ts[i], ts[i + 1]]);
  });
  return gaps;
}
