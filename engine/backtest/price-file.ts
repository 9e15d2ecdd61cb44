// The backtest on any price file (issue 25 acceptance 2): `timestamp,price` in UTC, the same
// parser as the dispatch CLI (dispatch/price-csv.ts). Energy only: the battery trades the file's
// prices, nothing else. Pure: text in, the market-year as plain data out.
import type { MarketRegion } from "../types.ts";
import { parsePriceCsv } from "../dispatch/price-csv.ts";
import { REGIONS } from "../markets/regions.ts";
import type { BacktestMarketData } from "./index.ts";

export interface PriceFileOptions {
  market: string | undefined;
  region?: string;
  year: string | number | undefined;
  intervalMinutes?: string | number;
}

/** The market-year of a price file; errors name the option or line that is wrong. */
export function priceFileMarketData(text: string, o: PriceFileOptions): BacktestMarketData {
  const markets = Object.keys(REGIONS) as MarketRegion[];
  if (!o.market || !markets.includes(o.market as MarketRegion))
    throw new Error(`--market must be one of ${markets.join(", ")} (found '${o.market ?? ""}')`);
  const market = o.market as MarketRegion;
  const year = Number(o.year);
  if (!Number.isInteger(year) || year < 2000 || year > 2100)
    throw new Error(`--year must be a calendar year such as 2024 (found '${o.year ?? ""}')`);
  let interval: number | undefined;
  if (o.intervalMinutes !== undefined) {
    interval = Number(o.intervalMinutes);
    if (!Number.isInteger(interval) || interval <= 0 || 1440 % interval !== 0)
      throw new Error(
        `--interval-minutes must be a whole number of minutes that divides a day (found '${o.intervalMinutes}')`,
      );
  }
  const prices = parsePriceCsv(text, interval);
  const t0 = Date.parse(prices.startUtc);
  const step = prices.intervalMinutes * 60_000;
  const ts = Float64Array.from(prices.price, (_, i) => t0 + i * step);
  const inYear = ts.filter((t) => t >= Date.UTC(year, 0, 1) && t < Date.UTC(year + 1, 0, 1)).length;
  if (!inYear) throw new Error(`prices file: no prices in ${year} (UTC)`);
  return {
    market,
    region: o.region ?? market,
    year,
    currency: REGIONS[market].currency,
    intervalMinutes: prices.intervalMinutes,
    energy: { ts, values: prices.price },
  };
}
