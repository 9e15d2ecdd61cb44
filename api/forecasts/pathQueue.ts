// The queue side of a run's price paths (decision 0403): the rows and jobs made when a run's result
// is published, and the paths' advisory locks (a dead worker's path goes back to the queue when its
// job's heartbeat stops, 0023). The dispatch of a path is paths.ts.
import { hostname } from "node:os";
import { sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import type { Executor } from "../db/client.ts";
import { forecastRunPaths } from "../db/schema/index.ts";
import { DEFAULT_PATH_SEED, type PathMethod } from "../../engine/paths/index.ts";
import { parseEnv } from "../config.ts";

export const FORECAST_PATH_JOB = "forecast-path";
export const FORECAST_PATH_DEAD_JOB = "forecast-path-dead";
/** Advisory-lock namespace of paths (runs use 7 400 100, runLock.ts). */
const PATH_LOCK_NAMESPACE = 7_400_101;

/** This worker process, as recorded on the paths it computes (VOLTCAST_WORKER_NAME, default host:pid). */
export function workerName(): string {
  return parseEnv().VOLTCAST_WORKER_NAME ?? `${hostname()}:${process.pid}`;
}

/** Price paths per run (VOLTCAST_PRICE_PATHS, default 30; 0: none). */
export function pathsPerRun(): number {
  return parseEnv().VOLTCAST_PRICE_PATHS;
}

/** How a path's years are computed (VOLTCAST_PATH_METHOD, decision 0512). */
export function pathMethod(): PathMethod {
  return parseEnv().VOLTCAST_PATH_METHOD;
}

/**
 * Inside the transaction that publishes a run's result: a waiting row and a queue job per path.
 * The jobs go through the transaction's connection, so the run is never published without its
 * paths, nor paths queued for a run that was not.
 */
export async function queuePaths(
  tx: Executor,
  executeSql: (text: string, values: unknown[]) => Promise<unknown>,
  boss: PgBoss,
  runId: string,
  count: number,
  seed = DEFAULT_PATH_SEED,
): Promise<void> {
  for (let path = 0; path < count; path++) {
    const jobId = await boss.send(FORECAST_PATH_JOB, { runId, path }, {
      db: { executeSql },
      deadLetter: FORECAST_PATH_DEAD_JOB,
    } as never);
    await tx.insert(forecastRunPaths).values({ runId, path, seed, jobId }).onConflictDoNothing();
  }
}

export function pathLockSql(runId: string, path: number, fn: "pg_try_advisory_lock" | "pg_advisory_unlock") {
  // Advisory locks are PostgreSQL functions the query builder has no words for.
  return sql`select ${sql.raw(fn)}(${PATH_LOCK_NAMESPACE}, hashtext(${`${runId}:${path}`})) as ok`;
}
