// The forecast API: JSON over HTTP at /api/v1. One router per area of the product.
import express from "express";
import { identify, type ApiContext } from "./http/context.ts";
import { keyCallsPerMinute, rateLimitPerKey } from "./http/rateLimit.ts";
import { errorHandler } from "./http/route.ts";
import { rejectNul } from "./http/input.ts";
import { authRouter } from "./routes/auth.ts";
import { accountRouter } from "./routes/account.ts";
import { companiesRouter } from "./routes/companies.ts";
import { docsRouter } from "./routes/docs.ts";
import { plottingRouter } from "./routes/plotting.ts";
import { dataAndChartsRouter } from "./routes/dataAndCharts.ts";
import { forecastDraftsRouter } from "./routes/forecastDrafts.ts";
import { forecastRunsRouter } from "./routes/forecastRuns.ts";
import { forecastPreviewRouter } from "./routes/forecastPreview.ts";
import { financeDefaultsRouter } from "./routes/financeDefaults.ts";
import { forecastRunDownloadRouter } from "./routes/forecastRunDownload.ts";
import { forecastUploadsRouter } from "./routes/forecastUploads.ts";
import { forecastArchivesRouter } from "./routes/forecastArchives.ts";
import { forecastAssetsRouter } from "./routes/forecastAssets.ts";
import { worldViewsRouter } from "./routes/worldViews.ts";
import { locationsRouter } from "./routes/locations.ts";
import { backtestRouter } from "./routes/backtest.ts";
import { leaderboardRouter } from "./routes/leaderboard.ts";
import { marketDashboardRouter } from "./routes/marketDashboard.ts";

/** Routers of the product's areas; each is a function of the context. Add new areas here. */
const AREAS: ((ctx: ApiContext) => express.Router)[] = [
  authRouter,
  accountRouter,
  companiesRouter,
  plottingRouter,
  dataAndChartsRouter,
  forecastDraftsRouter,
  forecastRunsRouter,
  forecastPreviewRouter,
  financeDefaultsRouter,
  forecastRunDownloadRouter,
  forecastUploadsRouter,
  forecastArchivesRouter,
  forecastAssetsRouter,
  worldViewsRouter,
  locationsRouter,
  backtestRouter,
  leaderboardRouter,
  marketDashboardRouter,
];

export function createApi(ctx: ApiContext): express.Router {
  const api = express.Router();
  // Answers carry user data (runs, keys, downloads): never stored by a browser or a shared cache.
  // Routes that may be cached say so themselves.
  api.use((_req, res, next) => {
    res.setHeader("cache-control", "private, no-store");
    next();
  });
  api.use(docsRouter());
  api.use(express.json({ limit: "5mb" }));
  api.use(rejectNul);
  api.use(identify(ctx));
  api.use(rateLimitPerKey(keyCallsPerMinute()));
  for (const area of AREAS) api.use(area(ctx));
  api.use((_req, res) => {
    res.status(404).json({ detail: "No such API path." });
  });
  api.use(errorHandler);
  return api;
}
