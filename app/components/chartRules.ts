// Display rules of the plotter's charts (spec §9): short spans show actual timestamps, spans of a
// week or less show point markers; values are formatted by the chart's unit.
import { format } from "date-fns";

const DAY = 86_400_000;

/** A span of 5 days or less uses actual timestamps on the axis (times of day, not just dates). */
export function usesTimestamps(spanMs: number) {
  return spanMs <= 5 * DAY;
}

/** A span of 7 days or less shows a marker on each point. */
export function showsPointMarkers(spanMs: number) {
  return spanMs <= 7 * DAY;
}

/** The span of what is plotted: from the first to the last point of any series. */
export function spanOf(series: { points: [number, number][] }[]): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (const s of series) {
    if (!s.points.length) continue;
    lo = Math.min(lo, s.points[0][0]);
    hi = Math.max(hi, s.points[s.points.length - 1][0]);
  }
  return hi >= lo ? hi - lo : 0;
}

/** Tick labels: times for short spans, days, months or years for longer ones. All in UTC. */
export function tickFormat(spanMs: number, period?: string | null) {
  const utc = (t: number) => new Date(t + new Date(t).getTimezoneOffset() * 60_000);
  if (period === "year") return (t: number) => format(utc(t), "yyyy");
  if (period === "month") return (t: number) => format(utc(t), "MMM yyyy");
  // Day and week buckets are dates, however short the span.
  if (period === "day" || period === "week")
    return (t: number) => format(utc(t), spanMs <= 400 * DAY ? "dd MMM" : "MMM yyyy");
  if (usesTimestamps(spanMs)) return (t: number) => format(utc(t), "dd MMM HH:mm");
  if (spanMs <= 120 * DAY) return (t: number) => format(utc(t), "dd MMM");
  return (t: number) => format(utc(t), "MMM yyyy");
}

/** A point's time as shown in tooltips and tables (UTC). */
export function pointTime(t: number, spanMs: number, period?: string | null) {
  const d = new Date(t).toISOString();
  if (period === "year") return d.slice(0, 4);
  if (period === "month") return d.slice(0, 7);
  if (period === "week" || period === "day") return d.slice(0, 10);
  return usesTimestamps(spanMs) || spanMs < 60 * DAY
    ? `${d.slice(0, 10)} ${d.slice(11, 16)} UTC`
    : `${d.slice(0, 10)} ${d.slice(11, 16)}`;
}

export function formatValue(v: number, unit: string) {
  if (unit === "Percent" || unit === "%") return `${v.toFixed(1)}%`;
  const abs = Math.abs(v);
  const digits = abs >= 1000 ? 0 : abs >= 10 ? 1 : 2;
  return v.toLocaleString("en-GB", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
