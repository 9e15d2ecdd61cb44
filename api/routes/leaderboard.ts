// The GB leaderboard graph (spec §7: `GET /data-api/bm/gb/leaderboard-graph/validate_dates/`, and the
// graph it serves): the asset library's GB batteries, revenue per MW by month, modelled on the real
// prices by the backtest (decision 0118, api/backtest/leaderboard.ts). Open to everyone, like the
// backtest: revenues derived from the data, not the data.
import express from "express";
import { z } from "../zod.ts";
import { describe } from "../openapi.ts";
import { parse, route } from "../http/route.ts";
import type { ApiContext } from "../http/context.ts";
import { ApiError, badRequest } from "../http/errors.ts";
import {
  checkDates,
  COVERED,
  coveredMonths,
  leaderboard,
  LEADERBOARD_BASIS,
  monthRanges,
} from "../backtest/leaderboard.ts";
import { USUAL_CYCLES } from "../../engine/backtest/index.ts";
import { TNUOS_FROM_MW } from "../../engine/backtest/leaderboard.ts";
import {
  STANDARD_CALENDAR_FADE_PER_YEAR,
  STANDARD_CYCLE_FADE_AT_6000,
} from "../../engine/degradation/index.ts";
import { leaderboardState } from "../backtest/leaderboardCompute.ts";
import { importProgress } from "../datasets/importProgress.ts";
import { gbLeaderboardRun } from "../jobs/kinds/gbLeaderboardRun.ts";

/** Said while the first result is computed (503, with Retry-After). */
export const LEADERBOARD_COMPUTING =
  "The GB leaderboard is being computed on the real GB prices (a few minutes after the GB data are imported). Try again in a minute.";

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
    "ready: modelled on the data as they are; computing: the previous result while it is recomputed (503 when there is none yet)",
  );

describe({
  method: "get",
  path: `${BASE}/validate_dates/`,
  operationId: "validateGbLeaderboardDates",
  tag: TAG,
  summary: "Whether the GB leaderboard holds a range of months, and which ranges it holds",
  description: `Without dates: the ranges held. With dates: 200 when every month from start_date to end_date has modelled revenues (at least ${COVERED * 100} % of its intervals with a real price), otherwise 400 naming the months missing and the ranges held. 503 (Retry-After) while the first result is computed.`,
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
  durationHours: z.number().describe("Nameplate energy ÷ power, hours"),
  modelledDurationHours: z
    .number()
    .describe(
      "The duration modelled in the last year shown: nameplate × the standard fade for its age and cycles",
    ),
  cyclesPerDay: z.number().describe("The asset's cycle limit a day (the library's, else the market's usual)"),
  operationalSince: z.string().nullable(),
  gspGroup: z.string().nullable(),
  tnuosZone: z.number().int().nullable().describe("TNUoS generation zone of the site"),
  tnuosPerMWYear: z
    .number()
    .describe(
      `TNUoS generation charge, GBP/MW/year, taken off the revenue (negative: a credit); 0 below ${TNUOS_FROM_MW} MW`,
    ),
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
    "Each battery is modelled as it is — its duration faded by age and cycling, its cycle limit, its TNUoS zone, from the month it started operating — on the real GB day-ahead, imbalance, Balancing Mechanism, Dynamic Containment/Moderation/Regulation, Quick Reserve and Capacity Market prices with realistic foresight. Dates are checked as by validate_dates (400 when a month is not held); 503 while the first result is computed.",
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
    modelled: z.array(z.string()).describe("What differs per asset in the model"),
    notModelled: z.array(z.string()).describe("What the model leaves out"),
  }),
});

const METHOD = `Modelled on real prices, not metered: each battery dispatched with realistic foresight (decisions on forecasts, settled at the actual prices) on the real GB day-ahead and imbalance prices, the Balancing Mechanism, Dynamic Containment, Moderation and Regulation per EFA block and Quick Reserve (at the fleet's share of what cleared), and the Capacity Market from the auction results, 88 % round-trip efficiency.`;

/** What differs per asset, said plainly beside the figures. */
const MODELLED = [
  "Duration: its energy ÷ power, faded by its age at mid-year and the cycles it could have done since commissioning (the standard curve: " +
    `${STANDARD_CYCLE_FADE_AT_6000 * 100} % at 6,000 cycles plus ${STANDARD_CALENDAR_FADE_PER_YEAR * 100} % a year; no augmentation).`,
  `Cycles: its own limit a day (the asset library's; otherwise ${USUAL_CYCLES.GB}).`,
  `Location: its TNUoS generation zone's tariff (indicative, Voltcast's table) taken off for sites of ${TNUOS_FROM_MW} MW and more (taken to be transmission-connected); its GSP group is shown.`,
  "Commissioning date: counted from the month it started operating; the Capacity Market at the de-rating of its nameplate duration.",
];
const NOT_MODELLED = [
  "DUoS: Voltcast holds each DNO's red/amber/green band times but no unit rates, so distribution charges and credits are left out.",
  "Outages, availability and the operator's trading: the figures are what a battery of this shape could have earned, not what this site earned.",
];

export function leaderboardRouter(ctx: ApiContext) {
  const r = express.Router();

  /** The leaderboard now (queued when the data or assets changed), the months it holds, the dates checked. */
  async function checked(query: unknown) {
    const q = parse(Dates, query);
    const state = await leaderboardState(ctx.db);
    // While the market data are imported the start-up job (queued once the GB files are in) is the
    // one to wait for: asking again at each file would queue a computation per state of the data.
    const importing = ["queued", "importing"].includes((await importProgress(ctx.db)).status);
    if (state.status === "computing" && !importing) {
      await ctx.queue
        .send(gbLeaderboardRun, {}, { singletonKey: `gb-leaderboard-${state.key}` })
        .catch(() => {}); // already queued for this state of the data
    }
    if (state.status === "computing" && !state.assets.length)
      throw new ApiError(503, { detail: LEADERBOARD_COMPUTING });
    const covered = coveredMonths(state.assets);
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
        modelled: MODELLED,
        notModelled: NOT_MODELLED,
        ...leaderboard(state.assets, check.months),
      });
    }),
  );
  return r;
}
