// The GB leaderboard (issue 19, item 12; spec §7 `…/bm/gb/leaderboard-graph/`): the asset library's
// GB batteries, revenue per MW by month on the real GB prices — modelled, not metered: each asset
// as it is (duration faded by age, cycles, TNUoS zone, commissioning; decision 0336), from the
// months it operates. Pure functions over the stored modelled assets.
import type { LeaderboardResultAsset } from "../../engine/backtest/leaderboard.ts";

export const LEADERBOARD_BASIS = "modelled on real prices";

/** A month is on the leaderboard when this share of its intervals has a real wholesale price. */
export const COVERED = 0.95;

/** "YYYY-MM" months with modelled revenues for every asset, in order. */
export function coveredMonths(assets: LeaderboardResultAsset[]): string[] {
  if (!assets.length) return [];
  const sets = assets.map((a) => new Set(a.months.filter((m) => m.coverage >= COVERED).map((m) => m.month)));
  return [...sets[0]].filter((m) => sets.every((s) => s.has(m))).sort();
}

const nextMonth = (m: string) => {
  const [y, mm] = m.split("-").map(Number);
  return mm === 12 ? `${y + 1}-01` : `${y}-${String(mm + 1).padStart(2, "0")}`;
};

/** Runs of consecutive months. */
export function monthRanges(months: string[]): { start: string; end: string }[] {
  const out: { start: string; end: string }[] = [];
  for (const m of months) {
    const last = out[out.length - 1];
    if (last && nextMonth(last.end) === m) last.end = m;
    else out.push({ start: m, end: m });
  }
  return out;
}

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "2024-05" → "May 2024". */
export const monthName = (m: string) => `${MONTH_NAMES[Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}`;
const rangesText = (ranges: { start: string; end: string }[]) =>
  ranges
    .map((r) => (r.start === r.end ? monthName(r.start) : `${monthName(r.start)} – ${monthName(r.end)}`))
    .join(", ");

/** A date or month as its "YYYY-MM" month, or null when it is neither. */
export function monthOf(value: string): string | null {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const month = Number(m[2]);
  if (month < 1 || month > 12) return null;
  if (m[3] !== undefined) {
    const d = new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`);
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== `${m[1]}-${m[2]}-${m[3]}`) return null;
  }
  return `${m[1]}-${m[2]}`;
}

export type DateCheck =
  | { ok: true; start: string; end: string; months: string[] }
  | { ok: false; errors: Record<string, string[]> };

/**
 * Whether the leaderboard holds the range asked for: every month from start to end (by default the
 * first and last held) must have modelled revenues. No dates at all: all that is held. Messages name
 * the field, the months missing and the ranges held.
 */
export function checkDates(covered: string[], startDate?: string, endDate?: string): DateCheck {
  const ranges = monthRanges(covered);
  if (!covered.length)
    return {
      ok: false,
      errors: {
        _form: ["The GB leaderboard has no months of modelled revenues: no real GB prices are held."],
      },
    };
  // No dates: everything held (with any gap in it left out).
  if (!startDate && !endDate) return { ok: true, start: covered[0], end: covered.at(-1)!, months: covered };
  const errors: Record<string, string[]> = {};
  const start = startDate ? monthOf(startDate) : covered[0];
  const end = endDate ? monthOf(endDate) : covered[covered.length - 1];
  if (start === null) errors.start_date = ["start_date should be a date (YYYY-MM-DD) or a month (YYYY-MM)."];
  if (end === null) errors.end_date = ["end_date should be a date (YYYY-MM-DD) or a month (YYYY-MM)."];
  if (start && end && start > end) errors.end_date = ["end_date should be on or after start_date."];
  if (Object.keys(errors).length) return { ok: false, errors };
  const held = new Set(covered);
  const missing: string[] = [];
  for (let m = start!; m <= end!; m = nextMonth(m)) if (!held.has(m)) missing.push(m);
  if (missing.length) {
    const field = missing[0] === start ? "start_date" : missing.at(-1) === end ? "end_date" : "_form";
    return {
      ok: false,
      errors: {
        [field]: [
          `No modelled revenues for ${rangesText(monthRanges(missing))}: the GB leaderboard covers ${rangesText(ranges)}. Choose dates within it.`,
        ],
      },
    };
  }
  return { ok: true, start: start!, end: end!, months: covered.filter((m) => m >= start! && m <= end!) };
}

export interface RankedAsset {
  rank: number | null;
  assetId: string;
  name: string;
  ratedPower: number;
  energyCapacity: number;
  /** Nameplate energy ÷ power, hours. */
  durationHours: number;
  /** The duration modelled in the last year shown, after fade, hours. */
  modelledDurationHours: number;
  cyclesPerDay: number;
  operationalSince: string | null;
  gspGroup: string | null;
  tnuosZone: number | null;
  /** GBP per MW per year of TNUoS charged (negative: a credit; 0: not charged). */
  tnuosPerMWYear: number;
  revenuePerMW: (number | null)[];
  monthsOperating: number;
  totalPerMW: number;
  averagePerMWMonth: number | null;
}

/**
 * The leaderboard over `months`: each asset's revenue per MW in each month it operated (null
 * before), its average and total, ranked by the average (ties share a rank).
 */
export function leaderboard(assets: LeaderboardResultAsset[], months: string[]) {
  const modelled = assets.map((a) => {
    const byMonth = new Map(a.months.map((m) => [m.month, m]));
    const since = a.operationalSince?.slice(0, 7) ?? null;
    const values = months.map((m) => (since && m < since ? null : (byMonth.get(m)?.revenuePerMW ?? null)));
    const operating = values.filter((v): v is number => v !== null);
    const total = operating.reduce((x, y) => x + y, 0);
    const lastYear = Number((months.at(-1) ?? "0").slice(0, 4));
    const profile = a.profiles.find((p) => p.year === lastYear) ?? a.profiles.at(-1);
    return {
      assetId: a.assetId,
      name: a.name,
      ratedPower: a.ratedPower,
      energyCapacity: a.energyCapacity,
      durationHours: a.energyCapacity / a.ratedPower,
      modelledDurationHours: profile?.durationHours ?? a.energyCapacity / a.ratedPower,
      cyclesPerDay: profile?.cyclesPerDay ?? 0,
      operationalSince: a.operationalSince,
      gspGroup: a.gsp,
      tnuosZone: profile?.tnuosZone ?? null,
      tnuosPerMWYear: profile?.tnuosPerMWYear ?? 0,
      revenuePerMW: values,
      monthsOperating: operating.length,
      totalPerMW: total,
      averagePerMWMonth: operating.length ? total / operating.length : null,
    };
  });
  modelled.sort(
    (x, y) =>
      (y.averagePerMWMonth ?? -Infinity) - (x.averagePerMWMonth ?? -Infinity) || x.name.localeCompare(y.name),
  );
  let rank = 0;
  const ranked: RankedAsset[] = modelled.map((a, i) => {
    if (i === 0 || a.averagePerMWMonth !== modelled[i - 1].averagePerMWMonth) rank = i + 1;
    return { ...a, rank: a.averagePerMWMonth === null ? null : rank };
  });
  return { assets: ranked };
}
