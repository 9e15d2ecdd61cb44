// Drafts of the forecast builder (spec §7): per-region paths GET/POST/PUT/DELETE, plus a list of
// the caller's drafts. The payload is the full forecast object with configuration and runAsset.
import { and, desc, eq } from "drizzle-orm";
import { forecastRuns } from "../db/schema/index.ts";
import express, { type Request } from "express";
import { z } from "../zod.ts";
import { describe } from "../openapi.ts";
import { parse, route } from "../http/route.ts";
import { requireUserId, type ApiContext } from "../http/context.ts";
import { badRequest, notFound } from "../http/errors.ts";
import {
  CONFIGURATIONS,
  CONFIGURATIONS_BY_REGION,
  FORECAST_REGIONS,
  MESSAGES,
  draftSchema,
  forecastDraftRequestSchema,
  type Configuration,
  type ForecastRegion,
} from "../../app/validation/forecast.ts";
import { assertCanCreateDraft } from "../forecasts/permissions.ts";
import {
  createDraft,
  deleteDraft,
  findDraft,
  RUN_COLUMNS,
  serializeDraft,
  updateDraft,
} from "../forecasts/runs.ts";
import { LAST_YEAR } from "../../engine/worldview/index.ts";
import { scenarioChoices } from "../forecasts/scenarios.ts";

/** The draft paths of spec §7 under /forecast/run-library/, with the region and configurations each serves. */
export const DRAFT_PATHS: {
  path: string;
  region: ForecastRegion | null;
  configurations: readonly Configuration[];
  label: string;
}[] = [
  { path: "gb/bess-simulation-draft", region: "GB", configurations: ["bess"], label: "GB BESS" },
  {
    path: "gb/solar-simulation-draft",
    region: "GB",
    configurations: ["solarACcoupling", "solarDCcoupling"],
    label: "GB BESS + solar",
  },
  {
    path: "gb/stand-alone-solar-simulation-draft",
    region: "GB",
    configurations: ["solar"],
    label: "GB stand-alone solar",
  },
  { path: "nem/simulation-draft", region: "NEM", configurations: ["bess"], label: "Australia (NEM)" },
  { path: "ercot/simulation-draft", region: "ERCOT", configurations: ["bess"], label: "ERCOT" },
  {
    path: "de/bess-simulation-draft",
    region: "DE",
    configurations: CONFIGURATIONS_BY_REGION.DE,
    label: "Germany",
  },
  {
    path: "es/bess-simulation-draft",
    region: "ES",
    configurations: CONFIGURATIONS_BY_REGION.ES,
    label: "Spain",
  },
  { path: "drafts", region: null, configurations: CONFIGURATIONS, label: "any region" },
];

const DraftBody = forecastDraftRequestSchema.openapi("ForecastDraftRequest", {
  description:
    "A forecast draft: any subset of the forecast request's fields; what is filled in obeys the same ranges and gets the same messages.",
});
const Draft = z
  .object({
    id: z.string(),
    runId: z.string(),
    runName: z.string(),
    status: z.literal("draft"),
    createdAt: z.string(),
    updatedAt: z.string(),
    configuration: z.string(),
    runAsset: z.object({ marketRegion: z.string(), configuration: z.string() }),
    forecast: forecastDraftRequestSchema.describe(
      "The draft's fields as saved (numbers read, derived fields set)",
    ),
  })
  .openapi("ForecastDraft");
const Id = z.object({ id: z.string().uuid() });

for (const p of DRAFT_PATHS) {
  const base = `/forecast/run-library/${p.path}`;
  const tag = "Forecast drafts";
  describe({
    method: "post",
    path: `${base}/`,
    tag,
    summary: `Create a draft (${p.label})`,
    body: DraftBody,
    response: Draft,
    status: 201,
    errors: [403],
  });
  describe({
    method: "get",
    path: `${base}/:id/`,
    tag,
    summary: `A draft by id (${p.label})`,
    params: Id,
    response: Draft,
  });
  describe({
    method: "put",
    path: `${base}/:id/`,
    tag,
    summary: `Replace a draft (${p.label})`,
    params: Id,
    body: DraftBody,
    response: Draft,
    errors: [403],
  });
  describe({
    method: "delete",
    path: `${base}/:id/`,
    tag,
    summary: `Delete a draft (${p.label})`,
    params: Id,
    status: 204,
    response: "empty",
  });
}
describe({
  method: "get",
  path: "/forecast/run-library/drafts/",
  tag: "Forecast drafts",
  summary: "The caller's drafts, newest first",
  response: z.object({ count: z.number(), results: z.array(Draft) }),
});

function str(v: unknown): string | undefined {
  return typeof v === "string" && v.trim() ? v.trim() : undefined;
}

/** Region and configuration of a draft body at a path: the path fixes what it can. */
function targetOf(
  p: (typeof DRAFT_PATHS)[number],
  body: Record<string, any>,
): { region: ForecastRegion; configuration: Configuration } {
  const region = (p.region ?? str(body.region) ?? str(body.runAsset?.marketRegion)) as
    | ForecastRegion
    | undefined;
  if (!region || !FORECAST_REGIONS.includes(region)) throw badRequest({ region: [MESSAGES.region] });
  let configuration = (str(body.configuration) ?? str(body.runAsset?.configuration)) as
    | Configuration
    | undefined;
  if (!configuration && p.path === "gb/solar-simulation-draft")
    configuration =
      body.coupling === "false" || body.coupling === false ? "solarDCcoupling" : "solarACcoupling";
  configuration ??= p.configurations[0];
  if (
    !p.configurations.includes(configuration) ||
    !CONFIGURATIONS_BY_REGION[region].includes(configuration)
  ) {
    throw badRequest({ configuration: [MESSAGES.configurationRegion] });
  }
  return { region, configuration };
}

async function readDraft(ctx: ApiContext, req: Request, p: (typeof DRAFT_PATHS)[number]) {
  const body = (req.body && typeof req.body === "object" ? req.body : {}) as Record<string, any>;
  const target = targetOf(p, body);
  const { userId, access: a } = await assertCanCreateDraft(ctx, req, target.region, target.configuration);
  const draft = parse(
    draftSchema({ ...target, flags: a.flags, scenarios: scenarioChoices(), worldViewLastYear: LAST_YEAR }),
    body,
  );
  return { userId, draft: { ...draft, ...target } };
}

export function forecastDraftsRouter(ctx: ApiContext) {
  const r = express.Router();

  r.get(
    "/forecast/run-library/drafts/",
    route(async (req, res) => {
      const userId = requireUserId(req);
      const r = forecastRuns;
      const rows = await ctx.db
        .select(RUN_COLUMNS)
        .from(r)
        .where(and(eq(r.userId, userId), eq(r.status, "draft")))
        .orderBy(desc(r.updatedAt))
        .limit(1000);
      res.json({ count: rows.length, results: rows.map(serializeDraft) });
    }),
  );

  for (const p of DRAFT_PATHS) {
    const base = `/forecast/run-library/${p.path}`;

    r.post(
      `${base}/`,
      route(async (req, res) => {
        const { userId, draft } = await readDraft(ctx, req, p);
        const id = await createDraft(ctx.db, userId, draft);
        res.status(201).json(serializeDraft((await findDraft(ctx.db, userId, id))!));
      }),
    );

    r.get(
      `${base}/:id/`,
      route(async (req, res) => {
        const userId = requireUserId(req);
        const row = await findDraft(ctx.db, userId, req.params.id);
        if (
          !row ||
          (p.region && row.market_region !== p.region) ||
          !p.configurations.includes(row.configuration as Configuration)
        ) {
          throw notFound("Draft not found.");
        }
        res.json(serializeDraft(row));
      }),
    );

    r.put(
      `${base}/:id/`,
      route(async (req, res) => {
        const userId = requireUserId(req);
        const existing = await findDraft(ctx.db, userId, req.params.id);
        if (!existing || (p.region && existing.market_region !== p.region))
          throw notFound("Draft not found.");
        const { draft } = await readDraft(ctx, req, p);
        if (!(await updateDraft(ctx.db, userId, existing.id, draft))) throw notFound("Draft not found.");
        res.json(serializeDraft((await findDraft(ctx.db, userId, existing.id))!));
      }),
    );

    r.delete(
      `${base}/:id/`,
      route(async (req, res) => {
        const userId = requireUserId(req);
        const existing = await findDraft(ctx.db, userId, req.params.id);
        if (!existing || (p.region && existing.market_region !== p.region))
          throw notFound("Draft not found.");
        await deleteDraft(ctx.db, userId, existing.id);
        res.status(204).end();
      }),
    );
  }
  return r;
}
