// Downloadable files of the world views: the statistics the databook (./databook.ts) is made of,
// the power-price file (csv), plus a small zip helper. Pure: they return buffers/strings; the API decides where they go.
import { zipSync, strToU8 } from "fflate";
import type { MarketRegion } from "../types.ts";
import { REGIONS } from "../markets/regions.ts";
import { localTimeFormatter } from "../markets/market-time.ts";
import { MONEY_BASIS } from "../markets/money.ts";
import { MARKET_TABLES } from "./assumptions.ts";
import { resolveSystem, type YearAssumptions } from "./system-year.ts";
import { getScenario, FIRST_YEAR, LAST_YEAR, MODEL_VERSION, type Scenario } from "./scenarios.ts";
import { marketYear, computeMarketYear } from "./world-view.ts";
import { priceStats } from "./calibration.ts";
import { MS_MIN, intervalsInYear, localGrid } from "./calendar.ts";
import { resample } from "./model.ts";
import { SPIKE_THRESHOLD } from "./market-fit.ts";

function scenarioOrThrow(id: string): Scenario {
  const s = getScenario(id);
  if (!s) throw new Error(`Unknown world view ${id}`);
  return s;
}

export interface AnnualStats {
  year: number;
  system: string;
  mean: number;
  peakload: number;
  offpeak: number;
  min: number;
  max: number;
  p5: number;
  p50: number;
  p95: number;
  std: number;
  dailySpread: number;
  negativeShare: number;
  /** Hours with a negative (hourly mean) price, their mean price, and hours at exactly zero. */
  negativeHours: number;
  meanNegativePrice: number;
  zeroHours: number;
  /** Wind and solar output as a share of demand (energy). */
  renewableShare: number;
  /** Mean over local days of (mean of the day's N dearest hours − mean of its N cheapest), N = 1, 2, 4. */
  tb1: number;
  tb2: number;
  tb4: number;
  /** Output-weighted price of (utility) solar and its ratio to the baseload price. */
  solarCapturePrice: number;
  solarCaptureRatio: number;
  serviceMeans: Record<string, number>;
  /** Firm capacity ÷ planning peak demand after new-entrant peakers (system-year.ts). */
  firmCapacityRatio: number;
  /** Hours in which the probability of a reserve shortfall (the scarcity adder's weight) is at least 1 %. */
  scarcityHours: number;
  /** Hours above the market's spike threshold (market-fit.ts). */
  spikeHours: number;
  imbalanceMean?: number;
  capacityPricePerKWYear?: number;
}

const statsCache = new Map<string, AnnualStats[]>();

/** Mean over local days of top-N minus bottom-N hourly prices (N = 1, 2, 4): what a 1/2/4 h battery can spread. */
export function topBottomSpreads(
  hourly: ArrayLike<number>,
  dayIndex: ArrayLike<number>,
): [number, number, number] {
  const sums = [0, 0, 0];
  let days = 0;
  let start = 0;
  for (let i = 1; i <= hourly.length; i++) {
    if (i < hourly.length && dayIndex[i] === dayIndex[start]) continue;
    if (i - start >= 20) {
      const d = Array.from({ length: i - start }, (_, k) => hourly[start + k]).sort((x, y) => x - y);
      [1, 2, 4].forEach((nh, k) => {
        let top = 0;
        let bottom = 0;
        for (let j = 0; j < nh; j++) {
          top += d[d.length - 1 - j];
          bottom += d[j];
        }
        sums[k] += (top - bottom) / nh;
      });
      days++;
    }
    start = i;
  }
  return [sums[0] / days, sums[1] / days, sums[2] / days];
}

/**
 * Annual price statistics of a world view for every year (all price systems: NEM regions, ERCOT hub),
 * computed on hourly means of the prices the forecasts and power-price files use (the market's
 * clearing interval; NEM: the half-hourly clearing, so 5-minute variation is averaged within the hour).
 */
export function annualStatistics(scenarioId: string): AnnualStats[] {
  const scen = scenarioOrThrow(scenarioId);
  const hit = statsCache.get(scenarioId);
  if (hit) return hit;
  const region = scen.marketRegion;
  const interval = region === "NEM" ? 30 : REGIONS[region].settlementMinutes;
  const zones = region === "NEM" ? ["NSW1", "QLD1", "VIC1", "SA1", "TAS1"] : [undefined];
  const out: AnnualStats[] = [];
  for (let y = FIRST_YEAR; y <= LAST_YEAR; y++) {
    for (const zone of zones) {
      // computed outside the marketYear cache to keep memory flat during a databook build
      const d = computeMarketYear(region, scen, y, { zone, intervalMinutes: interval });
      const nh = intervalsInYear(y, 60);
      const p = resample(d.marketYear.energyPrice, interval, 60, nh);
      const grid = localGrid(d.run.resolved.table.weather.tz, d.run.startMs, nh, 60);
      const s = priceStats(p, 24);
      let pk = 0,
        npk = 0,
        op = 0,
        nop = 0,
        negSum = 0,
        negN = 0,
        zeroN = 0;
      for (let i = 0; i < p.length; i++) {
        const h = grid.hour[i];
        const wd = grid.weekday[i];
        if (wd !== 0 && wd !== 6 && h >= 8 && h < 20) {
          pk += p[i];
          npk++;
        } else {
          op += p[i];
          nop++;
        }
        if (p[i] < 0) {
          negSum += p[i];
          negN++;
        } else if (p[i] === 0) zeroN++;
      }
      const dr = d.run.drivers;
      let re = 0,
        demand = 0,
        solarOut = 0,
        solarValue = 0;
      // drivers are on the clearing grid, like the prices
      for (let i = 0; i < dr.demandMW.length; i++) {
        re += dr.windMW[i] + dr.solarMW[i];
        demand += dr.demandMW[i];
        solarOut += dr.solarMW[i];
        solarValue += dr.solarMW[i] * d.marketYear.energyPrice[i];
      }
      const [tb1, tb2, tb4] = topBottomSpreads(p, grid.dayIndex);
      const serviceMeans: Record<string, number> = {};
      for (const [k, v] of Object.entries(d.marketYear.servicePrices)) {
        let m = 0;
        for (const x of v!) m += x;
        serviceMeans[k] = m / v!.length;
      }
      let imb: number | undefined;
      if (d.marketYear.imbalancePrice) {
        imb = 0;
        for (const x of d.marketYear.imbalancePrice) imb += x;
        imb /= d.marketYear.imbalancePrice.length;
      }
      const capture = solarOut > 0 ? solarValue / solarOut : NaN;
      let scarcityHours = 0;
      for (const lolp of d.run.clear.scarcity) if (lolp >= 0.01) scarcityHours += interval / 60;
      let spikeHours = 0;
      for (const x of p) if (x > SPIKE_THRESHOLD[region]) spikeHours++;
      out.push({
        year: y,
        system: zone ?? d.run.system,
        mean: s.mean,
        peakload: pk / npk,
        offpeak: op / nop,
        min: s.min,
        max: s.max,
        p5: s.p5,
        p50: s.p50,
        p95: s.p95,
        std: s.std,
        dailySpread: s.dailySpread,
        negativeShare: s.negativeShare,
        negativeHours: negN,
        meanNegativePrice: negN ? negSum / negN : NaN,
        zeroHours: zeroN,
        renewableShare: re / demand,
        tb1,
        tb2,
        tb4,
        solarCapturePrice: capture,
        solarCaptureRatio: capture / s.mean,
        serviceMeans,
        firmCapacityRatio: d.run.resolved.firmCapacityRatio,
        scarcityHours,
        spikeHours,
        imbalanceMean: imb,
        capacityPricePerKWYear: d.marketYear.capacityPricePerKWYear,
      });
    }
  }
  statsCache.set(scenarioId, out);
  return out;
}

export function scenarioAssumptions(scenarioId: string): YearAssumptions[] {
  const scen = scenarioOrThrow(scenarioId);
  const market = MARKET_TABLES[scen.marketRegion];
  const out: YearAssumptions[] = [];
  for (let y = FIRST_YEAR; y <= LAST_YEAR; y++)
    for (const sys of market.systems) out.push(resolveSystem(scen.marketRegion, sys.system, scen, y).ya);
  return out;
}

export function databookFileName(scenarioId: string): string {
  return `databook_${scenarioId}_${MODEL_VERSION}.xlsx`;
}

export function powerPriceFileName(scenarioId: string, zone?: string): string {
  return `power_prices_${scenarioId}${zone ? "_" + zone.toLowerCase() : ""}_${MODEL_VERSION}.csv`;
}

/** ISO timestamps without milliseconds, fast (no Date per row for the minute part). */
function isoAt(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19) + "Z";
}

/**
 * Header of the power-price CSV: the columns are `timestamp` (UTC), the same instant on the market's
 * clock, named by its zone, and `price`; the price column's name also says its unit, currency,
 * money basis and resolution, e.g.
 * `timestamp,local time [Europe/London],price [GBP/MWh; real 2024 money; 30-minute intervals; timestamp = interval start in UTC]`
 * (semicolons, not commas, inside a column's name).
 */
export function powerPriceCsvHeader(region: MarketRegion, intervalMinutes: number): string {
  const cur = REGIONS[region].currency;
  return `timestamp,local time [${REGIONS[region].timeZone}],price [${cur}/MWh; ${MONEY_BASIS.kind} ${MONEY_BASIS.year} money; ${intervalMinutes}-minute intervals; timestamp = interval start in UTC]`;
}

/**
 * The power-price file of a world view as CSV chunks (header, then one chunk per year):
 * `timestamp,local time [zone],price [...]` (powerPriceCsvHeader) where timestamp is the interval
 * start in UTC and the local time the same instant on the market's clock (with its offset).
 * Memory-sane: one year at a time.
 */
export function* powerPriceCsvChunks(
  scenarioId: string,
  opts: { zone?: string; intervalMinutes?: number; fromYear?: number; toYear?: number } = {},
): Generator<string> {
  const scen = scenarioOrThrow(scenarioId);
  const local = localTimeFormatter(REGIONS[scen.marketRegion].timeZone);
  yield powerPriceCsvHeader(
    scen.marketRegion,
    opts.intervalMinutes ?? REGIONS[scen.marketRegion].settlementMinutes,
  ) + "\n";
  for (let y = opts.fromYear ?? FIRST_YEAR; y <= (opts.toYear ?? LAST_YEAR); y++) {
    const my = marketYear(scenarioId, y, { zone: opts.zone, intervalMinutes: opts.intervalMinutes });
    const start = Date.parse(my.startUtc);
    const step = my.intervalMinutes * MS_MIN;
    const parts: string[] = new Array(my.energyPrice.length);
    for (let i = 0; i < my.energyPrice.length; i++)
      parts[i] = `${isoAt(start + i * step)},${local(start + i * step)},${my.energyPrice[i].toFixed(2)}`;
    yield parts.join("\n") + "\n";
  }
}

/** The whole power-price CSV as a Buffer (see powerPriceCsvChunks for streaming). */
export async function buildPowerPriceCsv(
  scenarioId: string,
  opts: { zone?: string; intervalMinutes?: number; fromYear?: number; toYear?: number } = {},
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for (const c of powerPriceCsvChunks(scenarioId, opts)) chunks.push(Buffer.from(c, "utf8"));
  return Buffer.concat(chunks);
}

/** Zip named files into one archive (e.g. databooks_{date}.zip, power_prices_{dd_MM_yyyy}.zip). */
export function zipFiles(files: Array<{ name: string; data: Uint8Array | string }>): Buffer {
  const entries: Record<string, Uint8Array> = {};
  for (const f of files) entries[f.name] = typeof f.data === "string" ? strToU8(f.data) : f.data;
  return Buffer.from(zipSync(entries, { level: 6 }));
}

export type { MarketRegion };
