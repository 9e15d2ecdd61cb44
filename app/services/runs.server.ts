// The run library as the web app needs it: calls to the forecast API (spec §7) through apiFor(),
// and the API's run JSON read into the shapes of app/components/runs/types.ts.
import type { ApiClient } from "./api.server.ts";
import { signInternalToken } from "../../api/auth/tokens.ts";
import { webEnv } from "./env.server.ts";
import { getSession } from "./session.server.ts";
import type { ProgressEvent, RunStatus, ListQuery } from "~/components/runs/rules";
import type { RunDetail, RunResult, RunRow } from "~/components/runs/types";

export const RUN_LIBRARY = "/forecast/run-library";

const str = (v: unknown): string | null => (typeof v === "string" && v ? v : null);
const num = (v: unknown): number | null =>
  typeof v === "number" && Number.isFinite(v)
    ? v
    : typeof v === "string" && v !== "" && Number.isFinite(Number(v))
      ? Number(v)
      : null;

export function toRunRow(r: any, viewerName?: string | null): RunRow {
  const forecast = (r.forecast ?? {}) as Record<string, unknown>;
  const sub = r.runAsset?.subscription;
  const isCustom = r.isCustom !== false;
  const createdBy =
    str(r.createdBy?.fullName ?? r.createdBy) ?? (isCustom ? (viewerName ?? null) : "Voltcast");
  return {
    id: String(r.id ?? r.runId),
    runName: String(r.runName ?? r.assetName ?? "Untitled"),
    assetName: str(r.assetName),
    status: (r.status ?? "processing") as RunStatus,
    createdAt: String(r.createdAt),
    updatedAt: str(r.updatedAt),
    finishedAt: str(r.finishedAt),
    isCustom,
    marketRegion: String(r.runAsset?.marketRegion ?? r.marketRegion ?? "GB"),
    configuration: str(r.runAsset?.configuration ?? r.configuration),
    subscription:
      sub && typeof sub === "object"
        ? { key: String(sub.key), name: String(sub.name) }
        : typeof sub === "string"
          ? { key: sub, name: sub }
          : null,
    locked: Boolean(r.locked),
    hasFile: Boolean(r.runResult?.runFile),
    modelVersion: str(r.modelVersion ?? r.macroScenario?.modelVersion),
    financeStatus: str(r.financeStatus) ?? "no_status",
    macroScenario: r.macroScenario
      ? { id: String(r.macroScenario.id), name: String(r.macroScenario.name) }
      : null,
    percentage: num(r.percentage),
    progressEvents: Array.isArray(r.progressEvents) ? (r.progressEvents as ProgressEvent[]) : [],
    createdBy,
    // Only the owner edits their drafts; a run's own updates (progress, finance status) are not edits.
    editedBy:
      str(r.editedBy?.fullName ?? r.editedBy ?? r.lastEdited) ??
      (isCustom && r.status === "draft" && r.updatedAt && r.updatedAt !== r.createdAt
        ? (viewerName ?? null)
        : null),
    startDate: str(r.startDate ?? r.additionalProperties?.startDate ?? forecast.startDate),
    revenue: num(r.revenue?.perMWYear ?? r.revenue),
    error: str(r.error),
    portfolioAssets: Array.isArray(r.portfolioAssets)
      ? r.portfolioAssets.map((p: any) => ({
          portfolioAssetId: String(p.portfolioAssetId ?? p.id),
          assetName: String(p.assetName ?? ""),
        }))
      : [],
  };
}

export function toRunDetail(r: any, viewerName?: string | null): RunDetail {
  return {
    ...toRunRow(r, viewerName),
    forecast: (r.forecast ?? {}) as Record<string, unknown>,
    result: (r.result ?? r.results ?? null) as RunResult | null,
  };
}

/** The run-library query of the list's URL state (spec §7). */
export function runLibraryQuery(q: ListQuery) {
  return {
    marketRegion: q.region,
    status: q.status,
    modelVersion: q.modelVersion,
    financeStatus: q.financeStatus,
    isCustom: q.onlyCustom ? "true" : undefined,
    ordering: q.ordering,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  };
}

export interface FilteringValues {
  status: string[];
  financeStatus: string[];
  marketRegion: string[];
  modelVersion: string[];
}

export async function listRuns(api: ApiClient, q: ListQuery, viewerName?: string | null) {
  const [page, values] = await Promise.all([
    api.json<{ count: number; results: any[] }>(`${RUN_LIBRARY}/`, { query: runLibraryQuery(q) }),
    api.json<FilteringValues>(`${RUN_LIBRARY}/all-filtering-values/`),
  ]);
  return { count: page.count, runs: page.results.map((r) => toRunRow(r, viewerName)), values };
}

export async function getRun(api: ApiClient, id: string, viewerName?: string | null): Promise<RunDetail> {
  return toRunDetail(await api.json(`${RUN_LIBRARY}/${encodeURIComponent(id)}/`), viewerName);
}

/** The caller's zip archives of runs (spec §7 GET /forecast/run-library/zip-archives/). */
export async function listArchives(api: ApiClient) {
  const list = await api.json<any[]>(`${RUN_LIBRARY}/zip-archives/`);
  return list.map((a) => ({
    id: String(a.id),
    status: String(a.status),
    createdAt: String(a.createdAt ?? a.created_at),
    runCount: Array.isArray(a.forecastRunsId) ? a.forecastRunsId.length : null,
    fileName: str(a.fileName ?? a.file_name),
    error: str(a.error),
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
  const page = await api.json<{ results: any[] }>(`${RUN_LIBRARY}/`, {
    query: {
      search: run.assetName,
      marketRegion: run.marketRegion,
      isCustom: String(run.isCustom),
      ordering: "-created_at",
      limit: 100,
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
  const history = await api.json<
    { kind: string; portfolioAssetId: string; assetName: string; forecastRunId: string | null }[]
  >("/forecast/portfolio/history/");
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
  const data = await api.json<{ results: any[] }>("/forecast/portfolio/assets/");
  return data.results.map((a) => ({
    id: String(a.id),
    assetName: String(a.assetName),
    marketRegion: String(a.marketRegion),
    ratedPower: Number(a.ratedPower),
    energyCapacity: Number(a.energyCapacity),
  }));
}

/**
 * A call to the API as this request's visitor with the standard fetch, aborted when the browser
 * goes away. Used for the streams the web app passes on (events, files): apiFor().raw() wraps a
 * Node stream whose web adapter throws if the browser cancels mid-stream.
 */
export async function fetchApi(
  request: Request,
  path: string,
  init: { method?: string; body?: unknown; accept?: string } = {},
) {
  const session = await getSession(request);
  const token = signInternalToken(webEnv().SESSION_SECRET, {
    userId: session.get("userId") ?? undefined,
    anonymousId: session.get("anonymousId") ?? undefined,
  });
  const upstream = new AbortController();
  const abort = () => upstream.abort();
  request.signal.addEventListener("abort", abort, { once: true });
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (init.accept) headers.accept = init.accept;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${webEnv().VOLTCAST_API_URL.replace(/\/$/, "")}${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: upstream.signal,
  });
  return { res, abort, done: () => request.signal.removeEventListener("abort", abort) };
}

/** Passes an API response body on to the browser; ends quietly when either side goes away. */
export function passOn(res: Response, abort: () => void, done: () => void, headers: HeadersInit): Response {
  const reader = res.body!.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: finished, value } = await reader.read();
        if (finished) {
          done();
          controller.close();
        } else controller.enqueue(value);
      } catch {
        try {
          controller.close();
        } catch {
          // already closed
        }
      }
    },
    cancel() {
      abort();
    },
  });
  return new Response(body, { status: res.status, headers });
}

/** The API's event stream of a run (server-sent events), passed on to the browser. */
export async function openRunEvents(request: Request, runId: string): Promise<Response> {
  const { res, abort, done } = await fetchApi(
    request,
    `${RUN_LIBRARY}/${encodeURIComponent(runId)}/events/`,
    { accept: "text/event-stream" },
  );
  if (!res.ok || !res.body) {
    abort();
    return new Response(null, { status: res.status === 200 ? 502 : res.status });
  }
  return passOn(res, abort, done, {
    "content-type": "text/event-stream; charset=utf-8",
    // no-transform keeps the compression middleware from buffering the stream.
    "cache-control": "no-cache, no-transform",
    "x-accel-buffering": "no",
  });
}

/** A file from the API (xlsx, zip) passed on with its type and name, or the API's error. */
export async function passOnFile(
  request: Request,
  path: string,
  init: { method?: string; body?: unknown } = {},
) {
  const { res, abort, done } = await fetchApi(request, path, init);
  const type = res.headers.get("content-type") ?? "";
  if (!res.ok || type.includes("json") || !res.body) {
    const data = await res.json().catch(() => null);
    done();
    return { ok: false as const, status: res.status, data };
  }
  const headers: Record<string, string> = { "content-type": type, "cache-control": "private, no-store" };
  const cd = res.headers.get("content-disposition");
  if (cd) headers["content-disposition"] = cd;
  const len = res.headers.get("content-length");
  if (len) headers["content-length"] = len;
  return { ok: true as const, response: passOn(res, abort, done, headers) };
}
