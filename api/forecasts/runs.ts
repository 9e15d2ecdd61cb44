// Runs and drafts in the database. A draft is a run row with status 'draft' (not computed yet);
// "Run model" creates one run per selected macro scenario, each a queue job (api/jobs/kinds/forecastRun.ts).
import type { BalancingMechanismYear } from "../../engine/forecast/types.ts";
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  not,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { qualified, transactionSharedWithQueue, type Db, type Executor, type Row } from "../db/client.ts";
import { forecastRunEvents, forecastRuns } from "../db/schema/index.ts";
import type { DayDispatch } from "../../engine/forecast/types.ts";
import type { Access } from "../access/access.ts";
import type { Queue } from "../jobs/queue.ts";
import { LIBRARY_SUBSCRIPTION, canSeeLibraryRun, subscriptionName } from "./permissions.ts";
import {
  LIMITS,
  type Forecast,
  type ForecastDraft,
  type ForecastRegion,
} from "../../app/validation/forecast.ts";
import { scenarioById } from "./scenarios.ts";
import { runLockHeld } from "./runLock.ts";
import { parseEnv } from "../config.ts";

export const RUN_STATUSES = ["draft", "processing", "ready_for_review", "failed"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const FINANCE_STATUSES = ["no_status", "scoping", "ready_for_finance", "shared_for_finance"] as const;
export const ORDERING_KEYS = [
  "status",
  "-status",
  "model_version",
  "-model_version",
  "created_at",
  "-created_at",
  "run_name",
  "-run_name",
  "revenue",
  "-revenue",
] as const;
/** Spec §4: a run is estimated to take 6 minutes. */
export const RUN_ESTIMATE_MINUTES = 6;

export interface Viewer {
  userId?: string;
  access: Access;
}

/** What a finished run keeps: revenues per year by stream, per strategy, and what produced them. */
export interface RunResult {
  modelVersion: string;
  currency: string;
  unitYear: string;
  unitMonth: string;
  /** Money basis of every figure, e.g. "real 2024 GBP" (absent on runs made before it was recorded). */
  moneyBasis?: string;
  /** The forecast object the engine ran with (custom curve and profile resolved). */
  forecastUsed: Record<string, unknown>;
  strategies: {
    strategy: string;
    total: number;
    averagePerMWYear: number;
    years: {
      year: number;
      streams: Record<string, number>;
      serviceBreakdown?: Record<string, number>;
      total: number;
      perMWYear: number;
      monthly: number[];
      monthlyPerMW?: number[];
      cycles: number;
      throughputMWh?: number;
      capacityRetention: number;
      /** Days out of service (availability, decision 0121); absent on older runs. */
      outageDays?: number;
      /** GB: the degraded duration the Capacity Market de-rating used. */
      capacityMarketDurationHours?: number;
      repowered?: boolean;
      /** GB Balancing Mechanism volumes, dispatch rate and sources (decision 0140); absent on older runs. */
      balancingMechanism?: BalancingMechanismYear;
    }[];
    repoweringEvents?: {
      year: number;
      cyclesBefore: number;
      retentionBefore?: number;
      restoredMWh?: number;
      /** null: not priced here (the investment case prices it). */
      cost?: number | null;
    }[];
  }[];
  /** Headline for lists: the first strategy's average revenue per MW per year. */
  revenuePerMWYear: number;
  /** What the dispatch knew (decision 0117); absent on runs computed before it: perfect. */
  foresight?: "realistic" | "perfect";
  /** Percent of the year in service (decision 0121); absent on runs made before it: 100. */
  availability?: number;
  /** What the MW of the per-MW figures is (battery, or the solar/wind plant), and for a hybrid the average per MW of its plant (absent on older runs). */
  perMW?: {
    of: "battery" | "solar" | "wind";
    mw: number;
    generation?: { of: "solar" | "wind"; mw: number; averagePerMWYear: number };
  };
  synthetic?: boolean;
  /** The years whose market prices are modelled (the world view), not observed (absent on older runs). */
  modelledYears?: number[];
  /** Dispatch of a few sample days (first scenario and strategy), for the run page's day chart. */
  days?: DayDispatch[];
}

const r = forecastRuns;
/** The latest progress event's column of the run (a correlated subquery). */
const latestEvent = <T>(column: SQL) =>
  sql<T>`(select ${column} from ${forecastRunEvents} e where e.run_id = ${qualified(r.id)} order by e.id desc limit 1)`;

/** A run as the API reads it: its row without the file, and its progress. */
export const RUN_COLUMNS = {
  id: r.id,
  user_id: r.userId,
  run_name: r.runName,
  asset_name: r.assetName,
  status: r.status,
  is_custom: r.isCustom,
  source: r.source,
  market_region: r.marketRegion,
  configuration: r.configuration,
  subscription: r.subscription,
  macro_scenario_id: r.macroScenarioId,
  forecast: r.forecast,
  finance_status: r.financeStatus,
  model_version: r.modelVersion,
  result: sql<RunResult | null>`${r.result}`,
  has_file: sql<boolean>`(${r.resultFile} is not null)`,
  result_file_name: r.resultFileName,
  error: r.error,
  attempts: r.attempts,
  created_at: r.createdAt,
  updated_at: r.updatedAt,
  started_at: r.startedAt,
  finished_at: r.finishedAt,
  latest_event_status: latestEvent<"success" | "warning" | null>(sql`e.status`),
  latest_percentage: latestEvent<string | null>(sql`e.percentage`),
  /** A worker holds the run's lock (it is being computed right now). */
  computing: sql<boolean>`(${r.status} = 'processing' and ${runLockHeld(r.id)})`,
};
export type RunRow = Row<typeof RUN_COLUMNS>;

/** The status shown: a run whose latest event is a warning is failed (spec §4). */
export function shownStatus(row: Pick<RunRow, "status" | "latest_event_status">): RunStatus {
  if (row.status === "processing" && row.latest_event_status === "warning") return "failed";
  return row.status;
}

export function progressOf(
  row: Pick<RunRow, "status" | "latest_percentage" | "latest_event_status">,
): number {
  const status = shownStatus(row);
  if (status === "failed" || status === "ready_for_review") return 100;
  const p = Number(row.latest_percentage ?? 0);
  return Math.max(0, Math.min(100, Number.isFinite(p) ? p : 0));
}

export function isLocked(row: Pick<RunRow, "is_custom" | "market_region">, viewer: Viewer): boolean {
  return !row.is_custom && !canSeeLibraryRun(viewer.access, row.market_region);
}

export function fileUrl(id: string) {
  return `/api/v1/forecast/run-library/${id}/file/`;
}

/** The JSON of a run in lists and details (details add forecast, result and progressEvents). */
export function serializeRun(row: RunRow, viewer: Viewer) {
  const locked = isLocked(row, viewer);
  const status = shownStatus(row);
  const scenario = row.macro_scenario_id ? scenarioById(row.macro_scenario_id) : undefined;
  const subKey =
    row.subscription ?? (!row.is_custom ? (LIBRARY_SUBSCRIPTION[row.market_region] ?? null) : null);
  const result = row.result;
  return {
    id: row.id,
    runId: row.id,
    runName: row.run_name,
    assetName: row.asset_name,
    status,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    isCustom: row.is_custom,
    source: row.source,
    financeStatus: row.finance_status,
    modelVersion: row.model_version,
    macroScenario: row.macro_scenario_id
      ? {
          id: row.macro_scenario_id,
          name: scenario?.name ?? row.macro_scenario_id,
          modelVersion: scenario?.modelVersion ?? null,
        }
      : null,
    runAsset: {
      marketRegion: row.market_region,
      configuration: row.configuration,
      subscription: subKey ? { key: subKey, name: subscriptionName(subKey) } : null,
    },
    locked,
    percentage: progressOf(row),
    // Processing, but no worker holds it (none running, or its worker just died): no honest ETA.
    waitingForWorker: status === "processing" && row.computing === false,
    estimatedFinishAt:
      status === "processing" && row.computing === false
        ? null
        : new Date(row.created_at.getTime() + RUN_ESTIMATE_MINUTES * 60_000).toISOString(),
    revenue:
      result && !locked
        ? { perMWYear: result.revenuePerMWYear, unit: result.unitYear, currency: result.currency }
        : null,
    runResult: {
      runFile: status === "ready_for_review" && row.has_file ? fileUrl(row.id) : null,
      runFileName: row.has_file ? row.result_file_name : null,
    },
    error: status === "failed" ? row.error : null,
  };
}

// ── Events ─────────────────────────────────────────────────────────────────────────────────────

const EVENT_COLUMNS = {
  id: forecastRunEvents.id,
  event: forecastRunEvents.event,
  status: forecastRunEvents.status,
  percentage: forecastRunEvents.percentage,
  created_at: forecastRunEvents.createdAt,
};
export type EventRow = Row<typeof EVENT_COLUMNS>;

export async function recordEvent(
  db: Executor,
  runId: string,
  event: string,
  status: "success" | "warning",
  percentage: number,
): Promise<void> {
  const p = Math.max(0, Math.min(100, Math.round(percentage * 10) / 10));
  await db.insert(forecastRunEvents).values({ runId, event, status, percentage: p });
}

export async function eventsOf(db: Db, runId: string, afterId = 0): Promise<EventRow[]> {
  const e = forecastRunEvents;
  return db
    .select(EVENT_COLUMNS)
    .from(e)
    .where(and(eq(e.runId, runId), gt(e.id, afterId)))
    .orderBy(asc(e.id));
}

/** Events as the run log shows them (spec §3): elapsed since the run was created and since the previous event. */
export function serializeEvents(events: EventRow[], runCreatedAt: Date, previousAt?: Date) {
  let prev = previousAt ?? runCreatedAt;
  return events.map((e) => {
    const out = {
      id: e.id,
      event: e.event,
      status: e.status,
      percentage: e.percentage,
      created_at: e.created_at.toISOString(),
      timeSinceLastEvent: Math.max(0, Math.round((e.created_at.getTime() - prev.getTime()) / 100) / 10),
      timeElapsedSeconds: Math.max(
        0,
        Math.round((e.created_at.getTime() - runCreatedAt.getTime()) / 100) / 10,
      ),
    };
    prev = e.created_at;
    return out;
  });
}

// ── Reading ────────────────────────────────────────────────────────────────────────────────────

export async function findRun(db: Executor, id: string): Promise<RunRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db.select(RUN_COLUMNS).from(r).where(eq(r.id, id));
  return row ?? null;
}

/** A run the viewer may see: their own, or a library run. Others' runs read as absent. */
export function visibleTo(row: RunRow, viewer: Viewer): boolean {
  return row.is_custom ? !!viewer.userId && row.user_id === viewer.userId : row.user_id === null;
}

export interface RunFilters {
  status?: string[];
  marketRegion?: string[];
  configuration?: string[];
  macroScenarioId?: string[];
  modelVersion?: string[];
  financeStatus?: string[];
  search?: string;
  isCustom?: boolean;
  ordering?: (typeof ORDERING_KEYS)[number];
  limit: number;
  offset: number;
  /** Spec §9: created within the last 24 h or still processing; ≤ 10 processing, topped up with ready_for_review to 10. */
  recent?: boolean;
}

const ORDER_BY: Record<string, SQL[]> = {
  status: [asc(r.status), desc(r.createdAt)],
  "-status": [desc(r.status), desc(r.createdAt)],
  model_version: [sql`${r.modelVersion} asc nulls last`, desc(r.createdAt)],
  "-model_version": [sql`${r.modelVersion} desc nulls last`, desc(r.createdAt)],
  created_at: [asc(r.createdAt)],
  "-created_at": [desc(r.createdAt)],
  run_name: [asc(sql`lower(${r.runName})`), desc(r.createdAt)],
  "-run_name": [desc(sql`lower(${r.runName})`), desc(r.createdAt)],
};

/**
 * The headline revenue as the viewer sees it (null for a locked library run), so that sorting by
 * revenue does not reveal the order of figures the viewer may not see.
 */
function revenueShown(viewer: Viewer): SQL {
  const locked = Object.entries(LIBRARY_SUBSCRIPTION)
    .filter(([, sub]) => sub && !viewer.access.subscriptions.has(sub))
    .map(([region]) => region);
  const revenue = sql`(${r.result}->>'revenuePerMWYear')::float8`;
  return locked.length
    ? sql`case when not ${r.isCustom} and ${inArray(r.marketRegion, locked as ForecastRegion[])} then null else ${revenue} end`
    : revenue;
}

/**
 * The order of a list: by revenue as the viewer sees it within each currency (currencies A–Z, in
 * the same order both ways: a pound is never ranked against a dollar; runs without a figure last),
 * or by a column (decision 0331).
 */
function orderFor(ordering: RunFilters["ordering"], viewer: Viewer): SQL[] {
  if (ordering === "revenue" || ordering === "-revenue") {
    const revenue = revenueShown(viewer);
    // sql: the currency is read from the result's JSON, and only where the figure is shown
    const currency = sql`case when ${revenue} is null then null else ${r.result}->>'currency' end`;
    return [
      sql`${currency} asc nulls last`,
      sql`${revenue} ${ordering === "revenue" ? sql`asc` : sql`desc`} nulls last`,
      desc(r.createdAt),
    ];
  }
  return ORDER_BY[ordering ?? "-created_at"] ?? ORDER_BY["-created_at"];
}

function whereFor(f: RunFilters, viewer: Viewer): SQL | undefined {
  const library = and(not(r.isCustom), isNull(r.userId));
  const latestWarning = sql`${latestEvent(sql`e.status`)} = 'warning'`;
  const failedByWarning = and(eq(r.status, "processing"), latestWarning);
  const any = (col: Parameters<typeof inArray>[0], values?: string[]) =>
    values?.length ? inArray(col, values) : undefined;
  const like = f.search ? `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    // Own runs, plus Voltcast's library runs.
    viewer.userId ? or(and(r.isCustom, eq(r.userId, viewer.userId)), library) : library,
    f.isCustom === undefined ? undefined : f.isCustom ? r.isCustom : not(r.isCustom),
    // "failed" also matches processing runs whose latest event is a warning.
    f.status?.length
      ? or(
          and(inArray(r.status, f.status as RunStatus[]), not(failedByWarning!)),
          f.status.includes("failed") ? failedByWarning : undefined,
        )
      : undefined,
    any(r.marketRegion, f.marketRegion),
    any(r.configuration, f.configuration),
    any(r.macroScenarioId, f.macroScenarioId),
    any(r.modelVersion, f.modelVersion),
    any(r.financeStatus, f.financeStatus),
    like ? or(ilike(r.runName, like), ilike(r.assetName, like)) : undefined,
  );
}

export async function listRuns(
  db: Db,
  viewer: Viewer,
  f: RunFilters,
): Promise<{ count: number; results: RunRow[] }> {
  const where = whereFor(f, viewer);
  if (f.recent) {
    const processing = await db
      .select(RUN_COLUMNS)
      .from(r)
      .where(and(where, eq(r.status, "processing")))
      .orderBy(desc(r.createdAt))
      .limit(10);
    const ready = await db
      .select(RUN_COLUMNS)
      .from(r)
      .where(and(where, eq(r.status, "ready_for_review"), gt(r.createdAt, sql`now() - interval '24 hours'`)))
      .orderBy(desc(r.createdAt))
      .limit(Math.max(0, 10 - processing.length));
    const results = [...processing, ...ready];
    return { count: results.length, results };
  }
  const order = orderFor(f.ordering, viewer);
  const [{ n }] = await db.select({ n: count() }).from(r).where(where);
  const results = await db
    .select(RUN_COLUMNS)
    .from(r)
    .where(where)
    .orderBy(...order, asc(r.id))
    .limit(f.limit)
    .offset(f.offset);
  return { count: n, results };
}

export async function filteringValues(db: Db, viewer: Viewer) {
  const where = whereFor({ limit: 0, offset: 0 }, viewer);
  const distinct = async (
    col: typeof r.marketRegion | typeof r.configuration | typeof r.modelVersion | typeof r.macroScenarioId,
  ) =>
    (
      await db
        .selectDistinct({ v: col })
        .from(r)
        .where(and(where, isNotNull(col)))
        .orderBy(asc(col))
    ).map((x) => x.v!);
  const [marketRegions, configurations, modelVersions, macroScenarioIds] = await Promise.all([
    distinct(r.marketRegion),
    distinct(r.configuration),
    distinct(r.modelVersion),
    distinct(r.macroScenarioId),
  ]);
  return {
    status: [...RUN_STATUSES],
    financeStatus: [...FINANCE_STATUSES],
    ordering: ["status", "-status", "model_version", "-model_version"],
    marketRegion: marketRegions,
    configuration: configurations,
    modelVersion: modelVersions,
    macroScenario: macroScenarioIds.map((id) => ({ id, name: scenarioById(id)?.name ?? id })),
    isCustom: [true, false],
  };
}

// ── Drafts ─────────────────────────────────────────────────────────────────────────────────────

export function draftName(d: ForecastDraft): string {
  return (d.assetName ?? "Untitled draft").slice(0, 100);
}

export async function createDraft(
  db: Db,
  userId: string,
  d: ForecastDraft & { region: ForecastRegion; configuration: string },
) {
  const [row] = await db
    .insert(r)
    .values({
      userId,
      runName: draftName(d),
      assetName: d.assetName ?? null,
      status: "draft",
      isCustom: true,
      marketRegion: d.region,
      configuration: d.configuration,
      forecast: d,
    })
    .returning({ id: r.id });
  return row.id;
}

export async function findDraft(db: Db, userId: string, id: string): Promise<RunRow | null> {
  const row = await findRun(db, id);
  if (!row || row.status !== "draft" || row.user_id !== userId) return null;
  return row;
}

export async function updateDraft(
  db: Db,
  userId: string,
  id: string,
  d: ForecastDraft & { region: ForecastRegion; configuration: string },
) {
  const { rowCount } = await db
    .update(r)
    .set({
      runName: draftName(d),
      assetName: d.assetName ?? null,
      marketRegion: d.region,
      configuration: d.configuration,
      forecast: d,
      updatedAt: sql`now()`,
    })
    .where(ownDraft(userId, id));
  return rowCount === 1;
}

/** The user's draft of this id. */
const ownDraft = (userId: string, id: string) =>
  and(eq(r.id, id), eq(r.userId, userId), eq(r.status, "draft"));

export async function deleteDraft(db: Executor, userId: string, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  const { rowCount } = await db.delete(r).where(ownDraft(userId, id));
  return rowCount === 1;
}

export function serializeDraft(row: RunRow) {
  return {
    id: row.id,
    runId: row.id,
    runName: row.run_name,
    status: "draft" as const,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    configuration: row.configuration,
    runAsset: { marketRegion: row.market_region, configuration: row.configuration },
    forecast: { ...row.forecast, id: row.id },
  };
}

// ── Creating runs ──────────────────────────────────────────────────────────────────────────────

export const FORECAST_RUN_JOB = "forecast-run";
/** The express lane: short runs (see runPriority) have a worker slot of their own, so they never wait behind long ones. */
export const FORECAST_RUN_SHORT_JOB = "forecast-run-short";
/** Runs whose cost (runPriority) is at most this go to the express lane: e.g. up to 4 energy-only years, or 1 year with services. */
export const SHORT_RUN_COST = 4;
export const FORECAST_RUN_DEAD_JOB = "forecast-run-dead";

/** Seconds a run's job may stay active before its worker is taken to have died (then it is retried). */
export function runExpirySeconds(): number {
  return parseEnv().VOLTCAST_FORECAST_RUN_EXPIRE_SECONDS;
}

/**
 * One run per selected macro scenario, named by runName, each with its queue job — all in one
 * transaction (the jobs are inserted through the same connection), so nothing is half-created.
 * A draft id converts that draft: it is removed in the same transaction.
 */
export async function createRuns(
  db: Db,
  queue: Queue,
  userId: string,
  forecast: Forecast,
  opts: { draftId?: string; isCustom?: boolean; subscription?: string | null; modelVersion?: string } = {},
): Promise<string[]> {
  return transactionSharedWithQueue(db, async (tx, executeSql) => {
    const ids: string[] = [];
    for (const scenarioId of forecast.macroScenarios) {
      const scenario = scenarioById(scenarioId);
      const [row] = await tx
        .insert(r)
        .values({
          userId: opts.isCustom === false ? null : userId,
          runName: forecast.runName[scenarioId],
          assetName: forecast.assetName,
          status: "processing",
          isCustom: opts.isCustom ?? true,
          source: opts.isCustom === false ? "library" : "engine",
          marketRegion: forecast.region,
          configuration: forecast.configuration,
          subscription: opts.subscription ?? null,
          macroScenarioId: scenarioId,
          forecast: {
            ...forecast,
            macroScenarios: [scenarioId],
            runName: { [scenarioId]: forecast.runName[scenarioId] },
          },
          modelVersion: opts.modelVersion ?? scenario?.modelVersion ?? null,
          startedAt: sql`now()`,
        })
        .returning({ id: r.id });
      const id = row.id;
      await recordEvent(tx, id, "Run queued", "success", 0);
      const lane = -runPriority(forecast) <= SHORT_RUN_COST ? FORECAST_RUN_SHORT_JOB : FORECAST_RUN_JOB;
      const jobId = await queue.boss.send(lane, { runId: id }, {
        db: { executeSql },
        expireInSeconds: runExpirySeconds(),
        deadLetter: FORECAST_RUN_DEAD_JOB,
        priority: runPriority(forecast),
      } as never);
      await tx.update(r).set({ jobId }).where(eq(r.id, id));
      ids.push(id);
    }
    if (opts.draftId) await deleteDraft(tx, userId, opts.draftId);
    return ids;
  });
}

/** Mark a run failed with a warning event naming the reason (never left processing). */
export async function failRun(db: Db, runId: string, reason: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [run] = await tx.select({ status: r.status }).from(r).where(eq(r.id, runId)).for("update");
    if (!run || run.status !== "processing") return false;
    const e = forecastRunEvents;
    const [last] = await tx
      .select({ percentage: e.percentage })
      .from(e)
      .where(eq(e.runId, runId))
      .orderBy(desc(e.id))
      .limit(1);
    await recordEvent(tx, runId, reason, "warning", last?.percentage ?? 0);
    await tx
      .update(r)
      .set({ status: "failed", error: reason, finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(r.id, runId));
    return true;
  });
}

/**
 * Queue order: shorter runs first (pg-boss takes higher priority first), so a one-year
 * energy-only run is not stuck behind a 30-year run with services. Cost ≈ years × strategies,
 * four times more for strategies that co-optimise services.
 */
export function runPriority(forecast: { horizonYears?: number; revenueStrategies?: string[] }): number {
  const years = forecast.horizonYears ?? LIMITS.defaultHorizonYears;
  const strategies = forecast.revenueStrategies ?? [];
  const services = strategies.some((s) => s !== "energy_only" && s !== "merchant") ? 4 : 1;
  return -Math.round(years * Math.max(1, strategies.length) * services);
}
