// The asset library (start from an existing asset) and the portfolio: portfolio assets with the
// record of spec §3, runs linked to them, portfolio details and history.
import express, { type Request } from "express";
import { and, asc, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { qualified } from "../db/client.ts";
import { assetLibrary, forecastRuns, portfolioAssetRuns, portfolioAssets } from "../db/schema/index.ts";
import { z } from "../zod.ts";
import { describe } from "../openapi.ts";
import { offsetSchema } from "../http/input.ts";
import { parse, route } from "../http/route.ts";
import { access, requireUserId, type ApiContext } from "../http/context.ts";
import { badRequest, forbidden, notFound } from "../http/errors.ts";
import { FORECAST_REGIONS } from "../../app/validation/forecast.ts";
import { PortfolioAssetSchema } from "../../app/validation/portfolio.ts";
import { findRun, isLocked, serializeRun, shownStatus, visibleTo } from "../forecasts/runs.ts";
import {
  contributionOf,
  P90_SUM_NOTE,
  runFigures,
  sumByCurrency,
  type RunContribution,
} from "../forecasts/portfolioTotals.ts";
import { Run, viewerOf } from "./forecastRuns.ts";

const ID = "/:id([0-9a-fA-F-]{36})";

const AssetQuery = z.object({
  search: z.string().trim().max(100).optional(),
  technology: z.enum(["BESS"]).optional(),
  region: z.enum(FORECAST_REGIONS).optional(),
  limit: z.coerce.number().int().min(1).max(1_000_000).default(20),
  offset: offsetSchema,
});
const Asset = z
  .object({
    uid: z.string(),
    assetId: z.string(),
    name: z.string(),
    assetName: z.string(),
    region: z.string(),
    marketRegion: z.string(),
    image: z.string().nullable(),
    ratedPower: z.number(),
    energyCapacity: z.number(),
    operationalSince: z.string().nullable(),
    zipCode: z.string().nullable(),
    city: z.string().nullable(),
    address: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    gsp: z.string().nullable(),
    cycles: z.number().nullable(),
    importCapacity: z.number().nullable(),
    exportCapacity: z.number().nullable(),
    forecastAssetConfig: z.string(),
    technology: z.string(),
  })
  .openapi("LibraryAsset");

const PortfolioAssetRecord = PortfolioAssetSchema.openapi("PortfolioAssetRecord");
const PortfolioAsset = z
  .object({
    id: z.string(),
    assetId: z.string().nullable(),
    assetName: z.string(),
    ratedPower: z.number(),
    energyCapacity: z.number(),
    gsp: z.string().nullable(),
    technology: z.string(),
    marketRegion: z.string(),
    city: z.string().nullable(),
    address: z.string().nullable(),
    zipCode: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    importCapacity: z.number().nullable(),
    exportCapacity: z.number().nullable(),
    operationalSince: z.string().nullable(),
    userFullName: z.string().nullable(),
    companyName: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("PortfolioAsset");
const PortfolioTotals = z.object({
  assets: z.number().int(),
  ratedPower: z.number().describe("MW"),
  energyCapacity: z.number().describe("MWh"),
  linkedRuns: z.number().int(),
});
const LinkBody = z.object({
  portfolioAssetId: z.string().uuid("Not a portfolio asset id."),
  forecastRunsId: z.array(z.string().uuid("Not a run id.")).min(1, "Please select at least one run."),
});

describe({
  method: "get",
  path: "/forecast/asset-library/",
  tag: "Assets",
  summary: "Example assets to start a forecast from (search limit 20)",
  query: AssetQuery,
  response: z.object({ count: z.number(), results: z.array(Asset) }),
});
describe({
  method: "get",
  path: "/forecast/asset-library/:uid/",
  tag: "Assets",
  summary: "One library asset",
  params: z.object({ uid: z.string() }),
  response: Asset,
});
describe({
  method: "get",
  path: "/forecast/portfolio/",
  tag: "Portfolio",
  summary: "Portfolio details: assets, capacity and linked runs (needs portfolio access)",
  response: PortfolioTotals.extend({
    byRegion: z.array(
      PortfolioTotals.omit({ assets: true }).extend({ marketRegion: z.string(), assets: z.number().int() }),
    ),
  }),
  errors: [403],
});
describe({
  method: "get",
  path: "/forecast/portfolio/assets/",
  tag: "Portfolio",
  summary: "The caller's portfolio assets",
  response: z.object({ count: z.number().int(), results: z.array(PortfolioAsset) }),
  errors: [403],
});
describe({
  method: "post",
  path: "/forecast/portfolio/assets/",
  tag: "Portfolio",
  summary: "Add an asset to the portfolio (spec §3 record)",
  body: PortfolioAssetRecord,
  status: 201,
  response: PortfolioAsset,
  errors: [403],
});
describe({
  method: "get",
  path: "/forecast/portfolio/assets/:id/",
  tag: "Portfolio",
  summary: "A portfolio asset with its linked runs (region optional)",
  params: z.object({ id: z.string() }),
  query: z.object({ region: z.enum(FORECAST_REGIONS).optional() }),
  response: PortfolioAsset.extend({ runs: z.array(Run.extend({ linkedAt: z.string() })) }),
  errors: [403],
});
describe({
  method: "delete",
  path: "/forecast/portfolio/assets/:id/",
  tag: "Portfolio",
  summary: "Remove a portfolio asset",
  params: z.object({ id: z.string() }),
  status: 204,
  response: "empty",
  errors: [403],
});
describe({
  method: "post",
  path: "/forecast/portfolio/link-runs/",
  tag: "Portfolio",
  summary: "Link runs to a portfolio asset",
  body: LinkBody,
  response: z.array(
    z.object({ portfolioAssetId: z.string(), assetName: z.string(), forecastRunId: z.string() }),
  ),
  errors: [403, 404],
});
describe({
  method: "get",
  path: "/forecast/portfolio/history/",
  tag: "Portfolio",
  summary: "Portfolio history: assets added and runs linked, newest first",
  response: z.array(
    z.object({
      kind: z.enum(["asset_added", "run_linked"]),
      portfolioAssetId: z.string(),
      assetName: z.string(),
      forecastRunId: z.string().nullable(),
      runName: z.string().nullable(),
      at: z.string(),
    }),
  ),
  errors: [403],
});

const PortfolioSum = z
  .object({
    p50: z.number().describe("Sum of the runs' P50 (their expected figure where they have no paths)"),
    p90: z
      .number()
      .describe(
        "Sum of the runs' P90 (their expected figure where they have no paths): conservative, not the portfolio's own P90",
      ),
    fromPaths: z.number().int().describe("Runs whose P50 and P90 are from their price paths"),
    fromExpected: z
      .number()
      .int()
      .describe("Runs without price paths (yet): their expected (world view) figure is in both sums"),
  })
  .nullable();
describe({
  method: "get",
  path: "/forecast/portfolio/yearly-totals/",
  tag: "Portfolio",
  summary:
    "Revenue and cash flow per year, P50 and P90, summed over the runs linked to the portfolio's assets",
  description:
    "Per currency (runs in different currencies are never added) and calendar year: the sum over the finished runs linked to the caller's portfolio assets of revenue (the run's first strategy, per MW × the asset's rated power) and of cash flow available for debt service (the run's investment case scaled to the asset's rated power), each at P50 and at P90 in the lenders' convention (P90, the downside, is exceeded in 90 % of a run's price paths). A run without price paths — made without, or still computing them — adds its expected figure (its world view's own result) to both sums; `fromPaths` and `fromExpected` count the runs of each kind per year, and `runs` says which. Money is real 2024 throughout. " +
    P90_SUM_NOTE +
    " Needs portfolio access; only the caller's own assets are summed.",
  response: z.object({
    convention: z.literal("exceedance"),
    note: z.string().describe("Why the sum of P90s is conservative: show it wherever the sums are shown"),
    currencies: z.array(
      z.object({
        currency: z.string(),
        moneyBasis: z.string().describe('e.g. "real 2024 GBP"'),
        years: z.array(
          z.object({
            year: z.number().int(),
            revenue: PortfolioSum.describe("null: no run has revenue in this year"),
            cashFlow: PortfolioSum.describe(
              "Cash flow available for debt service; null: no run with finance covers this year",
            ),
          }),
        ),
      }),
    ),
    runs: z
      .array(
        z.object({
          runId: z.string(),
          runName: z.string(),
          portfolioAssetId: z.string(),
          assetName: z.string(),
          assetRatedPower: z.number().describe("MW: the scale of the run's per-MW figures"),
          currency: z.string().nullable(),
          counted: z.boolean().describe("In the sums (finished, with a result the caller may read)"),
          paths: z
            .enum(["in", "computing", "none"])
            .nullable()
            .describe(
              "Its price paths: in (P50/P90 from them), computing, or none (expected figures stand in)",
            ),
          pathProgress: z
            .object({ done: z.number().int(), failed: z.number().int(), total: z.number().int() })
            .nullable(),
          cashFlow: z.boolean().describe("Its cash flow is in the sums (it has an investment case)"),
          note: z.string().nullable().describe("Why it is not counted, or has no cash flow"),
        }),
      )
      .describe("Every run linked to the caller's assets, once per asset it is linked to"),
  }),
  errors: [403],
});

function assetJson(r: typeof assetLibrary.$inferSelect) {
  const { exampleRevenue: _revenue, ...shown } = r;
  return shown;
}

function portfolioJson(r: typeof portfolioAssets.$inferSelect) {
  const { userId: _user, ...shown } = r;
  return { ...shown, createdAt: r.createdAt.toISOString() };
}

export function forecastAssetsRouter(ctx: ApiContext) {
  const r = express.Router();

  async function portfolioUser(req: Request): Promise<string> {
    const userId = requireUserId(req);
    const a = await access(ctx, req);
    if (!a.flags.portfolio_access) throw forbidden("The portfolio is not available to your account.");
    return userId;
  }

  r.get(
    "/forecast/asset-library/",
    route(async (req, res) => {
      const q = parse(AssetQuery, req.query);
      const a = assetLibrary;
      const like = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
      const where = and(
        like
          ? or(ilike(a.name, like), ilike(a.assetName, like), ilike(a.city, like), ilike(a.zipCode, like))
          : undefined,
        q.technology ? eq(a.technology, q.technology) : undefined,
        q.region ? eq(a.marketRegion, q.region) : undefined,
      );
      const total = await ctx.db.$count(a, where);
      const rows = await ctx.db
        .select()
        .from(a)
        .where(where)
        .orderBy(asc(sql`lower(${a.name})`))
        .limit(q.limit)
        .offset(q.offset);
      res.json({ count: total, results: rows.map(assetJson) });
    }),
  );

  r.get(
    `/forecast/asset-library${ID.replace("id", "uid")}/`,
    route(async (req, res) => {
      const [asset] = await ctx.db.select().from(assetLibrary).where(eq(assetLibrary.uid, req.params.uid));
      if (!asset) throw notFound("Asset not found.");
      res.json(assetJson(asset));
    }),
  );

  r.get(
    "/forecast/portfolio/assets/",
    route(async (req, res) => {
      const userId = await portfolioUser(req);
      const rows = await ctx.db
        .select()
        .from(portfolioAssets)
        .where(eq(portfolioAssets.userId, userId))
        .orderBy(desc(portfolioAssets.createdAt));
      res.json({ count: rows.length, results: rows.map(portfolioJson) });
    }),
  );

  r.post(
    "/forecast/portfolio/assets/",
    route(async (req, res) => {
      const userId = await portfolioUser(req);
      const v = parse(PortfolioAssetSchema, req.body);
      let assetName = v.assetName;
      if (v.assetId && !assetName) {
        const [asset] = await ctx.db
          .select({ assetName: assetLibrary.assetName })
          .from(assetLibrary)
          .where(eq(assetLibrary.assetId, v.assetId));
        if (!asset) throw badRequest({ assetId: ["No such asset in the library."] });
        assetName = asset.assetName;
      }
      const viewer = await viewerOf(ctx, req);
      if (v.forecastRunId) {
        const run = await findRun(ctx.db, v.forecastRunId);
        if (!run || !visibleTo(run, viewer)) throw badRequest({ forecastRunId: ["Run not found."] });
      }
      const created = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(portfolioAssets)
          .values({
            userId,
            assetId: v.assetId ?? null,
            assetName: assetName!,
            ratedPower: v.ratedPower,
            energyCapacity: v.energyCapacity,
            gsp: v.gsp ?? null,
            technology: v.technology,
            marketRegion: v.marketRegion,
            city: v.city ?? null,
            address: v.address ?? null,
            zipCode: v.zipCode ?? null,
            latitude: v.latitude ?? null,
            longitude: v.longitude ?? null,
            importCapacity: v.importCapacity ?? null,
            exportCapacity: v.exportCapacity ?? null,
            operationalSince: v.operationalSince ?? null,
            userFullName: v.userFullName ?? null,
            companyName: v.companyName ?? null,
          })
          .returning();
        if (v.forecastRunId)
          await tx
            .insert(portfolioAssetRuns)
            .values({ portfolioAssetId: row.id, forecastRunId: v.forecastRunId });
        return row;
      });
      res.status(201).json(portfolioJson(created));
    }),
  );

  r.get(
    `/forecast/portfolio/assets${ID}/`,
    route(async (req, res) => {
      const userId = await portfolioUser(req);
      const q = parse(z.object({ region: z.enum(FORECAST_REGIONS).optional() }), req.query);
      const p = portfolioAssets;
      const [asset] = await ctx.db
        .select()
        .from(p)
        .where(
          and(
            eq(p.id, req.params.id),
            eq(p.userId, userId),
            q.region ? eq(p.marketRegion, q.region) : undefined,
          ),
        );
      if (!asset) throw notFound("Portfolio asset not found.");
      const viewer = await viewerOf(ctx, req);
      const l = portfolioAssetRuns;
      const links = await ctx.db
        .select({ forecastRunId: l.forecastRunId, linkedAt: l.linkedAt })
        .from(l)
        .where(eq(l.portfolioAssetId, asset.id))
        .orderBy(desc(l.linkedAt));
      const runs = [];
      for (const link of links) {
        const run = await findRun(ctx.db, link.forecastRunId);
        if (run && visibleTo(run, viewer))
          runs.push({ ...serializeRun(run, viewer), linkedAt: link.linkedAt.toISOString() });
      }
      res.json({ ...portfolioJson(asset), runs });
    }),
  );

  r.delete(
    `/forecast/portfolio/assets${ID}/`,
    route(async (req, res) => {
      const userId = await portfolioUser(req);
      const { rowCount } = await ctx.db
        .delete(portfolioAssets)
        .where(and(eq(portfolioAssets.id, req.params.id), eq(portfolioAssets.userId, userId)));
      if (!rowCount) throw notFound("Portfolio asset not found.");
      res.status(204).end();
    }),
  );

  r.post(
    "/forecast/portfolio/link-runs/",
    route(async (req, res) => {
      const userId = await portfolioUser(req);
      const body = parse(LinkBody, req.body);
      const [asset] = await ctx.db
        .select({ id: portfolioAssets.id, assetName: portfolioAssets.assetName })
        .from(portfolioAssets)
        .where(and(eq(portfolioAssets.id, body.portfolioAssetId), eq(portfolioAssets.userId, userId)));
      if (!asset) throw notFound("Portfolio asset not found.");
      const viewer = await viewerOf(ctx, req);
      for (const id of body.forecastRunsId) {
        const run = await findRun(ctx.db, id);
        if (!run || !visibleTo(run, viewer) || run.status === "draft")
          throw badRequest({ forecastRunsId: [`Run ${id} was not found.`] });
      }
      await ctx.db
        .insert(portfolioAssetRuns)
        .values(body.forecastRunsId.map((forecastRunId) => ({ portfolioAssetId: asset.id, forecastRunId })))
        .onConflictDoNothing();
      res.json(
        body.forecastRunsId.map((forecastRunId) => ({
          portfolioAssetId: asset.id,
          assetName: asset.assetName,
          forecastRunId,
        })),
      );
    }),
  );

  r.get(
    "/forecast/portfolio/",
    route(async (req, res) => {
      const userId = await portfolioUser(req);
      const p = portfolioAssets;
      const rows = await ctx.db
        .select({
          market_region: p.marketRegion,
          assets: count(),
          rated_power: sql<number>`sum(${p.ratedPower})::float`,
          energy_capacity: sql<number>`sum(${p.energyCapacity})::float`,
          linked_runs: sql<number>`(select count(*)::int from ${portfolioAssetRuns} l join ${p} q on q.id = l.portfolio_asset_id
                                      where q.user_id = ${userId} and q.market_region = ${qualified(p.marketRegion)})`,
        })
        .from(p)
        .where(eq(p.userId, userId))
        .groupBy(p.marketRegion)
        .orderBy(asc(p.marketRegion));
      const totals = rows.reduce(
        (a, r) => ({
          assets: a.assets + r.assets,
          ratedPower: a.ratedPower + r.rated_power,
          energyCapacity: a.energyCapacity + r.energy_capacity,
          linkedRuns: a.linkedRuns + r.linked_runs,
        }),
        { assets: 0, ratedPower: 0, energyCapacity: 0, linkedRuns: 0 },
      );
      res.json({
        ...totals,
        byRegion: rows.map((r) => ({
          marketRegion: r.market_region,
          assets: r.assets,
          ratedPower: r.rated_power,
          energyCapacity: r.energy_capacity,
          linkedRuns: r.linked_runs,
        })),
      });
    }),
  );

  r.get(
    "/forecast/portfolio/yearly-totals/",
    route(async (req, res) => {
      const userId = await portfolioUser(req);
      const viewer = await viewerOf(ctx, req);
      const p = portfolioAssets;
      const l = portfolioAssetRuns;
      const links = await ctx.db
        .select({ assetId: p.id, assetName: p.assetName, ratedPower: p.ratedPower, runId: l.forecastRunId })
        .from(l)
        .innerJoin(p, eq(p.id, l.portfolioAssetId))
        .where(eq(p.userId, userId))
        .orderBy(asc(p.assetName), asc(l.linkedAt));
      const contributions: RunContribution[] = [];
      const runs = [];
      for (const link of links) {
        const run = await findRun(ctx.db, link.runId);
        if (!run || !visibleTo(run, viewer)) continue; // linked once, no longer the caller's to read
        const shown = {
          runId: run.id,
          runName: run.run_name,
          portfolioAssetId: link.assetId,
          assetName: link.assetName,
          assetRatedPower: link.ratedPower,
        };
        const status = shownStatus(run);
        const why = isLocked(run, viewer)
          ? "Needs the market's subscription to read its results."
          : status === "failed"
            ? "The run failed."
            : status !== "ready_for_review" || !run.result
              ? "Not finished yet."
              : null;
        if (why || !run.result) {
          runs.push({
            ...shown,
            currency: null,
            counted: false,
            paths: null,
            pathProgress: null,
            cashFlow: false,
            note: why,
          });
          continue;
        }
        const figures = await runFigures(ctx.db, run.id, run.result);
        const c = contributionOf({ result: run.result, assetRatedPowerMW: link.ratedPower, ...figures });
        contributions.push(c);
        runs.push({
          ...shown,
          currency: c.currency,
          counted: true,
          paths: c.paths,
          pathProgress: figures.pathProgress,
          cashFlow: c.cashFlow.length > 0,
          note: figures.financeNote,
        });
      }
      res.json({
        convention: "exceedance",
        note: P90_SUM_NOTE,
        currencies: sumByCurrency(contributions),
        runs,
      });
    }),
  );

  r.get(
    "/forecast/portfolio/history/",
    route(async (req, res) => {
      const userId = await portfolioUser(req);
      const p = portfolioAssets;
      const l = portfolioAssetRuns;
      const at = (c: typeof p.createdAt | typeof l.linkedAt) => sql<Date>`${c}`.mapWith(c).as("at");
      const added = ctx.db
        .select({
          kind: sql<"asset_added" | "run_linked">`'asset_added'`.as("kind"),
          portfolio_asset_id: p.id,
          asset_name: p.assetName,
          forecast_run_id: sql<string | null>`null::uuid`.as("forecast_run_id"),
          run_name: sql<string | null>`null::text`.as("run_name"),
          at: at(p.createdAt),
        })
        .from(p)
        .where(eq(p.userId, userId));
      const linked = ctx.db
        .select({
          kind: sql<"asset_added" | "run_linked">`'run_linked'`.as("kind"),
          portfolio_asset_id: p.id,
          asset_name: p.assetName,
          forecast_run_id: sql<string | null>`${forecastRuns.id}`.as("forecast_run_id"),
          run_name: sql<string | null>`${forecastRuns.runName}`.as("run_name"),
          at: at(l.linkedAt),
        })
        .from(l)
        .innerJoin(p, eq(p.id, l.portfolioAssetId))
        .innerJoin(forecastRuns, eq(forecastRuns.id, l.forecastRunId))
        .where(eq(p.userId, userId));
      const rows = await unionAll(added, linked)
        .orderBy(desc(sql`at`))
        .limit(500);
      res.json(
        rows.map((h) => ({
          kind: h.kind,
          portfolioAssetId: h.portfolio_asset_id,
          assetName: h.asset_name,
          forecastRunId: h.forecast_run_id,
          runName: h.run_name,
          at: h.at.toISOString(),
        })),
      );
    }),
  );
  return r;
}
