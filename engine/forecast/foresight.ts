// Realistic foresight (decision 0117): a schedule is decided on a forecast built only from what
// is known when the decision is taken, and settled at the actual prices. Perfect foresight (the
// schedule optimised on the actual prices) stays available as the upper bound.
//
// Cheap by design: a forecast is a price series of its own, built in one pass over the actual
// series (each day from the days before it), so a realistic schedule is the same solve as a
// perfect one, on the forecast instead of the actual prices, then settled at the actual prices.
import type { DispatchProblem, DispatchResult } from "../dispatch/types.ts";
import type { MarketRegion } from "../types.ts";
import { scheduleResult } from "../dispatch/result.ts";
import { problemDays } from "../dispatch/formulation.ts";
import { chainParams } from "../dispatch/fast.ts";
import { bidSchedule } from "../dispatch/bidding.ts";
import { waterValueSchedule } from "../dispatch/water-value.ts";
import { offerSchedule, SPOT_OFFERS, type OfferRule } from "../dispatch/offers.ts";

export type Foresight = "realistic" | "perfect";

/**
 * How a day's prices are forecast at gate closure (the day before): a blend of the last known
 * day (yesterday) and the mean shape of the last `windowDays` known days, interval of day by
 * interval of day. `weightLastDay` 0.5 and 7 days capture most on the real series of every
 * market (measured in decision 0117); the first day of a series, with nothing known, is
 * forecast flat (no trade).
 */
export interface ForecastRule {
  weightLastDay: number;
  windowDays: number;
}

export const DEFAULT_FORECAST_RULE: ForecastRule = { weightLastDay: 0.5, windowDays: 7 };

/**
 * The day-ahead forecast of `actual`: for every interval, the blend of the same interval of
 * day one day earlier and the mean of the same interval over the `windowDays` days before.
 * Only earlier days are read, so the forecast of a day never knows that day.
 */
export function laggedForecast(
  actual: Float64Array,
  intervalMinutes: number,
  rule: ForecastRule = DEFAULT_FORECAST_RULE,
): Float64Array {
  const n = actual.length;
  const per = Math.round(1440 / intervalMinutes);
  const out = new Float64Array(n);
  // first day: nothing known yet → the first interval's price, flat (no spread to trade)
  const first = n ? actual[0] : 0;
  for (let t = 0; t < n; t++) {
    if (t < per) {
      out[t] = first;
      continue;
    }
    let sum = 0;
    let k = 0;
    for (let j = 1; j <= rule.windowDays && t - j * per >= 0; j++) {
      sum += actual[t - j * per];
      k++;
    }
    out[t] = rule.weightLastDay * actual[t - per] + (1 - rule.weightLastDay) * (sum / k);
  }
  return out;
}

/**
 * Forecast of a later price (real-time, imbalance) once the day-ahead price is known: the
 * day-ahead price plus the mean deviation (later − day-ahead) at the same interval of day over
 * the `windowDays` days before — where that mean shows an edge over the cost of trading on it.
 * The cost is the deviation's own spread: its mean absolute difference from the mean over the
 * same days. A mean deviation smaller than that is noise, and re-trading on it loses money on
 * the real series (decision 0119), so only the part beyond it is kept: the forecast is the
 * day-ahead price plus sign(m)·max(0, |m| − spread).
 */
export function spreadForecast(
  dayAhead: Float64Array,
  later: Float64Array,
  intervalMinutes: number,
  windowDays = DEFAULT_FORECAST_RULE.windowDays,
): Float64Array {
  const n = dayAhead.length;
  const per = Math.round(1440 / intervalMinutes);
  const out = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    let sum = 0;
    let k = 0;
    for (let j = 1; j <= windowDays && t - j * per >= 0; j++) {
      sum += later[t - j * per] - dayAhead[t - j * per];
      k++;
    }
    const m = k ? sum / k : 0;
    let spread = 0;
    for (let j = 1; j <= k; j++) spread += Math.abs(later[t - j * per] - dayAhead[t - j * per] - m) / k;
    out[t] = dayAhead[t] + Math.sign(m) * Math.max(0, Math.abs(m) - spread);
  }
  return out;
}

/** RMS(forecast − actual) ÷ std(actual). */
export function relativeError(actual: Float64Array, forecast: Float64Array): number {
  const n = actual.length;
  if (!n) return 0;
  let mean = 0;
  for (let t = 0; t < n; t++) mean += actual[t] / n;
  let e = 0;
  let v = 0;
  for (let t = 0; t < n; t++) {
    e += (forecast[t] - actual[t]) ** 2;
    v += (actual[t] - mean) ** 2;
  }
  return v > 0 ? Math.sqrt(e / v) : 0;
}

/**
 * What a forecast's errors cost a battery, without a solve (decision 0136): each day (from the
 * second: the first is forecast flat), the actual prices of the 2 hours the forecast ranks dearest
 * less those of the 2 hours it ranks cheapest, summed over the days, ÷ the same for the 2 hours the
 * actual itself ranks dearest and cheapest. 1: the forecast picks the day's spread as well as
 * hindsight. (The relative RMS error (decision 0117) measured the errors' size, not their cost:
 * ERCOT's real 2024 day-ahead prices, spiky but regular in shape, have a relative error of 1.00
 * and a capture of 88 %; its world view's, less regular, 1.08 and 35 %.)
 */
export function spreadSkill(actual: Float64Array, forecast: Float64Array, intervalMinutes: number): number {
  const best = hindsightSpread(actual, intervalMinutes);
  return best > 0 ? forecastSpread(actual, forecast, intervalMinutes) / best : 1;
}

/** The day's k dearest less its k cheapest actual prices, summed over the days (spreadSkill's denominator). */
function hindsightSpread(actual: Float64Array, intervalMinutes: number): number {
  const per = Math.round(1440 / intervalMinutes);
  const k = Math.max(1, Math.round(120 / intervalMinutes));
  let best = 0;
  for (let d = per; d + per <= actual.length; d += per) {
    const day = actual.slice(d, d + per).sort();
    for (let i = 0; i < k; i++) best += day[per - 1 - i] - day[i];
  }
  return best;
}

/**
 * spreadSkill's numerator: each day, the actual prices of the k intervals the forecast ranks
 * dearest less those of the k it ranks cheapest. The ranks are those of a stable sort of the day's
 * intervals by forecast (ties in time order), found by keeping the k lowest and k highest in
 * order while the day is read once (decision 0519: the sort with a comparator, run 21 times a
 * year by errorScale's bisection, was a third of an NEM year); the same intervals in the same
 * order, so the same sum to the bit. A forecast holding NaN is ranked by the sort itself.
 */
function forecastSpread(actual: Float64Array, forecast: Float64Array, intervalMinutes: number): number {
  const per = Math.round(1440 / intervalMinutes);
  const k = Math.max(1, Math.round(120 / intervalMinutes));
  let got = 0;
  let nan = false;
  for (let t = 0; t < forecast.length && !nan; t++) nan = forecast[t] !== forecast[t];
  if (nan) {
    const idx = new Int32Array(per);
    const byForecast = (a: number, b: number) => forecast[a] - forecast[b];
    for (let d = per; d + per <= actual.length; d += per) {
      for (let i = 0; i < per; i++) idx[i] = d + i;
      idx.sort(byForecast);
      for (let i = 0; i < k; i++) got += actual[idx[per - 1 - i]] - actual[idx[i]];
    }
    return got;
  }
  const low = new Int32Array(k);
  const high = new Int32Array(k);
  for (let d = per; d + per <= actual.length; d += per) {
    let nl = 0;
    let nh = 0;
    for (let t = d; t < d + per; t++) {
      const v = forecast[t];
      // low[0 … nl): ascending, a tie after the earlier interval (a later one sorts after it)
      if (nl < k || v < forecast[low[nl - 1]]) {
        let q = nl < k ? nl++ : k - 1;
        while (q > 0 && v < forecast[low[q - 1]]) {
          low[q] = low[q - 1];
          q--;
        }
        low[q] = t;
      }
      // high[0 … nh): the sort's last first, so a tie before the earlier interval
      if (nh < k || v >= forecast[high[nh - 1]]) {
        let q = nh < k ? nh++ : k - 1;
        while (q > 0 && v >= forecast[high[q - 1]]) {
          high[q] = high[q - 1];
          q--;
        }
        high[q] = t;
      }
    }
    for (let i = 0; i < k; i++) got += actual[high[i]] - actual[low[i]];
  }
  return got;
}

/** Each day's prices replaced by their ranks within the day (0 the cheapest; ties their mean rank). */
export function dayRanks(x: Float64Array, intervalMinutes: number): Float64Array {
  const per = Math.round(1440 / intervalMinutes);
  const out = new Float64Array(x.length);
  const idx = new Int32Array(per);
  for (let d = 0; d + per <= x.length; d += per) {
    for (let i = 0; i < per; i++) idx[i] = d + i;
    idx.sort((a, b) => x[a] - x[b]);
    for (let r = 0; r < per; ) {
      let e = r + 1;
      while (e < per && x[idx[e]] === x[idx[r]]) e++;
      for (let i = r; i < e; i++) out[idx[i]] = (r + e - 1) / 2;
      r = e;
    }
  }
  return out;
}

/**
 * How well a forecast orders each day's intervals (decision 0139, a diagnostic): the spread skill
 * with each day's actual prices replaced by their ranks within the day, so that every interval
 * counts alike and a few spikes do not make the figure.
 */
export function rankSkill(actual: Float64Array, forecast: Float64Array, intervalMinutes: number): number {
  return spreadSkill(dayRanks(actual, intervalMinutes), forecast, intervalMinutes);
}

/**
 * The lagged forecast's spread skill on the real day-ahead (NEM: 5-minute) prices of 2024, measured
 * on ../shared/data (GB IMRP, ERCOT HB_HUBAVG, NEM NSW1, DE-LU, ES) by
 * `npm run forecast:capture -- --skill` (decision 0136).
 */
export const REAL_SPREAD_SKILL: Record<MarketRegion, number> = {
  GB: 0.789,
  ERCOT: 0.708,
  NEM: 0.513,
  DE: 0.861,
  ES: 0.871,
};

/**
 * The interval of the real series REAL_SPREAD_SKILL is measured on (hourly day-ahead prices in
 * 2024 in ERCOT, DE and ES): a finer modelled series' skill is measured on its means over it.
 */
export const REAL_SKILL_MINUTES: Record<MarketRegion, number> = { GB: 30, ERCOT: 60, NEM: 5, DE: 60, ES: 60 };

/** Means over `minutes` of a series at `intervalMinutes` (itself when not finer or not a divisor). */
export function meansOver(x: Float64Array, intervalMinutes: number, minutes: number): Float64Array {
  const k = Math.round(minutes / intervalMinutes);
  if (k <= 1 || minutes % intervalMinutes) return x;
  const out = new Float64Array(Math.floor(x.length / k));
  for (let j = 0; j < out.length; j++) {
    let s = 0;
    for (let i = 0; i < k; i++) s += x[j * k + i];
    out[j] = s / k;
  }
  return out;
}

/** Largest factor a modelled series' forecast errors are scaled by (a forecast worse than the lagged rule's twice over is not a forecast). */
const MOST_SHRINK = 2;

/**
 * A modelled (world-view) series is not predictable from its past as the real market is: the
 * lagged rule's skill on it differs from the real one's (on the 2026 world views it picked less of
 * the day's spread; on some, more). So that a forecast's skill is the real one, the lagged
 * forecast's error is scaled: forecast = actual + a·(lagged − actual), with a (0 to 2) found so
 * that its spread skill is `target` (decision 0136; before it, the relative RMS error was held to
 * the real size, and only shrunk: decision 0117). Bisection on a; the skill falls as a grows.
 */
export function errorScale(
  actual: Float64Array,
  lagged: Float64Array,
  intervalMinutes: number,
  target: number,
  /** The interval the skill is measured at (the real series'). */
  skillMinutes = intervalMinutes,
): number {
  const m = Math.max(intervalMinutes, skillMinutes);
  const x = meansOver(actual, intervalMinutes, m);
  const l = meansOver(lagged, intervalMinutes, m);
  const scaled = new Float64Array(x.length);
  // the hindsight spread does not depend on a: once, not at every step of the bisection
  const best = hindsightSpread(x, m);
  const skill = (a: number) => {
    for (let t = 0; t < x.length; t++) scaled[t] = x[t] + a * (l[t] - x[t]);
    return best > 0 ? forecastSpread(x, scaled, m) / best : 1;
  };
  if (skill(MOST_SHRINK) >= target) return MOST_SHRINK;
  let lo = 0;
  let hi = MOST_SHRINK;
  for (let i = 0; i < 20; i++) {
    const mid = (lo + hi) / 2;
    if (skill(mid) > target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The scale of a modelled year's energy forecast errors (errorScale at the market's real skill). */
export function modelledErrorScale(
  region: MarketRegion,
  price: Float64Array,
  intervalMinutes: number,
): number {
  return errorScale(
    price,
    lagged(price, intervalMinutes, DEFAULT_FORECAST_RULE),
    intervalMinutes,
    REAL_SPREAD_SKILL[region],
    REAL_SKILL_MINUTES[region],
  );
}

/** The lagged forecast of an energy price; on a modelled series, its errors scaled by `scale`. */
export function energyForecast(
  x: Float64Array,
  intervalMinutes: number,
  scale?: number,
  rule: ForecastRule = DEFAULT_FORECAST_RULE,
): Float64Array {
  const last = lastForecast;
  if (
    last &&
    last.x === x &&
    last.intervalMinutes === intervalMinutes &&
    last.rule === rule &&
    Object.is(last.scale, scale)
  )
    return last.out.slice();
  const f = lagged(x, intervalMinutes, rule);
  let out: Float64Array;
  if (scale === undefined) out = f.slice();
  else {
    out = new Float64Array(f.length);
    for (let t = 0; t < f.length; t++) out[t] = x[t] + scale * (f[t] - x[t]);
  }
  lastForecast = { x, intervalMinutes, rule, scale, out };
  return out.slice();
}

// A year asks for the same forecast of its energy price several times (the error scale's
// bisection, the plan's problem, the NEM's offers: decision 0519): the last one of each is kept
// in this thread, keyed by the very array and the rule, and handed out as copies. Prices are never
// written in place, so the same array holds the same prices.
let lastLaggedOf:
  | { x: Float64Array; intervalMinutes: number; rule: ForecastRule; out: Float64Array }
  | undefined;
let lastForecast:
  | {
      x: Float64Array;
      intervalMinutes: number;
      rule: ForecastRule;
      scale: number | undefined;
      out: Float64Array;
    }
  | undefined;

/** laggedForecast of `x`, kept for the next call with the same array (read only: not a copy). */
function lagged(x: Float64Array, intervalMinutes: number, rule: ForecastRule): Float64Array {
  const last = lastLaggedOf;
  if (last && last.x === x && last.intervalMinutes === intervalMinutes && last.rule === rule) return last.out;
  const out = laggedForecast(x, intervalMinutes, rule);
  lastLaggedOf = { x, intervalMinutes, rule, out };
  return out;
}

/**
 * The problem as the trader sees it at gate closure: energy prices (and export/import prices)
 * and the prices of services committed ahead replaced by their lagged forecasts. Grid charges,
 * limits and generation stay (tariffs are known; the generation forecast error is not modelled).
 */
export function forecastProblem(
  p: DispatchProblem,
  rule: ForecastRule = DEFAULT_FORECAST_RULE,
  /** The scale of the energy forecast's errors (a modelled series: modelledErrorScale). */
  errorScale?: number,
): DispatchProblem {
  const energy = (x: Float64Array) => energyForecast(x, p.intervalMinutes, errorScale, rule);
  const fc = (x: Float64Array | undefined) => (x ? energy(x) : undefined);
  return {
    ...p,
    price: energy(p.price),
    exportPrice: fc(p.exportPrice),
    importPrice: fc(p.importPrice),
    services: p.services?.map((s) =>
      s.fixedMW ? s : { ...s, price: laggedForecast(s.price, p.intervalMinutes, rule) },
    ),
  };
}

/** A schedule decided on one problem (a forecast), settled at the prices of another (the actual). */
export function settle(actual: DispatchProblem, decided: DispatchResult): DispatchResult {
  return scheduleResult(
    actual,
    {
      chargeMW: decided.chargeMW,
      dischargeMW: decided.dischargeMW,
      generationMW: decided.generationMW,
      serviceMW: decided.services.map((s) => s.mw),
    },
    decided.solver,
    decided.solveMs,
    decided.iterations,
  );
}

/** Realistic plans are made on half-hour aggregates (pre-dispatch resolution) — decision 0119. */
export const PLANNING_MINUTES = 30;

/**
 * How many intervals of `p` one planning interval aggregates: PLANNING_MINUTES ÷ the interval
 * when the problem is finer and splits evenly (NEM 5 minutes: 6); 1 when it cannot be coarsened
 * (coarser already, reservations fixed or carried, blocks that do not fall on half hours).
 */
export function planningFactor(p: DispatchProblem): number {
  if (p.intervalMinutes >= PLANNING_MINUTES || PLANNING_MINUTES % p.intervalMinutes) return 1;
  const k = PLANNING_MINUTES / p.intervalMinutes;
  if (p.price.length % k) return 1;
  for (const s of p.services ?? []) {
    if (s.fixedMW || s.initialMW !== undefined) return 1;
    if (s.blockIntervals > 1 && (s.blockIntervals % k || (s.blockOffset ?? 0) % k)) return 1;
    if (s.blockStarts) for (let t = 0; t < s.blockStarts.length; t++) if (s.blockStarts[t] && t % k) return 1;
  }
  return k;
}

const mean = (x: Float64Array, k: number) => {
  const out = new Float64Array(x.length / k);
  for (let j = 0; j < out.length; j++) {
    let s = 0;
    for (let i = 0; i < k; i++) s += x[j * k + i];
    out[j] = s / k;
  }
  return out;
};
const least = (x: Float64Array, k: number) => {
  const out = new Float64Array(x.length / k);
  for (let j = 0; j < out.length; j++) {
    let m = Infinity;
    for (let i = 0; i < k; i++) m = Math.min(m, x[j * k + i]);
    out[j] = m;
  }
  return out;
};

/**
 * The problem on planning intervals of k of its own: prices, charges and generation averaged,
 * per-interval service caps at their smallest, blocks counted in planning intervals.
 */
export function coarsen(p: DispatchProblem, k: number): DispatchProblem {
  const opt = (x: Float64Array | undefined) => (x ? mean(x, k) : undefined);
  return {
    ...p,
    intervalMinutes: p.intervalMinutes * k,
    price: mean(p.price, k),
    exportPrice: opt(p.exportPrice),
    importPrice: opt(p.importPrice),
    importCharge: opt(p.importCharge),
    exportCharge: opt(p.exportCharge),
    generation: p.generation && { ...p.generation, profileMW: mean(p.generation.profileMW, k) },
    services: p.services?.map((s) => ({
      ...s,
      price: mean(s.price, k),
      blockIntervals: Math.max(1, s.blockIntervals / k),
      blockOffset: s.blockOffset === undefined ? undefined : s.blockOffset / k,
      blockStarts:
        s.blockStarts &&
        Uint8Array.from({ length: s.blockStarts.length / k }, (_, j) => s.blockStarts![j * k]),
      maxMWByInterval: s.maxMWByInterval && least(s.maxMWByInterval, k),
    })),
  };
}

/** A plan made on planning intervals, held through each of its k intervals. */
export function refine(r: DispatchResult, k: number): DispatchResult {
  const hold = (x: Float64Array) => {
    const out = new Float64Array(x.length * k);
    for (let t = 0; t < out.length; t++) out[t] = x[Math.floor(t / k)];
    return out;
  };
  return {
    ...r,
    chargeMW: hold(r.chargeMW),
    dischargeMW: hold(r.dischargeMW),
    generationMW: r.generationMW && hold(r.generationMW),
    services: r.services.map((s) => ({ ...s, mw: hold(s.mw) })),
  };
}

/**
 * Markets whose one energy price is settled in real time, with no day-ahead market before it: the
 * NEM (a gross pool priced every 5 minutes). Their energy is traded by the bidding policy.
 */
export const REAL_TIME_SPOT: ReadonlySet<MarketRegion> = new Set(["NEM"]);

/**
 * Local hour of the day before delivery by which a day's day-ahead prices are published: GB
 * (EPEX/N2EX day-ahead auctions close 09:20–09:50 UK time, results before 11:00) and ERCOT (DAM
 * results by 13:30 Central): 12 and 14, rounded up. Until then a later price is forecast on the
 * gate-closure forecast of the day-ahead price.
 */
export const DAY_AHEAD_KNOWN_HOUR: Partial<Record<MarketRegion, number>> = { GB: 12, ERCOT: 14 };

/** The bidding policy's refresh and look-ahead (decision 0130). */
export const RETRADE = {
  /** The forecast and the value function are refreshed every … minutes. */
  refreshMinutes: 30,
  /** … looking this far ahead. */
  lookaheadHours: 24,
  /** Share of the latest known deviation (actual − forecast) still expected an hour later. */
  deviationKeptPerHour: 0.5,
  deviationHours: 1,
  deadbandScale: 0,
};

/** What a price forecast for the bidding policy knows. */
export interface LaterForecast {
  /** Each interval's forecast once its day-ahead prices are known (or the only forecast). */
  known: Float64Array;
  /** … before they are, with the interval from which they are known. */
  before?: { forecast: Float64Array; from: Int32Array };
}

/**
 * From which interval each interval's day-ahead price is known: `hour` (local) on the trading day
 * before its own (the first day's are known from the start).
 */
export function dayAheadKnownFrom(p: DispatchProblem, hour: number): Int32Array {
  const n = p.price.length;
  const days = problemDays(p, n);
  const start: number[] = [];
  for (let t = 0; t < n; t++) if (t === 0 || days[t] !== days[t - 1]) start.push(t);
  const at = Math.round((hour * 60) / p.intervalMinutes);
  const out = new Int32Array(n);
  let k = 0;
  for (let t = 0; t < n; t++) {
    if (t > 0 && days[t] !== days[t - 1]) k++;
    out[t] = k === 0 ? 0 : Math.min(start[k - 1] + at, start[k]);
  }
  return out;
}

/**
 * A later market traded as prices become known (decision 0130): `actual` (the physical problem,
 * reservations fixed) re-decided by the bidding policy on `fc`, refreshed every
 * RETRADE.refreshMinutes with the newest known price deviation, and settled at the actual prices.
 * Plans finer than half-hourly look ahead on half-hour steps. `fallbackSoc`: the position's SoC.
 */
export function retrade(
  actual: DispatchProblem,
  fc: LaterForecast,
  fallbackSoc?: Float64Array,
): DispatchResult {
  const t0 = performance.now();
  const a = chainParams(actual);
  const price = actual.price;
  const step = actual.intervalMinutes;
  const k = step < PLANNING_MINUTES && PLANNING_MINUTES % step === 0 ? PLANNING_MINUTES / step : 1;
  const planMin = step * k;
  const hourly = RETRADE.deviationKeptPerHour ** (step / 60);
  const { known, before } = fc;
  // the forecast's usual error at the same interval of day over the last week (known before t)
  const per = Math.round(1440 / step);
  const deadband = new Float64Array(price.length);
  for (let t = 0; t < price.length; t++) {
    let e = 0;
    let kk = 0;
    for (let j = 1; j <= DEFAULT_FORECAST_RULE.windowDays && t - j * per >= 0; j++) {
      e += Math.abs(price[t - j * per] - known[t - j * per]);
      kk++;
    }
    deadband[t] = kk ? (RETRADE.deadbandScale * e) / kk : 0;
  }
  const sched = bidSchedule({
    actual: a,
    k,
    refresh: Math.max(1, Math.round(RETRADE.refreshMinutes / planMin)),
    horizon: Math.max(1, Math.round((RETRADE.lookaheadHours * 60) / planMin)),
    fallbackSoc,
    deadband,
    forecast(r, len, ex, im) {
      // only prices before r are known: the deviation of the last one from its forecast fades
      let dev = 0;
      const back = Math.min(r, Math.round((RETRADE.deviationHours * 60) / step));
      for (let i = 1; i <= back; i++) dev += (price[r - i] - known[r - i]) / back;
      for (let i = 0; i < len; i++) {
        const t = r + i;
        dev *= hourly;
        const f = (before && r < before.from[t] ? before.forecast[t] : known[t]) + dev;
        // charges and limits are known: the effective prices move with the price
        ex[i] = f + (a.ex[t] - price[t]);
        im[i] = f + (a.im[t] - price[t]);
      }
    },
  });
  return scheduleResult(
    actual,
    {
      chargeMW: sched.c,
      dischargeMW: sched.d,
      serviceMW: actual.services?.map((s) => s.fixedMW),
    },
    "dp",
    performance.now() - t0,
    0,
  );
}

/** The water-value policy's refresh, look-ahead and scenarios (decision 0131). */
export const WATER_VALUE = {
  /** The scenarios and the value function are refreshed every … hours. */
  refreshHours: 6,
  /** … looking this far ahead. */
  lookaheadHours: 36,
  /** Scenarios of an interval's price: the same interval of day on the last … known days. */
  days: 14,
  /** Grid points over the state of charge. */
  grid: 41,
  /**
   * Prices persist: every half hour the next 2 hours are re-valued with the last price's deviation
   * from its scenarios, of which this share is still expected an hour later (0.9 per 5 minutes).
   */
  persistence: { everyMinutes: 30, hours: 2, keptPerHour: 0.28 },
};

/**
 * What the later price is known to deviate from: the day-ahead price (GB imbalance, ERCOT real
 * time), known for an interval from `from[t]`, before that its gate-closure forecast. Absent (the
 * NEM spot), the price's scenarios are its own past values.
 */
export interface LaterReference {
  actual: Float64Array;
  forecast: Float64Array;
  from: Int32Array;
}

/**
 * A later market traded as prices become known against the distribution of the price (decision
 * 0131): at each refresh, every later interval's scenarios are its reference known then (the
 * day-ahead price, else its forecast; 0 for a spot market) plus the deviations (later − reference)
 * of the same interval of day on the last WATER_VALUE.days known days; the water-value policy acts
 * on the actual prices. `actual` is the physical problem, reservations fixed.
 */
export function retradeOnScenarios(actual: DispatchProblem, ref?: LaterReference): DispatchResult {
  const t0 = performance.now();
  const a = chainParams(actual);
  const price = actual.price;
  const step = actual.intervalMinutes;
  const per = Math.round(1440 / step);
  const D = WATER_VALUE.days;
  const sched = waterValueSchedule({
    actual: a,
    maxScenarios: D,
    grid: WATER_VALUE.grid,
    refresh: Math.max(1, Math.round((WATER_VALUE.refreshHours * 60) / step)),
    horizon: Math.max(1, Math.round((WATER_VALUE.lookaheadHours * 60) / step)),
    persistence: {
      every: Math.max(1, Math.round(WATER_VALUE.persistence.everyMinutes / step)),
      intervals: Math.max(1, Math.round((WATER_VALUE.persistence.hours * 60) / step)),
      keptPerInterval: WATER_VALUE.persistence.keptPerHour ** (step / 60),
    },
    scenarios(r, len, out) {
      // only intervals before r are known: the most recent D days' same interval of day before r
      for (let i = 0; i < len; i++) {
        const t = r + i;
        const base = ref ? (r >= ref.from[t] ? ref.actual[t] : ref.forecast[t]) : 0;
        const shift = a.ex[t] - price[t];
        let j = Math.max(1, Math.ceil((t - r + 1) / per));
        let k = 0;
        for (; k < D && t - j * per >= 0; j++, k++) {
          const u = t - j * per;
          out[i * D + k] = base + price[u] - (ref ? ref.actual[u] : 0) + shift;
        }
        if (k === 0) out[i * D + k++] = base + shift + (ref ? 0 : r > 0 ? price[r - 1] : price[0]);
        // fewer known days than scenarios (the series' first days): the known ones repeated
        for (let q = k; q < D; q++) out[i * D + q] = out[i * D + (q % k)];
      }
      return D;
    },
  });
  return scheduleResult(
    actual,
    {
      chargeMW: sched.c,
      dischargeMW: sched.d,
      serviceMW: actual.services?.map((s) => s.fixedMW),
    },
    "dp",
    performance.now() - t0,
    0,
  );
}

/**
 * A plan traded by price-responsive offers as each interval's price clears (decision 0132): the
 * schedule `plan` (decided on `forecast`, the export price known at gate closure) offered around the
 * actual prices of `actual` (reservations fixed), settled at those prices.
 */
export function respondToPrices(
  actual: DispatchProblem,
  plan: DispatchResult,
  forecast: Float64Array,
  rule: OfferRule = SPOT_OFFERS,
): DispatchResult {
  const t0 = performance.now();
  const a = chainParams(actual);
  // the forecast of the effective export price: charges and limits are known
  const fx = forecast.map((f, t) => f + (a.ex[t] - actual.price[t]));
  const { c, d } = offerSchedule(a, plan.chargeMW, plan.dischargeMW, fx, actual.intervalMinutes, rule);
  return scheduleResult(
    actual,
    { chargeMW: c, dischargeMW: d, serviceMW: actual.services?.map((s) => s.fixedMW) },
    plan.solver,
    plan.solveMs + performance.now() - t0,
    plan.iterations,
  );
}
