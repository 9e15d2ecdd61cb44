// Uploads of the forecast builder (spec §5, §7): custom degradation curve (and its template),
// solar profile, and a client's own run results (forecasts-from-clients, listed as custom runs).
// Multipart bodies with a `file` part: .csv only, at most 2 097 152 bytes, parsed and checked.
import { customDegradationCurves, forecastRuns, solarProfiles } from "../db/schema/index.ts";
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
    bodyType: "multipart/form-data",
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
  z.object({ runId: z.string(), id: z.string().describe("The same as runId"), status: z.string() }),
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
      const curve = await parseDegradationUpload(file);
      const [row] = await ctx.db
        .insert(customDegradationCurves)
        .values({ userId, fileName: file.name, points: curve })
        .returning({ id: customDegradationCurves.id });
      res.status(201).json({
        id: row.id,
        customDegradationCurveId: row.id,
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
      const profile = await parseSolarProfileUpload(file);
      const [row] = await ctx.db
        .insert(solarProfiles)
        .values({
          userId,
          fileName: file.name,
          capacityFactors: profile.capacityFactors,
          annualYieldMwhPerMwp: profile.annualYield,
        })
        .returning({ id: solarProfiles.id });
      res.status(201).json({
        id: row.id,
        solarProfileId: row.id,
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
      const run = await parseClientRunUpload(file);
      const createdAt = new Date();
      const workbook = await buildResultWorkbook({
        runName: run.runName,
        scenarioName: "Client upload",
        result: run.result,
      });
      const id = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(forecastRuns)
          .values({
            userId,
            runName: run.runName,
            status: "ready_for_review",
            isCustom: true,
            source: "client_upload",
            marketRegion: run.region,
            configuration: run.configuration,
            forecast: run.result.forecastUsed,
            modelVersion: "client upload",
            result: run.result,
            resultFile: workbook,
            resultFileName: resultFileName(run.runName, createdAt),
            createdAt,
            startedAt: createdAt,
            finishedAt: createdAt,
          })
          .returning({ id: forecastRuns.id });
        await recordEvent(tx, row.id, `Uploaded by the client (${file.name})`, "success", 100);
        return row.id;
      });
      res.status(201).json({ runId: id, id, status: "ready_for_review" });
    }),
  );
  return r;
}
