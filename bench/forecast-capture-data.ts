// What `npm run forecast:capture` and its test read (decision 0136): a market's Central world-view
// years (from the market-year store, decision 0509) and the base year's backtest rows on the real
// prices of ../shared/data for the same zone, 2 h, realistic and perfect.
import type { MarketRegion } from "../engine/types.ts";
import { backtestMarketYear, backtestRow, USUAL_CYCLES } from "../engine/backtest/index.ts";
import {
  BASE_REGION,
  CAPTURE_BATTERY,
  captureRows,
  forecastCapture,
  type CaptureRow,
} from "../engine/forecast/capture.ts";
import { BASE_YEAR, defaultScenario } from "../engine/worldview/scenarios.ts";
import { storedMarketYear } from "../api/worldviews/marketYearStore.ts";
import { loadBacktestData } from "./backtest-data.ts";

export const CAPTURE_MARKETS: MarketRegion[] = ["GB", "ERCOT", "NEM", "DE", "ES"];

/** The 20 years of a forecast starting the year after the base year. */
export const FORECAST_YEARS = Array.from({ length: 20 }, (_, i) => BASE_YEAR + 1 + i);

let baseData: ReturnType<typeof loadBacktestData> | undefined;

async function baseYearData(market: MarketRegion) {
  // the files are read once for every market (reading them is most of a backtest row's time)
  baseData ??= loadBacktestData(
    (m) => m.region === BASE_REGION[m.market as MarketRegion] && m.year === BASE_YEAR,
  );
  return (await baseData).find((m) => m.market === market);
}

/** The base year's real energy price on its grid (what REAL_SPREAD_SKILL is measured on). */
export async function baseYearPrice(market: MarketRegion) {
  const d = await baseYearData(market);
  if (!d) return undefined;
  const { marketYear } = backtestMarketYear(d);
  return { price: marketYear.energyPrice, intervalMinutes: marketYear.intervalMinutes };
}

/** The base year's realistic and perfect streams (2 h backtest rows), or undefined without real data. */
export async function baseYearStreams(market: MarketRegion) {
  const d = await baseYearData(market);
  if (!d) return undefined;
  return {
    realistic: backtestRow(d, CAPTURE_BATTERY.duration, "realistic").streams,
    perfect: backtestRow(d, CAPTURE_BATTERY.duration, "perfect").streams,
  };
}

/**
 * A market's rows: its Central world view over `years` (built at `intervalMinutes`, default the
 * market's settlement interval), beside the base year's backtest.
 */
export async function marketCapture(
  market: MarketRegion,
  years: number[],
  intervalMinutes?: number,
): Promise<CaptureRow[]> {
  const id = defaultScenario(market).id;
  const marketYears = years.map((y) => storedMarketYear(id, y, intervalMinutes ? { intervalMinutes } : {}));
  const base = await baseYearStreams(market);
  return captureRows(market, forecastCapture(market, marketYears, USUAL_CYCLES[market]), base);
}
