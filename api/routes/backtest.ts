// The backtest (decision 0118): the engine on the real historic prices of every market and year
// held, for the reference battery, with realistic and perfect foresight, beside the published
// benchmarks. Open to everyone: it shows revenues derived from the data, not the data. Computed
// once per state of the data by the `backtest-run` queue job; this answers what is there and
// queues the computation when the data changed.
import express from "express";
import { z } from "../zod.ts";
import { describe } from "../openapi.ts";
import { route } from "../http/route.ts";
import type { ApiContext } from "../http/context.ts";
import { backtestState } from "../backtest/compute.ts";
import { backtestRun } from "../jobs/kinds/backtestRun.ts";
import { BENCHMARKS } from "../../engine/backtest/index.ts";
import { USUAL_CYCLES } from "../../engine/backtest/index.ts";

const Row = z.object({
  market: z.string(),
  region: z.string(),
  year: z.number(),
  durationHours: z.number(),
  foresight: z.enum(["realistic", "perfect"]),
  revenuePerMWYear: z.number(),
  currency: z.string(),
  streams: z.record(z.number()),
  benchmark: z.number().nullable(),
  benchmarkPublished: z
    .boolean()
    .nullable()
    .describe("false: a figure derived by Voltcast, not a published one"),
  benchmarkSource: z.string().nullable(),
  benchmarkDefinition: z.string().nullable(),
  comparedRevenue: z.number().nullable(),
  ratio: z.number().nullable(),
  annualised: z.boolean(),
  coverage: z.number(),
  partialStreams: z.record(z.number()),
  sources: z
    .record(z.string())
    .optional()
    .describe(
      "Where a stream's prices or rates come from, where the row must say: GB `bm` (Balancing Mechanism)",
    ),
  cyclesPerDay: z.number(),
});

export const BACKTEST_PATH = "/data-api/backtest/";

describe({
  method: "get",
  path: BACKTEST_PATH,
  tag: "Backtest",
  summary:
    "Backtest on real historic prices: per market, year, duration (1 h, 2 h) and foresight (realistic; perfect = upper bound), revenue per MW-year by stream beside the published benchmark",
  response: z.object({
    status: z.enum(["ready", "computing", "no-data"]),
    computedAt: z.string().nullable(),
    battery: z.object({ powerMW: z.number(), efficiency: z.number(), cyclesPerDay: z.record(z.number()) }),
    rows: z.array(Row),
    benchmarks: z.array(
      z.object({
        id: z.string(),
        market: z.string(),
        year: z.number(),
        period: z.object({ from: z.string(), to: z.string() }),
        value: z.number(),
        currency: z.string(),
        published: z.boolean().describe("false: derived by Voltcast (a mean, an annualisation, a share)"),
        kind: z.enum(["realised", "modelled"]),
        durationHours: z.number().nullable().describe("null: the fleet's mix of durations"),
        definition: z.string(),
        source: z.string(),
      }),
    ),
  }),
});

/** The backtest for the data as they are; queues its computation when the data changed. */
export async function currentBacktest(ctx: ApiContext) {
  const s = await backtestState(ctx.db);
  if (s.status === "computing") {
    try {
      await ctx.queue.send(backtestRun, {}, { singletonKey: `backtest-${s.key}` });
    } catch {
      // already queued for this state of the data
    }
  }
  return s;
}

export function backtestRouter(ctx: ApiContext) {
  const r = express.Router();
  r.get(
    BACKTEST_PATH,
    route(async (_req, res) => {
      const s = await currentBacktest(ctx);
      res.json({
        status: s.status,
        computedAt: s.computedAt,
        battery: { powerMW: 1, efficiency: 88, cyclesPerDay: USUAL_CYCLES },
        rows: s.rows.map((x) => ({
          market: x.market,
          region: x.region,
          year: x.year,
          durationHours: x.durationHours,
          foresight: x.foresight,
          revenuePerMWYear: x.revenuePerMWYear,
          currency: x.currency,
          streams: x.streams,
          benchmark: x.benchmark,
          benchmarkPublished: x.benchmarkPublished ?? null,
          benchmarkSource: x.benchmarkSource,
          benchmarkDefinition: x.benchmarkDefinition,
          comparedRevenue: x.comparedRevenue,
          ratio: x.ratio,
          annualised: x.annualised,
          coverage: x.coverage,
          partialStreams: x.partialStreams,
          sources: x.sources ?? {},
          cyclesPerDay: x.cyclesPerDay,
        })),
        benchmarks: BENCHMARKS.map((b) => ({
          id: b.id,
          market: b.market,
          year: b.year,
          period: b.period,
          value: b.value,
          currency: b.currency,
          published: b.published,
          kind: b.kind,
          durationHours: b.durationHours,
          definition: b.definition,
          source: b.source,
        })),
      });
    }),
  );
  return r;
}
