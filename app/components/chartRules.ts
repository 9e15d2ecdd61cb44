// Display rules of the plotter's charts (spec §9): short spans show actual timestamps, spans of a
// week or less show point markers; values are formatted by the chart's unit. Market time by the
// project's date library (@date-fns/tz).
import { TZDate, tzOffset } from "@date-fns/tz";

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

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Market time of each plotter region (the NEM settles in AEST all year: Brisbane's zone). */
export const MARKET_TIME_ZONES: Record<string, string> = {
  "great-britain": "Europe/London",
  ercot: "America/Chicago",
  "aus-nem": "Australia/Brisbane",
  europe: "Europe/Berlin",
};

/** Market time of each forecast region (decision 0115: the clock the dispatch is decided on). */
export const REGION_TIME_ZONES: Record<string, string> = {
  GB: "Europe/London",
  ERCOT: "America/Chicago",
  NEM: "Australia/Brisbane",
  DE: "Europe/Berlin",
  ES: "Europe/Madrid",
};

/** Local clock minus UTC (ms) at an instant in a time zone. */
export function zoneOffsetMs(t: number, timeZone: string): number {
  return tzOffset(timeZone, new Date(t)) * 60_000;
}

/** The time zone a chart is drawn in: the series' market time when they share one, else UTC. */
export function chartTimeZone(series: { region?: string }[], utc = false): string {
  if (utc) return "UTC";
  const zones = new Set(series.map((s) => MARKET_TIME_ZONES[s.region ?? ""] ?? "UTC"));
  return zones.size === 1 ? [...zones][0] : "UTC";
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** Year, month, day, hour and minute of an instant in a time zone. */
export function timeParts(t: number, timeZone = "UTC") {
  const d = new TZDate(t, timeZone);
  return {
    yyyy: String(d.getFullYear()),
    MM: pad2(d.getMonth() + 1),
    MMM: MONTHS[d.getMonth()],
    dd: pad2(d.getDate()),
    HH: pad2(d.getHours()),
    mm: pad2(d.getMinutes()),
  };
}

/** True when the instants lie in different calendar years (then every label names its year). */
export function crossesYears(from: number, to: number, timeZone = "UTC") {
  return timeParts(from, timeZone).yyyy !== timeParts(to, timeZone).yyyy;
}

/**
 * Tick labels: times for short spans, days, months or years for longer ones, in `timeZone`. When the
 * plotted range crosses a year, day labels carry the year too ("01 Jan 2024", never "01 Jan … 01 Jan").
 */
export function tickFormat(spanMs: number, period?: string | null, timeZone = "UTC", multiYear = false) {
  const at = (t: number) => timeParts(t, timeZone);
  const day = (t: number) => {
    const p = at(t);
    return multiYear ? `${p.dd} ${p.MMM} ${p.yyyy}` : `${p.dd} ${p.MMM}`;
  };
  const month = (t: number) => `${at(t).MMM} ${at(t).yyyy}`;
  if (period === "year") return (t: number) => at(t).yyyy;
  if (period === "month") return month;
  // Day and week buckets are dates, however short the span.
  if (period === "day" || period === "week") return spanMs <= 400 * DAY ? day : month;
  if (usesTimestamps(spanMs)) return (t: number) => `${day(t)} ${at(t).HH}:${at(t).mm}`;
  if (spanMs <= 120 * DAY) return day;
  return month;
}

/** A point's time as shown in tooltips and tables, in `timeZone` ("01 Jan 2024 13:30"). */
export function pointTime(t: number, spanMs: number, period?: string | null, timeZone = "UTC") {
  const p = timeParts(t, timeZone);
  if (period === "year") return p.yyyy;
  if (period === "month") return `${p.MMM} ${p.yyyy}`;
  if (period === "week" || period === "day") return `${p.dd} ${p.MMM} ${p.yyyy}`;
  return `${p.dd} ${p.MMM} ${p.yyyy} ${p.HH}:${p.mm}${timeZone === "UTC" ? " UTC" : ""}`;
}

/** "Nice" axis ticks from lo to hi (1, 2, 2.5 or 5 × a power of ten), about `count` of them. */
export function niceTicks(lo: number, hi: number, count = 6): number[] {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / count;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * pow).find((s) => s >= raw)!;
  const out: number[] = [];
  for (let v = Math.floor(lo / step) * step; v <= hi + step * 1e-9; v += step)
    out.push(Number(v.toPrecision(12)));
  if (out[out.length - 1] < hi) out.push(Number((out[out.length - 1] + step).toPrecision(12)));
  return out;
}

export function formatValue(v: number, unit: string) {
  if (unit === "Percent" || unit === "%") return `${v.toFixed(1)}%`;
  const abs = Math.abs(v);
  const digits = abs >= 1000 ? 0 : abs >= 10 ? 1 : 2;
  return v.toLocaleString("en-GB", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/**
 * The points with a null value in the middle of each gap (from the API: `gaps`, found on the raw
 * series), so that a line breaks there instead of bridging it.
 */
export function withBreaks(
  points: [number, number][],
  gaps: [number, number][] = [],
): [number, number | null][] {
  if (!gaps.length) return points;
  const out: [number, number | null][] = [];
  let g = 0;
  for (const p of points) {
    while (g < gaps.length && p[0] > gaps[g][0]) {
      if (p[0] >= gaps[g][1]) out.push([(gaps[g][0] + gaps[g][1]) / 2, null]);
      g++;
    }
    out.push(p);
  }
  return out;
}

/** Axis tick labels with the decimals their step needs, the same on every tick (0, 50, 100 — not 0.00, 50.0, 100). */
export function tickLabeller(ticks: number[], unit: string) {
  const step = ticks.length > 1 ? Math.abs(ticks[1] - ticks[0]) : 1;
  const digits = Math.max(
    0,
    Math.min(4, -Math.floor(Math.log10(step) + 1e-9) + (step % 2.5 === 0 && step < 10 ? 1 : 0)),
  );
  return (v: number) =>
    `${v.toLocaleString("en-GB", { minimumFractionDigits: digits, maximumFractionDigits: digits })}${unit === "%" ? "%" : ""}`;
}

// ── Pointer interaction (crosshair and brush): the plot's time axis in SVG units ───────────────

/** Where a chart's time axis lies in its SVG: the plot's left and right edge, and its time span. */
export interface TimeAxis {
  /** SVG width (the chart is scaled to its box). */
  width: number;
  left: number;
  right: number;
  /** Extra room at each end (bars are padded so that the first and last stay inside). */
  pad: number;
  from: number;
  to: number;
}

/** The SVG x of an instant. */
export function xOfTime(a: TimeAxis, t: number): number {
  const inner = a.width - a.left - a.right - 2 * a.pad;
  return a.left + a.pad + ((t - a.from) / (a.to - a.from || 1)) * inner;
}

/** The instant at an SVG x (clamped to the plotted span). */
export function timeAtX(a: TimeAxis, x: number): number {
  const inner = a.width - a.left - a.right - 2 * a.pad;
  const f = Math.min(1, Math.max(0, (x - a.left - a.pad) / (inner || 1)));
  return a.from + f * (a.to - a.from);
}

/** Index of the point nearest to `t` in points sorted by time (-1 when there are none). */
export function nearestIndex(points: [number, number][], t: number): number {
  if (!points.length) return -1;
  let lo = 0;
  let hi = points.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (points[mid][0] <= t) lo = mid;
    else hi = mid;
  }
  return Math.abs(points[lo][0] - t) <= Math.abs(points[hi][0] - t) ? lo : hi;
}

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * The plot query's dates for a brushed range (the query's dates are UTC days, the end included):
 * from the day of the earlier instant to the day of the later one.
 */
export function zoomDates(a: number, b: number): { start_date: string; end_date: string } {
  return { start_date: isoDay(Math.min(a, b)), end_date: isoDay(Math.max(a, b)) };
}

/**
 * Two value axes side by side share their zero and their grid: each keeps its own step, and both
 * get as many steps below zero, and above it, as the one that needs most (a negative price on the
 * left does not leave the right axis's zero floating at another height).
 */
export function alignedTicks(tickSets: number[][]): number[][] {
  if (tickSets.length < 2 || tickSets.some((t) => t.length < 2)) return tickSets;
  const below = Math.max(...tickSets.map((t) => t.filter((v) => v < 0).length));
  const above = Math.max(...tickSets.map((t) => t.filter((v) => v > 0).length));
  return tickSets.map((t) => {
    const step = t[1] - t[0];
    return Array.from({ length: below + above + 1 }, (_, i) => Number(((i - below) * step).toPrecision(12)));
  });
}
