// How close a price series is to a real one, in the terms a BESS revenue depends on: level, daily
// spread, price-duration curve, negative prices, spikes, and the hour-of-day and monthly shapes.
// Pure: both series come in as arrays on the same grid (NaN = no observation; the model is masked
// to the observed intervals). Used by the calibration CLI, the price-map derivation and the tests.
import type { MarketRegion } from "../types.ts";
import { correlation } from "./calibration.ts";
import type { LocalGrid } from "./calendar.ts";

/**
 * Price above which an interval counts as a spike, per market (currency/MWh): about twice the
 * base-year mean in GB, DE, ES and ERCOT; in the NEM the A$300 strike of the standard cap contract.
 */
export const SPIKE_THRESHOLD: Record<MarketRegion, number> = {
  GB: 150,
  DE: 200,
  ES: 150,
  ERCOT: 200,
  NEM: 300,
};

/** The acceptance bounds of issue 17 for a base year (the calibration test holds them). */
export const FIT_BOUNDS = {
  meanPct: 5,
  spreadPct: 15,
  percentilePct: 15,
  negativeSharePp: 1.5,
  spikeFactor: 2,
} as const;

export interface FitMetrics {
  n: number;
  mean: number;
  /** Mean over days of the day's max − min. */
  dailySpread: number;
  p1: number;
  p5: number;
  p50: number;
  p95: number;
  p99: number;
  negativeShare: number;
  zeroShare: number;
  /** Share of intervals above the market's spike threshold. */
  spikeShare: number;
  /** Mean price by local hour of day (24) and by month (12). */
  hourProfile: number[];
  monthProfile: number[];
}

export interface FitErrors {
  meanPct: number;
  spreadPct: number;
  /** Percentile errors in % of the observed percentile (or of a fifth of the mean price when the percentile is near zero). */
  p1Pct: number;
  p5Pct: number;
  p50Pct: number;
  p95Pct: number;
  p99Pct: number;
  /** Model − observed negative-price share, percentage points. */
  negativeSharePp: number;
  /** Model / observed share of intervals above the spike threshold. */
  spikeRatio: number;
  /** Correlation and RMSE (% of the observed mean) of the hour-of-day and monthly mean profiles. */
  hourProfileR: number;
  hourProfileRmsePct: number;
  monthProfileR: number;
  monthProfileRmsePct: number;
}

/** Statistics of `p` over the intervals where `mask` (default: p itself) is finite. */
export function fitMetrics(
  p: ArrayLike<number>,
  grid: Pick<LocalGrid, "hour" | "month" | "dayIndex">,
  spikeThreshold: number,
  mask: ArrayLike<number> = p,
): FitMetrics {
  const { hour: hourOfDay, month, dayIndex } = grid;
  const v: number[] = [];
  let s = 0;
  let neg = 0;
  let zero = 0;
  let spike = 0;
  const hs = new Float64Array(24);
  const hc = new Float64Array(24);
  const ms = new Float64Array(12);
  const mc = new Float64Array(12);
  for (let i = 0; i < p.length; i++) {
    const x = p[i];
    if (!Number.isFinite(x) || !Number.isFinite(mask[i])) continue;
    v.push(x);
    s += x;
    if (x < 0) neg++;
    else if (x === 0) zero++;
    if (x > spikeThreshold) spike++;
    const h = Math.floor(hourOfDay[i]);
    hs[h] += x;
    hc[h]++;
    ms[month[i]] += x;
    mc[month[i]]++;
  }
  const n = v.length;
  const sorted = Float64Array.from(v).sort();
  const q = (f: number) => sorted[Math.min(n - 1, Math.max(0, Math.round(f * (n - 1))))];
  // daily spread over local calendar days with at least 80 % of their intervals observed
  let spread = 0;
  let days = 0;
  let perDay = 0;
  for (let i = 0; i < p.length && dayIndex[i] === dayIndex[0]; i++) perDay++;
  perDay = Math.max(perDay, Math.round(p.length / 366));
  let start = 0;
  for (let i = 1; i <= p.length; i++) {
    if (i < p.length && dayIndex[i] === dayIndex[start]) continue;
    let mx = -Infinity;
    let mn = Infinity;
    let ok = 0;
    for (let j = start; j < i; j++) {
      const x = p[j];
      if (!Number.isFinite(x) || !Number.isFinite(mask[j])) continue;
      ok++;
      if (x > mx) mx = x;
      if (x < mn) mn = x;
    }
    if (ok >= perDay * 0.8) {
      spread += mx - mn;
      days++;
    }
    start = i;
  }
  return {
    n,
    mean: s / n,
    dailySpread: days ? spread / days : NaN,
    p1: q(0.01),
    p5: q(0.05),
    p50: q(0.5),
    p95: q(0.95),
    p99: q(0.99),
    negativeShare: neg / n,
    zeroShare: zero / n,
    spikeShare: spike / n,
    hourProfile: Array.from(hs, (x, k) => (hc[k] ? x / hc[k] : NaN)),
    monthProfile: Array.from(ms, (x, k) => (mc[k] ? x / mc[k] : NaN)),
  };
}

function profileRmsePct(o: number[], m: number[], mean: number): number {
  let se = 0;
  let c = 0;
  for (let k = 0; k < o.length; k++)
    if (Number.isFinite(o[k]) && Number.isFinite(m[k])) {
      se += (o[k] - m[k]) ** 2;
      c++;
    }
  return (100 * Math.sqrt(se / Math.max(c, 1))) / Math.abs(mean);
}

export function fitErrors(obs: FitMetrics, model: FitMetrics): FitErrors {
  const pct = (m: number, o: number) => (100 * (m - o)) / Math.abs(o);
  const level = 0.2 * Math.abs(obs.mean);
  const pq = (m: number, o: number) => (100 * (m - o)) / Math.max(Math.abs(o), level);
  const finite = (a: number[]) => a.map((x) => (Number.isFinite(x) ? x : NaN));
  return {
    meanPct: pct(model.mean, obs.mean),
    spreadPct: pct(model.dailySpread, obs.dailySpread),
    p1Pct: pq(model.p1, obs.p1),
    p5Pct: pq(model.p5, obs.p5),
    p50Pct: pq(model.p50, obs.p50),
    p95Pct: pq(model.p95, obs.p95),
    p99Pct: pq(model.p99, obs.p99),
    negativeSharePp: 100 * (model.negativeShare - obs.negativeShare),
    spikeRatio: obs.spikeShare > 0 ? model.spikeShare / obs.spikeShare : model.spikeShare > 0 ? Infinity : 1,
    hourProfileR: correlation(finite(obs.hourProfile), finite(model.hourProfile)),
    hourProfileRmsePct: profileRmsePct(obs.hourProfile, model.hourProfile, obs.mean),
    monthProfileR: correlation(finite(obs.monthProfile), finite(model.monthProfile)),
    monthProfileRmsePct: profileRmsePct(obs.monthProfile, model.monthProfile, obs.mean),
  };
}

/** The acceptance bounds a set of errors breaks (empty when it holds all of them). */
export function boundsBroken(e: FitErrors): string[] {
  const b = FIT_BOUNDS;
  const out: string[] = [];
  if (!(Math.abs(e.meanPct) <= b.meanPct)) out.push(`mean ${e.meanPct.toFixed(1)} %`);
  if (!(Math.abs(e.spreadPct) <= b.spreadPct)) out.push(`daily spread ${e.spreadPct.toFixed(1)} %`);
  for (const [k, v] of [
    ["P5", e.p5Pct],
    ["P50", e.p50Pct],
    ["P95", e.p95Pct],
  ] as const)
    if (!(Math.abs(v) <= b.percentilePct)) out.push(`${k} ${v.toFixed(1)} %`);
  if (!(Math.abs(e.negativeSharePp) <= b.negativeSharePp))
    out.push(`negative share ${e.negativeSharePp.toFixed(2)} pp`);
  if (!(e.spikeRatio <= b.spikeFactor && e.spikeRatio >= 1 / b.spikeFactor))
    out.push(`spike share ×${e.spikeRatio.toFixed(2)}`);
  return out;
}
