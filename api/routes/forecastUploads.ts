// Uploads of the forecast builder (spec §5, §7): custom degradation curve (and its template),
// solar profile, and a client's own run results (forecasts-from-clients, listed as custom runs).
// Multipart bodies with a `file` part: .csv only, at most 2 097 152 bytes, parsed and checked.
import express from "express";
import { z } from "../zod.ts";
import { describe } from "../openapi.ts";
import { route } from "../http/route.ts";
import { requireUserId, type ApiContext } from "../http/context.ts";
import { ApiError } from "../http/errors.ts";
import { MESSAGES } from "../../app/validation/forecast.ts";
import {
  degradationTemplateCsv,
  parseClientRunUpload,
  parseDegradationUpload,
  parseSolarProfileUpload,
  readUpload,
} from "../forecasts/uploads.ts";
import { recordEvent } from "../forecasts/runs.ts";
import { buildResultWorkbook, resultFileName } from "../forecasts/resultFile.ts";

const tag = "Forecast uploads";
const Upload = z.object({ file: z.string().openapi({ format: "binary" }) });
function describeUpload(path: string, summary: string, response: z.ZodTypeAny, extra?: z.AnyZodObject) {
  describe({
    method: "post",
    path,
    tag,
    summary,
    description: "multipart/form-data with a `file` part: .csv only, at most 2 097 152 bytes.",
    body: extra ? Upload.merge(extra) : Upload,
    response,
    status: 201,
  });
}
describeUpload(
  "/forecast/run-library/custom-degradation-curve/",
  "Upload a custom degradation curve (cycles, capacity retained)",
  z.object({
    id: z.string(),
    fileName: z.string(),
    points: z.number(),
    customDegradationCurveId: z.string(),
    customDegradationCurveFileName: z.string(),
  }),
);
describe({
  method: "get",
  path: "/forecast/run-library/custom-degradation-curve-template/",
  tag,
  summary: "The degradation curve template (csv)",
  response: { file: "text/csv" },
});
describeUpload(
  "/forecast/run-library/custom-renewable-profile/solar/",
  "Upload a solar profile (8 760 hourly capacity factors)",
  z.object({
    id: z.string(),
    fileName: z.string(),
    solarProfileId: z.string(),
    annualYieldMWhPerMWp: z.number(),
  }),
);
describeUpload(
  "/forecast/run-library/forecasts-from-clients/",
  "Upload your own run results (year, revenue streams…); listed as a custom run",
  z.object({ runId: z.string(), status: z.string() }),
  z.object({
    runName: z.string(),
    marketRegion: z.string().optional(),
    configuration: z.string().optional(),
    ratedPower: z.string().optional(),
  }),
);

export function forecastUploadsRouter(ctx: ApiContext) {
  const r = express.Router();
  // Raw body up to 10 MB so that files over the 2 MB limit get the spec's message rather than a bare 413.
  const raw = express.raw({ type: "multipart/form-data", limit: "10mb" });
  const tooLarge = (
    err: unknown,
    _req: express.Request,
    _res: express.Response,
    next: express.NextFunction,
  ) => {
    if (err && typeof err === "object" && (err as { type?: string }).type === "entity.too.large") {
      next(
        new ApiError(400, { detail: MESSAGES.uploadTooLarge, errors: { file: [MESSAGES.uploadTooLarge] } }),
      );
    } else next(err);
  };

  r.get("/forecast/run-library/custom-degradation-curve-template/", (_req, res) => {
    res.setHeader("content-type", "text/csv; charset=utf-8");
    res.setHeader("content-disposition", 'attachment; filename="custom_degradation_curve_template.csv"');
    res.send(degradationTemplateCsv());
  });

  r.post(
    "/forecast/run-library/custom-degradation-curve/",
    raw,
    tooLarge,
    route(async (req, res) => {
      const userId = requireUserId(req);
      const file = await readUpload(req);
      const curve = parseDegradationUpload(file);
      const { rows } = await ctx.pool.query(
        `insert into custom_degradation_curves(user_id, file_name, points) values ($1,$2,$3) returning id`,
        [userId, file.name, JSON.stringify(curve)],
      );
      res.status(201).json({
        id: rows[0].id,
        customDegradationCurveId: rows[0].id,
        fileName: file.name,
        customDegradationCurveFileName: file.name,
        points: curve.cycles.length,
      });
    }),
  );

  r.post(
    "/forecast/run-library/custom-renewable-profile/solar/",
    raw,
    tooLarge,
    route(async (req, res) => {
      const userId = requireUserId(req);
      const file = await readUpload(req);
      const profile = parseSolarProfileUpload(file);
      const { rows } = await ctx.pool.query(
        `insert into solar_profiles(user_id, file_name, capacity_factors, annual_yield_mwh_per_mwp) values ($1,$2,$3,$4) returning id`,
        [userId, file.name, JSON.stringify(profile.capacityFactors), profile.annualYield],
      );
      res.status(201).json({
        id: rows[0].id,
        solarProfileId: rows[0].id,
        fileName: file.name,
        annualYieldMWhPerMWp: Math.round(profile.annualYield * 10) / 10,
      });
    }),
  );

  r.post(
    "/forecast/run-library/forecasts-from-clients/",
    raw,
    tooLarge,
    route(async (req, res) => {
      const userId = requireUserId(req);
      const file = await readUpload(req);
      const run = parseClientRunUpload(file);
      const createdAt = new Date();
      const workbook = await buildResultWorkbook({
        runName: run.runName,
        scenarioName: "Client upload",
        result: run.result,
      });
      const client = await ctx.pool.connect();
      try {
        await client.query("begin");
        const { rows } = await client.query(
          `insert into forecast_runs(user_id, run_name, status, is_custom, source, market_region, configuration, forecast, model_version,
                                     result, result_file, result_file_name, created_at, started_at, finished_at)
           values ($1,$2,'ready_for_review',true,'client_upload',$3,$4,$5,'client upload',$6,$7,$8,$9,$9,$9) returning id`,
          [
            userId,
            run.runName,
            run.region,
            run.configuration,
            JSON.stringify(run.result.forecastUsed),
            JSON.stringify(run.result),
            workbook,
            resultFileName(run.runName, createdAt),
            createdAt,
          ],
        );
        await recordEvent(client, rows[0].id, `Uploaded by the client (${file.name})`, "success", 100);
        await client.query("commit");
        res.status(201).json({ runId: rows[0].id, id: rows[0].id, status: "ready_for_review" });
      } catch (e) {
        await client.query("rollback").catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    }),
  );
  return r;
}
