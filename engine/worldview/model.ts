// Price systems of a world view for one year: drivers → merit order → energy price, with NEM
// regional coupling and ERCOT load-zone basis. marketYear() in index.ts wraps this into MarketYear.
import { localGrid, intervalsInYear, yearStartMs, type LocalGrid } from "./calendar.ts";
import { syntheticDrivers, type Drivers } from "./drivers.ts";
import { clearPrices, type ClearResult, type PriceParams, type SystemYear } from "./merit-order.ts";
import { demandProfile } from "./profiles.ts";
import { hashSeed, ar1, Rng } from "./rng.ts";
import { resolveSystem, type ResolvedSystem } from "./system-year.ts";
import { MARKET_TABLES } from "./assumptions.ts";
import { paramsFor } from "./params.ts";
import { realiseShortfalls } from "./shortfall-events.ts";
import { applyPriceMap, applyPriceMapOutsideScarcity, priceMapFor } from "./price-map.ts";
import type { PriceMap } from "./derived-shapes.ts";
import type { WinterStormRule } from "./winter-storms.ts";
import type { Scenario } from "./scenarios.ts";
import { nemSeedKey } from "./nem-weather.ts";
import type { MarketRegion } from "../types.ts";

export interface SystemRun {
  region: MarketRegion;
  system: string;
  year: number;
  intervalMinutes: number;
  startMs: number;
  price: Float64Array;
  clear: ClearResult;
  drivers: Drivers;
  grid: LocalGrid;
  resolved: ResolvedSystem;
}

export interface RunOptions {
  intervalMinutes: number;
  /** Observed drivers to use instead of synthetic weather (calibration hindcast). */
  drivers?: Partial<Drivers>;
  paramOverride?: Partial<PriceParams>;
  /** Override of the SystemYear after resolution (calibration: avoid double counting observed output). */
  adjust?: (sy: SystemYear) => void;
  /** Weather-year seed key; the default makes every scenario of a year share the same weather. */
  weatherKey?: string | number;
  /** Start instant and length (defaults: the calendar year, UTC). */
  startMs?: number;
  n?: number;
  neighbourPrice?: Float64Array;
  /** Skip the base-year price map (price-map.ts): the merit order's own price, for deriving the map. */
  raw?: boolean;
  /** A base-year map to use instead of the committed one (fitting CLIs: cli/routine-day.ts). */
  priceMap?: PriceMap;
  /**
   * Winter storms to draw in the weather (winter-storms.ts, decision 0250); overrides the system's
   * own rule (none is enabled in the committed assumptions: measured, not adopted).
   */
  winterStorms?: WinterStormRule;
}

/** Weather seed: shared by all scenarios of a region-year so that scenarios differ only by assumptions. */
export function weatherSeed(system: string, year: number, key: string | number = "wv"): number {
  return hashSeed("weather", system, year, NEM_SEEDED.has(system) ? nemSeedKey(year, key) : key);
}

/** Seed of the market-wide synoptic weather that a market's systems share (drivers.ts, sharedWind). */
export function marketWeatherSeed(region: MarketRegion, year: number, key: string | number = "wv"): number {
  return hashSeed("weather", "market", region, year, region === "NEM" ? nemSeedKey(year, key) : key);
}

/** NEM systems (and the pool) whose product draw is the representative one (nem-weather.ts, decision 0249). */
const NEM_SEEDED = new Set(["NSW1", "QLD1", "VIC1", "SA1", "TAS1", "NEM"]);

export function runSystem(
  region: MarketRegion,
  system: string,
  scen: Scenario | undefined,
  year: number,
  o: RunOptions,
): SystemRun {
  const resolved = resolveSystem(region, system, scen, year, o.paramOverride);
  const { sy, table } = resolved;
  const startMs = o.startMs ?? yearStartMs(year);
  const n = o.n ?? intervalsInYear(year, o.intervalMinutes);
  const grid = localGrid(table.weather.tz, startMs, n, o.intervalMinutes);
  const seed = weatherSeed(system, year, o.weatherKey);
  const synth = syntheticDrivers(
    demandProfile(system),
    resolved.meanDemandMW,
    {
      windOnshoreMW: resolved.windOnshoreMW,
      windOffshoreMW: resolved.windOffshoreMW,
      solarMW: resolved.solarMW,
      offshoreCf: table.offshoreCf,
    },
    o.winterStorms ? { ...table.weather, winterStorms: o.winterStorms } : table.weather,
    startMs,
    n,
    o.intervalMinutes,
    seed,
    grid,
    marketWeatherSeed(region, year, o.weatherKey),
  );
  const drivers: Drivers = { ...synth, ...(o.drivers ?? {}) } as Drivers;
  let peak = 0;
  for (const v of drivers.demandMW) if (v > peak) peak = v;
  sy.peakDemandMW = peak;
  o.adjust?.(sy);
  const clear = clearPrices(sy, drivers, grid, o.intervalMinutes, seed, { neighbourPrice: o.neighbourPrice });
  const map = o.raw ? undefined : (o.priceMap ?? priceMapFor(system));
  if (map?.scarcityOutside) {
    // the adder is paid by realised shortfalls where the system has them (decision 0246); the
    // expected probability stays in clear.scarcity for the services, which price the risk
    const sev = sy.params.shortfallSeverity;
    const hazard =
      sev && !o.drivers
        ? weatherExpectedHazard(region, system, scen, year, o, clear.reserveMW, sy, grid)
        : undefined;
    const r = applyPriceMapOutsideScarcity(
      clear.price,
      clear.adder,
      sev ? realiseShortfalls(hazard ?? clear.scarcity, sev, seed) : clear.scarcity,
      map,
      sy.neighbourRefCost,
      sy.priceFloor,
      sy.priceCap,
    );
    clear.price.set(r.price);
    clear.adder.set(r.adder);
  } else if (map) applyPriceMap(clear.price, map, sy.neighbourRefCost, sy.priceFloor, sy.priceCap);
  return {
    region,
    system,
    year,
    intervalMinutes: o.intervalMinutes,
    startMs,
    price: clear.price,
    clear,
    drivers,
    grid,
    resolved,
  };
}

/**
 * The shortfall hazard of a year (decision 0246): how often a Central year is short of reserves is an
 * expectation over weather, not one draw's luck (the eight 2025 draws gave 0 to 30 hours above $500
 * on the ORDC alone), and the product's own draw says when. The yearly total is the mean over
 * SHORTFALL_WEATHER_DRAWS synthetic weather years of the same system-year (hourly runs, the
 * product's draw among them) of the expected shortfall hours; it is spread over the product draw's
 * intervals by their reserve margin with the ORDC's curve at TIMING_SPREAD times its width, so a
 * calm draw still places its share of shortfalls in its tightest hours. Winter (December–February,
 * the months of the winter storms, decision 0250) is expected apart from the rest of the year and
 * shared among its months by their days: a storm in another draw makes winter shortfalls likelier,
 * not summer's, and the product's draw places each month's share in that month's tightest hours.
 */
function weatherExpectedHazard(
  region: MarketRegion,
  system: string,
  scen: Scenario | undefined,
  year: number,
  o: RunOptions,
  reserveMW: Float64Array,
  sy: SystemYear,
  grid: LocalGrid,
): Float64Array {
  let rest = 0;
  let winter = 0;
  const add = (key: string | number) => {
    const r = runSystem(region, system, scen, year, {
      intervalMinutes: 60,
      paramOverride: o.paramOverride,
      adjust: o.adjust,
      weatherKey: key,
      raw: true,
      winterStorms: o.winterStorms,
      startMs: o.startMs,
      n: o.n === undefined ? undefined : Math.ceil((o.n * o.intervalMinutes) / 60),
    });
    r.clear.scarcity.forEach((x, i) => {
      if (isWinter(r.grid.month[i])) winter += x / SHORTFALL_WEATHER_DRAWS;
      else rest += x / SHORTFALL_WEATHER_DRAWS;
    });
  };
  add(o.weatherKey ?? "wv");
  for (let k = 1; k < SHORTFALL_WEATHER_DRAWS; k++) add(`shortfall-${k}`);
  const m0 = sy.params.scarcityM0 * sy.peakDemandMW;
  const sig = Math.max(1, TIMING_SPREAD * sy.params.scarcitySigma * sy.peakDemandMW);
  // upper tail computed directly: winter margins sit many widths above m0, where 1 − Φ rounds to 0
  const w = Float64Array.from(reserveMW, (m) => upperTail((m - m0) / sig));
  // placement groups: the rest of the year as one (0246), each winter month apart with its share of
  // the winter's expected hours by its days (a storm is as likely on any winter day)
  const group = (i: number) => (isWinter(grid.month[i]) ? 1 + grid.month[i] : 0);
  const total = new Float64Array(13);
  const intervals = new Float64Array(13);
  w.forEach((x, i) => {
    total[group(i)] += x;
    intervals[group(i)]++;
  });
  const winterIntervals = intervals[1] + intervals[2] + intervals[12];
  const perInterval = 60 / o.intervalMinutes;
  const scale = Float64Array.from(total, (t, g) => {
    const expected = g === 0 ? rest : (winter * intervals[g]) / Math.max(1, winterIntervals);
    return t > 0 ? (expected * perInterval) / t : 0;
  });
  return Float64Array.from(w, (x, i) => x * scale[group(i)]);
}

/** December–February: the months of the winter storms (winter-storms.ts). */
const isWinter = (month: number) => month <= 1 || month === 11;

/** 1 − Φ(z), accurate far into the tail (Abramowitz–Stegun 7.1.26 on erfc, as rng.normCdf). */
function upperTail(z: number): number {
  if (z < 0) return 1 - upperTail(-z);
  const x = z / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t;
  return 0.5 * poly * Math.exp(-x * x);
}

/** Weather years averaged for the shortfall hazard's level (the product's draw and seven more). */
export const SHORTFALL_WEATHER_DRAWS = 8;
/** Width of the timing curve, in multiples of the ORDC's own σ. */
const TIMING_SPREAD = 2;

// ------------------------------------------------------------------ NEM coupling

export const NEM_SYSTEMS = ["NSW1", "QLD1", "VIC1", "SA1", "TAS1"] as const;

/**
 * NEM-wide reference price: the five regions' fleets and drivers pooled into one stack
 * (interconnectors unconstrained inside the pool). Regions then clear against this price through
 * their own interconnector limits, which is what produces regional separation.
 */
export function runNemPool(
  scen: Scenario | undefined,
  year: number,
  intervalMinutes: number,
  o: Partial<RunOptions> & { regionDrivers?: Record<string, Partial<Drivers>> } = {},
): { price: Float64Array; startMs: number } {
  const startMs = o.startMs ?? yearStartMs(year);
  const n = o.n ?? intervalsInYear(year, intervalMinutes);
  const parts = NEM_SYSTEMS.map((s) => {
    const resolved = resolveSystem("NEM", s, scen, year);
    const grid = localGrid(resolved.table.weather.tz, startMs, n, intervalMinutes);
    const synth = syntheticDrivers(
      demandProfile(s),
      resolved.meanDemandMW,
      {
        windOnshoreMW: resolved.windOnshoreMW,
        windOffshoreMW: resolved.windOffshoreMW,
        solarMW: resolved.solarMW,
        offshoreCf: resolved.table.offshoreCf,
      },
      resolved.table.weather,
      startMs,
      n,
      intervalMinutes,
      weatherSeed(s, year, o.weatherKey),
      grid,
      marketWeatherSeed("NEM", year, o.weatherKey),
    );
    return { resolved, grid, drivers: { ...synth, ...(o.regionDrivers?.[s] ?? {}) } as Drivers };
  });
  const demandMW = new Float64Array(n);
  const windMW = new Float64Array(n);
  const solarMW = new Float64Array(n);
  const windCf = new Float64Array(n);
  const solarCf = new Float64Array(n);
  for (const p of parts) {
    for (let i = 0; i < n; i++) {
      demandMW[i] += p.drivers.demandMW[i];
      windMW[i] += p.drivers.windMW[i];
      solarMW[i] += p.drivers.solarMW[i];
      windCf[i] += p.drivers.windCf[i] / parts.length;
      solarCf[i] += p.drivers.solarCf[i] / parts.length;
    }
  }
  const base = parts[0].resolved.sy;
  const sum = (f: (sy: SystemYear) => number) => parts.reduce((a, p) => a + f(p.resolved.sy), 0);
  const pool: SystemYear = {
    ...base,
    system: "NEM",
    mustRunMW: sum((s) => s.mustRunMW),
    hydroMW: sum((s) => s.hydroMW),
    hydroCf:
      sum((s) => s.hydroMW * s.hydroCf) /
      Math.max(
        1,
        sum((s) => s.hydroMW),
      ),
    storage: parts.flatMap((p) => p.resolved.sy.storage),
    thermal: parts.flatMap((p) => p.resolved.sy.thermal),
    interconnectorMW: 0,
    flexDemandMW: sum((s) => s.flexDemandMW),
    rooftopGrowthMW: sum((s) => s.rooftopGrowthMW),
    params: paramsFor("NEM", o.paramOverride),
  };
  let peak = 0;
  for (const v of demandMW) if (v > peak) peak = v;
  pool.peakDemandMW = peak;
  // pooled storage/hydro cycle on the NSW local day
  const clear = clearPrices(
    pool,
    { demandMW, windMW, solarMW, windCf, solarCf },
    parts[0].grid,
    intervalMinutes,
    weatherSeed("NEM", year, o.weatherKey),
  );
  return { price: clear.price, startMs };
}

/** Resample a series from one interval length to another (mean when coarsening, hold when refining). */
export function resample(src: Float64Array, fromMin: number, toMin: number, nOut: number): Float64Array {
  const out = new Float64Array(nOut);
  if (fromMin === toMin) {
    out.set(src.subarray(0, nOut));
    return out;
  }
  if (toMin < fromMin) {
    const k = fromMin / toMin;
    for (let i = 0; i < nOut; i++) out[i] = src[Math.min(src.length - 1, Math.floor(i / k))];
    return out;
  }
  const k = toMin / fromMin;
  for (let i = 0; i < nOut; i++) {
    let s = 0;
    for (let j = 0; j < k; j++) s += src[i * k + j];
    out[i] = s / k;
  }
  return out;
}

// ------------------------------------------------------------------ ERCOT load zones

/**
 * ERCOT load-zone basis to the hub average: basis = a + b·(hub − mean(hub)) + AR(1) noise(σ).
 * Fitted by the calibration CLI on 2024 RTM hourly prices (LZ_* minus HB_HUBAVG).
 */
export const ERCOT_ZONE_BASIS: Record<
  string,
  { a: number; b: number; sigma: number; settlementPoint: string }
> = {
  // fitted 2024: a = mean basis, b = slope on hub deviation, sigma = robust (MAD) residual
  WEST: { a: 8.53, b: 0.035, sigma: 12.57, settlementPoint: "LZ_WEST" },
  NORTH: { a: -0.32, b: 0.014, sigma: 1.45, settlementPoint: "LZ_NORTH" },
  SOUTH: { a: 3.73, b: -0.003, sigma: 5.57, settlementPoint: "LZ_SOUTH" },
  HOUSTON: { a: 0.39, b: -0.018, sigma: 1.31, settlementPoint: "LZ_HOUSTON" },
};

export function applyErcotBasis(
  hub: Float64Array,
  zone: string,
  year: number,
  intervalMinutes: number,
): Float64Array {
  const z = ERCOT_ZONE_BASIS[zone];
  if (!z) return hub;
  const n = hub.length;
  let mean = 0;
  for (const v of hub) mean += v;
  mean /= n;
  const noise = ar1(n, Math.pow(0.85, intervalMinutes / 60), new Rng(hashSeed("ercot-basis", zone, year)));
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = hub[i] + z.a + z.b * (hub[i] - mean) + z.sigma * noise[i];
  return out;
}

/**
 * Refine a 30-minute price to 5-minute intervals: each half-hour's price is spread over its six
 * 5-minute intervals with a mean-preserving AR(1) variation (sigma = the system's subHourlyNoise ×
 * |price| + 2 currency units), so the half-hour mean is unchanged.
 */
export function refineToFiveMinutes(
  p30: Float64Array,
  subNoise: number,
  seed: number,
  floor: number,
  cap: number,
): Float64Array {
  const n = p30.length * 6;
  const out = new Float64Array(n);
  const z = ar1(n, 0.7, new Rng(hashSeed("refine5", seed)));
  for (let h = 0; h < p30.length; h++) {
    let m = 0;
    for (let k = 0; k < 6; k++) m += z[h * 6 + k];
    m /= 6;
    const sd = subNoise * Math.abs(p30[h]) + 2;
    for (let k = 0; k < 6; k++)
      out[h * 6 + k] = Math.min(cap, Math.max(floor, p30[h] + sd * (z[h * 6 + k] - m)));
  }
  return out;
}

/** The price system that produces a region/zone's price. */
export function systemFor(region: MarketRegion, zone?: string): string {
  if (region === "NEM") return zone && (NEM_SYSTEMS as readonly string[]).includes(zone) ? zone : "NSW1";
  return MARKET_TABLES[region].systems[0].system;
}
