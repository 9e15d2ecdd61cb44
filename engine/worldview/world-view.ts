// marketYear(): one year of prices of a world view, as the forecast engine's MarketYear contract.
import type { MarketRegion, MarketYear, ServiceKey } from "../types.ts";
import { REGIONS } from "../markets/regions.ts";
import { intervalsInYear, yearStartMs } from "./calendar.ts";
import {
  applyErcotBasis,
  resample,
  runNemPool,
  runSystem,
  systemFor,
  refineToFiveMinutes,
  NEM_SYSTEMS,
  ERCOT_ZONE_BASIS,
  type SystemRun,
} from "./model.ts";
import { localGrid } from "./calendar.ts";
import {
  gbImbalancePrice,
  servicePrices,
  serviceVolumeShares,
  serviceVolumeSharesByInterval,
} from "./ancillary.ts";
import { MARKET_TABLES } from "./assumptions.ts";
import { yearAssumptions } from "./system-year.ts";
import { BASE_YEAR, getScenario, LAST_YEAR, type Scenario } from "./scenarios.ts";

function hashSeedNum(system: string, year: number): number {
  let h = 2166136261;
  for (const c of `${system}|${year}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

export interface MarketYearOptions {
  /** NEM price region (NSW1…TAS1; default NSW1) or ERCOT zone (WEST, NORTH, SOUTH, HOUSTON; default hub average). */
  zone?: string;
  /** Interval length in minutes (default: the market's settlement interval). One of 5, 15, 30, 60 dividing a day. */
  intervalMinutes?: number;
  /** Weather realisation key (default "wv", shared by every scenario of a year). */
  weatherKey?: string;
}

export interface MarketYearDetail {
  marketYear: MarketYear;
  run: SystemRun;
  zone: string | null;
  scenario: Scenario | null;
}

// ------------------------------------------------------------------ memoisation (LRU by bytes)

const cache = new Map<string, { value: MarketYearDetail; bytes: number }>();
let cacheBytes = 0;
let cacheLimit = 256 * 1024 * 1024;

/** Set the in-memory cache budget (bytes); 0 disables caching. */
export function setWorldviewCacheLimit(bytes: number): void {
  cacheLimit = bytes;
  evict();
}

export function clearWorldviewCache(): void {
  cache.clear();
  poolCache.clear();
  cacheBytes = 0;
}

function evict(): void {
  while (cacheBytes > cacheLimit && cache.size) {
    const [k, v] = cache.entries().next().value as [string, { bytes: number }];
    cache.delete(k);
    cacheBytes -= v.bytes;
  }
}

const poolCache = new Map<string, Float64Array>();

function nemPool(scen: Scenario | undefined, year: number, weatherKey: string): Float64Array {
  const key = `${scen?.id ?? "base"}|${year}|${weatherKey}`;
  let p = poolCache.get(key);
  if (!p) {
    p = runNemPool(scen, year, 30, { weatherKey }).price;
    poolCache.set(key, p);
    if (poolCache.size > 64) poolCache.delete(poolCache.keys().next().value as string);
  }
  return p;
}

function normaliseZone(region: MarketRegion, zone?: string): string | null {
  if (!zone) return region === "NEM" ? "NSW1" : null;
  const z = zone.toUpperCase().replace(/^LZ_/, "");
  if (region === "NEM") return (NEM_SYSTEMS as readonly string[]).includes(z) ? z : "NSW1";
  if (region === "ERCOT") return ERCOT_ZONE_BASIS[z] ? z : null;
  return null;
}

/**
 * The storage fleet (GW) that competes for a market's services in a year: every price system's
 * batteries (the NEM's services are NEM-wide), plus pumped hydro in Spain.
 */
export function serviceFleetGW(region: MarketRegion, scen: Scenario | undefined, year: number): number {
  const market = MARKET_TABLES[region];
  let gw = 0;
  for (const sys of market.systems) {
    const ya = yearAssumptions(market, sys, scen, year);
    gw += ya.batteryGW + (region === "ES" ? ya.pumpedGW : 0);
  }
  return gw;
}

/** The world view's wind and solar capacity of a market in a year, GW (all its price systems). */
export function variableRenewablesGW(region: MarketRegion, scen: Scenario | undefined, year: number): number {
  const market = MARKET_TABLES[region];
  let gw = 0;
  for (const sys of market.systems) {
    const c = yearAssumptions(market, sys, scen, year).capacityGW;
    gw += (c.windOnshore ?? 0) + (c.windOffshore ?? 0) + (c.solar ?? 0);
  }
  return gw;
}

/** Compute (uncached) a market year for a scenario or, with scen undefined, the base-year fundamentals. */
export function computeMarketYear(
  region: MarketRegion,
  scen: Scenario | undefined,
  year: number,
  opts: MarketYearOptions = {},
): MarketYearDetail {
  const info = REGIONS[region];
  const intervalMinutes = opts.intervalMinutes ?? info.settlementMinutes;
  if (![5, 15, 30, 60].includes(intervalMinutes))
    throw new Error(`Unsupported interval ${intervalMinutes} min`);
  const weatherKey = opts.weatherKey ?? "wv";
  const zone = normaliseZone(region, opts.zone);
  const system = systemFor(region, zone ?? undefined);
  const n = intervalsInYear(year, intervalMinutes);
  let run: SystemRun;
  if (region === "NEM") {
    const pool = nemPool(scen, year, weatherKey);
    // the merit order clears half-hourly; 5-minute prices add calibrated intra-half-hour variation
    const base = Math.max(30, intervalMinutes);
    run = runSystem(region, system, scen, year, {
      intervalMinutes: base,
      weatherKey,
      neighbourPrice: resample(pool, 30, base, intervalsInYear(year, base)),
    });
    if (intervalMinutes < base) {
      const sy = run.resolved.sy;
      const price = refineToFiveMinutes(
        run.price,
        sy.params.subHourlyNoise,
        hashSeedNum(system, year),
        sy.priceFloor,
        sy.priceCap,
      );
      const scarcity = resample(run.clear.scarcity, base, intervalMinutes, n);
      const adder = resample(run.clear.adder, base, intervalMinutes, n);
      run = {
        ...run,
        intervalMinutes,
        price,
        clear: { ...run.clear, price, scarcity, adder },
        grid: localGrid(run.resolved.table.weather.tz, run.startMs, n, intervalMinutes),
      };
    }
  } else {
    run = runSystem(region, system, scen, year, { intervalMinutes, weatherKey });
  }
  const energy =
    region === "ERCOT" && zone ? applyErcotBasis(run.price, zone, year, intervalMinutes) : run.price;
  const ya = run.resolved.ya;
  const seed = run.resolved.sy.year * 1000 + intervalMinutes;
  const fleetGW = serviceFleetGW(region, scen, year);
  const renewablesGW = (y: number) => variableRenewablesGW(region, scen, y);
  const services = servicePrices({
    region,
    year,
    batteryGW: fleetGW,
    baseBatteryGW: serviceFleetGW(region, scen, BASE_YEAR),
    energyPrice: energy,
    scarcity: run.clear.scarcity,
    priceCap: ya.priceCap,
    grid: run.grid,
    intervalMinutes,
    seed,
    services: info.services as ServiceKey[],
    renewablesGW,
  });
  const keys = Object.keys(services) as ServiceKey[];
  const byInterval = serviceVolumeSharesByInterval(region, fleetGW, year, run.grid, keys, renewablesGW);
  const marketYear: MarketYear = {
    region,
    year,
    currency: info.currency,
    // a NEM world view is one price region's: the battery's day is that region's (decision 0137)
    ...(region === "NEM" && zone ? { priceRegion: zone } : {}),
    startUtc: new Date(yearStartMs(year)).toISOString(),
    intervalMinutes,
    energyPrice: energy,
    servicePrices: services,
    serviceVolumeShare: serviceVolumeShares(region, fleetGW, keys, year, renewablesGW),
    ...(Object.keys(byInterval).length ? { serviceVolumeShareByInterval: byInterval } : {}),
    synthetic: true,
  };
  if (region === "GB") {
    marketYear.imbalancePrice = gbImbalancePrice(
      energy,
      run.clear.scarcity,
      ya.priceCap,
      intervalMinutes,
      seed,
    );
    marketYear.capacityPricePerKWYear = ya.capacityPricePerKWYear;
    marketYear.capacityPricePreviousDeliveryYear = ya.capacityPricePreviousDeliveryYear;
  }
  return { marketYear, run, zone, scenario: scen ?? null };
}

/**
 * One year (2025–2050; 2024 = calibration base year) of a world view's prices at the market's
 * settlement interval (or `opts.intervalMinutes`). Deterministic and memoised per scenario+year+zone+interval.
 */
export function marketYear(scenarioId: string, year: number, opts: MarketYearOptions = {}): MarketYear {
  return marketYearDetail(scenarioId, year, opts).marketYear;
}

export function marketYearDetail(
  scenarioId: string,
  year: number,
  opts: MarketYearOptions = {},
): MarketYearDetail {
  const scen = getScenario(scenarioId);
  if (!scen) throw new Error(`Unknown world view ${scenarioId}`);
  if (!Number.isInteger(year) || year < BASE_YEAR || year > LAST_YEAR)
    throw new Error(`Year ${year} outside ${BASE_YEAR}-${LAST_YEAR}`);
  const interval = opts.intervalMinutes ?? REGIONS[scen.marketRegion].settlementMinutes;
  const key = `${scenarioId}|${year}|${normaliseZone(scen.marketRegion, opts.zone) ?? ""}|${interval}|${opts.weatherKey ?? "wv"}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit.value;
  }
  const value = computeMarketYear(scen.marketRegion, scen, year, { ...opts, intervalMinutes: interval });
  const my = value.marketYear;
  const series =
    1 +
    (my.imbalancePrice ? 1 : 0) +
    Object.keys(my.servicePrices).length +
    Object.keys(my.serviceVolumeShareByInterval ?? {}).length;
  const bytes = series * my.energyPrice.length * 8 + value.run.drivers.demandMW.length * 8 * 8;
  if (cacheLimit > 0) {
    // keep only what the callers need from the run to bound memory
    cache.set(key, { value, bytes });
    cacheBytes += bytes;
    evict();
  }
  return value;
}

/** Every year of a world view, lazily (memory-sane: one year at a time). */
export function* marketYears(
  scenarioId: string,
  opts: MarketYearOptions & { fromYear?: number; toYear?: number } = {},
): Generator<MarketYear> {
  for (let y = opts.fromYear ?? 2025; y <= (opts.toYear ?? LAST_YEAR); y++)
    yield marketYear(scenarioId, y, opts);
}
