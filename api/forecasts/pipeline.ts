// The run pipeline: a queued run → the engine in a worker thread (never on this process's event
// loop) → progress events as it goes → results, the result workbook and `ready_for_review`.
// A run that cannot be computed ends `failed` with a warning event naming the reason.
//
// Liveness: the worker computing a run holds a PostgreSQL advisory lock on it for the whole run.
// If that process dies, its connection closes and the lock is released; the queue job expires and
// is retried, and the retry (which takes the lock) resumes the run. A retry that finds the lock
// still held waits for the live worker to finish. When every retry is spent, the job goes to the
// dead-letter kind (forecast-run-dead), which fails the run with a reason — never left processing.
import { Worker } from "node:worker_threads";
import type pg from "pg";
import type { WorkerContext, JobInfo } from "../jobs/types.ts";
import type {
  DayDispatch,
  ForecastResult,
  ProgressEvent,
  ScenarioResult,
} from "../../engine/forecast/types.ts";
import type { Forecast } from "../../app/validation/forecast.ts";
import { toEngineInput, worldViewZone, type Uploads } from "./engineInput.ts";
import type { EngineJob } from "./engineThreadImpl.ts";
import { failRun, findRun, recordEvent, type RunResult } from "./runs.ts";
import { buildResultWorkbook, resultFileName } from "./resultFile.ts";
import { scenarioById } from "./scenarios.ts";

const LOCK_NAMESPACE = 7_400_100;
/** Engine progress 0–100 maps to 2–90; writing the workbook and saving take the rest. */
const ENGINE_FROM = 2;
const ENGINE_TO = 90;

export class RunFailure extends Error {}

/** Dispatch resolution override (VOLTCAST_FORECAST_INTERVAL_MINUTES: 5, 15, 30 or 60); default the market's settlement interval. */
export function dispatchIntervalMinutes(): number | undefined {
  const v = Number(process.env.VOLTCAST_FORECAST_INTERVAL_MINUTES);
  return [5, 15, 30, 60].includes(v) ? v : undefined;
}

/** Run the engine for one forecast in a worker thread; resolves with its result. */
export function computeInThread(
  job: EngineJob,
  onProgress: (e: ProgressEvent) => void,
): Promise<{ result: ForecastResult & { days?: DayDispatch[] }; synthetic: boolean }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./engineThread.mjs", import.meta.url), { workerData: job });
    let settled = false;
    worker.on(
      "message",
      (
        m: {
          type: string;
          message?: string;
          result?: ForecastResult & { days?: DayDispatch[] };
          synthetic?: boolean;
        } & ProgressEvent,
      ) => {
        if (m.type === "progress") onProgress({ event: m.event, percentage: m.percentage, status: m.status });
        else if (m.type === "result") {
          settled = true;
          resolve({ result: m.result!, synthetic: !!m.synthetic });
          void worker.terminate();
        } else if (m.type === "error") {
          settled = true;
          reject(new RunFailure(m.message ?? "The forecast model failed."));
          void worker.terminate();
        }
      },
    );
    worker.on("error", (e) => {
      if (!settled) reject(new RunFailure(e.message));
      settled = true;
    });
    worker.on("exit", (code) => {
      if (!settled) reject(new RunFailure(`The forecast model stopped unexpectedly (exit ${code}).`));
      settled = true;
    });
  });
}

async function loadUploads(pool: pg.Pool, f: Forecast, userId: string | null): Promise<Uploads> {
  const out: Uploads = {};
  if (f.degradation === "custom_degradation_curve" && f.customDegradationCurveId) {
    const { rows } = await pool.query(
      `select points from custom_degradation_curves where id::text = $1 and (user_id = $2 or $2 is null)`,
      [f.customDegradationCurveId, userId],
    );
    if (!rows[0]) throw new RunFailure("The custom degradation curve of this forecast no longer exists.");
    out.degradationCurve = rows[0].points;
  }
  if (f.solarProfileId) {
    const { rows } = await pool.query(
      `select capacity_factors from solar_profiles where id::text = $1 and (user_id = $2 or $2 is null)`,
      [f.solarProfileId, userId],
    );
    if (!rows[0]) throw new RunFailure("The solar profile of this forecast no longer exists.");
    out.solarProfile = rows[0].capacity_factors;
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
    forecastUsed,
    synthetic,
    revenuePerMWYear: first.averagePerMWYear,
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
        repowered: y.repowered,
      })),
    })),
  };
}

/** Take the run's lock on a dedicated connection; wait while another live worker holds it. */
async function lockRun(
  pool: pg.Pool,
  runId: string,
  log: (m: string) => void,
): Promise<pg.PoolClient | null> {
  const client = await pool.connect();
  try {
    for (;;) {
      const { rows } = await client.query(`select pg_try_advisory_lock($1, hashtext($2)) as ok`, [
        LOCK_NAMESPACE,
        runId,
      ]);
      if (rows[0].ok) return client;
      const { rows: s } = await client.query(`select status from forecast_runs where id = $1`, [runId]);
      if (!s[0] || s[0].status !== "processing") {
        client.release();
        return null;
      }
      log(`[forecast] run ${runId} is being computed by another worker; waiting`);
      await new Promise((r) => setTimeout(r, 2000));
    }
  } catch (e) {
    client.release();
    throw e;
  }
}

async function unlock(client: pg.PoolClient, runId: string) {
  try {
    await client.query(`select pg_advisory_unlock($1, hashtext($2))`, [LOCK_NAMESPACE, runId]);
  } finally {
    client.release();
  }
}

/** The job handler's work: compute the run and record everything. Never throws for a run that cannot be computed. */
export async function executeRun(
  ctx: WorkerContext,
  runId: string,
  job: JobInfo,
): Promise<{ status: string }> {
  const lock = await lockRun(ctx.pool, runId, ctx.log);
  if (!lock) return { status: "already finished" };
  try {
    const run = await findRun(ctx.pool, runId);
    if (!run) return { status: "deleted" };
    if (run.status !== "processing") return { status: run.status };
    const { rows: prior } = await ctx.pool.query(
      `update forecast_runs set attempts = attempts + 1, updated_at = now() where id = $1 returning attempts`,
      [runId],
    );
    const attempt = prior[0].attempts as number;
    if (attempt > 1 || job.retryCount > 0) {
      await recordEvent(
        ctx.pool,
        runId,
        `Worker restarted: resuming the run (attempt ${attempt})`,
        "success",
        1,
      );
    } else {
      await recordEvent(ctx.pool, runId, "Run started", "success", 1);
    }
    const forecast = run.forecast as unknown as Forecast;
    const scenarioId = run.macro_scenario_id!;
    const scenario = scenarioById(scenarioId);
    try {
      if (!scenario) throw new RunFailure(`The world view '${scenarioId}' does not exist.`);
      const uploads = await loadUploads(ctx.pool, forecast, run.user_id);
      const input = toEngineInput(forecast, scenarioId, uploads);
      await recordEvent(
        ctx.pool,
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
          .then(() => recordEvent(ctx.pool, runId, e.event, e.status, pct))
          .catch((err) => ctx.log(`[forecast] event not recorded: ${err.message}`));
      };
      const { result, synthetic } = await computeInThread(
        { input, scenarioId, zone: worldViewZone(forecast), intervalMinutes: dispatchIntervalMinutes() },
        onProgress,
      );
      await chain;
      if (!result.scenarios.length) throw new RunFailure("The forecast model returned no results.");
      const runResult = toRunResult(
        result.scenarios,
        {
          ...forecast,
          engineInput: { ...input, customDegradationCurve: undefined, generationProfile: undefined },
        },
        run.model_version ?? scenario.modelVersion,
        synthetic,
        result.days,
      );
      await recordEvent(ctx.pool, runId, "Writing the result file", "success", 92);
      const file = await buildResultWorkbook({
        runName: run.run_name,
        scenarioName: scenario.name,
        result: runResult,
      });
      const client = await ctx.pool.connect();
      try {
        await client.query("begin");
        await client.query(
          `update forecast_runs set result = $2, result_file = $3, result_file_name = $4, model_version = $5,
                  status = 'ready_for_review', error = null, finished_at = now(), updated_at = now()
            where id = $1 and status = 'processing'`,
          [
            runId,
            JSON.stringify(runResult),
            file,
            resultFileName(run.run_name, run.created_at),
            runResult.modelVersion,
          ],
        );
        await recordEvent(client, runId, "Run finished: results ready for review", "success", 100);
        await client.query("commit");
      } catch (e) {
        await client.query("rollback").catch(() => {});
        throw e;
      } finally {
        client.release();
      }
      return { status: "ready_for_review" };
    } catch (e) {
      const reason =
        e instanceof RunFailure ? e.message : `The forecast could not be computed: ${(e as Error).message}`;
      ctx.log(`[forecast] run ${runId} failed: ${reason}`);
      await failRun(ctx.pool, runId, reason);
      return { status: "failed" };
    }
  } finally {
    await unlock(lock, runId);
  }
}

/** A run whose job spent every retry (its workers kept dying): fail it with the reason, unless a live worker still holds it. */
export async function failAbandonedRun(ctx: WorkerContext, runId: string): Promise<{ status: string }> {
  const client = await ctx.pool.connect();
  try {
    const { rows } = await client.query(`select pg_try_advisory_lock($1, hashtext($2)) as ok`, [
      LOCK_NAMESPACE,
      runId,
    ]);
    if (!rows[0].ok) return { status: "still running" };
    try {
      const failed = await failRun(
        ctx.pool,
        runId,
        "The worker computing this run stopped several times; the run could not be completed. Please run it again.",
      );
      return { status: failed ? "failed" : "not processing" };
    } finally {
      await client.query(`select pg_advisory_unlock($1, hashtext($2))`, [LOCK_NAMESPACE, runId]);
    }
  } finally {
    client.release();
  }
}
