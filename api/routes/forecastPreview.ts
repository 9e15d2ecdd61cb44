// The forecast preview (issue 29 item 2, decision 0506): POST /forecast/preview/ takes the body run
// creation takes (the web form's shape or the machine body), checked the same way with the same
// messages and the same right to create the run, and answers the first year's revenue by stream
// per MW of its first world view and strategy, from sampled days, with its measured error and the
// run's expected computing time.
import express from "express";
import { z } from "../zod.ts";
import { describe } from "../openapi.ts";
import { route } from "../http/route.ts";
import { requireUserId, type ApiContext } from "../http/context.ts";
import { ApiError, badRequest } from "../http/errors.ts";
import { parse } from "../http/route.ts";
import { forecastRequestSchema } from "../../app/validation/forecast.ts";
import { machineErrors, machineVariantOf, toFormBody } from "../forecasts/machineBody.ts";
import { toEngineInput, worldViewZone } from "../forecasts/engineInput.ts";
import { dispatchIntervalMinutes, loadUploads } from "../forecasts/pipeline.ts";
import { scenarioById } from "../forecasts/scenarios.ts";
import {
  computePreview,
  estimatedRunSeconds,
  PREVIEW_MEASUREMENT,
  previewErrorStatement,
} from "../forecasts/preview.ts";
import { validatedForecast } from "./forecastRuns.ts";

const PreviewBody = forecastRequestSchema.openapi("ForecastPreviewRequest", {
  description:
    "The body run creation takes (`/forecast/run-library/forecasts/`, the web form's shape; the machine body of `/forecast/runs/` is taken too), checked by the same rules with the same messages.",
});

export const ForecastPreview = z
  .object({
    scenario: z.object({ id: z.string(), name: z.string() }).describe("The first world view of the body"),
    strategy: z.string().describe("The first revenue strategy of the body"),
    year: z.number().int().describe("The first year of the forecast (the start date's)"),
    currency: z.string(),
    unit: z.string().describe('Unit of the revenues, e.g. "GBP/MW/year"'),
    streams: z
      .record(z.number())
      .describe(
        "Revenue (+) and cost (−) by stream per MW for the year: wholesale, imbalance, bm, services, capacityMarket, generation, duosUnitCharges, duosFixedCharges, tnuos",
      ),
    total: z.number().describe("Sum of the streams per MW for the year"),
    sampleDays: z.number().int().describe("Days of the year the preview is scaled from"),
    dispatchedDays: z.number().int().describe("Days dispatched, with the days around the sampled ones"),
    wholeYear: z
      .boolean()
      .describe("The whole first year was dispatched (a plant without a battery), not a sample"),
    synthetic: z.boolean().describe("The world view's prices are modelled (always, for forecasts)"),
    error: z
      .object({
        statement: z.string().describe("The measured error, in words, for the screen"),
        cases: z.number().int(),
        withinTenPercent: z.number().int().describe("Cases within 10 % of the full run's first year"),
        medianErrorPercent: z.number(),
        largestErrorPercent: z.number(),
        measuredOn: z.string(),
        source: z.string(),
      })
      .describe("The preview against the full run's first year on the completion sweep's cases"),
    elapsedMs: z.number().describe("Time the preview took, ms"),
    estimatedRunSeconds: z
      .number()
      .int()
      .describe("Expected computing time of each run of this forecast (one per world view), seconds"),
  })
  .openapi("ForecastPreview");

describe({
  method: "post",
  path: "/forecast/preview/",
  tag: "Forecast runs",
  summary: "Preview a forecast: its first year's revenue by stream from sampled days, in about a second",
  description:
    "For the builder while the inputs change: nothing is stored. Needs the right to create the forecast (its region's subscription). The preview is scaled from a sample of the year's days; `error` states how far it was from the full run's first year when measured.",
  body: PreviewBody,
  response: ForecastPreview,
  errors: [403],
});

export function forecastPreviewRouter(ctx: ApiContext) {
  const r = express.Router();
  r.post(
    "/forecast/preview/",
    route(async (req, res) => {
      requireUserId(req);
      const body = req.body && typeof req.body === "object" ? (req.body as Record<string, unknown>) : {};
      let checked: Awaited<ReturnType<typeof validatedForecast>>;
      // the machine body names its world views in `runs`; its errors name its own fields
      if (Array.isArray(body.runs)) {
        const found = machineVariantOf(body);
        if (!found.ok) throw badRequest(found.errors);
        const machine = parse(found.schema, body);
        try {
          checked = await validatedForecast(ctx, req, undefined, toFormBody(machine));
        } catch (e) {
          const errors = e instanceof ApiError && e.status === 400 ? e.body.errors : undefined;
          if (!errors || typeof errors !== "object") throw e;
          throw badRequest(machineErrors(errors as Record<string, string[]>));
        }
      } else checked = await validatedForecast(ctx, req);
      const { forecast, userId } = checked;
      const scenarioId = forecast.macroScenarios[0];
      const input = toEngineInput(forecast, scenarioId, await loadUploads(ctx.db, forecast, userId));
      const reply = await computePreview({
        input,
        scenarioId,
        zone: worldViewZone(forecast),
        intervalMinutes: dispatchIntervalMinutes(),
      });
      if ("error" in reply) throw badRequest({}, `The preview could not be made: ${reply.error}`);
      const pv = reply.preview;
      const { fullYearPerPreview: _timing, ...measured } = PREVIEW_MEASUREMENT;
      res.json({
        scenario: { id: scenarioId, name: scenarioById(scenarioId)?.name ?? scenarioId },
        strategy: pv.strategy,
        year: pv.year,
        currency: pv.currency,
        unit: `${pv.currency}/MW/year`,
        streams: pv.streamsPerMW,
        total: pv.perMWYear,
        sampleDays: pv.sampleDays,
        dispatchedDays: pv.dispatchedDays,
        wholeYear: pv.wholeYear,
        synthetic: pv.synthetic,
        error: { statement: previewErrorStatement(pv.wholeYear), ...measured },
        elapsedMs: Math.round(reply.elapsedMs),
        estimatedRunSeconds: estimatedRunSeconds(
          reply.elapsedMs,
          input.assetLifeYears ?? 20,
          input.revenueStrategies.length,
        ),
      } satisfies z.input<typeof ForecastPreview> & Record<string, unknown>);
    }),
  );
  return r;
}
