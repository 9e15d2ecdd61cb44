// get-data (spec §7): the series of a plot query. PostgreSQL does the heavy part — filtering by
// range and averaging into day/week/month/year buckets (date_trunc), returning one row of arrays
// per series — and the series are then thinned for display (min/max per bucket, extremes kept).
import { and, count, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { datasetPoints } from "../db/schema/index.ts";
import { getDataset, type Dataset } from "../datasets/store.ts";
import { SUBSCRIPTIONS } from "../access/catalog.ts";
import { badRequest, subscriptionRequired } from "../http/errors.ts";
import { entityTag } from "../http/conditional.ts";
import { heldPoints, heldPointsKey } from "./held.ts";
import type { PlotQuery } from "../../app/validation/savedChart.ts";
import {
  DISPLAY_POINTS,
  movingAverage,
  movingAverageAvailable,
  percentShares,
  plotRange,
  extentStart,
  thinMinMax,
  gapsOf,
  type Points,
} from "./series.ts";

export interface PlottedSeries {
  field: string;
  category: string;
  label: string;
  unit: string;
  region: string;
  geography: string;
  granularity: string;
  source: string;
  /** Points as [epoch ms, value]; thinned when the raw series is longer than the display budget. */
  points: [number, number][];
  /** How many points PostgreSQL returned before thinning. */
  rawCount: number;
  thinned: boolean;
  /** Gaps in the raw series ([last point before, first point after]): the chart breaks its line there. */
  gaps: [number, number][];
  /** The moving average of the same series, when asked for and available. */
  movingAverage?: [number, number][];
}

export interface PlotData {
  start: string | null;
  end: string | null;
  period: string | null;
  chart_type: string;
  unit: string;
  moving_average: number | null;
  movingAverageAvailable: boolean;
  series: PlottedSeries[];
}

export function subscriptionName(key: string) {
  return SUBSCRIPTIONS.find((s) => s.key === key)?.name ?? key;
}

/** The datasets a query names, checked: they exist and the caller may read them. */
export async function plottableDatasets(
  db: Db,
  fields: string[],
  subscriptions: Set<string>,
): Promise<Dataset[]> {
  if (!fields.length) throw badRequest({ fields: ["Choose at least one series to plot"] });
  const out: Dataset[] = [];
  for (const field of fields) {
    const ds = /^[a-z0-9-]+$/.test(field) ? await getDataset(db, field) : null;
    if (!ds) throw badRequest({ fields: [`No such series: ${field}`] });
    if (ds.subscriptionKey && !subscriptions.has(ds.subscriptionKey)) {
      const name = subscriptionName(ds.subscriptionKey);
      throw subscriptionRequired(`This Data-set requires ${name} subscription`, {
        key: ds.subscriptionKey,
        name,
      });
    }
    out.push(ds);
  }
  return out;
}

/** Raw points of [from, to), or their means per period bucket (UTC; weeks start on Monday). */
export async function loadPoints(
  db: Db,
  datasetId: number,
  from: Date,
  to: Date,
  period?: string,
): Promise<Points> {
  const p = datasetPoints;
  const within = and(eq(p.datasetId, datasetId), gte(p.ts, from), lt(p.ts, to));
  // Arrays aggregated in SQL, and period means over UTC buckets (date_trunc): SQL fragments, as the
  // builder has neither array_agg nor time-series helpers. float8 arrays arrive as numbers.
  const ms = (t: ReturnType<typeof sql>) => sql`(extract(epoch from ${t}) * 1000)::float8`;
  const arrays = {
    ts: sql<number[]>`coalesce(array_agg(t order by t), '{}')`,
    values: sql<number[]>`coalesce(array_agg(v order by t), '{}')`,
  };
  const points = period
    ? db
        .select({
          t: ms(sql`date_trunc(${period}, ${p.ts}, 'UTC')`).as("t"),
          v: sql<number>`avg(${p.value})`.as("v"),
        })
        .from(p)
        .where(within)
        .groupBy(sql`1`)
        .as("b")
    : db
        .select({ t: ms(sql`${p.ts}`).as("t"), v: sql<number>`${p.value}`.as("v") })
        .from(p)
        .where(within)
        .as("b");
  const [row] = await db.select(arrays).from(points);
  return { ts: row.ts.map(Number), values: row.values.map(Number) };
}

/** Every point (thin=false, for exports) is served up to this many points per request, all series together. */
export const MAX_POINTS_UNTHINNED = 500_000;
const TOO_MANY_POINTS = `At most ${MAX_POINTS_UNTHINNED.toLocaleString("en-GB")} points can be exported at once: choose fewer series or a shorter range`;

const pairs = (p: Points): [number, number][] => p.ts.map((t, i) => [t, p.values[i]]);

/**
 * What a get-data answer depends on, as an entity tag: the query, the point budget and each
 * series' version (every write of points ends by refreshing the dataset's stats, which moves its
 * `updatedAt`; the count and end date are there too). Bump PLOT_DATA_FORMAT when the answer's
 * shape or computation changes, so that tags given before a release are not honoured after it.
 */
const PLOT_DATA_FORMAT = 1;
export function plotDataTag(q: PlotQuery, datasets: Dataset[], maxPoints = DISPLAY_POINTS): string {
  return entityTag(
    "get-data",
    PLOT_DATA_FORMAT,
    q,
    // Infinity (every point) would serialise as null
    String(maxPoints),
    datasets.map((d) => [d.id, d.updatedAt.getTime(), d.pointCount, d.endDate?.getTime() ?? null]),
  );
}

export async function getPlotData(
  db: Db,
  q: PlotQuery,
  subscriptions: Set<string>,
  maxPoints = DISPLAY_POINTS,
  /** The query's datasets when the caller has already checked them (plottableDatasets). */
  checked?: Dataset[],
): Promise<PlotData> {
  const datasets = checked ?? (await plottableDatasets(db, q.fields, subscriptions));
  const dataEnd = datasets.reduce<Date | null>(
    (m, d) => (d.endDate && (!m || d.endDate > m) ? d.endDate : m),
    null,
  );
  const range = plotRange(q, dataEnd, extentStart(datasets));
  const base = {
    start: range?.from.toISOString() ?? null,
    end: range?.to.toISOString() ?? null,
    period: q.period ?? null,
    chart_type: q.chart_type,
    unit: q.unit,
    moving_average: q.moving_average ?? null,
  };
  if (!range) return { ...base, movingAverageAvailable: false, series: [] };
  let raw = await Promise.all(
    datasets.map((d) =>
      heldPoints(heldPointsKey(d, range.from, range.to, q.period), () =>
        loadPoints(db, d.id, range.from, range.to, q.period),
      ),
    ),
  );
  const total = raw.reduce((n, r) => n + r.ts.length, 0);
  if (maxPoints > DISPLAY_POINTS && total > MAX_POINTS_UNTHINNED) {
    throw badRequest(
      { fields: [TOO_MANY_POINTS] },
      `${TOO_MANY_POINTS} (this query has ${total.toLocaleString("en-GB")}).`,
    );
  }
  if (q.unit === "Percent") raw = percentShares(raw);
  const maAvailable = q.moving_average
    ? movingAverageAvailable(
        raw.map((r) => r.ts.length),
        q.moving_average,
      )
    : false;
  const series = datasets.map((d, i): PlottedSeries => {
    const thin = thinMinMax(raw[i], maxPoints);
    return {
      field: q.fields[i],
      category: q.categories[i] ?? d.category,
      label: d.title,
      unit: q.unit === "Percent" ? "%" : d.unit,
      region: d.region,
      geography: d.geography,
      granularity: d.granularity,
      source: d.source,
      points: pairs(thin),
      rawCount: raw[i].ts.length,
      thinned: thin.ts.length < raw[i].ts.length,
      gaps: gapsOf(raw[i].ts),
      ...(q.moving_average && maAvailable
        ? { movingAverage: pairs(thinMinMax(movingAverage(raw[i], q.moving_average), maxPoints)) }
        : {}),
    };
  });
  return { ...base, movingAverageAvailable: maAvailable, series };
}

/** The moving-average check: can a moving average of this window be drawn for this query? */
export async function isMovingAverageAvailable(
  db: Db,
  q: PlotQuery,
  subscriptions: Set<string>,
): Promise<boolean> {
  if (!q.moving_average) return false;
  const datasets = await plottableDatasets(db, q.fields, subscriptions);
  const dataEnd = datasets.reduce<Date | null>(
    (m, d) => (d.endDate && (!m || d.endDate > m) ? d.endDate : m),
    null,
  );
  const range = plotRange(q, dataEnd, extentStart(datasets));
  if (!range) return false;
  const counts = await Promise.all(
    datasets.map(async (d) => {
      const p = datasetPoints;
      const [row] = await db
        .select({
          n: q.period ? sql<number>`count(distinct date_trunc(${q.period}, ${p.ts}, 'UTC'))::int` : count(),
        })
        .from(p)
        .where(and(eq(p.datasetId, d.id), gte(p.ts, range.from), lt(p.ts, range.to)));
      return row.n;
    }),
  );
  return movingAverageAvailable(counts, q.moving_average);
}
