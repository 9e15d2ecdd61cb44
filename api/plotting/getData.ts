// get-data (spec §7): the series of a plot query. PostgreSQL does the heavy part — filtering by
// range and averaging into day/week/month/year buckets (date_trunc), returning one row of arrays
// per series — and the series are then thinned for display (min/max per bucket, extremes kept).
import type pg from "pg";
import { getDataset, type Dataset } from "../datasets/store.ts";
import { SUBSCRIPTIONS } from "../access/catalog.ts";
import { badRequest, subscriptionRequired } from "../http/errors.ts";
import type { PlotQuery } from "../../app/validation/savedChart.ts";
import {
  DISPLAY_POINTS,
  movingAverage,
  movingAverageAvailable,
  percentShares,
  plotRange,
  thinMinMax,
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
  pool: pg.Pool,
  fields: string[],
  subscriptions: Set<string>,
): Promise<Dataset[]> {
  if (!fields.length) throw badRequest({ fields: ["Choose at least one series to plot"] });
  const out: Dataset[] = [];
  for (const field of fields) {
    const ds = /^[a-z0-9-]+$/.test(field) ? await getDataset(pool, field) : null;
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
  pool: pg.Pool,
  datasetId: number,
  from: Date,
  to: Date,
  period?: string,
): Promise<Points> {
  const sql = period
    ? `select coalesce(array_agg(t order by t), '{}') as ts, coalesce(array_agg(v order by t), '{}') as values
         from (select (extract(epoch from date_trunc($4, ts, 'UTC')) * 1000)::float8 as t, avg(value) as v
                 from dataset_points where dataset_id = $1 and ts >= $2 and ts < $3 group by 1) b`
    : `select coalesce(array_agg((extract(epoch from ts) * 1000)::float8 order by ts), '{}') as ts,
              coalesce(array_agg(value order by ts), '{}') as values
         from dataset_points where dataset_id = $1 and ts >= $2 and ts < $3`;
  const params: unknown[] = [datasetId, from, to];
  if (period) params.push(period);
  const { rows } = await pool.query(sql, params);
  // float8[] arrays arrive as numbers already.
  const t = rows[0].ts as (number | string)[];
  const v = rows[0].values as (number | string)[];
  return {
    ts: typeof t[0] === "number" ? (t as number[]) : t.map(Number),
    values: typeof v[0] === "number" ? (v as number[]) : v.map(Number),
  };
}

const pairs = (p: Points): [number, number][] => p.ts.map((t, i) => [t, p.values[i]]);

export async function getPlotData(
  pool: pg.Pool,
  q: PlotQuery,
  subscriptions: Set<string>,
  maxPoints = DISPLAY_POINTS,
): Promise<PlotData> {
  const datasets = await plottableDatasets(pool, q.fields, subscriptions);
  const dataEnd = datasets.reduce<Date | null>(
    (m, d) => (d.endDate && (!m || d.endDate > m) ? d.endDate : m),
    null,
  );
  const range = plotRange(q, dataEnd);
  const base = {
    start: range?.from.toISOString() ?? null,
    end: range?.to.toISOString() ?? null,
    period: q.period ?? null,
    chart_type: q.chart_type,
    unit: q.unit,
    moving_average: q.moving_average ?? null,
  };
  if (!range) return { ...base, movingAverageAvailable: false, series: [] };
  let raw = await Promise.all(datasets.map((d) => loadPoints(pool, d.id, range.from, range.to, q.period)));
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
      ...(q.moving_average && maAvailable
        ? { movingAverage: pairs(thinMinMax(movingAverage(raw[i], q.moving_average), maxPoints)) }
        : {}),
    };
  });
  return { ...base, movingAverageAvailable: maAvailable, series };
}

/** The moving-average check: can a moving average of this window be drawn for this query? */
export async function isMovingAverageAvailable(
  pool: pg.Pool,
  q: PlotQuery,
  subscriptions: Set<string>,
): Promise<boolean> {
  if (!q.moving_average) return false;
  const datasets = await plottableDatasets(pool, q.fields, subscriptions);
  const dataEnd = datasets.reduce<Date | null>(
    (m, d) => (d.endDate && (!m || d.endDate > m) ? d.endDate : m),
    null,
  );
  const range = plotRange(q, dataEnd);
  if (!range) return false;
  const counts = await Promise.all(
    datasets.map(async (d) => {
      const { rows } = await pool.query(
        q.period
          ? `select count(distinct date_trunc($4, ts, 'UTC')) as n from dataset_points where dataset_id = $1 and ts >= $2 and ts < $3`
          : `select count(*) as n from dataset_points where dataset_id = $1 and ts >= $2 and ts < $3`,
        q.period ? [d.id, range.from, range.to, q.period] : [d.id, range.from, range.to],
      );
      return Number(rows[0].n);
    }),
  );
  return movingAverageAvailable(counts, q.moving_average);
}
