// Runs (spec §7 "Forecast builder"): creation through /forecast/run-library/forecasts/ and the
// per-configuration/region paths; the run library list, filtering values, run detail with progress
// events, live progress (server-sent events), finance status, result file download; the builder's
// macro-scenario list.
import express, { type Request } from "express";
import { z } from "../zod.ts";
import { describe } from "../openapi.ts";
import { parse, route } from "../http/route.ts";
import { access, requireUserId, type ApiContext } from "../http/context.ts";
import { badRequest, notFound, subscriptionRequired } from "../http/errors.ts";
import {
  CONFIGURATIONS,
  CONFIGURATIONS_BY_REGION,
  FORECAST_REGIONS,
  MESSAGES,
  forecastSchema,
  type Configuration,
  type Forecast,
  type ForecastRegion,
} from "../../app/validation/forecast.ts";
import { assertCanCreateForecast, LIBRARY_SUBSCRIPTION, subscriptionName } from "../forecasts/permissions.ts";
import {
  createRuns,
  eventsOf,
  filteringValues,
  FINANCE_STATUSES,
  findRun,
  isLocked,
  listRuns,
  ORDERING_KEYS,
  RUN_STATUSES,
  serializeEvents,
  serializeRun,
  shownStatus,
  visibleTo,
  type RunRow,
  type Viewer,
} from "../forecasts/runs.ts";
import { scenarioChoices, scenariosFor } from "../forecasts/scenarios.ts";

const ID = "/:id([0-9a-fA-F-]{36})";

/** Per-configuration/region run paths (used when the single-endpoint flag is off). */
export const RUN_PATHS: {
  path: string;
  region: ForecastRegion;
  configurations: readonly Configuration[];
  label: string;
}[] = [
  { path: "gb/bess-simulation", region: "GB", configurations: ["bess"], label: "GB BESS" },
  {
    path: "gb/solar-simulation",
    region: "GB",
    configurations: ["solarACcoupling", "solarDCcoupling"],
    label: "GB BESS + solar (AC/DC coupled)",
  },
  {
    path: "gb/stand-alone-solar-simulation",
    region: "GB",
    configurations: ["solar"],
    label: "GB stand-alone solar",
  },
  { path: "ercot/simulation", region: "ERCOT", configurations: ["bess"], label: "ERCOT" },
  { path: "nem/simulation", region: "NEM", configurations: ["bess"], label: "Australia (NEM)" },
  { path: "de/bess-simulation", region: "DE", configurations: CONFIGURATIONS_BY_REGION.DE, label: "Germany" },
  { path: "es/bess-simulation", region: "ES", configurations: CONFIGURATIONS_BY_REGION.ES, label: "Spain" },
];

const csv = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) =>
    v === undefined
      ? undefined
      : (Array.isArray(v) ? v : [v])
          .flatMap((x) => x.split(","))
          .map((x) => x.trim())
          .filter(Boolean),
  );
const ListQuery = z.object({
  status: csv.describe("draft, processing, ready_for_review, failed (comma-separated or repeated)"),
  marketRegion: csv.describe("GB, ERCOT, NEM, DE, ES"),
  configuration: csv,
  macroScenarioId: csv,
  modelVersion: csv,
  financeStatus: csv.describe("no_status, scoping, ready_for_finance, shared_for_finance"),
  search: z.string().trim().max(100).optional(),
  isCustom: z.enum(["true", "false"]).optional(),
  ordering: z.enum(ORDERING_KEYS).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: z.coerce.number().int().min(0).default(0),
  recent: z
    .enum(["true", "false"])
    .optional()
    .describe(
      "Spec §9: runs of the last 24 h or still processing (≤ 10 processing, topped up with ready_for_review to 10)",
    ),
});

const RunAsset = z.object({
  marketRegion: z.string(),
  configuration: z.string(),
  subscription: z.object({ key: z.string(), name: z.string() }).nullable(),
});
const Run = z
  .object({
    id: z.string(),
    runId: z.string(),
    runName: z.string(),
    assetName: z.string().nullable(),
    status: z.enum(RUN_STATUSES),
    createdAt: z.string(),
    updatedAt: z.string(),
    finishedAt: z.string().nullable(),
    isCustom: z.boolean(),
    source: z.string(),
    financeStatus: z.enum(FINANCE_STATUSES),
    modelVersion: z.string().nullable(),
    macroScenario: z
      .object({ id: z.string(), name: z.string(), modelVersion: z.string().nullable() })
      .nullable(),
    runAsset: RunAsset,
    locked: z.boolean().describe("A library run the caller lacks the subscription for"),
    percentage: z
      .number()
      .describe("Progress bar value: 100 when finished or failed, else the latest event's percentage"),
    estimatedFinishAt: z.string().describe("createdAt + 6 minutes (spec §4 minutes remaining)"),
    revenue: z.object({ perMWYear: z.number(), unit: z.string(), currency: z.string() }).nullable(),
    runResult: z.object({ runFile: z.string().nullable(), runFileName: z.string().nullable() }),
    error: z.string().nullable(),
  })
  .openapi("ForecastRun");
const ProgressEvent = z
  .object({
    id: z.number(),
    event: z.string(),
    status: z.enum(["success", "warning"]),
    percentage: z.number(),
    timeSinceLastEvent: z.number(),
    created_at: z.string(),
    timeElapsedSeconds: z.number(),
  })
  .openapi("ProgressEvent");
const RunDetail = Run.extend({
  progressEvents: z.array(ProgressEvent),
  forecast: z.record(z.unknown()),
  result: z.record(z.unknown()).nullable(),
}).openapi("ForecastRunDetail");
const RunsCreated = z.object({ runIds: z.array(z.string()), runs: z.array(Run) }).openapi("RunsCreated");
const ForecastBody = z
  .object({
    configuration: z.enum(CONFIGURATIONS).optional(),
    region: z.enum(FORECAST_REGIONS).optional(),
    runAsset: z
      .object({ marketRegion: z.enum(FORECAST_REGIONS), configuration: z.enum(CONFIGURATIONS) })
      .partial()
      .optional(),
    macroScenarios: z.array(z.string()),
    runName: z.record(z.string()),
    draftId: z.string().optional().describe("Converts this draft: it is removed when the runs are created"),
  })
  .passthrough()
  .openapi("ForecastRunRequest", {
    description:
      "The forecast object (spec §3); every rule of spec §5 is checked (app/validation/forecast.ts).",
  });
const Params = z.object({ id: z.string() });
const tag = "Run library";

describe({
  method: "post",
  path: "/forecast/run-library/forecasts/",
  tag: "Forecast runs",
  summary: "Run a forecast: one run per selected macro scenario",
  body: ForecastBody,
  response: RunsCreated,
  status: 201,
});
for (const p of RUN_PATHS) {
  describe({
    method: "post",
    path: `/forecast/run-library/${p.path}/`,
    tag: "Forecast runs",
    summary: `Run a forecast (${p.label})`,
    body: ForecastBody,
    response: RunsCreated,
    status: 201,
  });
}
describe({
  method: "get",
  path: "/forecast/run-library/",
  tag,
  summary: "The run library: own runs and Voltcast's library runs",
  query: ListQuery,
  response: z.object({
    count: z.number(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(Run),
  }),
});
describe({
  method: "get",
  path: "/forecast/run-library/all-filtering-values/",
  tag,
  summary: "Values the run library can be filtered and ordered by",
});
describe({
  method: "get",
  path: "/forecast/run-library/:id/",
  tag,
  summary: "A run with its progress events, forecast object and results",
  params: Params,
  response: RunDetail,
});
describe({
  method: "get",
  path: "/forecast/run-library/:id/events/",
  tag,
  summary: "Live progress events (text/event-stream): `progress` events, then `status` when the run ends",
  params: Params,
  response: { file: "text/event-stream" },
});
describe({
  method: "get",
  path: "/forecast/run-library/:id/file/",
  tag,
  summary:
    "The result workbook (xlsx): only when ready_for_review, with a file, and (library runs) the subscription",
  params: Params,
  response: { file: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
});
describe({
  method: "patch",
  path: "/forecast/run-library/:id/",
  tag,
  summary: "Set a run's finance status or name",
  params: Params,
  body: z.object({
    financeStatus: z.enum(FINANCE_STATUSES).optional(),
    runName: z.string().max(100).optional(),
  }),
  response: Run,
});
describe({
  method: "delete",
  path: "/forecast/run-library/:id/",
  tag,
  summary: "Delete one of your runs (not while it is processing)",
  params: Params,
  status: 204,
});
describe({
  method: "get",
  path: "/forecast/macro-scenarios/",
  tag: "Forecast builder",
  summary: "World views (macro scenarios) of a region; solar configurations get only Central",
  query: z.object({
    marketRegionId: z.enum(FORECAST_REGIONS).optional(),
    configuration: z.enum(CONFIGURATIONS).optional(),
  }),
  response: z.array(
    z.object({ id: z.string(), name: z.string(), modelVersion: z.string(), marketRegion: z.string() }),
  ),
});

/** Region ids as the product spells them elsewhere (spec §3: great-britain, ercot, aus-nem; US for ERCOT). */
const REGION_ALIASES: Record<string, string> = {
  "great-britain": "GB",
  gb: "GB",
  ercot: "ERCOT",
  us: "ERCOT",
  "aus-nem": "NEM",
  nem: "NEM",
  de: "DE",
  es: "ES",
};
function regionAlias(v: unknown) {
  return typeof v === "string" && v ? (REGION_ALIASES[v.toLowerCase()] ?? v) : undefined;
}

function str(v: unknown): string | undefined {
  return typeof v === "string" && v.trim() ? v.trim() : undefined;
}

export async function viewerOf(ctx: ApiContext, req: Request): Promise<Viewer> {
  return { userId: req.identity.userId, access: await access(ctx, req) };
}

/** A run the caller may see, or 404; a library run they lack the subscription for: 403 with the spec's text. */
export async function runFor(
  ctx: ApiContext,
  req: Request,
  id: string,
  opts: { unlocked?: boolean } = {},
): Promise<{ row: RunRow; viewer: Viewer }> {
  const viewer = await viewerOf(ctx, req);
  const row = await findRun(ctx.pool, id);
  if (!row || !visibleTo(row, viewer)) throw notFound("Run not found.");
  if (opts.unlocked && isLocked(row, viewer)) {
    const key = row.subscription ?? LIBRARY_SUBSCRIPTION[row.market_region]!;
    const name = subscriptionName(key);
    throw subscriptionRequired(`This run is for ${name} subscribers`, { key, name });
  }
  return { row, viewer };
}

async function createFromBody(ctx: ApiContext, req: Request, fixed?: (typeof RUN_PATHS)[number]) {
  const body = (req.body && typeof req.body === "object" ? req.body : {}) as Record<string, any>;
  requireUserId(req);
  const region = (fixed?.region ?? str(body.region) ?? str(body.runAsset?.marketRegion)) as
    | ForecastRegion
    | undefined;
  if (!region || !FORECAST_REGIONS.includes(region)) throw badRequest({ region: [MESSAGES.region] });
  let configuration = (str(body.configuration) ?? str(body.runAsset?.configuration)) as
    | Configuration
    | undefined;
  if (!configuration && fixed?.path === "gb/solar-simulation")
    configuration =
      body.coupling === "false" || body.coupling === false ? "solarDCcoupling" : "solarACcoupling";
  configuration ??= fixed?.configurations[0] ?? "bess";
  if (!CONFIGURATIONS.includes(configuration) || (fixed && !fixed.configurations.includes(configuration))) {
    throw badRequest({ configuration: [MESSAGES.configurationRegion] });
  }
  const { userId, access: a } = await assertCanCreateForecast(ctx, req, region, configuration);
  const forecast: Forecast = parse(
    forecastSchema({ region, configuration, flags: a.flags, scenarios: scenarioChoices() }),
    body,
  );
  // Uploaded files named by the forecast must be the caller's own.
  if (forecast.customDegradationCurveId) {
    const { rows } = await ctx.pool.query(
      `select file_name from custom_degradation_curves where id::text = $1 and user_id = $2`,
      [forecast.customDegradationCurveId, userId],
    );
    if (!rows[0]) throw badRequest({ customDegradationCurveId: [MESSAGES.customDegradationCurveId] });
    forecast.customDegradationCurveFileName = rows[0].file_name;
  }
  if (forecast.solarProfileId) {
    const { rows } = await ctx.pool.query(
      `select 1 from solar_profiles where id::text = $1 and user_id = $2`,
      [forecast.solarProfileId, userId],
    );
    if (!rows[0]) throw badRequest({ solarProfileId: ["Please upload the solar profile again."] });
  }
  let draftId: string | undefined;
  if (str(body.draftId)) {
    const { rows } = await ctx.pool.query(
      `select id from forecast_runs where id::text = $1 and user_id = $2 and status = 'draft'`,
      [body.draftId, userId],
    );
    if (!rows[0]) throw notFound("Draft not found.");
    draftId = rows[0].id;
  }
  const ids = await createRuns(ctx.pool, ctx.queue, userId, forecast, { draftId });
  const viewer = await viewerOf(ctx, req);
  const runs = [];
  for (const id of ids) runs.push(serializeRun((await findRun(ctx.pool, id))!, viewer));
  return { runIds: ids, runs };
}

export function forecastRunsRouter(ctx: ApiContext) {
  const r = express.Router();

  r.get(
    "/forecast/macro-scenarios/",
    route(async (req, res) => {
      const q = parse(
        z.object({
          marketRegionId: z.preprocess(regionAlias, z.enum(FORECAST_REGIONS).optional()),
          configuration: z.enum(CONFIGURATIONS).optional(),
        }),
        req.query,
      );
      res.json(scenariosFor(q.marketRegionId, q.configuration));
    }),
  );

  r.post(
    "/forecast/run-library/forecasts/",
    route(async (req, res) => {
      res.status(201).json(await createFromBody(ctx, req));
    }),
  );
  for (const p of RUN_PATHS) {
    r.post(
      `/forecast/run-library/${p.path}/`,
      route(async (req, res) => {
        res.status(201).json(await createFromBody(ctx, req, p));
      }),
    );
  }

  r.get(
    "/forecast/run-library/",
    route(async (req, res) => {
      const q = parse(ListQuery, req.query);
      const viewer = await viewerOf(ctx, req);
      const { count, results } = await listRuns(ctx.pool, viewer, {
        ...q,
        isCustom: q.isCustom === undefined ? undefined : q.isCustom === "true",
        recent: q.recent === "true",
      });
      const page = (offset: number) => {
        const u = new URLSearchParams(req.query as Record<string, string>);
        u.set("offset", String(offset));
        u.set("limit", String(q.limit));
        return `/api/v1/forecast/run-library/?${u}`;
      };
      res.json({
        count,
        next: q.recent !== "true" && q.offset + q.limit < count ? page(q.offset + q.limit) : null,
        previous: q.recent !== "true" && q.offset > 0 ? page(Math.max(0, q.offset - q.limit)) : null,
        results: results.map((row) => serializeRun(row, viewer)),
      });
    }),
  );

  r.get(
    "/forecast/run-library/all-filtering-values/",
    route(async (req, res) => {
      res.json(await filteringValues(ctx.pool, await viewerOf(ctx, req)));
    }),
  );

  r.get(
    `/forecast/run-library${ID}/`,
    route(async (req, res) => {
      const { row, viewer } = await runFor(ctx, req, req.params.id, { unlocked: true });
      const events = await eventsOf(ctx.pool, row.id);
      res.json({
        ...serializeRun(row, viewer),
        progressEvents: serializeEvents(events, row.created_at),
        forecast: row.forecast,
        result: row.result,
      });
    }),
  );

  r.patch(
    `/forecast/run-library${ID}/`,
    route(async (req, res) => {
      const userId = requireUserId(req);
      const body = parse(
        z.object({
          financeStatus: z
            .enum(FINANCE_STATUSES, {
              errorMap: () => ({ message: `Choose one of ${FINANCE_STATUSES.join(", ")}.` }),
            })
            .optional(),
          runName: z
            .string()
            .trim()
            .min(1, MESSAGES.runNameRequired)
            .max(100, MESSAGES.runNameMax)
            .optional(),
        }),
        req.body,
      );
      const { row, viewer } = await runFor(ctx, req, req.params.id);
      if (row.user_id !== userId) throw notFound("Run not found.");
      await ctx.pool.query(
        `update forecast_runs set finance_status = coalesce($2, finance_status), run_name = coalesce($3, run_name), updated_at = now() where id = $1`,
        [row.id, body.financeStatus ?? null, body.runName ?? null],
      );
      res.json(serializeRun((await findRun(ctx.pool, row.id))!, viewer));
    }),
  );

  r.delete(
    `/forecast/run-library${ID}/`,
    route(async (req, res) => {
      const userId = requireUserId(req);
      const { row } = await runFor(ctx, req, req.params.id);
      if (row.user_id !== userId) throw notFound("Run not found.");
      if (shownStatus(row) === "processing")
        throw badRequest(
          { _form: ["A run cannot be deleted while it is processing."] },
          "A run cannot be deleted while it is processing.",
        );
      await ctx.pool.query(`delete from forecast_runs where id = $1 and user_id = $2`, [row.id, userId]);
      res.status(204).end();
    }),
  );

  r.get(
    `/forecast/run-library${ID}/file/`,
    route(async (req, res) => {
      const { row } = await runFor(ctx, req, req.params.id, { unlocked: true });
      if (shownStatus(row) !== "ready_for_review" || !row.has_file)
        throw notFound("This run has no result file yet.");
      const { rows } = await ctx.pool.query(
        `select result_file, result_file_name from forecast_runs where id = $1`,
        [row.id],
      );
      res.setHeader("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
      res.setHeader(
        "content-disposition",
        `attachment; filename="${rows[0].result_file_name.replace(/"/g, "")}"`,
      );
      res.send(rows[0].result_file);
    }),
  );

  // Live progress: a server-sent event per new progress event, then the final status. Polls the
  // database (a run may be computed by a worker in another process).
  r.get(
    `/forecast/run-library${ID}/events/`,
    route(async (req, res) => {
      const { row } = await runFor(ctx, req, req.params.id, { unlocked: true });
      res.writeHead(200, {
        "content-type": "text/event-stream",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      res.write("retry: 3000\n\n");
      let lastId = Number(req.get("last-event-id") ?? 0) || 0;
      let lastAt: Date | undefined;
      let closed = false;
      req.on("close", () => {
        closed = true;
      });
      const started = Date.now();
      while (!closed) {
        const events = await eventsOf(ctx.pool, row.id, lastId);
        for (const e of serializeEvents(events, row.created_at, lastAt)) {
          res.write(`id: ${e.id}\nevent: progress\ndata: ${JSON.stringify(e)}\n\n`);
          lastId = e.id;
        }
        if (events.length) lastAt = events[events.length - 1].created_at;
        const now = await findRun(ctx.pool, row.id);
        const status = now ? shownStatus(now) : "failed";
        if (status !== "processing") {
          res.write(`event: status\ndata: ${JSON.stringify({ status, percentage: 100 })}\n\n`);
          break;
        }
        if (Date.now() - started > 30 * 60_000) break;
        res.write(": keep-alive\n\n");
        await new Promise((r) => setTimeout(r, 1000));
      }
      res.end();
    }),
  );

  return r;
}
