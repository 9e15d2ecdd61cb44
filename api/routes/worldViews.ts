// World views (spec §7): databooks and power prices — lists and zip downloads. (GET
// /forecast/macro-scenarios/ is served by routes/forecastRuns.ts.) Subscriptions are checked here (spec §6); the default tier (GB forecasted power
// prices world view) is open to everyone.
import express from "express";
import { inArray } from "drizzle-orm";
import { datasets } from "../db/schema/index.ts";
import { format } from "date-fns";
import { z } from "../zod.ts";
import { describe } from "../openapi.ts";
import { parse, route } from "../http/route.ts";
import { access, type ApiContext } from "../http/context.ts";
import { badRequest, subscriptionRequired } from "../http/errors.ts";
import {
  databooks,
  getScenario,
  mayUse,
  powerPrices,
  subscriptionFor,
  subscriptionName,
  databookFileName,
  powerPriceFileName,
  type WorldViewItem,
} from "../worldviews/catalog.ts";
import { worldViewFile, type WorldViewFileKind } from "../worldviews/files.ts";
import { streamZip } from "../worldviews/zip.ts";
import { recordWorldViewDownload } from "../worldviews/downloads.ts";
import type { Scenario } from "../../engine/worldview/scenarios.ts";
import { forwardCurveSlug } from "../datasets/synthetic.ts";

const MacroScenario = z.object({
  id: z.string(),
  name: z.string(),
  modelVersion: z.string(),
  marketRegion: z.string(),
});
const Item = z.object({
  id: z.string(),
  macroScenario: MacroScenario,
  name: z.string(),
  description: z.string(),
  fundamentalsModelVersion: z.string(),
  scenarioType: z.string(),
  region: z.string(),
  subscription: z.object({ key: z.string(), name: z.string() }),
  hasAccess: z.boolean(),
  fileName: z.string(),
  forwardCurve: z
    .object({
      id: z.string(),
      title: z.string(),
      startDate: z.string().nullable(),
      endDate: z.string().nullable(),
    })
    .nullable()
    .describe(
      "The world view's hourly forward curve in the data library (plot it by its id); null until it is computed",
    ),
});
const ListQuery = z.object({ search: z.string().max(200).optional() });
const ListResponse = z.object({ count: z.number(), results: z.array(Item) });

const ids = (field: string) =>
  z
    .array(z.string().min(1).max(100), {
      required_error: `${field} is required`,
      invalid_type_error: `${field} must be a list of ids`,
    })
    .min(1, "Select at least one item to download")
    .max(200);
const person = {
  email: z.string().email("Enter a valid email address").max(254).optional().or(z.literal("")),
  fullName: z.string().max(200).optional(),
  companyName: z.string().max(200).optional(),
};
export const DatabooksDownloadBody = z.object({
  ...person,
  macroScenarioDataBookId: ids("macroScenarioDataBookId"),
});
export const PowerPricesDownloadBody = z.object({ ...person, powerPricesId: ids("powerPricesId") });

describe({
  method: "get",
  path: "/forecast/macro-scenarios/macro-scenario-databooks",
  tag: "World views",
  summary: "Databooks: one xlsx workbook per world view",
  query: ListQuery,
  response: ListResponse,
});
describe({
  method: "post",
  path: "/forecast/macro-scenarios/macro-scenario-databooks/download-multiple-data-books/",
  tag: "World views",
  summary: "Download several databooks as databooks_{dd_MM_yyyy}.zip",
  body: DatabooksDownloadBody,
  response: { file: "application/zip" },
  errors: [403],
});
describe({
  method: "get",
  path: "/forecast/power-prices/",
  tag: "World views",
  summary: "Power prices: one CSV of prices per world view, sorted by first letter",
  query: ListQuery,
  response: ListResponse,
});
describe({
  method: "post",
  path: "/forecast/power-prices/download-multiple-power-prices/",
  tag: "World views",
  summary: "Download several power-price files as power_prices_{dd_MM_yyyy}.zip",
  body: PowerPricesDownloadBody,
  response: { file: "application/zip" },
  errors: [403],
});

/** The spec's refusal texts (spec §8) for a selection with locked items. */
function refusal(locked: Scenario[], requested: number) {
  const keys = [...new Set(locked.map(subscriptionFor))];
  if (keys.length > 1) return subscriptionRequired("Some of the datasets require a subscription upgrade");
  const sub = { key: keys[0], name: subscriptionName(keys[0]) };
  if (requested === 1) return subscriptionRequired(`This Data-set requires ${sub.name} subscription`, sub);
  return subscriptionRequired(`One of the datasets requires ${sub.name} subscription`, sub);
}

export function worldViewsRouter(ctx: ApiContext) {
  const r = express.Router();

  const list = (pick: (subs: Set<string>, search?: string) => WorldViewItem[]) =>
    route(async (req, res) => {
      const q = parse(ListQuery, req.query);
      const { subscriptions } = await access(ctx, req);
      const items = pick(subscriptions, q.search);
      // Each world view's hourly forward curve, a dataset of the library (decision 0304).
      const slugs = new Map(items.map((w) => [forwardCurveSlug(getScenario(w.id)!), w.id]));
      const rows = await ctx.db
        .select({
          id: datasets.id,
          slug: datasets.slug,
          title: datasets.title,
          startDate: datasets.startDate,
          endDate: datasets.endDate,
        })
        .from(datasets)
        .where(inArray(datasets.slug, [...slugs.keys()]));
      const curves = new Map(
        rows.map((d) => [
          slugs.get(d.slug),
          {
            id: String(d.id),
            title: d.title,
            startDate: d.startDate?.toISOString() ?? null,
            endDate: d.endDate?.toISOString() ?? null,
          },
        ]),
      );
      const results = items.map((w) => ({ ...w, forwardCurve: curves.get(w.id) ?? null }));
      res.json({ count: results.length, results });
    });
  r.get(
    [
      "/forecast/macro-scenarios/macro-scenario-databooks",
      "/forecast/macro-scenarios/macro-scenario-databooks/",
    ],
    list(databooks),
  );
  r.get("/forecast/power-prices/", list(powerPrices));

  const download = (kind: WorldViewFileKind) =>
    route(async (req, res) => {
      const body =
        kind === "databook"
          ? (({ macroScenarioDataBookId, ...rest }) => ({ ...rest, ids: macroScenarioDataBookId }))(
              parse(DatabooksDownloadBody, req.body),
            )
          : (({ powerPricesId, ...rest }) => ({ ...rest, ids: powerPricesId }))(
              parse(PowerPricesDownloadBody, req.body),
            );
      const field = kind === "databook" ? "macroScenarioDataBookId" : "powerPricesId";
      const unique = [...new Set(body.ids)];
      const scenarios = unique.map((id) => getScenario(id));
      const unknown = unique.filter((_, i) => !scenarios[i]);
      if (unknown.length)
        throw badRequest({
          [field]: [`Unknown ${kind === "databook" ? "databook" : "power price"}: ${unknown.join(", ")}`],
        });
      const found = scenarios as Scenario[];
      const { subscriptions } = await access(ctx, req);
      const locked = found.filter((s) => !mayUse(subscriptions, s));
      if (locked.length) throw refusal(locked, found.length);
      // Files are generated once per model version and cached; generate before the first byte so a
      // failure is still a clean JSON error.
      const files = await Promise.all(found.map((s) => worldViewFile(kind, s)));
      await recordWorldViewDownload(ctx.db, {
        kind,
        ids: unique,
        userId: req.identity.userId,
        anonymousId: req.identity.anonymousId,
        email: body.email || null,
        fullName: body.fullName || null,
        companyName: body.companyName || null,
      });
      const zipName = `${kind === "databook" ? "databooks" : "power_prices"}_${format(new Date(), "dd_MM_yyyy")}.zip`;
      res.setHeader("content-type", "application/zip");
      res.setHeader("content-disposition", `attachment; filename="${zipName}"`);
      res.setHeader("cache-control", "no-store");
      await streamZip(
        res,
        found.map((s, i) => ({
          name: kind === "databook" ? databookFileName(s) : powerPriceFileName(s),
          path: files[i],
        })),
      ).catch((e) => {
        // Headers are gone: all we can do is cut the stream so the client sees a broken download.
        res.destroy(e as Error);
      });
    });
  r.post(
    "/forecast/macro-scenarios/macro-scenario-databooks/download-multiple-data-books/",
    download("databook"),
  );
  r.post("/forecast/power-prices/download-multiple-power-prices/", download("power-prices"));

  return r;
}
