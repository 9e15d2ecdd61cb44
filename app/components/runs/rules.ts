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
}

/** Spec §9: a run is estimated to take 6 minutes. */
export const RUN_ESTIMATE_MS = 6 * 60 * 1000;
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

/** Spec §4: estimated from creation time plus 6 minutes, never below 0 (whole minutes, rounded up). */
export function minutesRemaining(createdAt: string | Date, now: number | Date): number {
  const end = new Date(createdAt).getTime() + RUN_ESTIMATE_MS;
  const left = end - new Date(now).getTime();
  return Number.isFinite(left) ? Math.max(0, Math.ceil(left / 60_000)) : 0;
}

/** Seconds from the run's creation to its last event (the run's elapsed time). */
export function elapsedSeconds(run: Pick<RunLike, "createdAt" | "progressEvents" | "finishedAt">): number {
  const last = latestEvent(run.progressEvents);
  if (!last) {
    if (!run.finishedAt) return 0;
    return Math.max(
      0,
      Math.round((new Date(run.finishedAt).getTime() - new Date(run.createdAt).getTime()) / 1000),
    );
  }
  if (typeof last.timeElapsedSeconds === "number" && Number.isFinite(last.timeElapsedSeconds))
    return Math.max(0, last.timeElapsedSeconds);
  const at = last.created_at ?? last.createdAt;
  if (!at) return 0;
  return Math.max(0, Math.round((new Date(at).getTime() - new Date(run.createdAt).getTime()) / 1000));
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

/** Spec §2: failed → 'Suspended'; ready_for_review → 'Finished' + elapsed; otherwise '{N} minutes remaining to finish'. */
export function progressLabel(run: RunLike, now: number | Date): string {
  const status = effectiveStatus(run);
  if (status === "failed") return "Suspended";
  if (status === "ready_for_review") return `Finished in ${formatDuration(elapsedSeconds(run))}`;
  return `${minutesRemaining(run.createdAt, now)} minutes remaining to finish`;
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
  isCustom: boolean;
  marketRegion: string;
  /** The library subscription guarding a non-custom run, when there is one. */
  subscription?: string | null;
}

/** The library subscription a run needs (spec §6): GB and ERCOT non-custom runs. */
export function requiredLibrarySubscription(
  run: Pick<DownloadableRun, "isCustom" | "marketRegion" | "subscription">,
): string | null {
  if (run.isCustom) return null;
  if (run.subscription) return run.subscription;
  if (run.marketRegion === "GB") return "library_gb_forecast";
  if (run.marketRegion === "ERCOT") return "library_ercot_zonal_forecast";
  return null;
}

export type DownloadVerdict =
  | { ok: true }
  | { ok: false; reason: "not_ready" | "no_file" | "subscription"; subscription?: string };

/**
 * Spec §4: the run file downloads only when the run is ready_for_review, a result file exists and,
 * for non-custom GB or ERCOT library runs, the user holds the matching library subscription.
 * The API enforces this; the page uses it to show the button or the subscription prompt.
 */
export function downloadVerdict(run: DownloadableRun, subscriptions: Iterable<string>): DownloadVerdict {
  if (effectiveStatus(run) !== "ready_for_review") return { ok: false, reason: "not_ready" };
  if (!run.hasFile) return { ok: false, reason: "no_file" };
  const needed = requiredLibrarySubscription(run);
  if (needed && !new Set(subscriptions).has(needed))
    return { ok: false, reason: "subscription", subscription: needed };
  return { ok: true };
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

export const SORT_KEYS = ["status", "-status", "model_version", "-model_version"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const STATUS_LABELS: Record<RunStatus, string> = {
  draft: "Draft",
  processing: "Processing",
  ready_for_review: "Ready for review",
  failed: "Failed",
};

export interface ListQuery {
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
  Boolean(q.region || q.status || q.modelVersion || q.financeStatus || q.onlyCustom);

/** The next sort for a column: none → ascending → descending → ascending … */
export function nextOrdering(current: SortKey | undefined, column: "status" | "model_version"): SortKey {
  return current === column ? (`-${column}` as SortKey) : (column as SortKey);
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
