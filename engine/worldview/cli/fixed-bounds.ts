// CLI/test-only: 2025 out of sample against bounds fixed in advance (issue 26, acceptances 2 and 3;
// decision 0231), beside decision 0216's derived bounds (out-of-sample.ts). The bounds below were
// written down before any figure was measured and are never widened to make a row pass.
//
// Acceptance 2: each system's Central power-price download as hourly means against real 2025
// (mean, mean daily max–min spread over local days, share of negative hours).
// Acceptance 3: ERCOT's real-time tail (standard deviation, intervals above $500, 99.9th
// percentile). The real series held is the hourly mean of ERCOT's 15-minute real-time prices
// (HB_HUBAVG): no 15-minute real series is in the shared data, so the tail is compared on hourly
// means on both sides (the model's 15-minute prices averaged to the hour), and the model's own
// 15-minute figures are printed beside it.
import { intervalsInYear } from "../calendar.ts";
import { fitMetrics } from "../market-fit.ts";
import { resample } from "../model.ts";
import { computeMarketYear } from "../world-view.ts";
import * as data from "./base-data.ts";
import { centralScenario, clearingMinutes, targetGrid, WEATHER_DRAWS } from "./fit-report.ts";
import { priceTargets, type PriceTarget } from "./targets.ts";

/** Issue 26's bounds, fixed before measuring. */
export const FIXED_BOUNDS = {
  /** Acceptance 2: GB, DE, ES, ERCOT and NSW1 (full-year data). */
  fullYear: { meanPct: 10, spreadPct: 20, negativeHoursPp: 2 },
  /** Acceptance 2: NEM regions with 5-minute 2025 data (January–April for QLD1 and SA1). */
  nemFiveMinute: { spreadPct: 25, negativeHoursPp: 4 },
  /** Acceptance 3: ERCOT real time 2025. */
  ercotRealTime: { stdPct: 25, above500Pct: 50, p999Pct: 40 },
} as const;

const NEM_FIVE_MINUTE = ["SA1", "VIC1", "QLD1"];

export interface FixedCheck {
  metric: string;
  real: number;
  model: number;
  /** Model − real, in % of real (or points for shares). */
  error: number;
  /** Allowed |error|; undefined = printed, not bounded. */
  bound?: number;
  ok: boolean;
}

export interface FixedRow {
  system: string;
  coverage: number;
  checks: FixedCheck[];
}

function check(metric: string, real: number, model: number, bound?: number, points = false): FixedCheck {
  const error = points ? model - real : (100 * (model - real)) / Math.abs(real);
  return { metric, real, model, error, bound, ok: bound === undefined || Math.abs(error) <= bound };
}

/** The Central world view's price of a target's year at the clearing interval, and as hourly means. */
function modelPrices(t: PriceTarget, weatherKey = "wv"): { clearing: Float64Array; hourly: Float64Array } {
  const res = clearingMinutes(t.region);
  const d = computeMarketYear(t.region, centralScenario(t.region), t.year, {
    zone: t.region === "NEM" ? t.system : undefined,
    intervalMinutes: res,
    weatherKey,
  });
  const clearing = d.marketYear.energyPrice;
  return { clearing, hourly: resample(clearing, res, 60, intervalsInYear(t.year, 60)) };
}

function hourlyObserved(t: PriceTarget): Float64Array {
  return t.intervalMinutes === 60
    ? t.observed
    : resample(t.observed, t.intervalMinutes, 60, intervalsInYear(t.year, 60));
}

/** Acceptance 2 for every system with real 2025 data (TAS1 is printed without bounds). */
export function hourlyDownloadRows(only?: string): FixedRow[] {
  return priceTargets(2025, only).map((t) => {
    const obs = hourlyObserved(t);
    const grid = targetGrid({ ...t, intervalMinutes: 60 });
    const real = fitMetrics(obs, grid, Infinity);
    const model = fitMetrics(modelPrices(t).hourly, grid, Infinity, obs);
    const full = ["GB", "DE", "ES", "ERCOT", "NSW1"].includes(t.system);
    const nem5 = NEM_FIVE_MINUTE.includes(t.system);
    const b = full ? FIXED_BOUNDS.fullYear : nem5 ? FIXED_BOUNDS.nemFiveMinute : undefined;
    return {
      system: t.system,
      coverage: t.coverage,
      checks: [
        check("mean", real.mean, model.mean, full ? FIXED_BOUNDS.fullYear.meanPct : undefined),
        check("daily spread", real.dailySpread, model.dailySpread, b?.spreadPct),
        check(
          "negative hours %",
          100 * real.negativeShare,
          100 * model.negativeShare,
          b?.negativeHoursPp,
          true,
        ),
      ],
    };
  });
}

export interface TailStats {
  n: number;
  std: number;
  above500: number;
  above1000: number;
  p999: number;
  max: number;
  /** Median of the daily max − min spreads (local days): the routine day, not the spike days. */
  medianDailySpread: number;
}

/**
 * Tail statistics of `p` over the intervals where `mask` is finite; daily spreads over local days
 * with at least 80 % of `perDay` intervals observed.
 */
export function tailStats(
  p: ArrayLike<number>,
  mask: ArrayLike<number>,
  dayIndex: ArrayLike<number>,
  perDay: number,
): TailStats {
  const v: number[] = [];
  const spreads: number[] = [];
  let mx = -Infinity;
  let mn = Infinity;
  let count = 0;
  for (let i = 0; i < p.length; i++) {
    if (Number.isFinite(p[i]) && Number.isFinite(mask[i])) {
      v.push(p[i]);
      mx = Math.max(mx, p[i]);
      mn = Math.min(mn, p[i]);
      count++;
    }
    if (i === p.length - 1 || dayIndex[i + 1] !== dayIndex[i]) {
      if (count >= 0.8 * perDay) spreads.push(mx - mn);
      mx = -Infinity;
      mn = Infinity;
      count = 0;
    }
  }
  const n = v.length;
  const mean = v.reduce((a, b) => a + b, 0) / n;
  const std = Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / n);
  const s = Float64Array.from(v).sort();
  spreads.sort((a, b) => a - b);
  return {
    n,
    std,
    above500: v.filter((x) => x > 500).length,
    above1000: v.filter((x) => x > 1000).length,
    p999: s[Math.round(0.999 * (n - 1))],
    max: s[n - 1],
    medianDailySpread: spreads[Math.floor(spreads.length / 2)],
  };
}

export interface ErcotTail {
  real: TailStats;
  /** The product's 2025 (weather draw "wv") as hourly means, masked to the real hours. */
  model: TailStats;
  /** The same at 15 minutes (no real 15-minute series to hold it against). */
  model15: TailStats;
  checks: FixedCheck[];
  /** The hourly figures over the eight weather draws of 2025 (context: the tail is a few events). */
  draws: Array<{ weatherKey: string; hourly: TailStats }>;
}

/** Acceptance 3 (and ERCOT's real-time context). */
export function ercotRealTimeTail(withDraws = false): ErcotTail | null {
  const t = priceTargets(2025, "ERCOT")[0];
  if (!t) return null;
  const grid = targetGrid(t);
  const g15 = targetGrid({ ...t, intervalMinutes: 15 });
  const real = tailStats(t.observed, t.observed, grid.dayIndex, 24);
  const stats = (key: string) => {
    const m = modelPrices(t, key);
    return {
      hourly: tailStats(m.hourly, t.observed, grid.dayIndex, 24),
      q: tailStats(m.clearing, m.clearing, g15.dayIndex, 96),
    };
  };
  const product = stats("wv");
  const b = FIXED_BOUNDS.ercotRealTime;
  return {
    real,
    model: product.hourly,
    model15: product.q,
    checks: [
      check("std", real.std, product.hourly.std, b.stdPct),
      check("hours above $500", real.above500, product.hourly.above500, b.above500Pct),
      check("p99.9", real.p999, product.hourly.p999, b.p999Pct),
      check("hours above $1,000", real.above1000, product.hourly.above1000),
      check("max", real.max, product.hourly.max),
      // the issue's "routine daily spreads stay right" (item 3), held with acceptance 2's spread bound
      check(
        "median daily spread",
        real.medianDailySpread,
        product.hourly.medianDailySpread,
        FIXED_BOUNDS.fullYear.spreadPct,
      ),
    ],
    draws: withDraws ? WEATHER_DRAWS.map((k) => ({ weatherKey: k, hourly: stats(k).hourly })) : [],
  };
}

/**
 * ERCOT's winter tail: real 2026 January–March (the hours the shared data hold; a winter storm on
 * 25–28 January) against the Central world view's 2026 on the same hours, hourly means. Not out of
 * sample (2026 Q1 is a fitting year, decisions 0246, 0247): it shows whether the model has winter
 * scarcity at all, held with acceptance 3's bound on hours above $500 (±50 %).
 */
export function ercotWinterTail(): { real: TailStats; model: TailStats; check: FixedCheck } | null {
  const t = priceTargets(2025, "ERCOT")[0];
  const observed = data.readErcot("HB_HUBAVG", 2026)?.price.values;
  if (!t || !observed) return null;
  const day = targetGrid({ ...t, year: 2026 }).dayIndex;
  const real = tailStats(observed, observed, day, 24);
  const model = tailStats(modelPrices({ ...t, year: 2026 }).hourly, observed, day, 24);
  const b = FIXED_BOUNDS.ercotRealTime.above500Pct;
  return { real, model, check: check("hours above $500", real.above500, model.above500, b) };
}

/** Real day-ahead and real-time HB_HUBAVG of a year, hour by hour (DART context). */
export function realDart(year: number): { meanDart: number; stdDart: number; rtAboveDaShare: number } | null {
  const rt = data.readErcot("HB_HUBAVG", year);
  const da = data.readErcotDayAhead("HB_HUBAVG", year);
  if (!rt || !da) return null;
  const d: number[] = [];
  rt.price.values.forEach((r, i) => {
    const a = da.price.values[i];
    if (Number.isFinite(r) && Number.isFinite(a)) d.push(r - a);
  });
  const mean = d.reduce((x, y) => x + y, 0) / d.length;
  return {
    meanDart: mean,
    stdDart: Math.sqrt(d.reduce((x, y) => x + (y - mean) ** 2, 0) / d.length),
    rtAboveDaShare: d.filter((x) => x > 0).length / d.length,
  };
}

/** The printed report of `npm run worldview:out-of-sample` (its second part). */
export function fixedBoundsReport(only?: string): string[] {
  const f = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(1));
  const line = (c: FixedCheck) =>
    `${c.metric} ${f(c.real)}→${f(c.model)} ${c.error >= 0 ? "+" : ""}${f(c.error)}${c.metric.endsWith("%") ? "pp" : "%"}` +
    (c.bound === undefined ? "" : ` (±${c.bound}${c.ok ? "" : " OUTSIDE"})`);
  const out = [
    "",
    "2025 out of sample, fixed bounds (issue 26, acceptance 2): Central power-price download as hourly means, real→model",
  ];
  for (const r of hourlyDownloadRows(only))
    out.push(
      `${r.system.padEnd(6)}${(100 * r.coverage).toFixed(0).padStart(4)}%  ${r.checks.map(line).join("  ")}`,
    );
  if (only && only !== "ERCOT") return out;
  const tail = ercotRealTimeTail(true);
  if (!tail) return out;
  const s = (x: TailStats) =>
    `std ${f(x.std)}  >$500 ${x.above500}  >$1,000 ${x.above1000}  p99.9 ${f(x.p999)}  max ${f(x.max)}  median daily spread ${f(x.medianDailySpread)}`;
  out.push(
    "",
    "ERCOT real time 2025 (acceptance 3), HB_HUBAVG hourly means of 15-minute prices (no real 15-minute series is held): real→model",
    "       " + tail.checks.map(line).join("  "),
    `real             ${s(tail.real)}`,
    `model (hourly)   ${s(tail.model)}`,
    `model (15 min)   ${s(tail.model15)}   (counts are quarter-hours)`,
    "weather draws of 2025 (hourly means; the product uses wv):",
    ...tail.draws.map((d) => `  ${d.weatherKey.padEnd(6)} ${s(d.hourly)}`),
  );
  const winter = ercotWinterTail();
  if (winter)
    out.push(
      `ERCOT 2026 January–March (a fitting year, not out of sample): ${line(winter.check)}`,
      `  real   ${s(winter.real)}`,
      `  model  ${s(winter.model)}`,
    );
  for (const y of [2024, 2025]) {
    const d = realDart(y);
    if (d)
      out.push(
        `real DART ${y} (RT − DA, HB_HUBAVG hourly): mean ${f(d.meanDart)}  std ${f(d.stdDart)}  RT above DA in ${(100 * d.rtAboveDaShare).toFixed(0)} % of hours`,
      );
  }
  return out;
}
