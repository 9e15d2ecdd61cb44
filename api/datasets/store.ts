// The time-series store: datasets (one row per series) and their points, through the typed query
// layer (api/db/client.ts). Bulk writes pass whole arrays (unnest) in batches inside one
// transaction, so a 5-minute year (105 120 points) is a handful of statements and nothing is ever
// half-written. See api/datasets/README.md for the contract other areas (data library, plotter) rely on.
import { and, asc, count, eq, gte, ilike, lt, max, min, or, sql, type SQL } from "drizzle-orm";
import type { Db, Executor } from "../db/client.ts";
import { datasetImports, datasetPoints, datasets } from "../db/schema/index.ts";
import type { DatasetCategory, MarketRegion } from "../db/schema/datasets.ts";

/** A dataset as stored (its row, typed from the schema). */
export type Dataset = typeof datasets.$inferSelect;

/** What describes a series; `slug` is its stable key (re-imports find their dataset by it). */
export type DatasetMeta = Omit<
  Dataset,
  "id" | "startDate" | "endDate" | "pointCount" | "createdAt" | "updatedAt" | "readmeSlug"
> & { readmeSlug?: string | null };

/** A series in memory: interval starts (epoch milliseconds, UTC) and values, same length. */
export interface Series {
  ts: ArrayLike<number>;
  values: ArrayLike<number>;
}

export interface DatasetFilter {
  region?: MarketRegion;
  category?: DatasetCategory;
  variableType?: string;
  groupName?: string;
  /** Case-insensitive match on title, description, geography and source. */
  search?: string;
  synthetic?: boolean;
  limit?: number;
  offset?: number;
}

/**
 * Datasets whose title, description, geography or source (and group, with `inGroup`) contain the
 * text, case-insensitively; undefined (no condition) for a blank search.
 */
export function datasetSearch(search: string | undefined, inGroup = false): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const d = datasets;
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const columns = [d.title, d.description, d.geography, d.source, ...(inGroup ? [d.groupName] : [])];
  return or(...columns.map((c) => ilike(c, like)));
}

/** Datasets, ordered by region, group and title; with the total count for paging. */
export async function listDatasets(
  db: Executor,
  filter: DatasetFilter = {},
): Promise<{ results: Dataset[]; count: number }> {
  const d = datasets;
  const where = and(
    filter.region ? eq(d.region, filter.region) : undefined,
    filter.category ? eq(d.category, filter.category) : undefined,
    filter.variableType ? eq(d.variableType, filter.variableType) : undefined,
    filter.groupName ? eq(d.groupName, filter.groupName) : undefined,
    filter.synthetic !== undefined ? eq(d.synthetic, filter.synthetic) : undefined,
    datasetSearch(filter.search),
  );
  const total = await db.$count(d, where);
  const limit = Math.max(0, Math.min(filter.limit ?? 1000, 10_000));
  const offset = Math.max(0, filter.offset ?? 0);
  const results = await db
    .select()
    .from(d)
    .where(where)
    .orderBy(asc(d.region), asc(d.groupName), asc(d.title), asc(d.id))
    .limit(limit)
    .offset(offset);
  return { results, count: total };
}

/** One dataset by numeric id or slug; null when there is none. */
export async function getDataset(db: Executor, idOrSlug: number | string): Promise<Dataset | null> {
  const byId = typeof idOrSlug === "number" || /^\d+$/.test(idOrSlug);
  // A serial id is a PostgreSQL integer: a longer number names no dataset.
  if (byId && !(Number(idOrSlug) <= 2_147_483_647)) return null;
  const [row] = await db
    .select()
    .from(datasets)
    .where(byId ? eq(datasets.id, Number(idOrSlug)) : eq(datasets.slug, String(idOrSlug)));
  return row ?? null;
}

/** from <= ts < to, either bound optional. */
function pointsWithin(datasetId: number, from?: Date | null, to?: Date | null): SQL | undefined {
  return and(
    eq(datasetPoints.datasetId, datasetId),
    from ? gte(datasetPoints.ts, from) : undefined,
    to ? lt(datasetPoints.ts, to) : undefined,
  );
}

/**
 * Points of a dataset with from <= ts < to (either bound optional), in time order.
 * Returned as parallel arrays: ts in epoch milliseconds (UTC interval starts) and values.
 */
export async function seriesBetween(
  db: Executor,
  datasetId: number,
  from?: Date | null,
  to?: Date | null,
): Promise<{ ts: number[]; values: number[] }> {
  // Arrays aggregated in SQL (array_agg, which the builder has no helper for): one row back instead
  // of 100 000, several times faster through pg. float8, not numeric: drizzle hands numeric[] back
  // as text.
  const [row] = await db
    .select({
      ts: sql<
        number[]
      >`coalesce(array_agg((extract(epoch from ${datasetPoints.ts}) * 1000)::float8 order by ${datasetPoints.ts}), '{}')`,
      values: sql<number[]>`coalesce(array_agg(${datasetPoints.value} order by ${datasetPoints.ts}), '{}')`,
    })
    .from(datasetPoints)
    .where(pointsWithin(datasetId, from, to));
  return { ts: row.ts, values: row.values };
}

/** Create the dataset of `meta.slug`, or update its description fields; returns its id. */
export async function upsertDataset(db: Executor, meta: DatasetMeta): Promise<number> {
  const values = { ...meta, readmeSlug: meta.readmeSlug ?? null };
  const { slug: _slug, ...changes } = values;
  const [row] = await db
    .insert(datasets)
    .values(values)
    .onConflictDoUpdate({ target: datasets.slug, set: { ...changes, updatedAt: sql`now()` } })
    .returning({ id: datasets.id });
  return row.id;
}

const BATCH = 20_000;

/**
 * Write points (insert, or replace the value at an existing timestamp). NaN/±Infinity values are
 * skipped (gaps stay gaps). Call inside a transaction for all-or-nothing.
 */
export async function writePoints(db: Executor, datasetId: number, series: Series): Promise<number> {
  const n = series.ts.length;
  if (series.values.length !== n) throw new Error("writePoints: ts and values differ in length");
  let written = 0;
  for (let start = 0; start < n; start += BATCH) {
    const ts: string[] = [];
    const values: number[] = [];
    for (let i = start; i < Math.min(n, start + BATCH); i++) {
      const v = series.values[i];
      if (!Number.isFinite(v)) continue;
      ts.push(new Date(series.ts[i]).toISOString());
      values.push(v);
    }
    if (!ts.length) continue;
    // Whole arrays through unnest (one statement per batch): an SQL fragment, as the builder's
    // insert takes rows one by one as parameters (three per point, past PostgreSQL's 65 535).
    await db.execute(
      sql`insert into ${datasetPoints} (dataset_id, ts, value)
          select ${datasetId}, t, v from unnest(${sql.param(ts)}::timestamptz[], ${sql.param(values)}::float8[]) as u(t, v)
          on conflict (dataset_id, ts) do update set value = excluded.value`,
    );
    written += ts.length;
  }
  return written;
}

/** Recompute start, end and point count of a dataset from its points. */
export async function refreshDatasetStats(db: Executor, datasetId: number): Promise<void> {
  const p = datasetPoints;
  const [stats] = await db
    .select({ lo: min(p.ts), hi: max(p.ts), n: count() })
    .from(p)
    .where(eq(p.datasetId, datasetId));
  await db
    .update(datasets)
    .set({ startDate: stats.lo, endDate: stats.hi, pointCount: stats.n, updatedAt: sql`now()` })
    .where(eq(datasets.id, datasetId));
}

export interface StoredSeries {
  meta: DatasetMeta;
  series: Series;
}

/**
 * Store several series from one origin (a file, a generator) in ONE transaction: each dataset is
 * created or updated, its points upserted, the import recorded, stats refreshed.
 * `replace: true` first deletes every point of the datasets (for generated series that own the
 * whole dataset, e.g. synthetic history); files that merge into a shared series use upsert only.
 */
export async function storeSeries(
  db: Db,
  origin: string,
  format: string,
  items: StoredSeries[],
  opts: { replace?: boolean } = {},
): Promise<{ slug: string; id: number; points: number }[]> {
  return db.transaction(async (tx) => {
    const out: { slug: string; id: number; points: number }[] = [];
    for (const item of items) {
      const id = await upsertDataset(tx, item.meta);
      if (opts.replace) await tx.delete(datasetPoints).where(eq(datasetPoints.datasetId, id));
      const points = await writePoints(tx, id, item.series);
      await tx
        .insert(datasetImports)
        .values({ datasetId: id, origin, format, points })
        .onConflictDoUpdate({
          target: [datasetImports.datasetId, datasetImports.origin],
          set: { format, points, importedAt: sql`now()` },
        });
      await refreshDatasetStats(tx, id);
      out.push({ slug: item.meta.slug, id, points });
    }
    return out;
  });
}
