// The asset library (start from an existing asset) and the portfolio: portfolio assets with the
// record of spec §3, runs linked to them, portfolio details and history.
import express, { type Request } from "express";
import { z } from "../zod.ts";
import { describe } from "../openapi.ts";
import { parse, route } from "../http/route.ts";
import { access, requireUserId, type ApiContext } from "../http/context.ts";
import { badRequest, forbidden, notFound } from "../http/errors.ts";
import { FORECAST_REGIONS, LIMITS, MESSAGES } from "../../app/validation/forecast.ts";
import { findRun, serializeRun, visibleTo } from "../forecasts/runs.ts";
import { viewerOf } from "./forecastRuns.ts";

const ID = "/:id([0-9a-fA-F-]{36})";

const AssetQuery = z.object({
  search: z.string().trim().max(100).optional(),
  technology: z.enum(["BESS"]).optional(),
  region: z.enum(FORECAST_REGIONS).optional(),
  limit: z.coerce.number().int().min(1).max(1_000_000).default(20),
  offset: z.coerce.number().int().min(0).default(0),
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

const optionalNumber = (lo: number, hi: number, message: string) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce.number({ invalid_type_error: message }).min(lo, message).max(hi, message).optional(),
  );
export const PortfolioAssetSchema = z
  .object({
    assetId: z.string().trim().max(100).optional(),
    assetName: z.string().trim().max(LIMITS.assetName, MESSAGES.assetNameMax).optional(),
    ratedPower: z.coerce
      .number({ invalid_type_error: MESSAGES.ratedPower })
      .min(1, MESSAGES.ratedPower)
      .max(500, MESSAGES.ratedPower),
    energyCapacity: z.coerce
      .number({ invalid_type_error: "Please enter the energy capacity in MWh." })
      .positive("Please enter the energy capacity in MWh.")
      .max(4000, "Please enter a value between 0 - 4000 MWh."),
    gsp: z.string().trim().max(10).optional(),
    technology: z.literal("BESS").default("BESS"),
    marketRegion: z.enum(FORECAST_REGIONS, { errorMap: () => ({ message: MESSAGES.region }) }),
    forecastRunId: z.string().uuid("Not a run id.").optional(),
    city: z.string().trim().max(LIMITS.city, MESSAGES.cityMax).optional(),
    address: z.string().trim().max(LIMITS.address, MESSAGES.addressMax).optional(),
    zipCode: z.string().trim().max(LIMITS.zipCode, MESSAGES.zipCode).optional(),
    latitude: optionalNumber(-90, 90, MESSAGES.latitude),
    longitude: optionalNumber(-180, 180, MESSAGES.longitude),
    importCapacity: optionalNumber(1, 1000, MESSAGES.importExport),
    exportCapacity: optionalNumber(1, 1000, MESSAGES.importExport),
    operationalSince: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Please enter a date as YYYY-MM-DD.")
      .optional(),
    userFullName: z.string().trim().max(200).optional(),
    companyName: z.string().trim().max(200).optional(),
  })
  .superRefine((v, c) => {
    if (!v.assetId && !v.assetName)
      c.addIssue({ code: "custom", path: ["assetName"], message: MESSAGES.assetNameRequired });
  })
  .openapi("PortfolioAssetRecord");
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
});
describe({
  method: "get",
  path: "/forecast/portfolio/assets/",
  tag: "Portfolio",
  summary: "The caller's portfolio assets",
});
describe({
  method: "post",
  path: "/forecast/portfolio/assets/",
  tag: "Portfolio",
  summary: "Add an asset to the portfolio (spec §3 record)",
  body: PortfolioAssetSchema,
  status: 201,
});
describe({
  method: "get",
  path: "/forecast/portfolio/assets/:id/",
  tag: "Portfolio",
  summary: "A portfolio asset with its linked runs (region optional)",
  params: z.object({ id: z.string() }),
  query: z.object({ region: z.enum(FORECAST_REGIONS).optional() }),
});
describe({
  method: "delete",
  path: "/forecast/portfolio/assets/:id/",
  tag: "Portfolio",
  summary: "Remove a portfolio asset",
  params: z.object({ id: z.string() }),
  status: 204,
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
});
describe({
  method: "get",
  path: "/forecast/portfolio/history/",
  tag: "Portfolio",
  summary: "Portfolio history: assets added and runs linked, newest first",
});

function assetJson(r: any) {
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    uid: r.uid,
    assetId: r.asset_id,
    name: r.name,
    assetName: r.asset_name,
    region: r.region,
    marketRegion: r.market_region,
    image: r.image,
    ratedPower: Number(r.rated_power),
    energyCapacity: Number(r.energy_capacity),
    operationalSince: r.operational_since ? new Date(r.operational_since).toISOString().slice(0, 10) : null,
    zipCode: r.zip_code,
    city: r.city,
    address: r.address,
    latitude: r.latitude,
    longitude: r.longitude,
    gsp: r.gsp,
    cycles: n(r.cycles),
    importCapacity: n(r.import_capacity),
    exportCapacity: n(r.export_capacity),
    forecastAssetConfig: r.forecast_asset_config,
    technology: r.technology,
  };
}

function portfolioJson(r: any) {
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    id: r.id,
    assetId: r.asset_id,
    assetName: r.asset_name,
    ratedPower: Number(r.rated_power),
    energyCapacity: Number(r.energy_capacity),
    gsp: r.gsp,
    technology: r.technology,
    marketRegion: r.market_region,
    city: r.city,
    address: r.address,
    zipCode: r.zip_code,
    latitude: r.latitude,
    longitude: r.longitude,
    importCapacity: n(r.import_capacity),
    exportCapacity: n(r.export_capacity),
    operationalSince: r.operational_since ? new Date(r.operational_since).toISOString().slice(0, 10) : null,
    userFullName: r.user_full_name,
    companyName: r.company_name,
    createdAt: r.created_at.toISOString(),
  };
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
      const where: string[] = ["true"];
      const args: unknown[] = [];
      if (q.search) {
        args.push(`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        where.push(
          `(name ilike $${args.length} or asset_name ilike $${args.length} or city ilike $${args.length} or zip_code ilike $${args.length})`,
        );
      }
      if (q.technology) {
        args.push(q.technology);
        where.push(`technology = $${args.length}`);
      }
      if (q.region) {
        args.push(q.region);
        where.push(`market_region = $${args.length}`);
      }
      const w = where.join(" and ");
      const { rows: c } = await ctx.pool.query(
        `select count(*)::int as n from asset_library where ${w}`,
        args,
      );
      const { rows } = await ctx.pool.query(
        `select * from asset_library where ${w} order by lower(name) limit ${q.limit} offset ${q.offset}`,
        args,
      );
      res.json({ count: c[0].n, results: rows.map(assetJson) });
    }),
  );

  r.get(
    `/forecast/asset-library${ID.replace("id", "uid")}/`,
    route(async (req, res) => {
      const { rows } = await ctx.pool.query(`select * from asset_library where uid = $1`, [req.params.uid]);
      if (!rows[0]) throw notFound("Asset not found.");
      res.json(assetJson(rows[0]));
    }),
  );

  r.get(
    "/forecast/portfolio/assets/",
    route(async (req, res) => {
      const userId = await portfolioUser(req);
      const { rows } = await ctx.pool.query(
        `select * from portfolio_assets where user_id = $1 order by created_at desc`,
        [userId],
      );
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
        const { rows } = await ctx.pool.query(`select asset_name from asset_library where asset_id = $1`, [
          v.assetId,
        ]);
        if (!rows[0]) throw badRequest({ assetId: ["No such asset in the library."] });
        assetName = rows[0].asset_name;
      }
      const viewer = await viewerOf(ctx, req);
      if (v.forecastRunId) {
        const run = await findRun(ctx.pool, v.forecastRunId);
        if (!run || !visibleTo(run, viewer)) throw badRequest({ forecastRunId: ["Run not found."] });
      }
      const client = await ctx.pool.connect();
      try {
        await client.query("begin");
        const { rows } = await client.query(
          `insert into portfolio_assets(user_id, asset_id, asset_name, rated_power, energy_capacity, gsp, technology, market_region, city, address,
                                        zip_code, latitude, longitude, import_capacity, export_capacity, operational_since, user_full_name, company_name)
           values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18) returning *`,
          [
            userId,
            v.assetId ?? null,
            assetName,
            v.ratedPower,
            v.energyCapacity,
            v.gsp ?? null,
            v.technology,
            v.marketRegion,
            v.city ?? null,
            v.address ?? null,
            v.zipCode ?? null,
            v.latitude ?? null,
            v.longitude ?? null,
            v.importCapacity ?? null,
            v.exportCapacity ?? null,
            v.operationalSince ?? null,
            v.userFullName ?? null,
            v.companyName ?? null,
          ],
        );
        if (v.forecastRunId) {
          await client.query(
            `insert into portfolio_asset_runs(portfolio_asset_id, forecast_run_id) values ($1,$2)`,
            [rows[0].id, v.forecastRunId],
          );
        }
        await client.query("commit");
        res.status(201).json(portfolioJson(rows[0]));
      } catch (e) {
        await client.query("rollback").catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    }),
  );

  r.get(
    `/forecast/portfolio/assets${ID}/`,
    route(async (req, res) => {
      const userId = await portfolioUser(req);
      const q = parse(z.object({ region: z.enum(FORECAST_REGIONS).optional() }), req.query);
      const { rows } = await ctx.pool.query(
        `select * from portfolio_assets where id = $1 and user_id = $2 and ($3::text is null or market_region = $3)`,
        [req.params.id, userId, q.region ?? null],
      );
      if (!rows[0]) throw notFound("Portfolio asset not found.");
      const viewer = await viewerOf(ctx, req);
      const { rows: links } = await ctx.pool.query(
        `select forecast_run_id, linked_at from portfolio_asset_runs where portfolio_asset_id = $1 order by linked_at desc`,
        [rows[0].id],
      );
      const runs = [];
      for (const l of links) {
        const run = await findRun(ctx.pool, l.forecast_run_id);
        if (run && visibleTo(run, viewer))
          runs.push({ ...serializeRun(run, viewer), linkedAt: l.linked_at.toISOString() });
      }
      res.json({ ...portfolioJson(rows[0]), runs });
    }),
  );

  r.delete(
    `/forecast/portfolio/assets${ID}/`,
    route(async (req, res) => {
      const userId = await portfolioUser(req);
      const { rowCount } = await ctx.pool.query(
        `delete from portfolio_assets where id = $1 and user_id = $2`,
        [req.params.id, userId],
      );
      if (!rowCount) throw notFound("Portfolio asset not found.");
      res.status(204).end();
    }),
  );

  r.post(
    "/forecast/portfolio/link-runs/",
    route(async (req, res) => {
      const userId = await portfolioUser(req);
      const body = parse(LinkBody, req.body);
      const { rows } = await ctx.pool.query(
        `select id, asset_name from portfolio_assets where id = $1 and user_id = $2`,
        [body.portfolioAssetId, userId],
      );
      if (!rows[0]) throw notFound("Portfolio asset not found.");
      const viewer = await viewerOf(ctx, req);
      for (const id of body.forecastRunsId) {
        const run = await findRun(ctx.pool, id);
        if (!run || !visibleTo(run, viewer) || run.status === "draft")
          throw badRequest({ forecastRunsId: [`Run ${id} was not found.`] });
      }
      const client = await ctx.pool.connect();
      try {
        await client.query("begin");
        for (const id of body.forecastRunsId) {
          await client.query(
            `insert into portfolio_asset_runs(portfolio_asset_id, forecast_run_id) values ($1,$2) on conflict do nothing`,
            [rows[0].id, id],
          );
        }
        await client.query("commit");
      } catch (e) {
        await client.query("rollback").catch(() => {});
        throw e;
      } finally {
        client.release();
      }
      res.json(
        body.forecastRunsId.map((forecastRunId) => ({
          portfolioAssetId: rows[0].id,
          assetName: rows[0].asset_name,
          forecastRunId,
        })),
      );
    }),
  );

  r.get(
    "/forecast/portfolio/",
    route(async (req, res) => {
      const userId = await portfolioUser(req);
      const { rows } = await ctx.pool.query(
        `select p.market_region, count(*)::int as assets, sum(p.rated_power)::float as rated_power, sum(p.energy_capacity)::float as energy_capacity,
                (select count(*)::int from portfolio_asset_runs l join portfolio_assets q on q.id = l.portfolio_asset_id
                  where q.user_id = $1 and q.market_region = p.market_region) as linked_runs
           from portfolio_assets p where p.user_id = $1 group by p.market_region order by p.market_region`,
        [userId],
      );
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
    "/forecast/portfolio/history/",
    route(async (req, res) => {
      const userId = await portfolioUser(req);
      const { rows } = await ctx.pool.query(
        `select * from (
           select 'asset_added' as kind, p.id as portfolio_asset_id, p.asset_name, null::uuid as forecast_run_id, null::text as run_name, p.created_at as at
             from portfolio_assets p where p.user_id = $1
           union all
           select 'run_linked', p.id, p.asset_name, r.id, r.run_name, l.linked_at
             from portfolio_asset_runs l join portfolio_assets p on p.id = l.portfolio_asset_id join forecast_runs r on r.id = l.forecast_run_id
            where p.user_id = $1
         ) h order by at desc limit 500`,
        [userId],
      );
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
