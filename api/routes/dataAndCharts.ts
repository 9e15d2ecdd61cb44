// Data library (spec §7 "Plotter and data library"): data items, filters, item detail, date range,
// available dates, download history, and dataset downloads (prepared as zip files of CSVs by a
// queue job), under /data-api/data-and-charts/data/.
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import express, { type Request } from "express";
import { z } from "../zod.ts";
import { describe } from "../openapi.ts";
import { parse, route } from "../http/route.ts";
import { access, ownerOf, type ApiContext } from "../http/context.ts";
import { ApiError, notFound } from "../http/errors.ts";
import { getDataset } from "../datasets/store.ts";
import { DATASET_CATEGORIES, GRANULARITIES } from "../db/schema/datasets.ts";
import { REGION_LABELS, REGIONS, fieldOf } from "../plotting/tree.ts";
import { listParam } from "./plotting.ts";
import {
  createDownload,
  deleteDownload,
  DOWNLOAD_JOB,
  downloadableDatasets,
  getDownload,
  listDownloads,
  markForRetry,
  setJobId,
  zipPathOf,
  type Owner,
} from "../downloads/datasetDownloads.ts";

const BASE = "/data-api/data-and-charts/data";
const TAG = "Data library";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Please enter a date as YYYY-MM-DD");

const ItemsQuery = z.object({
  region: z
    .enum(REGIONS as [string, ...string[]], { message: `Choose a region: ${REGIONS.join(", ")}` })
    .optional(),
  category: z
    .enum(DATASET_CATEGORIES, { message: `Choose a category: ${DATASET_CATEGORIES.join(", ")}` })
    .optional(),
  group: z.string().max(100).optional(),
  variable_type: z.string().max(60).optional(),
  granularity: z
    .enum(GRANULARITIES, { message: `Choose a granularity: ${GRANULARITIES.join(", ")}` })
    .optional(),
  source: z.string().max(100).optional(),
  search: z.string().max(100).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, "The limit should be between 1 and 100")
    .max(100, "The limit should be between 1 and 100")
    .default(10),
  offset: z.coerce.number().int().min(0, "The offset should be 0 or more").default(0),
});
type ItemsFilter = z.infer<typeof ItemsQuery>;

const DownloadBody = z
  .object({
    datasetIds: z
      .array(z.union([z.string(), z.number()]).transform(String), {
        required_error: "Choose at least one dataset",
        invalid_type_error: "Choose at least one dataset",
      })
      .min(1, "Choose at least one dataset")
      .max(50, "Download at most 50 datasets at once"),
    startDate: isoDate.nullable().optional(),
    endDate: isoDate.nullable().optional(),
    user_id: z.string().uuid("user_id should be a UUID").optional(),
  })
  .superRefine((b, ctx) => {
    if (b.startDate && b.endDate && b.startDate > b.endDate) {
      ctx.addIssue({
        code: "custom",
        path: ["endDate"],
        message: "The end date should be on or after the start date",
      });
    }
  });

const DataItem = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  geography: z.string(),
  granularity: z.string(),
  source: z.string(),
  subscription: z.string().nullable(),
  readmeSlug: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  downloaded: z.boolean(),
});
const Download = z.object({
  id: z.string(),
  status: z.enum(["preparing", "ready", "failed"]),
  createdAt: z.string(),
  zipFile: z.string().nullable(),
  datasetIds: z.array(z.string()),
});

describe({
  method: "get",
  path: `${BASE}/items/`,
  tag: TAG,
  summary: "Datasets of the library, filtered and paged (results and count)",
  query: ItemsQuery,
  response: z.object({
    results: z.array(
      z.object({
        id: z.string(),
        dataItem: DataItem,
        startDate: z.string().nullable(),
        endDate: z.string().nullable(),
        downloaded: z.boolean(),
      }),
    ),
    count: z.number(),
  }),
});
describe({
  method: "get",
  path: `${BASE}/filters/`,
  tag: TAG,
  summary: "The values the library can be filtered by, with counts",
  query: ItemsQuery.pick({ region: true, category: true, group: true }),
});
describe({
  method: "get",
  path: `${BASE}/download_history/`,
  tag: TAG,
  summary: "Your prepared (ready) downloads",
  response: z.object({ results: z.array(Download) }),
});
describe({
  method: "get",
  path: `${BASE}/date-range/`,
  tag: TAG,
  summary: "First and last date with data across the given datasets",
  query: z.object({ ids: z.string() }),
});
describe({
  method: "get",
  path: `${BASE}/available-dates/`,
  tag: TAG,
  summary: "The UTC days with data for the given datasets",
  query: z.object({ ids: z.string(), start_date: z.string().optional(), end_date: z.string().optional() }),
});
describe({
  method: "post",
  path: `${BASE}/download/`,
  tag: TAG,
  summary: "Prepare datasets for download as a zip of CSVs (a background job)",
  description:
    "Dates are UTC days (end included); null means from the first or to the last point. Anonymous callers send their user_id.",
  body: DownloadBody,
  response: Download,
  status: 202,
});
describe({
  method: "get",
  path: `${BASE}/preparing/`,
  tag: TAG,
  summary: "Your downloads being prepared, ready or failed",
  query: z.object({ user_id: z.string().optional() }),
  response: z.object({ results: z.array(Download) }),
});
describe({
  method: "get",
  path: `${BASE}/preparing/:id/`,
  tag: TAG,
  summary: "One download's state",
  params: z.object({ id: z.string() }),
  response: Download,
});
describe({
  method: "get",
  path: `${BASE}/preparing/:id/file/`,
  tag: TAG,
  summary: "The zip of a ready download",
  params: z.object({ id: z.string() }),
  response: { file: "application/zip" },
});
describe({
  method: "post",
  path: `${BASE}/preparing/:id/retry/`,
  tag: TAG,
  summary: "Prepare a failed download again",
  params: z.object({ id: z.string() }),
  response: Download,
  status: 202,
});
describe({
  method: "delete",
  path: `${BASE}/preparing/:id/`,
  tag: TAG,
  summary: "Cancel or delete a download",
  params: z.object({ id: z.string() }),
  status: 204,
});
describe({
  method: "get",
  path: `${BASE}/:id/`,
  tag: TAG,
  summary: "One dataset of the library",
  params: z.object({ id: z.string() }),
  response: DataItem,
});

function filterSql(f: Partial<ItemsFilter>, params: unknown[]) {
  const where: string[] = [];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    where.push(sql.replaceAll("?", `$${params.length}`));
  };
  if (f.region) add("s.region = ?", f.region);
  if (f.category) add("s.category = ?", f.category);
  if (f.group) add("s.group_name = ?", f.group);
  if (f.variable_type) add("s.variable_type = ?", f.variable_type);
  if (f.granularity) add("s.granularity = ?", f.granularity);
  if (f.source) add("s.source = ?", f.source);
  if (f.search?.trim()) {
    add(
      "(s.title ilike ? or s.description ilike ? or s.geography ilike ? or s.source ilike ? or s.group_name ilike ?)",
      `%${f.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    );
  }
  return where.length ? `where ${where.join(" and ")}` : "";
}

/** Spec §3 data item, plus what the library shows beside it. */
function dataItemOf(r: Record<string, any>, subscriptions: Set<string>) {
  const f = fieldOf(r, subscriptions);
  const id = String(r.id);
  return {
    id,
    slug: r.slug,
    title: r.title,
    description: r.description,
    region: r.region,
    geography: r.geography,
    granularity: r.granularity,
    source: r.source,
    synthetic: r.synthetic,
    unit: r.unit,
    category: r.category,
    group: r.group_name,
    variableType: r.variable_type,
    subscription: f.subscription,
    subscriptionKey: r.subscription_key ?? null,
    locked: f.locked,
    readmeSlug: r.readme_slug ?? null,
    startDate: f.additionalProperties.startDate,
    endDate: f.additionalProperties.endDate,
    pointCount: Number(r.point_count),
    downloaded: !!r.downloaded,
    /** Its data through the API (documented at /api/v1/docs, "get-data"). */
    apiUrl: `/api/v1/data-api/data-and-charts/plotting/get-data/?fields=${id}&shortcut=1M`,
  };
}

function downloadedSql(owner: Owner, params: unknown[]) {
  if (!owner.userId && !owner.anonymousId) return "false";
  params.push(owner.userId ?? owner.anonymousId);
  const col = owner.userId ? "user_id" : "anonymous_id";
  return `exists (select 1 from dataset_downloads dd where dd.${col} = $${params.length} and dd.status = 'ready' and s.id::text = any(dd.dataset_ids))`;
}

function idsParam(req: Request) {
  const ids = listParam(req.query.ids ?? req.query["ids[]"]) ?? [];
  return parse(
    z
      .array(z.string().regex(/^\d+$/, "Dataset ids are numbers"))
      .min(1, "Give at least one dataset id")
      .max(50),
    ids,
  ).map(Number);
}

export function dataAndChartsRouter(ctx: ApiContext) {
  const r = express.Router();

  r.get(
    `${BASE}/items/`,
    route(async (req, res) => {
      const f = parse(ItemsQuery, req.query);
      const a = await access(ctx, req);
      const params: unknown[] = [];
      const where = filterSql(f, params);
      const count = Number(
        (await ctx.pool.query(`select count(*) as n from datasets s ${where}`, params)).rows[0].n,
      );
      const downloaded = downloadedSql(ownerOf(req), params);
      const { rows } = await ctx.pool.query(
        `select s.*, ${downloaded} as downloaded from datasets s ${where}
          order by s.region, s.group_name, s.title, s.id limit ${f.limit} offset ${f.offset}`,
        params,
      );
      res.json({
        results: rows.map((row) => {
          const item = dataItemOf(row, a.subscriptions);
          return {
            id: item.id,
            dataItem: item,
            startDate: item.startDate,
            endDate: item.endDate,
            downloaded: item.downloaded,
          };
        }),
        count,
      });
    }),
  );

  r.get(
    `${BASE}/filters/`,
    route(async (req, res) => {
      const f = parse(ItemsQuery.pick({ region: true, category: true, group: true }), req.query);
      const count = async (col: string, narrow: Partial<ItemsFilter>) => {
        const params: unknown[] = [];
        const { rows } = await ctx.pool.query(
          `select ${col} as v, count(*) as n from datasets s ${filterSql(narrow, params)} group by 1 order by 1`,
          params,
        );
        return rows.map((x) => ({ id: String(x.v), label: String(x.v), count: Number(x.n) }));
      };
      const regions = (await count("s.region", { category: f.category })).map((x) => ({
        ...x,
        label: REGION_LABELS[x.id] ?? x.id,
      }));
      res.json({
        regions: REGIONS.map((id) => regions.find((x) => x.id === id)).filter(Boolean),
        groups: await count("s.group_name", { category: f.category, region: f.region }),
        granularities: await count("s.granularity", f),
        sources: await count("s.source", f),
        variableTypes: await count("s.variable_type", f),
        categories: await count("s.category", { region: f.region }),
      });
    }),
  );

  r.get(
    `${BASE}/download_history/`,
    route(async (req, res) => {
      res.json({ results: await listDownloads(ctx.pool, ownerOf(req), "ready") });
    }),
  );

  r.get(
    `${BASE}/date-range/`,
    route(async (req, res) => {
      const ids = idsParam(req);
      const { rows } = await ctx.pool.query(
        "select min(start_date) as lo, max(end_date) as hi from datasets where id = any($1)",
        [ids],
      );
      res.json({
        startDate: rows[0].lo ? new Date(rows[0].lo).toISOString() : null,
        endDate: rows[0].hi ? new Date(rows[0].hi).toISOString() : null,
      });
    }),
  );

  r.get(
    `${BASE}/available-dates/`,
    route(async (req, res) => {
      const ids = idsParam(req);
      const { start_date, end_date } = parse(
        z.object({ start_date: isoDate.optional(), end_date: isoDate.optional() }),
        req.query,
      );
      const { rows } = await ctx.pool.query(
        `select to_char(d, 'YYYY-MM-DD') as day from (
           select distinct date_trunc('day', ts, 'UTC') as d from dataset_points
            where dataset_id = any($1) and ($2::date is null or ts >= $2::date) and ($3::date is null or ts < $3::date + 1)) x
          order by 1`,
        [ids, start_date ?? null, end_date ?? null],
      );
      res.json({ dates: rows.map((x) => x.day) });
    }),
  );

  /** The owner of a download: the caller, or (spec §8) a fresh id for an anonymous caller to retry with. */
  function downloadOwner(req: Request, bodyUserId?: string): Owner {
    const owner = ownerOf(req);
    if (owner.userId || owner.anonymousId) return owner;
    if (bodyUserId) return { anonymousId: bodyUserId };
    throw new ApiError(400, {
      detail: "Anonymous downloads need a user id: retry with this user_id.",
      errors: { user_id: ["Send user_id when not logged in"] },
      user_id: randomUUID(),
    });
  }

  r.post(
    `${BASE}/download/`,
    route(async (req, res) => {
      const body = parse(DownloadBody, req.body);
      const owner = downloadOwner(req, body.user_id);
      const a = await access(ctx, req);
      const datasets = await downloadableDatasets(ctx.pool, body.datasetIds, a.subscriptions);
      const download = await createDownload(
        ctx.pool,
        owner,
        datasets,
        body.startDate ?? null,
        body.endDate ?? null,
      );
      try {
        const jobId = await ctx.queue.send(
          DOWNLOAD_JOB,
          { downloadId: download.id },
          { singletonKey: download.id },
        );
        await setJobId(ctx.pool, download.id, jobId);
      } catch (e) {
        // Nothing half-made: without its job the download would stay 'preparing' for ever.
        await ctx.pool.query("delete from dataset_downloads where id = $1", [download.id]);
        throw e;
      }
      res.status(202).json(download);
    }),
  );

  r.get(
    `${BASE}/preparing/`,
    route(async (req, res) => {
      const owner = ownerOf(req);
      res.json({ results: owner.userId || owner.anonymousId ? await listDownloads(ctx.pool, owner) : [] });
    }),
  );

  r.get(
    `${BASE}/preparing/:id/`,
    route(async (req, res) => {
      res.json(await getDownload(ctx.pool, ownerOf(req), req.params.id));
    }),
  );

  r.get(
    `${BASE}/preparing/:id/file/`,
    route(async (req, res) => {
      const file = await zipPathOf(ctx.pool, ownerOf(req), req.params.id);
      const info = await stat(file.path).catch(() => null);
      if (!info) throw notFound("The prepared file is gone: please retry the download.");
      res.setHeader("content-type", "application/zip");
      res.setHeader("content-length", String(info.size));
      res.setHeader("content-disposition", `attachment; filename="${file.name}"`);
      createReadStream(file.path).pipe(res);
    }),
  );

  r.post(
    `${BASE}/preparing/:id/retry/`,
    route(async (req, res) => {
      const owner = ownerOf(req);
      const d = await markForRetry(ctx.pool, owner, req.params.id);
      const jobId = await ctx.queue.send(DOWNLOAD_JOB, { downloadId: d.id }, { singletonKey: d.id });
      await setJobId(ctx.pool, d.id, jobId);
      res.status(202).json(d);
    }),
  );

  r.delete(
    `${BASE}/preparing/:id/`,
    route(async (req, res) => {
      const { jobId } = await deleteDownload(ctx.pool, ownerOf(req), req.params.id);
      if (jobId) await ctx.queue.cancel(DOWNLOAD_JOB, jobId).catch(() => {});
      res.status(204).end();
    }),
  );

  r.get(
    `${BASE}/:id/`,
    route(async (req, res) => {
      const a = await access(ctx, req);
      const d = /^[a-z0-9-]+$/.test(req.params.id) ? await getDataset(ctx.pool, req.params.id) : null;
      if (!d) throw notFound("No such dataset.");
      const params: unknown[] = [d.id];
      const downloaded = downloadedSql(ownerOf(req), params);
      const { rows } = await ctx.pool.query(
        `select s.*, ${downloaded} as downloaded from datasets s where s.id = $1`,
        params,
      );
      res.json(dataItemOf(rows[0], a.subscriptions));
    }),
  );

  return r;
}
