// The market dashboard of the home page (issue 27 item 12, api/dashboard/markets.ts). Open to
// everyone, like the backtest: a day's price statistics and modelled revenues, not the data.
import express from "express";
import { z } from "../zod.ts";
import { describe } from "../openapi.ts";
import { route } from "../http/route.ts";
import type { ApiContext } from "../http/context.ts";
import { marketSummaries } from "../dashboard/markets.ts";
import { currentBacktest } from "./backtest.ts";

const PATH = "/data-api/market-dashboard/";

const Market = z.object({
  market: z.string(),
  region: z.string().describe("Price zone: GB, HB_HUBAVG, NSW1 …"),
  name: z.string(),
  currency: z.string(),
  timeZone: z.string().describe("Market time, in which the latest day is counted"),
  dataset: z
    .object({ slug: z.string(), title: z.string(), source: z.string(), unit: z.string() })
    .nullable()
    .describe("The day-ahead (or only) wholesale price series held; null: none imported"),
  latestDay: z
    .object({
      date: z.string(),
      mean: z.number(),
      min: z.number(),
      max: z.number(),
      spread: z.number().describe("Highest minus lowest price of the day"),
      intervals: z.number(),
    })
    .nullable(),
  lastPoint: z.string().nullable().describe("Start of the last interval held (UTC)"),
  importedAt: z.string().nullable().describe("When the series was last imported"),
  revenueIndex: z
    .object({
      year: z.number(),
      revenuePerMWYear: z.number(),
      annualised: z.boolean(),
      durationHours: z.number(),
    })
    .nullable()
    .describe("The backtest's 2 h battery, realistic foresight, on the real prices of its latest year"),
});

describe({
  method: "get",
  path: PATH,
  tag: "Backtest",
  summary:
    "Market dashboard: per price zone the latest day's prices and spread, the modelled BESS revenue on real prices (backtest) and the data's freshness",
  response: z.object({
    backtest: z.object({
      status: z.enum(["ready", "computing", "no-data"]),
      computedAt: z.string().nullable(),
    }),
    markets: z.array(Market),
  }),
});

export function marketDashboardRouter(ctx: ApiContext) {
  const r = express.Router();
  r.get(
    PATH,
    route(async (_req, res) => {
      const backtest = await currentBacktest(ctx);
      res.json({
        backtest: { status: backtest.status, computedAt: backtest.computedAt },
        markets: await marketSummaries(ctx.db, backtest),
      });
    }),
  );
  return r;
}
