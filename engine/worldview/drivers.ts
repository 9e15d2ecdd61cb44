// Physical drivers of a price system for one year at a given interval: demand, wind and solar
// output (MW). Synthetic drivers are seeded and calibrated to the system's demand profile
// (profiles.ts) and to target annual capacity factors; real drivers can be passed in instead
// (the calibration CLI does this for the base year where ../shared/data has them).
import { ar1, hashSeed, Rng } from "./rng.ts";
import { localGrid, type LocalGrid, MS_MIN, type TzRule } from "./calendar.ts";
import type { DemandProfile } from "./derived-shapes.ts";
import { applyWinterStorms, type StormDrivers, type WinterStormRule } from "./winter-storms.ts";

export interface Drivers {
  demandMW: Float64Array;
  windMW: Float64Array;
  solarMW: Float64Array;
  /** Wind capacity factor (0-1) — used for correlated neighbour prices. */
  windCf: Float64Array;
  /** Solar capacity factor (0-1). */
  solarCf: Float64Array;
  /** Winter storms of the draw (ERCOT, decision 0250): storm intervals and cold thermal outages. */
  storm?: StormDrivers;
}

export interface WeatherSpec {
  tz: TzRule;
  lat: number;
  lon: number;
  /** Target annual capacity factors. */
  windCf: number;
  solarCf: number;
  /** Seasonal amplitude of wind (winter-high in Europe > 0); phase by hemisphere via lat sign. */
  windSeasonal: number;
  /** Diurnal amplitude of wind (ERCOT night-time low-level jet > 0), peak at local hour windPeakHour. */
  windDiurnal: number;
  windPeakHour: number;
  /** Sensitivity of demand to the daily temperature anomaly (fraction per sigma), winter and summer. */
  demandWeatherWinter: number;
  demandWeatherSummer: number;
  /**
   * Systems of one synchronous market share synoptic weather: the wind's latent weather is
   * loading·(market-wide series) + √(1 − loading²)·(own series), so two systems' latent wind
   * correlates by the product of their loadings (NEM: South Australia and Victoria ≈ 0.6, Queensland
   * and the south ≈ 0.2). Absent or 0: the system's weather is its own.
   */
  sharedWind?: { market: string; loading: number };
  /** Winter storms (cold demand and cold outages on the same days; winter-storms.ts). Absent: none. */
  winterStorms?: WinterStormRule;
}

/** Interpolated seasonal weight: 1 in mid-January, 0 in mid-July (northern calendar). */
function janWeight(dayOfYear: number): number {
  return 0.5 * (1 + Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365.25));
}

/** Smooth monthly factor (linear between mid-months, cyclic). */
function monthlyFactor(monthly: number[], dayOfYear: number): number {
  const x = (dayOfYear + 0.5) / 30.4375 - 0.5; // 0 = mid-January
  const i0 = Math.floor(x);
  const f = x - i0;
  const a = monthly[((i0 % 12) + 12) % 12];
  const b = monthly[(((i0 + 1) % 12) + 12) % 12];
  return a + (b - a) * f;
}

function shapeAt(arr: number[], hour: number): number {
  // values are hour-averages: centre at h+0.5, interpolate linearly between centres
  const x = hour - 0.5;
  const i0 = Math.floor(x);
  const g = x - i0;
  return arr[((i0 % 24) + 24) % 24] * (1 - g) + arr[(((i0 + 1) % 24) + 24) % 24] * g;
}

/** Demand series (MW) with the profile's shape, scaled to meanMW, plus seeded weather noise. */
export function syntheticDemand(
  profile: DemandProfile,
  meanMW: number,
  grid: LocalGrid,
  weather: WeatherSpec,
  seed: number,
): Float64Array {
  const n = grid.hour.length;
  const out = new Float64Array(n);
  const rng = new Rng(hashSeed(seed, "demand"));
  const days = grid.dayIndex[n - 1] + 2;
  const daily = ar1(days, 0.75, rng); // temperature anomaly, daily persistence
  const hourlyNoise = ar1(n, 0.9, rng);
  const southern = weather.lat < 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const doy = grid.dayOfYear[i];
    // profiles are keyed by calendar months, so no hemisphere flip is needed here
    const w = janWeight(doy);
    const weekend = grid.weekday[i] === 0 || grid.weekday[i] === 6;
    const sJan = shapeAt(weekend ? profile.shapeJan.weekend : profile.shapeJan.weekday, grid.hour[i]);
    const sJul = shapeAt(weekend ? profile.shapeJul.weekend : profile.shapeJul.weekday, grid.hour[i]);
    const shape = w * sJan + (1 - w) * sJul;
    const wk = weekend ? w * profile.weekendFactorJan + (1 - w) * profile.weekendFactorJul : 1;
    const level = monthlyFactor(profile.monthly, doy);
    // weather sensitivity: heating season uses winter coefficient, cooling season summer coefficient
    const heatW = southern ? 1 - w : w;
    const sens = heatW * weather.demandWeatherWinter + (1 - heatW) * weather.demandWeatherSummer;
    const v = level * wk * shape * (1 + sens * daily[grid.dayIndex[i]] + 0.012 * hourlyNoise[i]);
    out[i] = v;
    sum += v;
  }
  const k = (meanMW * n) / sum;
  for (let i = 0; i < n; i++) out[i] *= k;
  return out;
}

/** Solar elevation sine at a UTC instant for a site (simple astronomical formula). */
export function sinSolarElevation(utcMs: number, lat: number, lon: number): number {
  // day of year from a fixed epoch (1 Jan 2000); the 0.24-day/yr drift is irrelevant here
  const days = (utcMs - 946_684_800_000) / 86_400_000;
  const doy = days - 365.25 * Math.floor(days / 365.25);
  const decl = 0.4093 * Math.sin((2 * Math.PI * (doy - 80)) / 365.25);
  const solarHour = (utcMs % 86_400_000) / 3_600_000 + lon / 15;
  const ha = ((solarHour - 12) * Math.PI) / 12;
  const phi = (lat * Math.PI) / 180;
  return Math.sin(phi) * Math.sin(decl) + Math.cos(phi) * Math.cos(decl) * Math.cos(ha);
}

/** Solar capacity factor series: clear-sky geometry × seeded cloudiness, scaled to the target CF. */
export function syntheticSolarCf(
  startMs: number,
  n: number,
  intervalMinutes: number,
  grid: LocalGrid,
  weather: WeatherSpec,
  seed: number,
): Float64Array {
  const rng = new Rng(hashSeed(seed, "solar"));
  const days = grid.dayIndex[n - 1] + 2;
  const cloudDaily = ar1(days, 0.55, rng);
  const cloudHourly = ar1(n, 0.95, rng);
  const out = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    // mid-interval sun position
    const s = sinSolarElevation(startMs + (i + 0.5) * intervalMinutes * MS_MIN, weather.lat, weather.lon);
    if (s <= 0) continue;
    const clear = Math.pow(s, 1.15);
    const z = 0.8 * cloudDaily[grid.dayIndex[i]] + 0.6 * cloudHourly[i];
    const clearness = 1 / (1 + Math.exp(-(1.1 + 1.3 * z))); // 0..1, mean ~0.7
    const v = clear * clearness;
    out[i] = v;
    sum += v;
  }
  scaleToMeanCapped(out, sum, weather.solarCf, 0.92);
  return out;
}

/** Wind capacity factor: latent AR(1) weather (synoptic persistence) through a logistic power curve. */
export function syntheticWindCf(
  n: number,
  intervalMinutes: number,
  grid: LocalGrid,
  weather: WeatherSpec,
  seed: number,
  targetCf = weather.windCf,
  sharedSeed?: number,
): Float64Array {
  const rng = new Rng(hashSeed(seed, "wind"));
  // hourly persistence 0.975 (e-folding ~40 h), converted to the interval length
  const phi = Math.pow(0.975, intervalMinutes / 60);
  const z = ar1(n, phi, rng);
  const a = weather.sharedWind?.loading ?? 0;
  if (a > 0 && sharedSeed !== undefined) {
    // the market-wide synoptic series has the same persistence, so the mix stays a unit AR(1)
    const common = ar1(n, phi, new Rng(hashSeed(sharedSeed, "wind", weather.sharedWind!.market)));
    const b = Math.sqrt(1 - a * a);
    for (let i = 0; i < n; i++) z[i] = a * common[i] + b * z[i];
  }
  const out = new Float64Array(n);
  let sum = 0;
  const southern = weather.lat < 0;
  for (let i = 0; i < n; i++) {
    let w = janWeight(grid.dayOfYear[i]);
    if (southern) w = 1 - w;
    const seasonal = weather.windSeasonal * (2 * w - 1);
    const diurnal =
      weather.windDiurnal * Math.cos((2 * Math.PI * (grid.hour[i] - weather.windPeakHour)) / 24);
    const v = 1 / (1 + Math.exp(-(-0.9 + 1.6 * z[i] + seasonal + diurnal)));
    out[i] = v;
    sum += v;
  }
  scaleToMeanCapped(out, sum, targetCf, 0.95);
  return out;
}

/** Scale a non-negative series to a target mean with a cap, iterating so the mean holds after capping. */
function scaleToMeanCapped(a: Float64Array, sum: number, target: number, cap: number): void {
  const n = a.length;
  let k = (target * n) / Math.max(sum, 1e-9);
  for (let iter = 0; iter < 6; iter++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += Math.min(cap, a[i] * k);
    if (Math.abs(s / n - target) < 1e-4) break;
    k *= (target * n) / Math.max(s, 1e-9);
  }
  for (let i = 0; i < n; i++) a[i] = Math.min(cap, a[i] * k);
}

export interface DriverCapacity {
  windOnshoreMW: number;
  windOffshoreMW: number;
  solarMW: number;
  offshoreCf: number;
}

/** Synthetic drivers for one system-year. */
export function syntheticDrivers(
  profile: DemandProfile,
  meanDemandMW: number,
  cap: DriverCapacity,
  weather: WeatherSpec,
  startMs: number,
  n: number,
  intervalMinutes: number,
  seed: number,
  grid: LocalGrid = localGrid(weather.tz, startMs, n, intervalMinutes),
  sharedSeed?: number,
): Drivers {
  const demandMW = syntheticDemand(profile, meanDemandMW, grid, weather, seed);
  // storms add heating load on top of the year's demand (extra energy, not a reshuffle of it)
  const storm = weather.winterStorms
    ? applyWinterStorms(weather.winterStorms, demandMW, grid, seed)
    : undefined;
  const windCf = syntheticWindCf(n, intervalMinutes, grid, weather, seed, weather.windCf, sharedSeed);
  // offshore shares the weather with a smoother, higher power curve
  const offCf =
    cap.windOffshoreMW > 0
      ? syntheticWindCf(n, intervalMinutes, grid, weather, seed, cap.offshoreCf, sharedSeed)
      : new Float64Array(n);
  const solarCf = syntheticSolarCf(startMs, n, intervalMinutes, grid, weather, seed);
  const windMW = new Float64Array(n);
  const solarMW = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    windMW[i] = windCf[i] * cap.windOnshoreMW + offCf[i] * cap.windOffshoreMW;
    solarMW[i] = solarCf[i] * cap.solarMW;
  }
  return { demandMW, windMW, solarMW, windCf, solarCf, ...(storm ? { storm } : {}) };
}
