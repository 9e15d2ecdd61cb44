// The forecast API: JSON over HTTP at /api/v1. One router per area of the product.
import express from "express";
import { identify, type ApiContext } from "./http/context.ts";
import { errorHandler } from "./http/route.ts";
import { authRouter } from "./routes/auth.ts";
import { docsRouter } from "./routes/docs.ts";
import { plottingRouter } from "./routes/plotting.ts";
import { dataAndChartsRouter } from "./routes/dataAndCharts.ts";
import { forecastDraftsRouter } from "./routes/forecastDrafts.ts";
import { forecastRunsRouter } from "./routes/forecastRuns.ts";
import { forecastUploadsRouter } from "./routes/forecastUploads.ts";
import { forecastArchivesRouter } from "./routes/forecastArchives.ts";
import { forecastAssetsRouter } from "./routes/forecastAssets.ts";
import { worldViewsRouter } from "./routes/worldViews.ts";
import { locationsRouter } from "./routes/locations.ts";

/** Routers of the product's areas; each is a function of the context. Add new areas here. */
const AREAS: ((ctx: ApiContext) => express.Router)[] = [
  authRouter,
  plottingRouter,
  dataAndChartsRouter,
  forecastDraftsRouter,
  forecastRunsRouter,
  forecastUploadsRouter,
  forecastArchivesRouter,
  forecastAssetsRouter,
  worldViewsRouter,
  locationsRouter,
];

export function createApi(ctx: ApiContext): express.Router {
  const api = express.Router();
  api.use(docsRouter());
  api.use(express.json({ limit: "5mb" }));
  api.use(identify(ctx));
  for (const area of AREAS) api.use(area(ctx));
  api.use((_req, res) => {
    res.status(404).json({ detail: "No such API path." });
  });
  api.use(errorHandler);
  return api;
}
