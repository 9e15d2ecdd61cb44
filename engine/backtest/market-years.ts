// A backtest market's years as the backtest runs them, from its real series by slug: one rule for
// the files (bench/backtest-data.ts) and the database (api/backtest/data.ts).
import type { BacktestMarketData, CapacityYear, Series } from "./index.ts";
import { serviceShares, type BacktestMarket } from "./markets.ts";

/** Each year of `m` that its wholesale series covers (and `keep` accepts). */
export function backtestMarketYears(
  m: BacktestMarket,
  series: (slug: string) => Series | undefined,
  capacity: Record<number, CapacityYear[]> | undefined,
  keep: (year: number) => boolean = () => true,
): BacktestMarketData[] {
  const energy = series(m.energy);
  if (!energy) return [];
  const later = m.later && series(m.later.slug);
  const services: BacktestMarketData["services"] = {};
  for (const [k, slug] of Object.entries(m.services ?? {})) {
    const s = series(slug);
    if (s) services[k as keyof typeof services] = s;
  }
  const out: BacktestMarketData[] = [];
  for (const year of m.years) {
    const a = Date.UTC(year, 0, 1);
    const b = Date.UTC(year + 1, 0, 1);
    if (!keep(year) || !Array.from(energy.ts).some((t) => t >= a && t < b)) continue;
    out.push({
      market: m.market,
      region: m.region,
      year,
      currency: m.currency,
      intervalMinutes: m.intervalMinutes,
      energy,
      later: later ? { stream: m.later!.stream, series: later } : undefined,
      services,
      serviceLaunched: m.launched,
      capacity: m.capacity ? capacity : undefined,
      serviceShare: serviceShares(m, year, series),
    });
  }
  return out;
}
