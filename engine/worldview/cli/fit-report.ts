// CLI-only: the world view's prices for a real target (cli/targets.ts) and how far they are from it.
// The model side is the product itself: the region's Central world view for the target's year, at
// the market's settlement interval (NEM: the half-hourly clearing), averaged to the target's grid.
import type { MarketRegion } from "../../types.ts";
import { REGIONS } from "../../markets/regions.ts";
import { MARKET_TABLES } from "../assumptions.ts";
import { intervalsInYear, localGrid, yearStartMs, type LocalGrid } from "../calendar.ts";
import {
  fitErrors,
  fitMetrics,
  boundsBroken,
  SPIKE_THRESHOLD,
  type FitErrors,
  type FitMetrics,
} from "../market-fit.ts";
import { resample, runNemPool, runSystem } from "../model.ts";
import { getScenario, type Scenario } from "../scenarios.ts";
import type { PriceParams } from "../merit-order.ts";
import { computeMarketYear } from "../world-view.ts";
import type { PriceTarget } from "./targets.ts";

export interface FitRow {
  system: string;
  region: MarketRegion;
  kind: PriceTarget["kind"];
  year: number;
  intervalMinutes: number;
  coverage: number;
  source: string;
  spikeThreshold: number;
  observed: FitMetrics;
  model: FitMetrics;
  errors: FitErrors;
  /** Acceptance bounds broken (issue 17; binding for the base year). */
  broken: string[];
}

/** The weather draws of a year the out-of-sample checks use: the product's ("wv") and seven others. */
export const WEATHER_DRAWS = ["wv", ...Array.from({ length: 7 }, (_, k) => `oos-${k + 1}`)];

export function centralScenario(region: MarketRegion): Scenario {
  return getScenario(`${region.toLowerCase()}-central`)!;
}

/** Interval at which the world view clears the system's prices (and the price map applies). */
export function clearingMinutes(region: MarketRegion): number {
  return region === "NEM" ? 30 : REGIONS[region].settlementMinutes;
}

export function targetGrid(
  t: Pick<PriceTarget, "region" | "system" | "year" | "intervalMinutes">,
): LocalGrid {
  const tz = MARKET_TABLES[t.region].systems.find((s) => s.system === t.system)!.weather.tz;
  return localGrid(tz, yearStartMs(t.year), intervalsInYear(t.year, t.intervalMinutes), t.intervalMinutes);
}

/** The world view's price on the target's grid (what forecasts and files use, averaged to the grid). */
export function productPrice(t: PriceTarget): Float64Array {
  const res = clearingMinutes(t.region);
  const d = computeMarketYear(t.region, centralScenario(t.region), t.year, {
    zone: t.region === "NEM" ? t.system : undefined,
    intervalMinutes: res,
  });
  return resample(
    d.marketYear.energyPrice,
    res,
    t.intervalMinutes,
    intervalsInYear(t.year, t.intervalMinutes),
  );
}

/** The merit order's own (unmapped) price at the clearing interval, and the reference cost of the year. */
export function rawPrice(
  t: Pick<PriceTarget, "region" | "system" | "year">,
  paramOverride?: Partial<PriceParams>,
  /** A weather draw other than the product's (WEATHER_DRAWS). */
  weatherKey = "wv",
): {
  price: Float64Array;
  adder: Float64Array;
  scarcity: Float64Array;
  refCost: number;
  floor: number;
  cap: number;
  intervalMinutes: number;
} {
  const scen = centralScenario(t.region);
  const res = clearingMinutes(t.region);
  const neighbourPrice = t.region === "NEM" ? poolPrice(scen, t.year, weatherKey) : undefined;
  const run = runSystem(t.region, t.system, scen, t.year, {
    intervalMinutes: res,
    neighbourPrice,
    raw: true,
    paramOverride,
    weatherKey,
  });
  const sy = run.resolved.sy;
  return {
    price: run.price,
    adder: run.clear.adder,
    scarcity: run.clear.scarcity,
    refCost: sy.neighbourRefCost,
    floor: sy.priceFloor,
    cap: sy.priceCap,
    intervalMinutes: res,
  };
}

const pools = new Map<string, Float64Array>();
function poolPrice(scen: Scenario, year: number, weatherKey: string): Float64Array {
  const k = `${scen.id}|${year}|${weatherKey}`;
  if (!pools.has(k)) pools.set(k, runNemPool(scen, year, 30, { weatherKey }).price);
  return pools.get(k)!;
}

/**
 * The real metrics of a target's year pooled with its other full years (decision 0242): the years'
 * series and local grids end to end, so percentiles, shares and profiles are those of all the years'
 * intervals together, and the daily spread the mean over all their days.
 */
function pooledMetrics(t: PriceTarget, thr: number) {
  const years = [{ year: t.year, observed: t.observed }, ...(t.shapeYears ?? [])];
  const grids = years.map((y) => targetGrid({ ...t, year: y.year }));
  const cat = <T extends Float64Array | Uint8Array | Int32Array>(parts: T[], make: (n: number) => T): T => {
    const out = make(parts.reduce((a, p) => a + p.length, 0));
    let o = 0;
    for (const p of parts) {
      out.set(p as never, o);
      o += p.length;
    }
    return out;
  };
  let offset = 0;
  const days = grids.map((g) => {
    const d = Int32Array.from(g.dayIndex, (x) => x + offset);
    offset = d[d.length - 1] + 1;
    return d;
  });
  const pooled = fitMetrics(
    cat(
      years.map((y) => y.observed),
      (n) => new Float64Array(n),
    ),
    {
      hour: cat(
        grids.map((g) => g.hour),
        (n) => new Float64Array(n),
      ),
      month: cat(
        grids.map((g) => g.month),
        (n) => new Uint8Array(n),
      ),
      dayIndex: cat(days, (n) => new Int32Array(n)),
    },
    thr,
  );
  // fitMetrics counts a day's intervals from the series' length (one year's): the mean daily
  // spread is each year's, weighted by its days
  const per = years.map((y, k) => fitMetrics(y.observed, grids[k], thr));
  const daysOf = (m: { n: number }) => m.n / (1440 / t.intervalMinutes);
  const dailySpread =
    per.reduce((a, m) => a + m.dailySpread * daysOf(m), 0) / per.reduce((a, m) => a + daysOf(m), 0);
  return { ...pooled, dailySpread };
}

export function fitRow(t: PriceTarget, model: Float64Array = productPrice(t)): FitRow {
  const grid = targetGrid(t);
  const thr = SPIKE_THRESHOLD[t.region];
  const observed = t.shapeYears?.length ? pooledMetrics(t, thr) : fitMetrics(t.observed, grid, thr);
  const m = fitMetrics(model, grid, thr, t.observed);
  const errors = fitErrors(observed, m);
  return {
    system: t.system,
    region: t.region,
    kind: t.kind,
    year: t.year,
    intervalMinutes: t.intervalMinutes,
    coverage: t.coverage,
    source: t.source,
    spikeThreshold: thr,
    observed,
    model: m,
    errors,
    broken: boundsBroken(errors),
  };
}
