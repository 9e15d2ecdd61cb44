// Local wall-clock times of the markets' own files → UTC instants, by the project's date library
// (@date-fns/tz: its offsets come from the ICU tables Node ships).
import { TZDate, tzOffset } from "@date-fns/tz";

/** The wall-clock reading of an instant in `tz`, as if that reading were UTC (ms). */
const wallClock = (tz: string, utcMs: number) => utcMs + tzOffset(tz, new Date(utcMs)) * 60_000;

const midnightCache = new Map<string, number>();

/** The UTC instant of local midnight starting the day `y-m-d` in `tz`. */
export function localMidnightUtc(tz: string, y: number, m: number, d: number): number {
  const key = `${tz}|${y}-${m}-${d}`;
  const hit = midnightCache.get(key);
  if (hit !== undefined) return hit;
  // Midnight exists on every day of the markets' zones (their clocks change at 01:00 or later).
  const utc = new TZDate(y, m - 1, d, tz).getTime();
  if (midnightCache.size > 50_000) midnightCache.clear();
  midnightCache.set(key, utc);
  return utc;
}

/**
 * The UTC instant of a local wall-clock time. A time the autumn change repeats is its first
 * occurrence (files flag the repeat and add the hour themselves). A time the spring change skips is
 * read on the clock after the change, so it falls before the change: ERCOT labels its spring day's
 * hours ending 01, 03, 04 … (02:00 never shows), and hour ending 03 starts at "02:00", 01:00 CST.
 */
export function localToUtc(
  tz: string,
  y: number,
  m: number,
  d: number,
  hh: number,
  mm: number,
  ss = 0,
): number {
  const naive = Date.UTC(y, m - 1, d, hh, mm, ss);
  const utc = new TZDate(y, m - 1, d, hh, mm, ss, tz).getTime();
  // TZDate reads an ambiguous time as its later occurrence in some zones (east of UTC): an hour
  // earlier showing the same clock is the first one.
  if (wallClock(tz, utc - 3_600_000) === naive) return utc - 3_600_000;
  if (wallClock(tz, utc) === naive) return utc;
  // Skipped: TZDate moves it past the change; read it with the offset after the change instead.
  return naive - tzOffset(tz, new Date(utc)) * 60_000;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

/**
 * A calendar date in the formats these files use: 2024-01-31, 31/01/2024 (or 01/31/2024 with
 * `us`), 2024/01/31, 31-Jan-24, 1-Jan-2024. Returns [y, m, d] or null.
 */
export function parseDate(s: string, opts: { us?: boolean } = {}): [number, number, number] | null {
  const t = s.trim();
  let m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})/.exec(t);
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3])];
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (m)
    return opts.us ? [Number(m[3]), Number(m[1]), Number(m[2])] : [Number(m[3]), Number(m[2]), Number(m[1])];
  m = /^(\d{1,2})-([A-Za-z]{3})-(\d{2}|\d{4})$/.exec(t);
  if (m) {
    const month = MONTHS[m[2].toLowerCase()];
    if (!month) return null;
    const y = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    return [y, month, Number(m[1])];
  }
  return null;
}

/** An ISO instant with an explicit zone (Z or ±hh:mm / ±hhmm) → epoch ms, or NaN. */
export function parseIsoInstant(s: string): number {
  const t = s
    .trim()
    .replace(" ", "T")
    .replace(/([+-]\d{2})(\d{2})$/, "$1:$2");
  if (!/(Z|[+-]\d{2}:\d{2})$/.test(t)) return NaN;
  return Date.parse(t);
}

/** A naive "YYYY-MM-DD HH:MM[:SS]" (or with / and T) read at a fixed offset from UTC, in minutes. */
export function parseNaiveAtOffset(s: string, offsetMinutes: number): number {
  const m = /^(\d{4})[-/](\d{2})[-/](\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(s.trim());
  if (!m) return NaN;
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], m[6] ? +m[6] : 0) - offsetMinutes * 60_000;
}
