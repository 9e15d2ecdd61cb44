// The market dashboard (issue 27 item 12): per market price zone, the latest day's day-ahead prices
// and spread from the market data held, the backtest's modelled BESS revenue on those real prices,
// and how fresh the data are. Few queries whatever the number of markets: the datasets in one, the
// last two days of every series in one, the backtest's stored result in one or two.
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { and, gte, inArray, lte, not, or, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { datasetPoints, datasets } from "../db/schema/index.ts";
import { BACKTEST_MARKETS } from "../../engine/backtest/markets.ts";
import { REGIONS } from "../../engine/markets/regions.ts";
import type { BacktestState } from "../backtest/compute.ts";
import { heldStore } from "../plotting/held.ts";

/** The reference battery whose revenue is the index: 2 h, realistic foresight (decision 0118). */
export const INDEX_DURATION_HOURS = 2;

export interface MarketSummary {
  market: string;
  region: string;
  name: string;
  currency: string;
  timeZone: string;
  dataset: { slug: string; title: string; source: string; unit: string } | null;
  /** The last local day with prices: its date (market time) and statistics. */
  latestDay: {
    date: string;
    mean: number;
    min: number;
    max: number;
    spread: number;
    intervals: number;
  } | null;
  lastPoint: string | null;
  importedAt: string | null;
  revenueIndex: { year: number; revenuePerMWYear: number; annualised: boolean; durationHours: number } | null;
}

/** The market's calendar day of an instant, "2026-03-29". */
const localDate = (timeZone: string) => (t: Date) => format(new TZDate(t, timeZone), "yyyy-MM-dd");

export async function marketSummaries(db: Db, backtest: BacktestState): Promise<MarketSummary[]> {
  const slugs = BACKTEST_MARKETS.map((m) => m.energy);
  const held = await db
    .select({
      id: datasets.id,
      slug: datasets.slug,
      title: datasets.title,
      source: datasets.source,
      unit: datasets.unit,
      endDate: datasets.endDate,
      updatedAt: datasets.updatedAt,
    })
    .from(datasets)
    .where(and(inArray(datasets.slug, slugs), not(datasets.synthetic)));
  // What the summaries depend on: each series' version and end (every import moves `updatedAt`,
  // decision 0503) and the backtest result shown. Read on every request, so nothing held is out of
  // date; the points and the statistics are then worked out once per version (issue 29).
  const key = [
    backtest.status,
    backtest.computedAt ?? "",
    ...held.map((d) => `${d.id}:${d.updatedAt.getTime()}:${d.endDate?.getTime() ?? ""}`),
  ].join("|");
  return heldSummaries(key, () => summarise(db, held, backtest));
}

/** Dashboards by the versions they were made from: a few kilobytes each, a few held. */
const heldSummaries = heldStore<MarketSummary[]>(64, () => 1);

type HeldDataset = {
  id: number;
  slug: string;
  title: string;
  source: string;
  unit: string;
  endDate: Date | null;
  updatedAt: Date;
};

async function summarise(db: Db, held: HeldDataset[], backtest: BacktestState): Promise<MarketSummary[]> {
  const bySlug = new Map(held.map((d) => [d.slug, d]));
  // the last 48 hours of every series (a local day lies within them), in one query
  const windows = held.flatMap((d) =>
    d.endDate
      ? [
          and(
            eq(datasetPoints.datasetId, d.id),
            gte(datasetPoints.ts, new Date(d.endDate.getTime() - 48 * 3_600_000)),
            lte(datasetPoints.ts, d.endDate),
          ),
        ]
      : [],
  );
  const points = windows.length
    ? await db
        .select({ id: datasetPoints.datasetId, ts: datasetPoints.ts, value: datasetPoints.value })
        .from(datasetPoints)
        .where(or(...windows))
    : [];
  const pointsOf = new Map<number, { ts: Date; value: number }[]>();
  for (const p of points) pointsOf.set(p.id, [...(pointsOf.get(p.id) ?? []), p]);

  return BACKTEST_MARKETS.map((m): MarketSummary => {
    const region = REGIONS[m.market];
    const d = bySlug.get(m.energy);
    let latestDay: MarketSummary["latestDay"] = null;
    if (d?.endDate) {
      const dateOf = localDate(region.timeZone);
      const date = dateOf(d.endDate);
      const values = (pointsOf.get(d.id) ?? []).filter((p) => dateOf(p.ts) === date).map((p) => p.value);
      if (values.length) {
        const min = Math.min(...values);
        const max = Math.max(...values);
        const mean = values.reduce((a, b) => a + b, 0) / values.length;
        latestDay = { date, mean, min, max, spread: max - min, intervals: values.length };
      }
    }
    const rows = backtest.rows
      .filter(
        (r) =>
          r.market === m.market &&
          r.region === m.region &&
          r.foresight === "realistic" &&
          r.durationHours === INDEX_DURATION_HOURS,
      )
      .sort((a, b) => b.year - a.year);
    const last = rows[0];
    return {
      market: m.market,
      region: m.region,
      name: m.market === "NEM" ? `${region.name} ${m.region}` : region.name,
      currency: m.currency,
      timeZone: region.timeZone,
      dataset: d ? { slug: d.slug, title: d.title, source: d.source, unit: d.unit } : null,
      latestDay,
      lastPoint: d?.endDate?.toISOString() ?? null,
      importedAt: d?.updatedAt.toISOString() ?? null,
      revenueIndex: last
        ? {
            year: last.year,
            revenuePerMWYear: last.revenuePerMWYear,
            annualised: last.annualised,
            durationHours: INDEX_DURATION_HOURS,
          }
        : null,
    };
  });
}
