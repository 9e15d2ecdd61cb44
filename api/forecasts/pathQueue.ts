// The queue side of a run's price paths (decision 0403): the rows and jobs made when a run's result
// is published, the paths' advisory locks, and the watch that returns a dead worker's paths to the
// queue. The dispatch of a path is paths.ts.
import { hostname } from "node:os";
import { sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import type { Db, Executor } from "../db/client.ts";
import { forecastRunPaths } from "../db/schema/index.ts";
import { DEFAULT_PATH_SEED } from "../../engine/paths/index.ts";
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

/** True (as SQL) while some session holds the lock of the path (run_id, path) of forecast_run_paths. */
function pathLockHeldSql() {
  const p = forecastRunPaths;
  // Two-key advisory locks appear in pg_locks as classid = key 1, objid = key 2 (unsigned), objsubid = 2.
  return sql`exists (select 1 from pg_locks l
     where l.locktype = 'advisory' and l.granted and l.objsubid = 2
       and l.database = (select oid from pg_database where datname = current_database())
       and l.classid = ${sql.raw(String(PATH_LOCK_NAMESPACE))}
       and l.objid = (hashtext(${p.runId}::text || ':' || ${p.path}::text)::bigint & 4294967295)::oid)`;
}

/** Fail (→ retry elsewhere) the job of every path being dispatched by a worker that is gone. */
export async function releaseOrphanedPaths(db: Db, boss: PgBoss, log: (m: string) => void) {
  const p = forecastRunPaths;
  // pgboss.job is pg-boss's own table (not in our schema): a raw join.
  const { rows } = await db.execute<{ run_id: string; path: number; job_id: string }>(
    sql`select ${p.runId} as run_id, ${p.path} as path, j.id::text as job_id
          from ${p} join pgboss.job j on j.id = ${p.jobId}::uuid and j.name = ${FORECAST_PATH_JOB}
         where ${p.status} = 'waiting' and j.state = 'active'
           and j.started_on < now() - interval '20 seconds'
           and not ${pathLockHeldSql()}`,
  );
  for (const r of rows) {
    log(`[forecast] path ${r.path} of run ${r.run_id} has lost its worker: back to the queue`);
    await boss.fail(FORECAST_PATH_JOB, r.job_id, { message: "The worker dispatching this path is gone." });
  }
  return rows.length;
}
