// The run rules of spec §4 and the units of spec §9, as pure functions shared by the run list,
// the run display and the data library (no React, no I/O: table-driven unit tests in tests/unit/runs).

export type RunStatus = "draft" | "processing" | "ready_for_review" | "failed";
export type EventStatus = "success" | "warning";

export interface ProgressEvent {
  id: number | string;
  event: string;
  status: EventStatus;
  percentage: number | string;
  created_at?: string;
  createdAt?: string;
  timeSinceLastEvent?: number | null;
  timeElapsedSeconds?: number | null;
}

export interface RunLike {
  status: RunStatus;
  createdAt: string;
  progressEvents?: ProgressEvent[];
  /** True when a result file exists (the API's runResult.runFile). */
  hasFile?: boolean;
  /** The API's percentage, used when the events themselves are not at hand (lists). */
  percentage?: number | null;
  finishedAt?: string | null;
  /** Processing, but no worker holds the run: "Waiting for a worker" instead of an ETA. */
  waitingForWorker?: boolean;
}

/** Spec §9: the clock ticks every second. */
export const CLOCK_TICK_MS = 1000;
/** Spec §7: multiple download triggers are spaced 300 ms apart. */
export const DOWNLOAD_SPACING_MS = 300;
/** Spec §9: default page size, and the largest one a user may ask for. */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const PAGE_SIZES = [10, 25, 50, 100] as const;

export const latestEvent = (events: ProgressEvent[] | undefined): ProgressEvent | undefined =>
  events && events.length ? events[events.length - 1] : undefined;

/** Spec §4: a run whose latest progress event is a warning is shown as failed. */
export function effectiveStatus(run: Pick<RunLike, "status" | "progressEvents">): RunStatus {
  if (run.status === "draft") return "draft";
  return latestEvent(run.progressEvents)?.status === "warning" ? "failed" : run.status;
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** Spec §4: forced to 100 for failed and ready_for_review, otherwise the latest event's percentage; clamped 0–100. */
export function progressPercent(run: Pick<RunLike, "status" | "progressEvents" | "percentage">): number {
  const status = effectiveStatus(run);
  if (status === "failed" || status === "ready_for_review") return 100;
  const p = Number(latestEvent(run.progressEvents)?.percentage ?? run.percentage ?? 0);
  return Number.isFinite(p) ? clamp(p, 0, 100) : 0;
}

/** Spec §4: green, red when failed. */
export const progressTone = (run: Pick<RunLike, "status" | "progressEvents">): "green" | "red" =>
  effectiveStatus(run) === "failed" ? "red" : "green";

/**
 * Seconds from the run's creation to its finish (the run's elapsed time): its finishing time where
 * known — later events (its price paths, decision 0403) do not lengthen it — else its last event.
 */
export function elapsedSeconds(run: Pick<RunLike, "createdAt" | "progressEvents" | "finishedAt">): number {
  const since = (at: string) =>
    Math.max(0, Math.round((new Date(at).getTime() - new Date(run.createdAt).getTime()) / 1000));
  if (run.finishedAt) return since(run.finishedAt);
  const last = latestEvent(run.progressEvents);
  if (!last) return 0;
  if (typeof last.timeElapsedSeconds === "number" && Number.isFinite(last.timeElapsedSeconds))
    return Math.max(0, last.timeElapsedSeconds);
  const at = last.created_at ?? last.createdAt;
  return at ? since(at) : 0;
}

/** "45 s", "4 min 05 s", "1 h 02 min". */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  if (s < 60) return `${s} s`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, "0")} min`;
  return `${m} min ${String(sec).padStart(2, "0")} s`;
}

const eventTime = (e: ProgressEvent) => new Date(e.created_at ?? e.createdAt ?? NaN).getTime();

/**
 * Seconds left, from the run's own pace (issue 19): the seconds a point of progress took between its
 * first event ("Run started") and its latest, times the points left, less the time since the latest
 * event. Between events the estimate only counts down (it never grows while a step is long).
 * Null until there is progress to go by.
 */
export function secondsRemaining(run: Pick<RunLike, "progressEvents">, now: number | Date): number | null {
  const events = run.progressEvents ?? [];
  // From "Run started" (the first event with progress), not from the queue.
  const first = events.find((e) => Number(e.percentage) > 0);
  if (!first) return null;
  const last = latestEvent(events)!;
  const p0 = Number(first.percentage);
  const p = clamp(Number(last.percentage), 0, 100);
  const took = (eventTime(last) - eventTime(first)) / 1000;
  if (!(p > p0) || !(took > 0) || !Number.isFinite(took)) return null;
  const sinceLast = Math.max(0, (new Date(now).getTime() - eventTime(last)) / 1000);
  return Math.max(0, ((100 - p) * took) / (p - p0) - sinceLast);
}

/** The label of a processing run that no worker is computing (issue 18): no estimate can be honest. */
export const WAITING_FOR_WORKER = "Waiting for a worker";

/**
 * Spec §2: failed → 'Suspended'; ready_for_review → 'Finished' + elapsed; otherwise '{N} minutes
 * remaining to finish', from the run's pace — or 'Waiting for a worker' while no worker computes it.
 */
export function progressLabel(run: RunLike, now: number | Date): string {
  const status = effectiveStatus(run);
  if (status === "failed") return "Suspended";
  if (status === "ready_for_review") return `Finished in ${formatDuration(elapsedSeconds(run))}`;
  if (run.waitingForWorker) return WAITING_FOR_WORKER;
  if (!run.progressEvents?.length) return "Waiting for a worker to start";
  const left = secondsRemaining(run, now);
  if (left === null) return "Estimating the time remaining";
  if (left < 60) return "Less than a minute remaining to finish";
  const minutes = Math.ceil(left / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"} remaining to finish`;
}

export type RunIcon = "none" | "processing" | "edit";

/** Spec §4: ready_for_review with a file → none; ready without a file, processing and failed → processing; draft → edit. */
export function runIcon(run: Pick<RunLike, "status" | "progressEvents" | "hasFile">): RunIcon {
  const status = effectiveStatus(run);
  if (status === "draft") return "edit";
  if (status === "ready_for_review" && run.hasFile) return "none";
  return "processing";
}

/** Runs that are still moving: the page follows them live (JS) or refreshes (no JS). */
export const isInProgress = (run: Pick<RunLike, "status" | "progressEvents">) =>
  effectiveStatus(run) === "processing";

export interface DownloadableRun {
  status: RunStatus;
  progressEvents?: ProgressEvent[];
  hasFile?: boolean;
  /** The API's word: the caller lacks the library subscription guarding this run (spec §6). */
  locked: boolean;
  /** That subscription's key, when the run has one. */
  subscription?: string | null;
}

export type DownloadVerdict =
  | { ok: true }
  | { ok: false; reason: "not_ready" | "no_file" | "subscription"; subscription?: string };

/**
 * Spec §4: the run file downloads only when the run is ready_for_review, a result file exists and,
 * for library runs, the user holds the matching subscription — which the API says (`locked`).
 * The API enforces this; the page uses it to show the button or the subscription prompt.
 */
export function downloadVerdict(run: DownloadableRun): DownloadVerdict {
  if (effectiveStatus(run) !== "ready_for_review") return { ok: false, reason: "not_ready" };
  if (!run.hasFile) return { ok: false, reason: "no_file" };
  if (run.locked) return { ok: false, reason: "subscription", subscription: run.subscription ?? undefined };
  return { ok: true };
}

/**
 * The result as JSON (the API's GET …/{id}/result/) is there once the run is ready_for_review with
 * results, whether or not a workbook was written; the API applies the subscription rule of spec §4.
 */
export function resultJsonAvailable(run: DownloadableRun & { hasResult: boolean }): boolean {
  return effectiveStatus(run) === "ready_for_review" && run.hasResult && !run.locked;
}

/** A file name of the run's own name: characters a file system or a header would choke on become "_". */
export function runFileName(runName: string, suffix: string): string {
  const base =
    runName
      .replace(/[^\w .-]+/g, "_")
      .trim()
      .slice(0, 80) || "run";
  return `${base}${suffix}`;
}

// ── Units (spec §9) ──────────────────────────────────────────────────────────────────────────

export const CURRENCY_BY_REGION: Record<string, string> = {
  GB: "GBP",
  ERCOT: "USD",
  NEM: "AUD",
  DE: "EUR",
  ES: "EUR",
};

export type Period = "year" | "month";

/** 'GBP/MW/year', 'USD/MW/month', 'AUD/MW/month' … */
export function revenueUnit(marketRegion: string, period: Period = "year"): string {
  return `${CURRENCY_BY_REGION[marketRegion] ?? "GBP"}/MW/${period}`;
}

/** A per-MW-per-year figure expressed per year or per month. */
export const perPeriod = (perYear: number, period: Period) => (period === "month" ? perYear / 12 : perYear);

export function formatMoney(value: number, fractionDigits = 0): string {
  if (!Number.isFinite(value)) return "—";
  return value.toLocaleString("en-GB", {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
}

// ── Background jobs list (spec §4) ───────────────────────────────────────────────────────────

export interface JobItem {
  id: string;
  status: string;
}

/** Spec §4: an event with status completed removes the item; an existing item is replaced; a new item is prepended. */
export function applyJobEvent<T extends JobItem>(list: T[], item: T): T[] {
  if (item.status === "completed") return list.filter((x) => x.id !== item.id);
  const i = list.findIndex((x) => x.id === item.id);
  if (i >= 0) return list.map((x, j) => (j === i ? item : x));
  return [item, ...list];
}

// ── List URL state ───────────────────────────────────────────────────────────────────────────

export const FINANCE_STATUSES = [
  { value: "no_status", label: "No status" },
  { value: "scoping", label: "Scoping" },
  { value: "ready_for_finance", label: "Ready for finance" },
  { value: "shared_for_finance", label: "Shared for finance" },
] as const;
export type FinanceStatus = (typeof FINANCE_STATUSES)[number]["value"];
export const financeStatusLabel = (v: string | null | undefined) =>
  FINANCE_STATUSES.find((f) => f.value === v)?.label ?? "No status";

/** The run list's sortable columns (the API's `ordering` keys; descending is prefixed with '-'). */
export const SORT_COLUMNS = ["run_name", "revenue", "created_at", "model_version", "status"] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export const SORT_KEYS = SORT_COLUMNS.flatMap((c) => [c, `-${c}`] as const);
export type SortKey = SortColumn | `-${SortColumn}`;

export const STATUS_LABELS: Record<RunStatus, string> = {
  draft: "Draft",
  processing: "Processing",
  ready_for_review: "Ready for review",
  failed: "Failed",
};

export interface ListQuery {
  /** Part of the run or asset name. */
  search?: string;
  region?: string;
  status?: string;
  modelVersion?: string;
  financeStatus?: string;
  onlyCustom: boolean;
  ordering?: SortKey;
  page: number;
  limit: number;
}

const one = (sp: URLSearchParams, k: string) => {
  const v = sp.get(k);
  return v && v.trim() ? v.trim() : undefined;
};

/** Region slugs of spec §3 ('great-britain', 'ercot', 'aus-nem') and market codes, read as market codes. */
const REGION_SLUGS: Record<string, string> = {
  "great-britain": "GB",
  gb: "GB",
  ercot: "ERCOT",
  us: "ERCOT",
  "aus-nem": "NEM",
  nem: "NEM",
  australia: "NEM",
  de: "DE",
  germany: "DE",
  es: "ES",
  spain: "ES",
};
export function normaliseRegion(v: string | undefined): string | undefined {
  if (!v) return undefined;
  return REGION_SLUGS[v.toLowerCase()] ?? v.toUpperCase();
}

/** The run list's URL state, read leniently: unknown values fall back to defaults. */
export function parseListQuery(sp: URLSearchParams): ListQuery {
  const ordering = one(sp, "ordering");
  const limit = Number(one(sp, "limit") ?? DEFAULT_PAGE_SIZE);
  const page = Number(one(sp, "page") ?? 1);
  const onlyCustom = one(sp, "onlyCustom");
  return {
    search: one(sp, "search")?.slice(0, 100),
    region: normaliseRegion(one(sp, "region")),
    status: one(sp, "status"),
    modelVersion: one(sp, "modelVersion"),
    financeStatus: one(sp, "financeStatus"),
    onlyCustom: onlyCustom === "true" || onlyCustom === "on" || onlyCustom === "1",
    ordering: (SORT_KEYS as readonly string[]).includes(ordering ?? "") ? (ordering as SortKey) : undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: Number.isInteger(limit) && limit >= 1 ? Math.min(limit, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE,
  };
}

/** True when the user narrowed the list (decides which empty state shows, spec §2). */
export const hasActiveFilters = (q: ListQuery) =>
  Boolean(q.search || q.region || q.status || q.modelVersion || q.financeStatus || q.onlyCustom);

/** The next sort for a column: none → ascending → descending → ascending … */
export function nextOrdering(current: SortKey | undefined, column: SortColumn): SortKey {
  return current === column ? `-${column}` : column;
}

/** The URL of the list with some parameters changed (empty values removed; page reset unless given). */
export function listHref(
  pathname: string,
  sp: URLSearchParams,
  changes: Record<string, string | number | undefined | null>,
): string {
  const next = new URLSearchParams(sp);
  if (!("page" in changes)) next.delete("page");
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined || v === null || v === "" || (k === "page" && Number(v) === 1)) next.delete(k);
    else next.set(k, String(v));
  }
  const s = next.toString();
  return s ? `${pathname}?${s}` : pathname;
}

/** Key under which a page size is remembered in local storage, per page path (spec §9). */
export const pageSizeStorageKey = (pathname: string) => `voltcast:page-size:${pathname}`;
