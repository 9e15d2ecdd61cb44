// Calendar helpers: interval grids of a calendar year (UTC) and local clock time per market,
// with the daylight-saving rules of each market (no Intl calls in the hot loops).

export const MS_MIN = 60_000;
export const MS_HOUR = 3_600_000;
export const MS_DAY = 86_400_000;

/** Time-zone rule: a standard UTC offset in hours and a daylight-saving rule. */
export type TzRule =
  | "Europe/London"
  | "Europe/Berlin"
  | "Europe/Madrid"
  | "America/Chicago"
  | "Australia/Sydney"
  | "Australia/Melbourne"
  | "Australia/Hobart"
  | "Australia/Adelaide"
  | "Australia/Brisbane";

const STD_OFFSET: Record<TzRule, number> = {
  "Europe/London": 0,
  "Europe/Berlin": 1,
  "Europe/Madrid": 1,
  "America/Chicago": -6,
  "Australia/Sydney": 10,
  "Australia/Melbourne": 10,
  "Australia/Hobart": 10,
  "Australia/Adelaide": 9.5,
  "Australia/Brisbane": 10,
};

export function yearStartMs(year: number): number {
  return Date.UTC(year, 0, 1);
}

export function daysInYear(year: number): number {
  return (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / MS_DAY;
}

export function intervalsInYear(year: number, intervalMinutes: number): number {
  return (daysInYear(year) * 1440) / intervalMinutes;
}

/** Day of month of the n-th (1-based) given weekday (0=Sunday) of a month; n = -1 for the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
    return 1 + ((weekday - first + 7) % 7) + (n - 1) * 7;
  }
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const lastDow = new Date(Date.UTC(year, month, lastDay)).getUTCDay();
  return lastDay - ((lastDow - weekday + 7) % 7);
}

interface DstWindow {
  startMs: number;
  endMs: number;
  /** true when the DST window wraps the new year (southern hemisphere). */
  southern: boolean;
}

const dstCache = new Map<string, DstWindow | null>();

function dstWindow(tz: TzRule, year: number): DstWindow | null {
  const key = `${tz}:${year}`;
  const hit = dstCache.get(key);
  if (hit !== undefined) return hit;
  let w: DstWindow | null = null;
  if (tz.startsWith("Europe/")) {
    // EU rule: last Sunday of March 01:00 UTC to last Sunday of October 01:00 UTC.
    w = {
      startMs: Date.UTC(year, 2, nthWeekday(year, 2, 0, -1), 1),
      endMs: Date.UTC(year, 9, nthWeekday(year, 9, 0, -1), 1),
      southern: false,
    };
  } else if (tz === "America/Chicago") {
    // US rule: second Sunday of March 02:00 CST (08:00 UTC) to first Sunday of November 02:00 CDT (07:00 UTC).
    w = {
      startMs: Date.UTC(year, 2, nthWeekday(year, 2, 0, 2), 8),
      endMs: Date.UTC(year, 10, nthWeekday(year, 10, 0, 1), 7),
      southern: false,
    };
  } else if (tz !== "Australia/Brisbane") {
    // South-east Australia: DST ends first Sunday of April 03:00 daylight (= 02:00 standard),
    // starts first Sunday of October 02:00 standard. Stored as the non-DST window of the year.
    const std = STD_OFFSET[tz];
    w = {
      startMs: Date.UTC(year, 3, nthWeekday(year, 3, 0, 1), 2) - std * 3_600_000,
      endMs: Date.UTC(year, 9, nthWeekday(year, 9, 0, 1), 2) - std * 3_600_000,
      southern: true,
    };
  }
  dstCache.set(key, w);
  return w;
}

/** UTC offset in hours of the market's local clock at a UTC instant. */
export function utcOffsetHours(tz: TzRule, utcMs: number): number {
  const std = STD_OFFSET[tz];
  const year = new Date(utcMs).getUTCFullYear();
  const w = dstWindow(tz, year);
  if (!w) return std;
  const inWindow = utcMs >= w.startMs && utcMs < w.endMs;
  // Northern: window = DST. Southern: window = standard time (April..October).
  return w.southern ? (inWindow ? std : std + 1) : inWindow ? std + 1 : std;
}

/** Local clock fields of a UTC instant: hour of day (fractional), weekday (0=Sunday), month (0-11), day of year (0-based). */
export interface LocalTime {
  hour: number;
  weekday: number;
  month: number;
  dayOfYear: number;
}

export function localTime(tz: TzRule, utcMs: number): LocalTime {
  const ms = utcMs + utcOffsetHours(tz, utcMs) * 3_600_000;
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  return {
    hour: d.getUTCHours() + d.getUTCMinutes() / 60,
    weekday: d.getUTCDay(),
    month: d.getUTCMonth(),
    dayOfYear: Math.floor((ms - Date.UTC(y, 0, 1)) / MS_DAY),
  };
}

/** Local-clock arrays for every interval of a year (computed once per market-year). */
export interface LocalGrid {
  hour: Float64Array;
  weekday: Uint8Array;
  month: Uint8Array;
  dayOfYear: Uint16Array;
  /** Index of the local calendar day (0-based, relative to the first interval's local day). */
  dayIndex: Int32Array;
}

export function localGrid(tz: TzRule, startMs: number, n: number, intervalMinutes: number): LocalGrid {
  const hour = new Float64Array(n);
  const weekday = new Uint8Array(n);
  const month = new Uint8Array(n);
  const dayOfYear = new Uint16Array(n);
  const dayIndex = new Int32Array(n);
  const step = intervalMinutes * MS_MIN;
  let firstDay = NaN;
  let curDay = NaN;
  let curMonth = 0;
  let curDoy = 0;
  // offsets only change at DST transitions: evaluate the rule per hour boundary, not per interval
  let offMs = utcOffsetHours(tz, startMs) * 3_600_000;
  let nextCheck = startMs;
  for (let i = 0; i < n; i++) {
    const ms = startMs + i * step;
    if (ms >= nextCheck) {
      offMs = utcOffsetHours(tz, ms) * 3_600_000;
      nextCheck = (Math.floor(ms / 1_800_000) + 1) * 1_800_000;
    }
    const localMs = ms + offMs;
    const dayNo = Math.floor(localMs / MS_DAY);
    if (i === 0) firstDay = dayNo;
    if (dayNo !== curDay) {
      curDay = dayNo;
      const d = new Date(dayNo * MS_DAY);
      curMonth = d.getUTCMonth();
      curDoy = Math.floor((dayNo * MS_DAY - Date.UTC(d.getUTCFullYear(), 0, 1)) / MS_DAY);
    }
    hour[i] = (localMs - dayNo * MS_DAY) / 3_600_000;
    weekday[i] = (((dayNo + 4) % 7) + 7) % 7;
    month[i] = curMonth;
    dayOfYear[i] = curDoy;
    dayIndex[i] = dayNo - firstDay;
  }
  return { hour, weekday, month, dayOfYear, dayIndex };
}
