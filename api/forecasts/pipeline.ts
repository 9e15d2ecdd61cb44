// The run pipeline: a queued run → the engine in a worker thread (never on this process's event
// loop) → progress events as it goes → results, the result workbook and `ready_for_review`.
// A run that cannot be computed ends `failed` with a warning event naming the reason.
//
// Liveness (decisions 0151, 0010, 0023): the worker computing a run holds a PostgreSQL advisory
// lock on it for the whole run (one computation at a time; the page's "waiting for a worker"), and
// pg-boss heartbeats its job. If that process dies, the lock is released and the heartbeat stops;
// pg-boss fails the job and retries it on a live worker; the retry (which takes the lock) resumes the run. A retry that finds
// the lock still held waits for the live worker to finish. A stopping worker hands its runs back
// (HandedBack: the job fails and is retried). When every retry is spent, the job goes to the
// dead-letter kind (forecast-run-dead), which fails the run with a reason — never left processing.
import { storeLibraryRevenue } from "./libraryDatasets.ts";
import { and, eq, sql } from "drizzle-orm";
import {
  dedicatedConnection,
  transactionSharedWithQueue,
  type Db,
  type DedicatedConnection,
} from "../db/client.ts";
import { customDegradationCurves, forecastRuns, solarProfiles } from "../db/schema/index.ts";
import type { WorkerContext, JobInfo } from "../jobs/types.ts";
import type {
  DayDispatch,
  ForecastResult,
  ProgressEvent,
  ScenarioResult,
} from "../../engine/forecast/types.ts";
import { DEFAULT_FORESIGHT, type Forecast } from "../../app/validation/forecast.ts";
import { toEngineInput, worldViewZone, type Uploads } from "./engineInput.ts";
import type { EngineJob } from "./engineThreadImpl.ts";
import { failRun, findRun, recordEvent, type RunResult } from "./runs.ts";
import { buildResultWorkbook, resultFileName } from "./resultFile.ts";
import { scenarioById } from "./scenarios.ts";
import { saveDispatch, type PackedDispatch } from "./dispatch.ts";
import { releaseRunLock, tryRunLock } from "./runLock.ts";
import { HandedBack, isStopping, whileComputing } from "./liveness.ts";
import { failureText, isDatabaseUnavailable } from "../http/failures.ts";
import { parseEnv } from "../config.ts";
import { pathsPerRun, queuePaths } from "./pathQueue.ts";
import { KeptThreads } from "./keptThreads.ts";

/** Engine progress 0–100 maps to 2–90; writing the workbook and saving take the rest. */
const ENGINE_FROM = 2;
const ENGINE_TO = 90;

export class RunFailure extends Error {}

/** Dispatch resolution override (VOLTCAST_FORECAST_INTERVAL_MINUTES: 5, 15, 30 or 60); default the market's settlement interval. */
export function dispatchIntervalMinutes(): number | undefined {
  return parseEnv().VOLTCAST_FORECAST_INTERVAL_MINUTES;
}

/**
 * The process's engine threads for runs, kept warm between runs (decision 0509): as many wait as
 * runs are computed at once.
 */
let runThreads: KeptThreads | undefined;

/** Run the engine for one forecast in a worker thread; resolves with its result. */
export function computeInThread(
  job: EngineJob,
  onProgress: (e: ProgressEvent) => void,
): Promise<{
  result: ForecastResult & { days?: DayDispatch[] };
  synthetic: boolean;
  dispatch: PackedDispatch[];
}> {
  runThreads ??= new KeptThreads(
    new URL("./engineThread.mjs", import.meta.url),
    parseEnv().VOLTCAST_FORECAST_CONCURRENCY,
  );
  const threads = runThreads;
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (f: () => void) => {
      if (settled) return;
      settled = true;
      forget();
      f();
    };
    const dispatch: PackedDispatch[] = [];
    type EngineMessage = {
      type: string;
      message?: string;
      result?: ForecastResult & { days?: DayDispatch[] };
      synthetic?: boolean;
      dispatch?: PackedDispatch;
    } & ProgressEvent;
    const running = threads.run(
      job,
      (msg) => {
        const m = msg as EngineMessage;
        if (m.type === "progress") onProgress({ event: m.event, percentage: m.percentage, status: m.status });
        else if (m.type === "dispatch") dispatch.push(m.dispatch!);
      },
      (end) => {
        if (end instanceof Error) return settle(() => reject(new RunFailure(end.message)));
        const m = end as EngineMessage;
        if (m.type === "result")
          settle(() => resolve({ result: m.result!, synthetic: !!m.synthetic, dispatch }));
        else settle(() => reject(new RunFailure(m.message ?? "The forecast model failed.")));
      },
    );
    // Stopping the process: end the engine thread and hand the run back to the queue.
    const forget = whileComputing(() =>
      settle(() => {
        running.abandon();
        reject(new HandedBack());
      }),
    );
  });
}

export async function loadUploads(db: Db, f: Forecast, userId: string | null): Promise<Uploads> {
  const out: Uploads = {};
  // The user's own upload (any user's for a library run, which has none).
  const mine = (t: typeof customDegradationCurves | typeof solarProfiles, id: string) =>
    and(eq(sql`${t.id}::text`, id), userId === null ? undefined : eq(t.userId, userId));
  if (f.degradation === "custom_degradation_curve" && f.customDegradationCurveId) {
    const [row] = await db
      .select({ points: customDegradationCurves.points })
      .from(customDegradationCurves)
      .where(mine(customDegradationCurves, f.customDegradationCurveId));
    if (!row) throw new RunFailure("The custom degradation curve of this forecast no longer exists.");
    out.degradationCurve = row.points as Uploads["degradationCurve"];
  }
  if (f.solarProfileId) {
    const [row] = await db
      .select({ capacityFactors: solarProfiles.capacityFactors })
      .from(solarProfiles)
      .where(mine(solarProfiles, f.solarProfileId));
    if (!row) throw new RunFailure("The solar profile of this forecast no longer exists.");
    out.solarProfile = row.capacityFactors as Uploads["solarProfile"];
  }
  return out;
}

function toRunResult(
  scenarios: ScenarioResult[],
  forecastUsed: Record<string, unknown>,
  modelVersion: string,
  synthetic: boolean,
  days: DayDispatch[] = [],
): RunResult {
  const first = scenarios[0];
  return {
    modelVersion,
    days,
    currency: first.currency,
    unitYear: first.unitYear,
    unitMonth: first.unitMonth,
    moneyBasis: first.moneyBasis,
    forecastUsed,
    synthetic,
    modelledYears: first.years.filter((y) => y.synthetic).map((y) => y.year),
    revenuePerMWYear: first.averagePerMWYear,
    perMW: first.perMW,
    strategies: scenarios.map((s) => ({
      strategy: s.strategy,
      total: s.total,
      averagePerMWYear: s.averagePerMWYear,
      repoweringEvents: s.repoweringEvents,
      years: s.years.map((y) => ({
        year: y.year,
        streams: y.streams as Record<string, number>,
        serviceBreakdown: y.serviceBreakdown,
        total: y.total,
        perMWYear: y.perMWYear,
        monthly: y.monthly,
        monthlyPerMW: y.monthlyPerMW,
        cycles: y.cycles,
        throughputMWh: y.throughputMWh,
        capacityRetention: y.capacityRetention,
        outageDays: y.outageDays,
        capacityMarketDurationHours: y.capacityMarketDurationHours,
        repowered: y.repowered,
        ...(y.balancingMechanism ? { balancingMechanism: y.balancingMechanism } : {}),
      })),
    })),
  };
}

/** Take the run's lock on a dedicated connection; wait while another live worker holds it. */
async function lockRun(db: Db, runId: string, log: (m: string) => void): Promise<DedicatedConnection | null> {
  const conn = await dedicatedConnection(db);
  // Held for the whole run while idle between queries: a database outage must not crash the process.
  conn.client.on("error", onLockClientError);
  try {
    for (;;) {
      if (isStopping()) throw new HandedBack();
      if (await tryRunLock(conn.db, runId)) return conn;
      const [run] = await conn.db
        .select({ status: forecastRuns.status })
        .from(forecastRuns)
        .where(eq(forecastRuns.id, runId));
      if (!run || run.status !== "processing") {
        conn.client.off("error", onLockClientError);
        conn.client.release();
        return null;
      }
      log(`[forecast] run ${runId} is being computed by another worker; waiting`);
      await new Promise((r) => setTimeout(r, 2000));
    }
  } catch (e) {
    conn.client.off("error", onLockClientError);
    conn.client.release(e instanceof Error && !(e instanceof HandedBack) ? e : undefined);
    throw e;
  }
}

function onLockClientError(e: Error) {
  console.error(`[forecast] the connection holding a run's lock failed: ${e.message}`);
}

async function unlock(conn: DedicatedConnection, runId: string) {
  try {
    await releaseRunLock(conn.db, runId);
    conn.client.off("error", onLockClientError);
    conn.client.release();
  } catch (e) {
    // The connection is broken: dropping it releases the lock as well.
    conn.client.off("error", onLockClientError);
    conn.client.release(e as Error);
  }
}

/** The job handler's work: compute the run and record everything. Never throws for a run that cannot be computed. */
export async function executeRun(
  ctx: WorkerContext,
  runId: string,
  job: JobInfo,
): Promise<{ status: string }> {
  const lock = await lockRun(ctx.db, runId, ctx.log);
  if (!lock) return { status: "already finished" };
  try {
    const run = await findRun(ctx.db, runId);
    if (!run) return { status: "deleted" };
    if (run.status !== "processing") return { status: run.status };
    const [{ attempts: attempt }] = await ctx.db
      .update(forecastRuns)
      .set({ attempts: sql`${forecastRuns.attempts} + 1`, updatedAt: sql`now()` })
      .where(eq(forecastRuns.id, runId))
      .returning({ attempts: forecastRuns.attempts });
    if (attempt > 1 || job.retryCount > 0) {
      await recordEvent(
        ctx.db,
        runId,
        `Worker restarted: resuming the run (attempt ${attempt})`,
        "success",
        1,
      );
    } else {
      await recordEvent(ctx.db, runId, "Run started", "success", 1);
    }
    if (isStopping()) throw new HandedBack();
    const forecast = run.forecast as unknown as Forecast;
    const scenarioId = run.macro_scenario_id!;
    const scenario = scenarioById(scenarioId);
    try {
      if (!scenario) throw new RunFailure(`The world view '${scenarioId}' does not exist.`);
      const uploads = await loadUploads(ctx.db, forecast, run.user_id);
      const input = toEngineInput(forecast, scenarioId, uploads);
      await recordEvent(
        ctx.db,
        runId,
        `Building scenario inputs from the world view ${scenario.name}`,
        "success",
        ENGINE_FROM,
      );
      // Progress events are written in order, one at a time, as the engine reports them.
      let chain = Promise.resolve();
      const onProgress = (e: ProgressEvent) => {
        const pct = ENGINE_FROM + ((ENGINE_TO - ENGINE_FROM) * e.percentage) / 100;
        chain = chain
          .then(() => recordEvent(ctx.db, runId, e.event, e.status, pct))
          .catch((err) => ctx.log(`[forecast] event not recorded: ${err.message}`));
      };
      const { result, synthetic, dispatch } = await computeInThread(
        { input, scenarioId, zone: worldViewZone(forecast), intervalMinutes: dispatchIntervalMinutes() },
        onProgress,
      );
      await chain;
      if (!result.scenarios.length) throw new RunFailure("The forecast model returned no results.");
      const runResult: RunResult = {
        ...toRunResult(
          result.scenarios,
          {
            ...forecast,
            engineInput: { ...input, customDegradationCurve: undefined, generationProfile: undefined },
          },
          run.model_version ?? scenario.modelVersion,
          synthetic,
          result.days,
        ),
        foresight: input.foresight ?? DEFAULT_FORESIGHT,
        availability: input.availability,
      };
      await recordEvent(ctx.db, runId, "Writing the result file", "success", 92);
      const file = await buildResultWorkbook({
        runName: run.run_name,
        scenarioName: scenario.name,
        result: runResult,
      });
      // The result is published first; its price paths are queued in the same transaction (0403).
      const boss = ctx.boss;
      const paths = boss ? pathsPerRun() : 0;
      await transactionSharedWithQueue(ctx.db, async (tx, executeSql) => {
        const published = await tx
          .update(forecastRuns)
          .set({
            result: runResult,
            resultFile: file,
            resultFileName: resultFileName(run.run_name, run.created_at),
            modelVersion: runResult.modelVersion,
            status: "ready_for_review",
            error: null,
            finishedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(and(eq(forecastRuns.id, runId), eq(forecastRuns.status, "processing")))
          .returning({ id: forecastRuns.id });
        await saveDispatch(tx, runId, dispatch);
        await recordEvent(tx, runId, "Run finished: results ready for review", "success", 100);
        if (published.length && paths > 0) {
          await queuePaths(tx, executeSql, boss!, runId, paths);
          await recordEvent(tx, runId, `Price paths: 0 of ${paths} dispatched`, "success", 100);
        }
      });
      // A library forecast's revenue by month goes to the plotter; failing that never fails the run.
      if (!run.is_custom)
        await storeLibraryRevenue(ctx.db, { ...run, result: runResult }).catch((err) =>
          ctx.log(`[forecast] run ${runId}: revenue series not stored: ${(err as Error).message}`),
        );
      return { status: "ready_for_review" };
    } catch (e) {
      if (e instanceof HandedBack || isDatabaseUnavailable(e)) {
        // Not the run's fault: its job fails and pg-boss retries it (here after a restart, or elsewhere).
        ctx.log(`[forecast] run ${runId} goes back to the queue: ${(e as Error).message}`);
        if (e instanceof HandedBack) {
          await recordEvent(
            ctx.db,
            runId,
            "Worker stopping: the run goes back to the queue",
            "success",
            1,
          ).catch(() => {});
        }
        throw e;
      }
      const reason =
        e instanceof RunFailure ? e.message : `The forecast could not be computed: ${failureText(e)}`;
      ctx.log(`[forecast] run ${runId} failed: ${reason}`);
      await failRun(ctx.db, runId, reason);
      return { status: "failed" };
    }
  } finally {
    await unlock(lock, runId);
  }
}

/** A run whose job spent every retry (its workers kept dying): fail it with the reason, unless a live worker still holds it. */
export async function failAbandonedRun(ctx: WorkerContext, runId: string): Promise<{ status: string }> {
  const conn = await dedicatedConnection(ctx.db);
  try {
    if (!(await tryRunLock(conn.db, runId))) return { status: "still running" };
    try {
      const failed = await failRun(
        ctx.db,
        runId,
        "The worker computing this run stopped several times; the run could not be completed. Please run it again.",
      );
      return { status: failed ? "failed" : "not processing" };
    } finally {
      await releaseRunLock(conn.db, runId);
    }
  } finally {
    conn.client.release();
  }
}
