// Plotter (spec §7 "Plotter and data library"): the tree, available choices, get-data, the
// moving-average check and saved plots, under /data-api/data-and-charts/plotting/.
import { promisify } from "node:util";
import zlib from "node:zlib";
import express from "express";
import { count, max, min } from "drizzle-orm";
import { datasets } from "../db/schema/index.ts";
import { z } from "../zod.ts";
import { describe } from "../openapi.ts";
import { offsetSchema } from "../http/input.ts";
import { parse, route } from "../http/route.ts";
import { access, callerSubscriptions, type ApiContext } from "../http/context.ts";
import { badRequest, unauthorized } from "../http/errors.ts";
import type { Request } from "express";
import {
  CHART_TYPES,
  PERIODS,
  PlotQuerySchema,
  SavedChartSchema,
  SHORTCUTS,
  UNITS,
} from "../../app/validation/savedChart.ts";
import {
  getPlotData,
  isMovingAverageAvailable,
  plotDataTag,
  plottableDatasets,
} from "../plotting/getData.ts";
import { DISPLAY_POINTS } from "../plotting/series.ts";
import { heldAnswers } from "../plotting/held.ts";
import { answeredNotModified } from "../http/conditional.ts";
import {
  homeFolders,
  REGION_LABELS,
  REGIONS,
  TREE_GROUP_IDS,
  TREE_GROUPS,
  treeGroup,
  type TreeGroup,
} from "../plotting/tree.ts";
import {
  createSavedPlot,
  deleteSavedPlot,
  listSavedPlots,
  savedPlotById,
  savedPlotByTitle,
  updateSavedPlot,
} from "../plotting/savedPlots.ts";

const BASE = "/data-api/data-and-charts/plotting";
const TAG = "Plotter";

/** Repeated (`fields=a&fields=b`), bracketed or comma-separated lists all read as arrays. */
export function listParam(v: unknown): string[] | undefined {
  if (v === undefined) return undefined;
  const items = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(","));
  return items.map((s) => s.trim()).filter(Boolean);
}

export function plotQueryFrom(query: Record<string, unknown>) {
  return parse(PlotQuerySchema, {
    ...query,
    fields: listParam(query.fields ?? query["fields[]"]),
    categories: listParam(query.categories ?? query["categories[]"]),
  });
}

/** Saved charts are a logged-in user's own (spec §6). */
function requireUserId(req: Request): string {
  if (!req.identity.userId) throw unauthorized("You need to be logged in to save charts.");
  return req.identity.userId;
}

const MOVING_AVERAGE_WINDOWS = [7, 14, 30] as const;

const TreeQuery = z.object({
  region: z
    .enum(REGIONS as [string, ...string[]], { message: `Choose a region: ${REGIONS.join(", ")}` })
    .optional(),
  gsp_group: z.string().max(60).optional(),
  ercot_zone: z.string().max(60).optional(),
  macro_scenario_id: z.string().max(100).optional(),
  variable_type: z.string().max(60).optional(),
  group: z.string().max(100).optional(),
  search: z.string().max(100).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, "The limit should be between 1 and 100")
    .max(100, "The limit should be between 1 and 100")
    .default(10),
  offset: offsetSchema,
});

const Folder = z.object({ id: z.string(), label: z.string(), count: z.number() });
const Field = z.object({
  id: z.string(),
  label: z.string(),
  unit: z.string(),
  category: z.string(),
  locked: z.boolean(),
  subscription: z.string().nullable(),
  additionalProperties: z.object({
    region: z.string(),
    geography: z.string(),
    granularity: z.string(),
    source: z.string(),
    variableType: z.string(),
    group: z.string(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
  }),
});
const TreeResponse = z.object({
  folders: z.array(Folder),
  fields: z.array(Field),
  count: z.number().optional(),
});
const PlotQueryDoc = z.object({
  fields: z.string().openapi({ description: "Dataset ids (or slugs), repeated or comma-separated" }),
  categories: z
    .string()
    .optional()
    .openapi({ description: "One category per field: LIVEANDHISTORIC, FORECAST, MACROSCENARIO" }),
  start_date: z.string().optional().openapi({ example: "2024-01-01" }),
  end_date: z.string().optional().openapi({ example: "2024-01-31", description: "Included" }),
  shortcut: z
    .enum(SHORTCUTS)
    .optional()
    .openapi({ description: "Span counted back from end_date (or the end of the data)" }),
  period: z
    .enum(PERIODS)
    .optional()
    .openapi({ description: "Average into buckets of this period; raw values when absent" }),
  moving_average: z
    .number()
    .int()
    .optional()
    .openapi({ description: "Trailing moving average over this many points (2–365)" }),
  chart_type: z.enum(CHART_TYPES).optional(),
  unit: z.enum(UNITS).optional(),
  thin: z
    .enum(["true", "false"])
    .optional()
    .openapi({ description: "false: every point, not thinned for display (for exports)" }),
});
const Point = z.tuple([z.number().describe("epoch ms"), z.number()]);
const PlotData = z
  .object({
    start: z.string().nullable(),
    end: z.string().nullable(),
    period: z.string().nullable(),
    chart_type: z.string(),
    unit: z.string(),
    moving_average: z.number().nullable(),
    movingAverageAvailable: z.boolean(),
    series: z.array(
      z.object({
        field: z.string(),
        category: z.string(),
        label: z.string(),
        unit: z.string(),
        region: z.string(),
        geography: z.string(),
        granularity: z.string(),
        source: z.string(),
        points: z.array(Point).describe("[epoch ms, value], thinned for display unless thin=false"),
        rawCount: z.number().int().describe("Points before thinning"),
        thinned: z.boolean(),
        gaps: z
          .array(z.tuple([z.number(), z.number()]))
          .describe(
            "Gaps in the data: [last point before, first point after] in epoch ms (a line breaks there)",
          ),
        movingAverage: z.array(Point).optional(),
      }),
    ),
  })
  .openapi("PlotData");
const SavedPlot = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  shortcut: z.string().nullable(),
  period: z.string().nullable(),
  categories: z.array(z.string()),
  fields: z.array(z.string()),
  moving_average: z.number().nullable(),
  chart_type: z.string(),
  unit: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const SavedPlotBody = z.object({
  title: z
    .string()
    .openapi({ description: "Required; up to 30 letters, digits and spaces; unique among your charts" }),
  description: z.string().optional().openapi({ description: "Up to 500 characters" }),
  fields: z.array(z.string()),
  categories: z.array(z.string()).optional(),
  start_date: z.string().optional(),
  end_date: z.string().optional(),
  shortcut: z.enum(SHORTCUTS).optional(),
  period: z.enum(PERIODS).optional(),
  moving_average: z.number().int().optional(),
  chart_type: z.enum(CHART_TYPES).optional(),
  unit: z.enum(UNITS).optional(),
});

describe({
  method: "get",
  path: `${BASE}/tree/forecasts/`,
  tag: TAG,
  summary: "Plotter tree home folders for forecasts",
  response: TreeResponse,
});
describe({
  method: "get",
  path: `${BASE}/tree/live-data/`,
  tag: TAG,
  summary: "Plotter tree home folders for live and historic data (one per region)",
  response: TreeResponse,
});
describe({
  method: "get",
  path: `${BASE}/tree/:group/`,
  tag: TAG,
  summary: "One group of the plotter tree: region folders, group folders, or its series (paged)",
  description: `Groups: ${TREE_GROUP_IDS.join(", ")}. Without region: region folders; with region only: group folders; with any narrower filter: fields.`,
  params: z.object({ group: z.enum(TREE_GROUP_IDS as [TreeGroup, ...TreeGroup[]]) }),
  query: TreeQuery,
  response: TreeResponse,
});
describe({
  method: "get",
  path: `${BASE}/available-choices/`,
  tag: TAG,
  summary: "Regions, periods, shortcuts, chart types, units and moving-average windows the plotter offers",
  query: z.object({ prefer_region: z.string().optional() }),
  response: z.object({
    preferredRegion: z.string(),
    regions: z.array(
      z.object({
        id: z.string(),
        label: z.string(),
        datasets: z.number().int(),
        startDate: z.string().nullable(),
        endDate: z.string().nullable(),
      }),
    ),
    groups: z.array(z.object({ id: z.string(), label: z.string() })),
    periods: z.array(z.enum(PERIODS)),
    shortcuts: z.array(z.enum(SHORTCUTS)),
    chartTypes: z.array(z.enum(CHART_TYPES)),
    units: z.array(z.enum(UNITS)),
    movingAverageWindows: z.array(z.number().int()),
  }),
});
describe({
  method: "get",
  path: `${BASE}/get-data/`,
  tag: TAG,
  summary:
    "The series of a plot query, averaged per period in PostgreSQL and thinned for display (extremes kept)",
  description:
    "At most 20 distinct series (a field named twice is refused). With `thin=false` every point is returned, up to 500 000 points per request in all.",
  query: PlotQueryDoc,
  response: PlotData,
  errors: [403],
  conditional: true,
});
describe({
  method: "get",
  path: `${BASE}/is-moving-average-available/`,
  tag: TAG,
  summary: "Whether a moving average of the given window can be drawn for the query",
  query: PlotQueryDoc,
  response: z.object({ isAvailable: z.boolean() }),
  errors: [403],
});
describe({
  method: "get",
  path: `${BASE}/saved-plots/`,
  tag: TAG,
  summary: "Your saved charts, newest first (cursor paging: follow `next`)",
  query: z.object({ limit: z.number().int().optional(), cursor: z.string().optional() }),
  response: z.object({
    results: z.array(SavedPlot),
    next: z.string().nullable(),
    nextCursor: z.string().nullable(),
    count: z.number(),
  }),
});
describe({
  method: "post",
  path: `${BASE}/saved-plots/`,
  tag: TAG,
  summary: "Save a chart",
  body: SavedPlotBody,
  response: SavedPlot,
  status: 201,
  errors: [409],
});
describe({
  method: "get",
  path: `${BASE}/saved-plots/:id/`,
  tag: TAG,
  summary: "A saved chart by id",
  params: z.object({ id: z.string() }),
  response: SavedPlot,
});
describe({
  method: "put",
  path: `${BASE}/saved-plots/:id/`,
  tag: TAG,
  summary: "Change a saved chart",
  params: z.object({ id: z.string() }),
  body: SavedPlotBody,
  response: SavedPlot,
  errors: [409],
});
describe({
  method: "delete",
  path: `${BASE}/saved-plots/:id/`,
  tag: TAG,
  summary: "Delete a saved chart",
  params: z.object({ id: z.string() }),
  status: 204,
  response: "empty",
});
describe({
  method: "get",
  path: `${BASE}/saved-plots/title/:title/`,
  tag: TAG,
  summary: "A saved chart by its title or page slug (my-gb-prices)",
  params: z.object({ title: z.string() }),
  response: SavedPlot,
});

const gzipped = promisify(zlib.gzip);

export function plottingRouter(ctx: ApiContext) {
  const r = express.Router();

  r.get(
    `${BASE}/tree/:home(forecasts|live-data)/`,
    route(async (req, res) => {
      res.json(await homeFolders(ctx.db, req.params.home as "forecasts" | "live-data"));
    }),
  );

  r.get(
    `${BASE}/tree/:group/`,
    route(async (req, res) => {
      const group = req.params.group as TreeGroup;
      if (!(group in TREE_GROUPS))
        throw badRequest({ group: [`Choose a group: ${TREE_GROUP_IDS.join(", ")}`] });
      const f = parse(TreeQuery, req.query);
      const a = await access(ctx, req);
      res.json(await treeGroup(ctx.db, group, f, a.subscriptions));
    }),
  );

  r.get(
    `${BASE}/available-choices/`,
    route(async (req, res) => {
      const prefer =
        typeof req.query.prefer_region === "string" && REGIONS.includes(req.query.prefer_region)
          ? req.query.prefer_region
          : REGIONS[0];
      const d = datasets;
      const rows = await ctx.db
        .select({ region: d.region, lo: min(d.startDate), hi: max(d.endDate), n: count() })
        .from(d)
        .groupBy(d.region);
      const regions = [prefer, ...REGIONS.filter((x) => x !== prefer)].map((id) => {
        const row = rows.find((x) => x.region === id);
        return {
          id,
          label: REGION_LABELS[id],
          datasets: row?.n ?? 0,
          startDate: row?.lo?.toISOString() ?? null,
          endDate: row?.hi?.toISOString() ?? null,
        };
      });
      res.json({
        preferredRegion: prefer,
        regions,
        groups: TREE_GROUP_IDS.map((id) => ({ id, label: TREE_GROUPS[id].label })),
        periods: PERIODS,
        shortcuts: SHORTCUTS,
        chartTypes: CHART_TYPES,
        units: UNITS,
        movingAverageWindows: MOVING_AVERAGE_WINDOWS,
      });
    }),
  );

  r.get(
    `${BASE}/get-data/`,
    route(async (req, res) => {
      const q = plotQueryFrom(req.query);
      const subscriptions = await callerSubscriptions(ctx, req);
      // thin=false: every point (for exports); otherwise thinned for display.
      const maxPoints = req.query.thin === "false" ? Number.POSITIVE_INFINITY : DISPLAY_POINTS;
      // Access is checked (and refused) before the tag is compared: a 304 only for who may read it.
      const checked = await plottableDatasets(ctx.db, q.fields, subscriptions);
      const tag = plotDataTag(q, checked, maxPoints);
      if (answeredNotModified(req, res, tag)) return;
      const answer = async () =>
        JSON.stringify(await getPlotData(ctx.db, q, subscriptions, maxPoints, checked));
      // The tag names everything a display answer depends on: the one made for it is served as it is.
      // Exports (every point) are made each time: large, and rarely asked for twice.
      if (maxPoints !== DISPLAY_POINTS) {
        res.type("json").send(await answer());
        return;
      }
      const held = await heldAnswers(tag, async () => {
        const text = await answer();
        return { text, gzip: await gzipped(text) };
      });
      res.type("json");
      // Compressed once when held; the compression middleware leaves an encoded answer alone.
      res.vary("Accept-Encoding");
      if (req.headers["accept-encoding"] && req.acceptsEncodings("gzip") === "gzip")
        res.setHeader("Content-Encoding", "gzip").send(held.gzip);
      else res.send(held.text);
    }),
  );

  r.get(
    `${BASE}/is-moving-average-available/`,
    route(async (req, res) => {
      const q = plotQueryFrom(req.query);
      const a = await access(ctx, req);
      res.json({ isAvailable: await isMovingAverageAvailable(ctx.db, q, a.subscriptions) });
    }),
  );

  r.get(
    `${BASE}/saved-plots/`,
    route(async (req, res) => {
      const userId = requireUserId(req);
      const { limit, cursor } = parse(
        z.object({
          limit: z.coerce
            .number()
            .int()
            .min(1, "The limit should be between 1 and 100")
            .max(100, "The limit should be between 1 and 100")
            .default(24),
          cursor: z.string().max(200).optional(),
        }),
        req.query,
      );
      const page = await listSavedPlots(ctx.db, userId, limit, cursor);
      const next = page.nextCursor
        ? `/api/v1${BASE}/saved-plots/?limit=${limit}&cursor=${page.nextCursor}`
        : null;
      res.json({ results: page.results, next, nextCursor: page.nextCursor, count: page.count });
    }),
  );

  r.post(
    `${BASE}/saved-plots/`,
    route(async (req, res) => {
      const userId = requireUserId(req);
      const input = parse(SavedChartSchema, req.body);
      res.status(201).json(await createSavedPlot(ctx.db, userId, input));
    }),
  );

  r.get(
    `${BASE}/saved-plots/title/:title/`,
    route(async (req, res) => {
      const userId = requireUserId(req);
      res.json(await savedPlotByTitle(ctx.db, userId, req.params.title));
    }),
  );

  r.get(
    `${BASE}/saved-plots/:id/`,
    route(async (req, res) => {
      res.json(await savedPlotById(ctx.db, requireUserId(req), req.params.id));
    }),
  );

  r.put(
    `${BASE}/saved-plots/:id/`,
    route(async (req, res) => {
      const userId = requireUserId(req);
      const input = parse(SavedChartSchema, req.body);
      res.json(await updateSavedPlot(ctx.db, userId, req.params.id, input));
    }),
  );

  r.delete(
    `${BASE}/saved-plots/:id/`,
    route(async (req, res) => {
      await deleteSavedPlot(ctx.db, requireUserId(req), req.params.id);
      res.status(204).end();
    }),
  );

  return r;
}
