// Runs that survive their worker (decision 0010; a run's price paths likewise, 0403). Two duties
// of every worker process:
// - watch: a run whose queue job is active but whose lock nobody holds has lost its worker
//   (killed, crashed, machine gone): its job is failed through pg-boss, which retries it at once
//   on any live worker (or sends it to the dead letter when its retries are spent). Checked every
//   VOLTCAST_RUN_WATCH_SECONDS (default 10), so a run is picked up within seconds of a worker running.
// - hand back: on shutdown, the runs this process computes are stopped and returned to the queue
//   (their job fails with "handed back" and is retried), so a restart never leaves a run frozen.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { forecastRuns } from "../db/schema/index.ts";
import type PgBoss from "pg-boss";
import { runLockHeld } from "./runLock.ts";
import { releaseOrphanedPaths } from "./pathQueue.ts";
import { isDatabaseUnavailable, logDatabaseUnavailable } from "../http/failures.ts";
import { parseEnv } from "../config.ts";

/** Seconds a job may be active before its handler must hold the run's lock. */
const GRACE_SECONDS = 20;

export function watchSeconds(): number {
  return parseEnv().VOLTCAST_RUN_WATCH_SECONDS;
}

/** Fail (→ retry) the queue job of every processing run that no worker holds. Returns the run ids. */
export async function releaseOrphanedRuns(db: Db, boss: PgBoss, log: (m: string) => void) {
  // A raw SQL fragment: pgboss.job is pg-boss's own table (not declared in our schema; it manages it).
  const r = forecastRuns;
  const { rows } = await db.execute<{ run_id: string; job_id: string; name: string }>(
    sql`select ${r.id} as run_id, j.id::text as job_id, j.name
          from ${r} join pgboss.job j on j.id = ${r.jobId}::uuid
         where ${r.status} = 'processing' and j.state = 'active'
           and j.started_on < now() - make_interval(secs => ${GRACE_SECONDS})
           and not ${runLockHeld(r.id)}`,
  );
  for (const r of rows) {
    log(`[forecast] run ${r.run_id} has lost its worker: back to the queue`);
    await boss.fail(r.name, r.job_id, { message: "The worker computing this run is gone." });
  }
  return rows.map((r) => r.run_id);
}

/** Run releaseOrphanedRuns now and every watchSeconds(); returns a function that stops it. */
export function watchRunWorkers(db: Db, boss: PgBoss, log: (m: string) => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = async () => {
    try {
      await releaseOrphanedRuns(db, boss, log);
      await releaseOrphanedPaths(db, boss, log);
    } catch (e) {
      if (isDatabaseUnavailable(e)) logDatabaseUnavailable(e, "run watch");
      else log(`[forecast] run watch skipped: ${(e as Error).message}`);
    }
    if (!stopped) timer = setTimeout(tick, watchSeconds() * 1000);
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** Thrown inside a run's handler when the process stops: the job fails and pg-boss retries it. */
export class HandedBack extends Error {
  constructor() {
    super("This worker is stopping: the run goes back to the queue.");
  }
}

const computing = new Set<() => void>();

/** Register a run's stop function while it computes; returns the unregister function. */
export function whileComputing(stop: () => void): () => void {
  computing.add(stop);
  return () => computing.delete(stop);
}

let stopping = false;
export const isStopping = () => stopping;
/** Workers (re)started in this process: runs are taken again. */
export function resumeComputing() {
  stopping = false;
}

/** Stop every run this process computes; each handler then ends with HandedBack. */
export function handBackRuns(): number {
  stopping = true;
  const n = computing.size;
  for (const stop of [...computing]) stop();
  return n;
}
