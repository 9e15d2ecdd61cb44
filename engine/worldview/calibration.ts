// Calibration of the price model on a base year of real prices (pure: the CLI passes data in).
// Metrics: mean, mean daily max–min spread, correlation, price-duration-curve error, negative share.
// Search: coordinate descent over the behavioural parameters of merit-order.ts (mark-up, bid noise,
// scarcity, neighbour factor, negative-bid depth), minimising a weighted error on those metrics.
import { clearPrices, type PriceParams, type SystemYear } from "./merit-order.ts";
import type { Drivers } from "./drivers.ts";
import type { LocalGrid } from "./calendar.ts";

export interface PriceStats {
  n: number;
  mean: number;
  std: number;
  /** Mean over days of (max − min) within the day (chunks of `perDay` intervals). */
  dailySpread: number;
  p1: number;
  p5: number;
  p50: number;
  p95: number;
  p99: number;
  min: number;
  max: number;
  negativeShare: number;
  /** Share of intervals at exactly zero (a model artefact when it is large: real markets rarely clear at 0.00). */
  zeroShare: number;
}

export function priceStats(p: ArrayLike<number>, perDay: number): PriceStats {
  const v: number[] = [];
  for (let i = 0; i < p.length; i++) if (Number.isFinite(p[i])) v.push(p[i]);
  const n = v.length;
  let s = 0;
  let s2 = 0;
  let neg = 0;
  let zero = 0;
  for (const x of v) {
    s += x;
    s2 += x * x;
    if (x < 0) neg++;
    else if (x === 0) zero++;
  }
  const mean = s / n;
  const sorted = Float64Array.from(v).sort();
  const q = (f: number) => sorted[Math.min(n - 1, Math.max(0, Math.round(f * (n - 1))))];
  let spread = 0;
  let days = 0;
  for (let i = 0; i + perDay <= p.length; i += perDay) {
    let mx = -Infinity;
    let mn = Infinity;
    let ok = 0;
    for (let j = i; j < i + perDay; j++) {
      const x = p[j];
      if (!Number.isFinite(x)) continue;
      ok++;
      if (x > mx) mx = x;
      if (x < mn) mn = x;
    }
    if (ok >= perDay * 0.8) {
      spread += mx - mn;
      days++;
    }
  }
  return {
    n,
    mean,
    std: Math.sqrt(Math.max(0, s2 / n - mean * mean)),
    dailySpread: days ? spread / days : NaN,
    p1: q(0.01),
    p5: q(0.05),
    p50: q(0.5),
    p95: q(0.95),
    p99: q(0.99),
    min: sorted[0],
    max: sorted[n - 1],
    negativeShare: neg / n,
    zeroShare: zero / n,
  };
}

/** Pearson correlation over pairs where both are finite. */
export function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let n = 0,
    sa = 0,
    sb = 0,
    saa = 0,
    sbb = 0,
    sab = 0;
  const m = Math.min(a.length, b.length);
  for (let i = 0; i < m; i++) {
    const x = a[i];
    const y = b[i];
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    n++;
    sa += x;
    sb += y;
    saa += x * x;
    sbb += y * y;
    sab += x * y;
  }
  const cov = sab / n - (sa / n) * (sb / n);
  const va = saa / n - (sa / n) ** 2;
  const vb = sbb / n - (sb / n) ** 2;
  return cov / Math.sqrt(va * vb);
}

/** Price-duration curve at percentiles 1..99 (descending duration = ascending percentile here). */
export function durationCurve(p: ArrayLike<number>): number[] {
  const v: number[] = [];
  for (let i = 0; i < p.length; i++) if (Number.isFinite(p[i])) v.push(p[i]);
  const s = Float64Array.from(v).sort();
  const out: number[] = [];
  for (let k = 1; k <= 99; k++) out.push(s[Math.round((k / 100) * (s.length - 1))]);
  return out;
}

export interface CalibrationError {
  observed: PriceStats;
  model: PriceStats;
  meanError: number;
  meanErrorPct: number;
  spreadError: number;
  spreadErrorPct: number;
  /** Interval-by-interval correlation (meaningful only when drivers are observed). */
  correlation: number;
  /** Correlation of the mean hour-of-day × month profile (shape agreement, any drivers). */
  profileCorrelation: number;
  /** RMSE between the model and observed price-duration curves (percentiles 1..99), currency/MWh. */
  pdcRmse: number;
  /** Same, relative to the observed mean absolute price. */
  pdcRmsePct: number;
  negativeShareError: number;
}

/**
 * Error of a model series against an observed series on the same grid (NaN = missing).
 * `hourOfDay` and `month` index each interval for the profile correlation.
 */
export function calibrationError(
  obs: ArrayLike<number>,
  model: ArrayLike<number>,
  perDay: number,
  hourOfDay: ArrayLike<number>,
  month: ArrayLike<number>,
): CalibrationError {
  const m = new Float64Array(model.length);
  for (let i = 0; i < model.length; i++) m[i] = Number.isFinite(obs[i]) ? model[i] : NaN;
  const so = priceStats(obs, perDay);
  const sm = priceStats(m, perDay);
  const po = durationCurve(obs);
  const pm = durationCurve(m);
  let se = 0;
  for (let k = 0; k < po.length; k++) se += (po[k] - pm[k]) ** 2;
  const pdcRmse = Math.sqrt(se / po.length);
  let absMean = 0;
  let cnt = 0;
  for (let i = 0; i < obs.length; i++)
    if (Number.isFinite(obs[i])) {
      absMean += Math.abs(obs[i]);
      cnt++;
    }
  absMean /= cnt;
  const prof = (x: ArrayLike<number>) => {
    const sum = new Float64Array(288);
    const c = new Float64Array(288);
    for (let i = 0; i < x.length; i++) {
      if (!Number.isFinite(x[i]) || !Number.isFinite(obs[i])) continue;
      const k = month[i] * 24 + Math.floor(hourOfDay[i]);
      sum[k] += x[i];
      c[k]++;
    }
    return Array.from(sum, (s, k) => (c[k] ? s / c[k] : NaN));
  };
  return {
    observed: so,
    model: sm,
    meanError: sm.mean - so.mean,
    meanErrorPct: (100 * (sm.mean - so.mean)) / Math.abs(so.mean),
    spreadError: sm.dailySpread - so.dailySpread,
    spreadErrorPct: (100 * (sm.dailySpread - so.dailySpread)) / so.dailySpread,
    correlation: correlation(obs, m),
    profileCorrelation: correlation(prof(obs), prof(m)),
    pdcRmse,
    pdcRmsePct: (100 * pdcRmse) / absMean,
    negativeShareError: sm.negativeShare - so.negativeShare,
  };
}

/** Scalar loss used by the search. */
export function calibrationLoss(e: CalibrationError, useCorrelation: boolean): number {
  const l =
    Math.abs(e.meanErrorPct) / 100 +
    (0.6 * Math.abs(e.spreadErrorPct)) / 100 +
    e.pdcRmsePct / 100 +
    2 * Math.abs(e.negativeShareError) +
    (useCorrelation && Number.isFinite(e.correlation) ? 0.5 * (1 - e.correlation) : 0);
  return Number.isFinite(l) ? l : 1e9;
}

// the shortfall severity (decision 0246) is fitted by cli/fit-ordc.ts, not by this search
export type SearchedParam = Exclude<keyof PriceParams, "shortfallSeverity">;

export const SEARCH_SPACE: Record<SearchedParam, number[]> = {
  markupA: [0, 0.1, 0.25, 0.5, 1, 2, 3, 5],
  markupK: [1, 2, 3, 5, 8],
  noiseSigma: [0.03, 0.08, 0.15, 0.25, 0.4, 0.6],
  noisePhi: [0.9, 0.97],
  subHourlyNoise: [0.02, 0.05, 0.1],
  scarcityM0: [-0.02, 0, 0.02, 0.05, 0.1, 0.15],
  scarcitySigma: [0.01, 0.02, 0.04, 0.07, 0.1],
  neighbourFactor: [0.75, 0.85, 0.95, 1.05, 1.2],
  neighbourCoupling: [0, 0.15, 0.3, 0.45, 0.6],
  negDepth: [0.1, 0.3, 0.6, 1, 2, 4],
  withholdShare: [0, 0.1, 0.2, 0.3, 0.45],
  withholdPrice: [1, 1.5, 2.5, 4],
  spreadNoise: [0, 0.1, 0.2, 0.4],
  storageReserveShare: [0.5, 1],
};

export interface CalibrationCase {
  sy: SystemYear;
  drivers: Drivers;
  grid: LocalGrid;
  intervalMinutes: number;
  seed: number;
  observed: ArrayLike<number>;
  perDay: number;
  useCorrelation: boolean;
  weight: number;
  neighbourPrice?: Float64Array;
}

export function evaluateCases(
  cases: CalibrationCase[],
  params: PriceParams,
): { loss: number; errors: CalibrationError[] } {
  let loss = 0;
  const errors: CalibrationError[] = [];
  for (const c of cases) {
    const sy = { ...c.sy, params };
    const r = clearPrices(sy, c.drivers, c.grid, c.intervalMinutes, c.seed, {
      neighbourPrice: c.neighbourPrice,
    });
    const e = calibrationError(c.observed, r.price, c.perDay, c.grid.hour, c.grid.month);
    errors.push(e);
    loss += c.weight * calibrationLoss(e, c.useCorrelation);
  }
  return { loss, errors };
}

/** Coordinate-descent search over SEARCH_SPACE from `start`; deterministic. */
export function searchParams(
  cases: CalibrationCase[],
  start: PriceParams,
  opts: { passes?: number; keys?: SearchedParam[] } = {},
): { params: PriceParams; loss: number } {
  let best = { ...start };
  let bestLoss = evaluateCases(cases, best).loss;
  const keys = opts.keys ?? (Object.keys(SEARCH_SPACE) as SearchedParam[]);
  for (let pass = 0; pass < (opts.passes ?? 2); pass++) {
    let improved = false;
    for (const k of keys) {
      for (const v of SEARCH_SPACE[k]) {
        if (v === best[k]) continue;
        const cand = { ...best, [k]: v };
        const l = evaluateCases(cases, cand).loss;
        if (l < bestLoss - 1e-6) {
          best = cand;
          bestLoss = l;
          improved = true;
        }
      }
    }
    if (!improved) break;
  }
  return { params: best, loss: bestLoss };
}
