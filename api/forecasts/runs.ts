// Runs and drafts in the database. A draft is a run row with status 'draft' (not computed yet);
// "Run model" creates one run per selected macro scenario, each a queue job (api/jobs/kinds/forecastRun.ts).
import type pg from "pg";
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
] as const;
/** Spec §4: a run is estimated to take 6 minutes. */
export const RUN_ESTIMATE_MINUTES = 6;

export interface Viewer {
  userId?: string;
  access: Access;
}

export interface RunRow {
  id: string;
  user_id: string | null;
  run_name: string;
  asset_name: string | null;
  status: RunStatus;
  is_custom: boolean;
  source: string;
  market_region: ForecastRegion;
  configuration: string;
  subscription: string | null;
  macro_scenario_id: string | null;
  forecast: Record<string, unknown>;
  finance_status: string;
  model_version: string | null;
  result: RunResult | null;
  has_file: boolean;
  result_file_name: string | null;
  error: string | null;
  attempts: number;
  created_at: Date;
  updated_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  latest_event_status?: string | null;
  latest_percentage?: string | number | null;
}

/** What a finished run keeps: revenues per year by stream, per strategy, and what produced them. */
export interface RunResult {
  modelVersion: string;
  currency: string;
  unitYear: string;
  unitMonth: string;
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
      repowered?: boolean;
    }[];
    repoweringEvents?: { year: number; cyclesBefore: number }[];
  }[];
  /** Headline for lists: the first strategy's average revenue per MW per year. */
  revenuePerMWYear: number;
  synthetic?: boolean;
  /** Dispatch of a few sample days (first scenario and strategy), for the run page's day chart. */
  days?: DayDispatch[];
}

export const RUN_COLUMNS = `r.id, r.user_id, r.run_name, r.asset_name, r.status, r.is_custom, r.source, r.market_region, r.configuration,
  r.subscription, r.macro_scenario_id, r.forecast, r.finance_status, r.model_version, r.result,
  (r.result_file is not null) as has_file, r.result_file_name, r.error, r.attempts, r.created_at, r.updated_at,
  r.started_at, r.finished_at,
  (select e.status from forecast_run_events e where e.run_id = r.id order by e.id desc limit 1) as latest_event_status,
  (select e.percentage from forecast_run_events e where e.run_id = r.id order by e.id desc limit 1) as latest_percentage`;

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
    estimatedFinishAt: new Date(row.created_at.getTime() + RUN_ESTIMATE_MINUTES * 60_000).toISOString(),
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

export type RunJson = ReturnType<typeof serializeRun>;

// ── Events ─────────────────────────────────────────────────────────────────────────────────────

export interface EventRow {
  id: string;
  event: string;
  status: "success" | "warning";
  percentage: string;
  created_at: Date;
}

export async function recordEvent(
  db: pg.Pool | pg.PoolClient,
  runId: string,
  event: string,
  status: "success" | "warning",
  percentage: number,
): Promise<void> {
  const p = Math.max(0, Math.min(100, Math.round(percentage * 10) / 10));
  await db.query(`insert into forecast_run_events(run_id, event, status, percentage) values ($1,$2,$3,$4)`, [
    runId,
    event,
    status,
    p,
  ]);
}

export async function eventsOf(pool: pg.Pool, runId: string, afterId = 0): Promise<EventRow[]> {
  const { rows } = await pool.query(
    `select e.id::text as id, e.event, e.status, e.percentage::text as percentage, e.created_at
       from forecast_run_events e where e.run_id = $1 and e.id > $2 order by e.id`,
    [runId, afterId],
  );
  return rows;
}

/** Events as the run log shows them (spec §3): elapsed since the run was created and since the previous event. */
export function serializeEvents(events: EventRow[], runCreatedAt: Date, previousAt?: Date) {
  let prev = previousAt ?? runCreatedAt;
  return events.map((e) => {
    const out = {
      id: Number(e.id),
      event: e.event,
      status: e.status,
      percentage: Number(e.percentage),
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

export async function findRun(pool: pg.Pool, id: string): Promise<RunRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { rows } = await pool.query(`select ${RUN_COLUMNS} from forecast_runs r where r.id = $1`, [id]);
  return rows[0] ?? null;
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

const ORDER_SQL: Record<string, string> = {
  status: "r.status asc, r.created_at desc",
  "-status": "r.status desc, r.created_at desc",
  model_version: "r.model_version asc nulls last, r.created_at desc",
  "-model_version": "r.model_version desc nulls last, r.created_at desc",
  created_at: "r.created_at asc",
  "-created_at": "r.created_at desc",
  run_name: "lower(r.run_name) asc, r.created_at desc",
  "-run_name": "lower(r.run_name) desc, r.created_at desc",
};

function whereFor(f: RunFilters, viewer: Viewer) {
  const where: string[] = [];
  const args: unknown[] = [];
  const arg = (v: unknown) => {
    args.push(v);
    return `$${args.length}`;
  };
  // Own runs, plus Voltcast's library runs.
  where.push(
    viewer.userId
      ? `((r.is_custom and r.user_id = ${arg(viewer.userId)}) or (not r.is_custom and r.user_id is null))`
      : `(not r.is_custom and r.user_id is null)`,
  );
  if (f.isCustom !== undefined) where.push(f.isCustom ? "r.is_custom" : "not r.is_custom");
  if (f.status?.length) {
    // "failed" also matches processing runs whose latest event is a warning.
    const latestWarning = `(select e.status from forecast_run_events e where e.run_id = r.id order by e.id desc limit 1) = 'warning'`;
    const parts = [
      `(r.status = any(${arg(f.status)}) and not (r.status = 'processing' and ${latestWarning}))`,
    ];
    if (f.status.includes("failed")) parts.push(`(r.status = 'processing' and ${latestWarning})`);
    where.push(`(${parts.join(" or ")})`);
  }
  if (f.marketRegion?.length) where.push(`r.market_region = any(${arg(f.marketRegion)})`);
  if (f.configuration?.length) where.push(`r.configuration = any(${arg(f.configuration)})`);
  if (f.macroScenarioId?.length) where.push(`r.macro_scenario_id = any(${arg(f.macroScenarioId)})`);
  if (f.modelVersion?.length) where.push(`r.model_version = any(${arg(f.modelVersion)})`);
  if (f.financeStatus?.length) where.push(`r.finance_status = any(${arg(f.financeStatus)})`);
  if (f.search)
    where.push(
      `(r.run_name ilike ${arg(`%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)} or r.asset_name ilike $${args.length})`,
    );
  return { where: where.join(" and "), args };
}

export async function listRuns(
  pool: pg.Pool,
  viewer: Viewer,
  f: RunFilters,
): Promise<{ count: number; results: RunRow[] }> {
  const { where, args } = whereFor(f, viewer);
  if (f.recent) {
    const { rows: processing } = await pool.query(
      `select ${RUN_COLUMNS} from forecast_runs r where ${where} and r.status = 'processing' order by r.created_at desc limit 10`,
      args,
    );
    const { rows: ready } = await pool.query(
      `select ${RUN_COLUMNS} from forecast_runs r where ${where} and r.status = 'ready_for_review'
         and r.created_at > now() - interval '24 hours' order by r.created_at desc limit ${Math.max(0, 10 - processing.length)}`,
      args,
    );
    const results = [...processing, ...ready];
    return { count: results.length, results };
  }
  const order = ORDER_SQL[f.ordering ?? "-created_at"] ?? ORDER_SQL["-created_at"];
  const { rows: countRows } = await pool.query(
    `select count(*)::int as n from forecast_runs r where ${where}`,
    args,
  );
  const { rows } = await pool.query(
    `select ${RUN_COLUMNS} from forecast_runs r where ${where} order by ${order}, r.id limit ${f.limit} offset ${f.offset}`,
    args,
  );
  return { count: countRows[0].n, results: rows };
}

export async function filteringValues(pool: pg.Pool, viewer: Viewer) {
  const { where, args } = whereFor({ limit: 0, offset: 0 }, viewer);
  const distinct = async (col: string) =>
    (
      await pool.query(
        `select distinct ${col} as v from forecast_runs r where ${where} and ${col} is not null order by 1`,
        args,
      )
    ).rows.map((r) => r.v);
  const [marketRegions, configurations, modelVersions, macroScenarioIds] = await Promise.all([
    distinct("r.market_region"),
    distinct("r.configuration"),
    distinct("r.model_version"),
    distinct("r.macro_scenario_id"),
  ]);
  return {
    status: [...RUN_STATUSES],
    financeStatus: [...FINANCE_STATUSES],
    ordering: ["status", "-status", "model_version", "-model_version"],
    marketRegion: marketRegions,
    configuration: configurations,
    modelVersion: modelVersions,
    macroScenario: macroScenarioIds.map((id: string) => ({ id, name: scenarioById(id)?.name ?? id })),
    isCustom: [true, false],
  };
}

// ── Drafts ─────────────────────────────────────────────────────────────────────────────────────

export function draftName(d: ForecastDraft): string {
  return (d.assetName ?? "Untitled draft").slice(0, 100);
}

export async function createDraft(
  pool: pg.Pool,
  userId: string,
  d: ForecastDraft & { region: ForecastRegion; configuration: string },
) {
  const { rows } = await pool.query(
    `insert into forecast_runs(user_id, run_name, asset_name, status, is_custom, market_region, configuration, forecast)
     values ($1,$2,$3,'draft',true,$4,$5,$6) returning id`,
    [userId, draftName(d), d.assetName ?? null, d.region, d.configuration, JSON.stringify(d)],
  );
  return rows[0].id as string;
}

export async function findDraft(pool: pg.Pool, userId: string, id: string): Promise<RunRow | null> {
  const row = await findRun(pool, id);
  if (!row || row.status !== "draft" || row.user_id !== userId) return null;
  return row;
}

export async function updateDraft(
  pool: pg.Pool,
  userId: string,
  id: string,
  d: ForecastDraft & { region: ForecastRegion; configuration: string },
) {
  const { rowCount } = await pool.query(
    `update forecast_runs set run_name = $3, asset_name = $4, market_region = $5, configuration = $6, forecast = $7, updated_at = now()
      where id = $1 and user_id = $2 and status = 'draft'`,
    [id, userId, draftName(d), d.assetName ?? null, d.region, d.configuration, JSON.stringify(d)],
  );
  return rowCount === 1;
}

export async function deleteDraft(pool: pg.Pool, userId: string, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  const { rowCount } = await pool.query(
    `delete from forecast_runs where id = $1 and user_id = $2 and status = 'draft'`,
    [id, userId],
  );
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
  const v = Number(process.env.VOLTCAST_FORECAST_RUN_EXPIRE_SECONDS);
  return Number.isFinite(v) && v >= 5 ? Math.round(v) : 1800;
}

/**
 * One run per selected macro scenario, named by runName, each with its queue job — all in one
 * transaction (the jobs are inserted through the same connection), so nothing is half-created.
 * A draft id converts that draft: it is removed in the same transaction.
 */
export async function createRuns(
  pool: pg.Pool,
  queue: Queue,
  userId: string,
  forecast: Forecast,
  opts: { draftId?: string; isCustom?: boolean; subscription?: string | null; modelVersion?: string } = {},
): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query("begin");
    const ids: string[] = [];
    for (const scenarioId of forecast.macroScenarios) {
      const scenario = scenarioById(scenarioId);
      const { rows } = await client.query(
        `insert into forecast_runs(user_id, run_name, asset_name, status, is_custom, source, market_region, configuration,
                                   subscription, macro_scenario_id, forecast, model_version, started_at)
         values ($1,$2,$3,'processing',$4,$5,$6,$7,$8,$9,$10,$11, now()) returning id`,
        [
          opts.isCustom === false ? null : userId,
          forecast.runName[scenarioId],
          forecast.assetName,
          opts.isCustom ?? true,
          opts.isCustom === false ? "library" : "engine",
          forecast.region,
          forecast.configuration,
          opts.subscription ?? null,
          scenarioId,
          JSON.stringify({
            ...forecast,
            macroScenarios: [scenarioId],
            runName: { [scenarioId]: forecast.runName[scenarioId] },
          }),
          opts.modelVersion ?? scenario?.modelVersion ?? null,
        ],
      );
      const id = rows[0].id as string;
      await recordEvent(client, id, "Run queued", "success", 0);
      const lane = -runPriority(forecast) <= SHORT_RUN_COST ? FORECAST_RUN_SHORT_JOB : FORECAST_RUN_JOB;
      const jobId = await queue.boss.send(lane, { runId: id }, {
        db: { executeSql: (text: string, values: unknown[]) => client.query(text, values) },
        expireInSeconds: runExpirySeconds(),
        deadLetter: FORECAST_RUN_DEAD_JOB,
        priority: runPriority(forecast),
      } as never);
      await client.query(`update forecast_runs set job_id = $2 where id = $1`, [id, jobId]);
      ids.push(id);
    }
    if (opts.draftId) {
      await client.query(`delete from forecast_runs where id = $1 and user_id = $2 and status = 'draft'`, [
        opts.draftId,
        userId,
      ]);
    }
    await client.query("commit");
    return ids;
  } catch (e) {
    await client.query("rollback").catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

/** Mark a run failed with a warning event naming the reason (never left processing). */
export async function failRun(pool: pg.Pool, runId: string, reason: string): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query("begin");
    const { rows } = await client.query(`select status from forecast_runs where id = $1 for update`, [runId]);
    if (!rows[0] || rows[0].status !== "processing") {
      await client.query("rollback");
      return false;
    }
    const { rows: last } = await client.query(
      `select percentage from forecast_run_events where run_id = $1 order by id desc limit 1`,
      [runId],
    );
    await recordEvent(client, runId, reason, "warning", Number(last[0]?.percentage ?? 0));
    await client.query(
      `update forecast_runs set status = 'failed', error = $2, finished_at = now(), updated_at = now() where id = $1`,
      [runId, reason],
    );
    await client.query("commit");
    return true;
  } catch (e) {
    await client.query("rollback").catch(() => {});
    throw e;
  } finally {
    client.release();
  }
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
