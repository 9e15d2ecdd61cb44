// A finished run's price paths on the queue (issue 30 item 2, decision 0403). The run's main result
// is published first; the transaction that publishes it also makes one row and one pg-boss job per
// path, so any worker process takes paths and more workers finish a run's paths sooner. The result
// gains `percentiles` when no path is waiting any more.
//
// Liveness as for runs (decisions 0010, 0023): the worker dispatching a path holds a PostgreSQL
// advisory lock on it on its own connection, and pg-boss heartbeats its job; when the worker dies,
// the heartbeat stops and pg-boss fails the job and retries it on a live worker. A path counts
// once: its row is written only while it is still waiting, so a retry that finds it done does
// nothing. When a path's retries are spent, the dead letter marks it failed, so the run's
// percentiles never wait for ever (they are over the paths that were computed).
import { and, asc, eq, sql } from "drizzle-orm";
import { dedicatedConnection, type Db, type DedicatedConnection } from "../db/client.ts";
import { forecastRunPaths } from "../db/schema/index.ts";
import type { JobInfo, WorkerContext } from "../jobs/types.ts";
import type { Forecast } from "../../app/validation/forecast.ts";
import type { FinanceRequest } from "../../app/validation/finance.ts";
import { p90Case, pathPercentiles, type PathPercentiles, type PathYear } from "../../engine/paths/index.ts";
import { toEngineInput, worldViewZone } from "./engineInput.ts";
import type { PathJob } from "./pathThreadImpl.ts";
import { findRun, recordEvent, type RunResult } from "./runs.ts";
import { HandedBack, isStopping, whileComputing } from "./liveness.ts";
import { dispatchIntervalMinutes, loadUploads, RunFailure } from "./pipeline.ts";
import { financeUnavailable, runFinance } from "./finance.ts";
import { isDatabaseUnavailable, failureText } from "../http/failures.ts";
import { pathLockSql, pathMethod, workerName } from "./pathQueue.ts";
import { KeptThreads } from "./keptThreads.ts";

/** The process's path thread, kept warm between paths (decision 0509): a process takes one path at a time. */
const pathThreads = new KeptThreads(new URL("./pathThread.mjs", import.meta.url), 1);

/** Dispatch one path in a worker thread; a stopping process hands it back to the queue. */
function dispatchPathInThread(job: PathJob): Promise<PathYear[]> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (f: () => void) => {
      if (settled) return;
      settled = true;
      forget();
      f();
    };
    const running = pathThreads.run(
      job,
      () => {},
      (m) => {
        if (m instanceof Error) settle(() => reject(new RunFailure(m.message)));
        else if (m.type === "result") settle(() => resolve((m as { years?: PathYear[] }).years!));
        else settle(() => reject(new RunFailure(m.message ?? "The path failed.")));
      },
    );
    const forget = whileComputing(() =>
      settle(() => {
        running.abandon();
        reject(new HandedBack());
      }),
    );
  });
}

async function lockPath(db: Db, runId: string, path: number): Promise<DedicatedConnection | null> {
  const conn = await dedicatedConnection(db);
  conn.client.on("error", onLockClientError);
  try {
    const { rows } = await conn.db.execute<{ ok: boolean }>(pathLockSql(runId, path, "pg_try_advisory_lock"));
    if (rows[0].ok) return conn;
  } catch (e) {
    release(conn, e as Error);
    throw e;
  }
  release(conn);
  return null;
}

function onLockClientError(e: Error) {
  console.error(`[forecast] the connection holding a path's lock failed: ${e.message}`);
}

function release(conn: DedicatedConnection, e?: Error) {
  conn.client.off("error", onLockClientError);
  conn.client.release(e);
}

/** The job handler: dispatch path `path` of the run and record it, once. */
export async function executePath(
  ctx: WorkerContext,
  runId: string,
  path: number,
  job: JobInfo,
): Promise<{ status: string }> {
  const lock = await lockPath(ctx.db, runId, path);
  // Another live worker dispatches it (a retry raced it): fail, pg-boss tries again later.
  if (!lock) throw new Error(`Path ${path} of run ${runId} is being dispatched by another worker.`);
  try {
    const p = forecastRunPaths;
    const where = and(eq(p.runId, runId), eq(p.path, path));
    const [row] = await ctx.db.select().from(p).where(where);
    if (!row || row.status !== "waiting") return { status: row?.status ?? "deleted" };
    const run = await findRun(ctx.db, runId);
    if (!run || !run.macro_scenario_id) return { status: "deleted" };
    await ctx.db
      .update(p)
      .set({ attempts: sql`${p.attempts} + 1`, worker: workerName() })
      .where(where);
    if (isStopping()) throw new HandedBack();
    const forecast = run.forecast as unknown as Forecast;
    try {
      const uploads = await loadUploads(ctx.db, forecast, run.user_id);
      const years = await dispatchPathInThread({
        input: toEngineInput(forecast, run.macro_scenario_id, uploads),
        path,
        seed: row.seed,
        method: pathMethod(),
        zone: worldViewZone(forecast),
        intervalMinutes: dispatchIntervalMinutes(),
      });
      // Counted once: only a path still waiting is written.
      const done = await ctx.db
        .update(p)
        .set({ status: "done", years, worker: workerName(), error: null, finishedAt: sql`now()` })
        .where(and(where, eq(p.status, "waiting")))
        .returning({ path: p.path });
      if (!done.length) return { status: "already done" };
      const { done: k, total } = await pathCounts(ctx.db, runId);
      await recordEvent(ctx.db, runId, `Price paths: ${k} of ${total} dispatched`, "success", 100);
      return { status: "done" };
    } catch (e) {
      if (e instanceof HandedBack || isDatabaseUnavailable(e)) throw e;
      if (job.retryCount < 3 && !(e instanceof RunFailure)) throw e;
      await ctx.db
        .update(p)
        .set({ status: "failed", error: failureText(e), finishedAt: sql`now()` })
        .where(and(where, eq(p.status, "waiting")));
      ctx.log(`[forecast] path ${path} of run ${runId} failed: ${failureText(e)}`);
      return { status: "failed" };
    }
  } finally {
    try {
      await lock.db.execute(pathLockSql(runId, path, "pg_advisory_unlock"));
      release(lock);
    } catch (e) {
      release(lock, e as Error); // a broken connection: dropping it releases the lock too
    }
  }
}

/** A path whose retries are spent (its workers kept dying): failed, so the run's percentiles do not wait for it. */
export async function failDeadPath(ctx: WorkerContext, runId: string, path: number) {
  const p = forecastRunPaths;
  const lock = await lockPath(ctx.db, runId, path);
  if (!lock) return { status: "still running" };
  try {
    await ctx.db
      .update(p)
      .set({
        status: "failed",
        error: "The workers dispatching this path stopped several times.",
        finishedAt: sql`now()`,
      })
      .where(and(eq(p.runId, runId), eq(p.path, path), eq(p.status, "waiting")));
    return { status: "failed" };
  } finally {
    await lock.db.execute(pathLockSql(runId, path, "pg_advisory_unlock")).catch(() => {});
    release(lock);
  }
}

export interface PathProgress {
  done: number;
  failed: number;
  total: number;
}

async function pathCounts(db: Db, runId: string): Promise<PathProgress> {
  const p = forecastRunPaths;
  const [c] = await db
    .select({
      total: sql<number>`count(*)::int`,
      done: sql<number>`(count(*) filter (where ${p.status} = 'done'))::int`,
      failed: sql<number>`(count(*) filter (where ${p.status} = 'failed'))::int`,
    })
    .from(p)
    .where(eq(p.runId, runId));
  return c;
}

/** The dispatched paths' years, in path order, once none is waiting (null before, or without paths). */
async function settledPaths(db: Db, runId: string): Promise<PathYear[][] | null> {
  const progress = await pathCounts(db, runId);
  if (progress.done === 0 || progress.done + progress.failed < progress.total) return null;
  const p = forecastRunPaths;
  const rows = await db
    .select({ years: p.years })
    .from(p)
    .where(and(eq(p.runId, runId), eq(p.status, "done")))
    .orderBy(asc(p.path));
  return rows.map((r) => r.years!);
}

/** The run's P90 case (per year, the P90 path's streams) once its paths are in; undefined before. */
export async function runP90Case(db: Db, runId: string) {
  const paths = await settledPaths(db, runId);
  return paths ? p90Case(paths) : undefined;
}

/**
 * The run's percentiles when none of its paths is waiting (null while some are, or when it has
 * none), and how far its paths are. Computed when read, like finance (decision 0402): with the
 * run's finance inputs, the paths' NPV, equity IRR and the P90 case's debt come too.
 */
export async function runPercentiles(
  db: Db,
  runId: string,
  result: RunResult,
  /** Finance inputs overlaid on the run's own (the portfolio's sums ask for real money). */
  given?: FinanceRequest,
): Promise<{ percentiles: PathPercentiles | null; pathProgress: PathProgress | null }> {
  const progress = await pathCounts(db, runId);
  if (progress.total === 0) return { percentiles: null, pathProgress: null };
  const paths = await settledPaths(db, runId);
  if (!paths) return { percentiles: null, pathProgress: progress };
  let finance;
  if (!financeUnavailable(result)) {
    try {
      const f = runFinance(result, { given });
      const mw = result.perMW?.mw ?? Number((result.forecastUsed as Partial<Forecast>).ratedPower);
      const energy = Number(
        (result.forecastUsed as Partial<Forecast>).energyCapacity ??
          mw * Number((result.forecastUsed as Partial<Forecast>).duration),
      );
      const first = result.strategies[0];
      finance = {
        inputs: { ...f.inputs, sizingCase: "p50" as const },
        project: {
          ratedPowerMW: mw,
          energyMWh: energy,
          currency: result.currency,
          years: first.years.map((y) => ({
            year: y.year,
            streamsPerMW: Object.fromEntries(Object.entries(y.streams).map(([s, v]) => [s, v / mw])),
            dischargedMWh: y.throughputMWh ?? y.cycles * energy,
            repowered: !!y.repowered,
          })),
        },
      };
    } catch {
      finance = undefined; // the run's finance inputs do not fit it: revenue percentiles only
    }
  }
  return { percentiles: pathPercentiles(paths, finance), pathProgress: progress };
}
