// The finance defaults of a market (issue 30 item 4): the inputs a forecast's investment case takes
// when none are given, each with where it comes from — what the builder's Finance drawer shows beside
// its fields before there is a run. Open to everyone, like the rules it documents.
import express from "express";
import { z } from "../zod.ts";
import { describe } from "../openapi.ts";
import { parse, route } from "../http/route.ts";
import type { ApiContext } from "../http/context.ts";
import { defaultFinanceInputs } from "../../engine/finance/index.ts";
import { FORECAST_REGIONS } from "../../app/validation/forecast.ts";
import { financeRequestSchema } from "../../app/validation/finance.ts";

const PATH = "/forecast/finance-defaults/";

const Query = z.object({
  marketRegion: z.enum(FORECAST_REGIONS, {
    errorMap: () => ({ message: `marketRegion should be one of: ${FORECAST_REGIONS.join(", ")}.` }),
  }),
  assetLifeYears: z.coerce
    .number({
      errorMap: () => ({ message: "assetLifeYears should be a whole number of years from 1 to 50." }),
    })
    .int()
    .min(1)
    .max(50)
    .optional()
    .describe("The forecast's years (default 20): the asset life, debt tenor and depreciation follow it"),
});

const FinanceDefaults = z
  .object({
    currency: z.string(),
    inputs: financeRequestSchema.required(),
    sources: z
      .record(
        z.object({
          kind: z.enum(["source", "derived", "converted", "assumption"]),
          text: z.string(),
          url: z.string().optional(),
        }),
      )
      .describe("Per field: where its default comes from"),
  })
  .openapi("FinanceDefaults");

describe({
  method: "get",
  path: PATH,
  tag: "Run library",
  summary: "The finance defaults of a market, each with its source",
  description:
    "What a forecast's investment case uses for every finance input not given in its `finance` part. Money in the market's currency, real 2024 money; rates and shares as fractions.",
  query: Query,
  response: FinanceDefaults,
});

export function financeDefaultsRouter(_ctx: ApiContext): express.Router {
  const r = express.Router();
  r.get(
    PATH,
    route(async (req, res) => {
      const q = parse(Query, req.query);
      const d = defaultFinanceInputs(q.marketRegion, q.assetLifeYears ?? 20);
      res.json({ currency: d.currency, inputs: d.inputs, sources: d.sources });
    }),
  );
  return r;
}
