// Derived products: the hourly forward curve (from the Central world view) and the synthetic
// history of the data library.
import { TZDate, tzOffset } from "@date-fns/tz";
import type { MarketRegion, ServiceKey } from "../types.ts";
import { REGIONS } from "../markets/regions.ts";
import { MS_MIN, yearStartMs, MS_HOUR } from "./calendar.ts";
import { computeMarketYear, marketYear } from "./world-view.ts";
import { defaultScenario, getScenario, FIRST_YEAR, LAST_YEAR, BASE_YEAR } from "./scenarios.ts";
import { resample } from "./model.ts";

export interface ForwardCurveYear {
  year: number;
  startUtc: string;
  /** Hourly prices, currency/MWh. */
  hourly: Float64Array;
  baseload: number;
  /** Mean of weekday 08:00–20:00 local hours. */
  peakload: number;
  monthlyBaseload: number[];
}

export interface ForwardCurve {
  region: MarketRegion;
  zone: string | null;
  scenarioId: string;
  currency: string;
  intervalMinutes: 60;
  years: ForwardCurveYear[];
}

/**
 * Hourly forward curve derived from the Central world view: the Central prices averaged to hours,
 * with baseload, peakload (weekdays 08-20 local) and monthly baseload products per year.
 */
export function forwardCurve(
  region: MarketRegion,
  opts: { zone?: string; fromYear?: number; toYear?: number; scenarioId?: string } = {},
): ForwardCurve {
  // The region's Central world view unless another of its scenarios is named.
  const named = opts.scenarioId ? getScenario(opts.scenarioId) : undefined;
  if (opts.scenarioId && named?.marketRegion !== region)
    throw new Error(`No ${region} world view "${opts.scenarioId}"`);
  const scen = named ?? defaultScenario(region);
  const years: ForwardCurveYear[] = [];
  for (let y = opts.fromYear ?? FIRST_YEAR; y <= (opts.toYear ?? LAST_YEAR); y++) {
    const my = marketYear(scen.id, y, { zone: opts.zone });
    const nH = Math.round((my.energyPrice.length * my.intervalMinutes) / 60);
    const hourly = resample(my.energyPrice, my.intervalMinutes, 60, nH);
    const tz = REGIONS[region].timeZone;
    let base = 0,
      peak = 0,
      np = 0;
    const mSum = new Array(12).fill(0);
    const mCnt = new Array(12).fill(0);
    for (let h = 0; h < nH; h++) {
      const ms = yearStartMs(y) + h * MS_HOUR;
      base += hourly[h];
      const m = new Date(ms).getUTCMonth();
      mSum[m] += hourly[h];
      mCnt[m]++;
    }
    // peakload: weekdays 08:00–20:00 market time, the day's weekday and offset read at noon UTC
    for (let d = 0; d * 24 < nH; d++) {
      const noon = new TZDate(yearStartMs(y) + (d * 24 + 12) * MS_HOUR, tz);
      if (noon.getDay() === 0 || noon.getDay() === 6) continue;
      const offset = Math.floor(tzOffset(tz, noon) / 60);
      for (let lh = 8; lh < 20; lh++) {
        const h = d * 24 + lh - offset;
        if (h >= 0 && h < nH) {
          peak += hourly[h];
          np++;
        }
      }
    }
    years.push({
      year: y,
      startUtc: my.startUtc,
      hourly,
      baseload: base / nH,
      peakload: np ? peak / np : NaN,
      monthlyBaseload: mSum.map((s, i) => s / mCnt[i]),
    });
  }
  return {
    region,
    zone: opts.zone ?? null,
    scenarioId: scen.id,
    currency: REGIONS[region].currency,
    intervalMinutes: 60,
    years,
  };
}

export type HistorySeries = "energy" | "imbalance" | ServiceKey;

export interface SyntheticSeries {
  region: MarketRegion;
  zone: string | null;
  series: HistorySeries;
  currency: string;
  startUtc: string;
  intervalMinutes: number;
  values: Float64Array;
  synthetic: true;
  /** Data-source label to show users. */
  source: "synthetic";
  description: string;
}

/**
 * Synthetic "live and historic" series for a fresh install without real data: the world-view merit
 * order run on a separate weather realisation ("history"), with the base-year (2024) fundamentals
 * for dates up to 2024 and the Central assumptions after, at the market's settlement interval.
 * Calibrated like the world views (level, daily shape, seasonality, volatility, negative prices,
 * spikes: see README "Calibration"). Always labelled source "synthetic".
 */
export function syntheticHistory(
  region: MarketRegion,
  fromIso: string,
  toIso: string,
  opts: { zone?: string; series?: HistorySeries; intervalMinutes?: number } = {},
): SyntheticSeries {
  const info = REGIONS[region];
  const interval = opts.intervalMinutes ?? info.settlementMinutes;
  const step = interval * MS_MIN;
  const from = Math.floor(Date.parse(fromIso) / step) * step;
  const to = Math.floor(Date.parse(toIso) / step) * step;
  if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from) throw new Error("Invalid date range");
  const n = Math.round((to - from) / step);
  if (n > 5_000_000) throw new Error("Date range too long");
  const values = new Float64Array(n);
  const series = opts.series ?? "energy";
  const central = defaultScenario(region);
  const y0 = new Date(from).getUTCFullYear();
  const y1 = new Date(to - 1).getUTCFullYear();
  let zone: string | null = null;
  for (let y = y0; y <= y1; y++) {
    const d = computeMarketYear(region, y <= BASE_YEAR ? undefined : central, y, {
      zone: opts.zone,
      intervalMinutes: interval,
      weatherKey: "history",
    });
    zone = d.zone;
    const my = d.marketYear;
    const src =
      series === "energy"
        ? my.energyPrice
        : series === "imbalance"
          ? my.imbalancePrice
          : my.servicePrices[series];
    if (!src) throw new Error(`Series ${series} not available for ${region}`);
    const ys = yearStartMs(y);
    const a = Math.max(from, ys);
    const b = Math.min(to, yearStartMs(y + 1));
    for (let t = a; t < b; t += step)
      values[Math.round((t - from) / step)] = src[Math.round((t - ys) / step)];
  }
  return {
    region,
    zone,
    series,
    currency: info.currency,
    startUtc: new Date(from).toISOString(),
    intervalMinutes: interval,
    values,
    synthetic: true,
    source: "synthetic",
    description: `Synthetic ${series} series for ${info.name}: Voltcast merit-order model on a synthetic weather year, calibrated to ${BASE_YEAR} market statistics. Not observed data.`,
  };
}
