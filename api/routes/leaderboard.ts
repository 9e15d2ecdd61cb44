// The GB leaderboard graph (spec §7: `GET /data-api/bm/gb/leaderboard-graph/validate_dates/`, and the
// graph it serves): the asset library's GB batteries, revenue per MW by month, modelled on the real
// prices by the backtest (decision 0118, api/backtest/leaderboard.ts). Open to everyone, like the
// backtest: revenues derived from the data, not the data.
import express from "express";
import { and, asc, eq } from "drizzle-orm";
import { assetLibrary } from "../db/schema/index.ts";
import { z } from "../zod.ts";
import { describe } from "../openapi.ts";
import { parse, route } from "../http/route.ts";
import type { ApiContext } from "../http/context.ts";
import { badRequest } from "../http/errors.ts";
import {
  checkDates,
  COVERED,
  coveredMonths,
  leaderboard,
  LEADERBOARD_BASIS,
  monthRanges,
  type LeaderboardAsset,
} from "../backtest/leaderboard.ts";
import { USUAL_CYCLES } from "../../engine/backtest/index.ts";
import { currentBacktest } from "./backtest.ts";

const BASE = "/data-api/bm/gb/leaderboard-graph";
const TAG = "GB leaderboard";

const Dates = z.object({
  start_date: z
    .string()
    .max(10)
    .optional()
    .describe("First month: a date (YYYY-MM-DD) or a month (YYYY-MM); default the first month held"),
  end_date: z
    .string()
    .max(10)
    .optional()
    .describe("Last month, included: a date or a month; default the last month held"),
});
const Range = z.object({ start: z.string().describe("YYYY-MM"), end: z.string().describe("YYYY-MM") });
const Status = z
  .enum(["ready", "computing", "no-data"])
  .describe(
    "ready: the backtest of the data as they are; computing: the previous result while it is recomputed",
  );

describe({
  method: "get",
  path: `${BASE}/validate_dates/`,
  operationId: "validateGbLeaderboardDates",
  tag: TAG,
  summary: "Whether the GB leaderboard holds a range of months, and which ranges it holds",
  description: `Without dates: the ranges held. With dates: 200 when every month from start_date to end_date has modelled revenues (at least ${COVERED * 100} % of its intervals with a real price), otherwise 400 naming the months missing and the ranges held.`,
  query: Dates,
  response: z.object({
    valid: z.literal(true),
    startDate: z.string().describe("YYYY-MM"),
    endDate: z.string().describe("YYYY-MM"),
    months: z.array(z.string()),
    ranges: z.array(Range).describe("The ranges of months the leaderboard holds"),
    status: Status,
  }),
});

const Asset = z.object({
  rank: z.number().int().nullable().describe("By average revenue per MW per month; ties share a rank"),
  assetId: z.string(),
  name: z.string(),
  ratedPower: z.number(),
  energyCapacity: z.number(),
  durationHours: z.number().describe("Modelled as the backtest's battery of this duration"),
  cyclesPerDay: z.number(),
  operationalSince: z.string().nullable(),
  revenuePerMW: z
    .array(z.number().nullable())
    .describe("GBP per MW in each month of `months`; null before the asset operated"),
  monthsOperating: z.number().int(),
  totalPerMW: z.number(),
  averagePerMWMonth: z.number().nullable(),
});

describe({
  method: "get",
  path: `${BASE}/`,
  operationId: "getGbLeaderboardGraph",
  tag: TAG,
  summary: "The asset library's GB batteries, revenue per MW by month, modelled on real prices",
  description:
    "Each battery is modelled as the backtest's reference battery of its duration (1 h or 2 h, 88 %, 1.5 cycles a day, realistic foresight) on the real GB day-ahead, imbalance, Dynamic Containment/Moderation/Regulation and Capacity Market prices, from the month it started operating. Dates are checked as by validate_dates (400 when a month is not held).",
  query: Dates,
  response: z.object({
    status: Status,
    computedAt: z.string().nullable(),
    basis: z.literal(LEADERBOARD_BASIS),
    method: z.string(),
    currency: z.literal("GBP"),
    unit: z.literal("GBP/MW/month"),
    ranges: z.array(Range),
    startDate: z.string(),
    endDate: z.string(),
    months: z.array(z.string()),
    assets: z.array(Asset),
    notModelled: z.array(z.object({ assetId: z.string(), name: z.string(), reason: z.string() })),
  }),
});

const METHOD = `Modelled on real prices: each battery as a 1 MW battery of its duration (1 h or 2 h), 88 % round-trip efficiency, ${USUAL_CYCLES.GB} cycles a day, dispatched with realistic foresight (decisions on forecasts, settled at the actual prices) on the real GB day-ahead and imbalance prices, Dynamic Containment, Moderation and Regulation per EFA block (at the fleet's share of what cleared) and the Capacity Market from the auction results. Batteries of the same duration earn the same per MW; an asset counts from the month it started operating. Not the assets' metered revenues.`;

export function leaderboardRouter(ctx: ApiContext) {
  const r = express.Router();

  /** The backtest now, the months it holds, and the dates asked for checked against them. */
  async function checked(query: unknown) {
    const q = parse(Dates, query);
    const state = await currentBacktest(ctx);
    const covered = coveredMonths(state.rows);
    const check = checkDates(covered, q.start_date, q.end_date);
    if (!check.ok) throw badRequest(check.errors, Object.values(check.errors).flat()[0]);
    return { state, covered, check };
  }

  r.get(
    `${BASE}/validate_dates/`,
    route(async (req, res) => {
      const { state, covered, check } = await checked(req.query);
      res.json({
        valid: true,
        startDate: check.start,
        endDate: check.end,
        months: check.months,
        ranges: monthRanges(covered),
        status: state.status,
      });
    }),
  );

  r.get(
    `${BASE}/`,
    route(async (req, res) => {
      const { state, covered, check } = await checked(req.query);
      const rows = await ctx.db
        .select({
          assetId: assetLibrary.assetId,
          name: assetLibrary.name,
          ratedPower: assetLibrary.ratedPower,
          energyCapacity: assetLibrary.energyCapacity,
          operationalSince: assetLibrary.operationalSince,
        })
        .from(assetLibrary)
        .where(and(eq(assetLibrary.marketRegion, "GB"), eq(assetLibrary.technology, "BESS")))
        .orderBy(asc(assetLibrary.name));
      const assets: LeaderboardAsset[] = rows;
      res.json({
        status: state.status,
        computedAt: state.computedAt,
        basis: LEADERBOARD_BASIS,
        method: METHOD,
        currency: "GBP",
        unit: "GBP/MW/month",
        ranges: monthRanges(covered),
        startDate: check.start,
        endDate: check.end,
        months: check.months,
        ...leaderboard(state.rows, assets, check.months),
      });
    }),
  );
  return r;
}
