// The backtest's real series read from the database (the datasets the import filled from the
// shared data folder), and the key that says which state of the data a result was computed from.
import { createHash } from "node:crypto";
import { and, asc, inArray, not } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { capacityMarketAuctions, datasets } from "../db/schema/index.ts";
import type { BacktestMarketData, Series } from "../../engine/backtest/index.ts";
import { BACKTEST_MARKETS, backtestSlugs, serviceShares } from "../../engine/backtest/markets.ts";
import { seriesBetween } from "../datasets/store.ts";
import { capacityFromDb } from "./capacity.ts";

/** Bump when the backtest's method changes, so cached results are recomputed. */
export const BACKTEST_METHOD_VERSION = "6";

/** What the data look like now: the backtest's datasets (points, last point) and the CM rows. */
export async function backtestDataKey(db: Db): Promise<{ key: string; datasets: number }> {
  const rows = await db
    .select({ slug: datasets.slug, pointCount: datasets.pointCount, endDate: datasets.endDate })
    .from(datasets)
    .where(and(inArray(datasets.slug, backtestSlugs()), not(datasets.synthetic)))
    .orderBy(asc(datasets.slug));
  const cm = await db.$count(capacityMarketAuctions);
  const h = createHash("sha256");
  h.update(BACKTEST_METHOD_VERSION);
  for (const r of rows) h.update(`${r.slug}|${r.pointCount}|${r.endDate?.toISOString() ?? null}`);
  h.update(`cm|${cm}`);
  return { key: h.digest("hex").slice(0, 32), datasets: rows.length };
}

/** Every market-year with a real wholesale series in the database (of `markets` only, when given). */
export async function backtestDataFromDb(
  db: Db,
  markets: string[] | null = null,
): Promise<BacktestMarketData[]> {
  const rows = await db
    .select({ id: datasets.id, slug: datasets.slug })
    .from(datasets)
    .where(and(inArray(datasets.slug, backtestSlugs(markets)), not(datasets.synthetic)));
  const ids = new Map(rows.map((r) => [r.slug, r.id]));
  const cache = new Map<string, Series>();
  const series = async (slug: string) => {
    const id = ids.get(slug);
    if (id === undefined) return undefined;
    if (!cache.has(slug)) cache.set(slug, await seriesBetween(db, id));
    return cache.get(slug);
  };
  const capacity = await capacityFromDb(db);
  const out: BacktestMarketData[] = [];
  for (const m of BACKTEST_MARKETS.filter((x) => !markets || markets.includes(x.market))) {
    const energy = await series(m.energy);
    if (!energy) continue;
    const later = m.later ? await series(m.later.slug) : undefined;
    const services: BacktestMarketData["services"] = {};
    for (const [k, slug] of Object.entries(m.services ?? {})) {
      const s = await series(slug);
      if (s) services[k as keyof typeof services] = s;
    }
    const volumes = new Map<string, Series>();
    for (const slug of Object.values(m.clearedVolume ?? {})) {
      const s = await series(slug);
      if (s) volumes.set(slug, s);
    }
    for (const year of m.years) {
      const a = Date.UTC(year, 0, 1);
      const b = Date.UTC(year + 1, 0, 1);
      if (!Array.from(energy.ts).some((t) => t >= a && t < b)) continue;
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
        serviceShare: serviceShares(m, year, (slug) => volumes.get(slug)),
      });
    }
  }
  return out;
}
