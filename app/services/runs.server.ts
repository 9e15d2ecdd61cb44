// The run library as the web app needs it: calls to the forecast API (spec §7) through apiFor(),
// and the API's run JSON read into the shapes of app/components/runs/types.ts.
import { ApiResponseError, type ApiClient, type ApiSchemas } from "./api.server.ts";
import type { ListQuery } from "~/components/runs/rules";
import type { RunDetail, RunResult, RunRow } from "~/components/runs/types";

type ApiRun = ApiSchemas["ForecastRun"];

export function toRunRow(r: ApiRun, viewerName?: string | null): RunRow {
  const isCustom = r.isCustom;
  return {
    id: r.id,
    runName: r.runName,
    assetName: r.assetName,
    status: r.status,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    finishedAt: r.finishedAt,
    isCustom,
    marketRegion: r.runAsset.marketRegion,
    configuration: r.runAsset.configuration || null,
    subscription: r.runAsset.subscription,
    locked: r.locked,
    hasFile: r.runResult.runFile !== null,
    modelVersion: r.modelVersion ?? r.macroScenario?.modelVersion ?? null,
    financeStatus: r.financeStatus,
    macroScenario: r.macroScenario ? { id: r.macroScenario.id, name: r.macroScenario.name } : null,
    percentage: r.percentage,
    waitingForWorker: r.waitingForWorker,
    progressEvents: [],
    createdBy: isCustom ? (viewerName ?? null) : "Voltcast",
    // Only the owner edits their drafts; a run's own updates (progress, finance status) are not edits.
    editedBy: isCustom && r.status === "draft" && r.updatedAt !== r.createdAt ? (viewerName ?? null) : null,
    startDate: null,
    revenue: r.revenue?.perMWYear ?? null,
    error: r.error,
    portfolioAssets: [],
  };
}

export function toRunDetail(r: ApiSchemas["ForecastRunDetail"], viewerName?: string | null): RunDetail {
  const startDate = r.forecast.startDate;
  return {
    ...toRunRow(r, viewerName),
    startDate: typeof startDate === "string" && startDate ? startDate : null,
    progressEvents: r.progressEvents,
    forecast: r.forecast,
    // The API documents the result as an object; its shape is the engine's (api/forecasts/runs.ts RunResultJson).
    result: r.result as RunResult | null,
  };
}

/** The run-library query of the list's URL state (spec §7). */
export function runLibraryQuery(q: ListQuery) {
  return {
    search: q.search,
    marketRegion: q.region,
    status: q.status,
    modelVersion: q.modelVersion,
    financeStatus: q.financeStatus,
    isCustom: q.onlyCustom ? ("true" as const) : undefined,
    ordering: q.ordering,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  };
}

export async function listRuns(api: ApiClient, q: ListQuery, viewerName?: string | null) {
  const [page, values] = await Promise.all([
    api.GET("/forecast/run-library/", { params: { query: runLibraryQuery(q) } }),
    api.GET("/forecast/run-library/all-filtering-values/"),
  ]);
  return { count: page.count, runs: page.results.map((r) => toRunRow(r, viewerName)), values };
}

export async function getRun(api: ApiClient, id: string, viewerName?: string | null): Promise<RunDetail> {
  return toRunDetail(await api.GET("/forecast/run-library/{id}/", { params: { path: { id } } }), viewerName);
}

/** The caller's zip archives of runs (spec §7 GET /forecast/run-library/zip-archives/). */
export async function listArchives(api: ApiClient) {
  // A first visit carries no visitor id yet (401): such a visitor has no archives.
  const list = await api.GET("/forecast/run-library/zip-archives/").catch((e) => {
    if (e instanceof ApiResponseError && e.status === 401) return [];
    throw e;
  });
  return list.map((a) => ({
    id: a.id,
    status: a.status,
    createdAt: a.createdAt,
    runCount: a.forecastRunsId.length,
    fileName: a.fileName,
    error: a.error,
  }));
}

/**
 * The runs of the same forecast, one per world view: "Run model" creates them together in one
 * transaction, so they share the asset name, region and creation time (api/forecasts/runs.ts createRuns).
 */
export async function worldViewRuns(
  api: ApiClient,
  run: RunDetail,
  viewerName?: string | null,
): Promise<RunDetail[]> {
  if (!run.assetName || run.status === "draft") return [run];
  const page = await api.GET("/forecast/run-library/", {
    params: {
      query: {
        search: run.assetName,
        marketRegion: run.marketRegion,
        isCustom: run.isCustom ? "true" : "false",
        ordering: "-created_at",
        limit: 100,
      },
    },
  });
  const same = page.results
    .map((r) => toRunRow(r, viewerName))
    .filter(
      (r) => r.id !== run.id && r.createdAt === run.createdAt && r.assetName === run.assetName && !r.locked,
    );
  const details = await Promise.all(
    same.slice(0, 6).map((r) => getRun(api, r.id, viewerName).catch(() => null)),
  );
  return [run, ...details.filter((d): d is RunDetail => d !== null)];
}

/** Runs linked to portfolio assets, from the portfolio history (needs portfolio access). */
export async function portfolioLinksOf(api: ApiClient, runId: string) {
  const history = await api.GET("/forecast/portfolio/history/");
  const seen = new Map<string, { portfolioAssetId: string; assetName: string }>();
  for (const h of history)
    if (h.kind === "run_linked" && h.forecastRunId === runId)
      seen.set(h.portfolioAssetId, { portfolioAssetId: h.portfolioAssetId, assetName: h.assetName });
  return [...seen.values()];
}

export interface PortfolioAsset {
  id: string;
  assetName: string;
  marketRegion: string;
  ratedPower: number;
  energyCapacity: number;
}

export async function portfolioAssets(api: ApiClient): Promise<PortfolioAsset[]> {
  const data = await api.GET("/forecast/portfolio/assets/");
  return data.results.map((a) => ({
    id: a.id,
    assetName: a.assetName,
    marketRegion: a.marketRegion,
    ratedPower: a.ratedPower,
    energyCapacity: a.energyCapacity,
  }));
}

/** The API's event stream of a run (server-sent events), passed on to the browser. */
export async function openRunEvents(api: ApiClient, runId: string): Promise<Response> {
  try {
    const res = await api.stream("get", "/forecast/run-library/{id}/events/", {
      params: { path: { id: runId } },
      headers: { accept: "text/event-stream" },
    });
    res.headers.set("content-type", "text/event-stream; charset=utf-8");
    // no-transform keeps the compression middleware from buffering the stream.
    res.headers.set("cache-control", "no-cache, no-transform");
    res.headers.set("x-accel-buffering", "no");
    return res;
  } catch (e) {
    if (e instanceof ApiResponseError) return new Response(null, { status: e.status });
    throw e;
  }
}
