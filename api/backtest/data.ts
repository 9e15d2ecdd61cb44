// The backtest's real series read from the database (the datasets the import filled from the
// shared data folder), and the key that says which state of the data a result was computed from.
import { createHash } from "node:crypto";
import { and, asc, inArray, not } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { capacityMarketAuctions, datasets } from "../db/schema/index.ts";
import type { BacktestMarketData, Series } from "../../engine/backtest/index.ts";
import { BACKTEST_MARKETS, backtestSlugs } from "../../engine/backtest/markets.ts";
import { backtestMarketYears } from "../../engine/backtest/market-years.ts";
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
    // the market's series read first, so the years are cut from them by the one rule
    const slugs = [
      m.energy,
      m.later?.slug,
      ...Object.values(m.services ?? {}),
      ...Object.values(m.clearedVolume ?? {}),
    ];
    const held = new Map<string, Series>();
    for (const slug of slugs) {
      const s = slug ? await series(slug) : undefined;
      if (s) held.set(slug!, s);
    }
    out.push(...backtestMarketYears(m, (slug) => held.get(slug), capacity));
  }
  return out;
}
