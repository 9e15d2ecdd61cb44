// A database made by a Voltcast on pg-boss 10 (queue schema version 24) moves to pg-boss 12 at the
// first start (decision 0023). pg-boss 11 rewrote its tables and ships no migration from 10, and
// pg-boss 12 refuses a schema older than 11's; so the old schema is set aside as pgboss_v10,
// pg-boss 12 installs its own, and the jobs still to do (waiting, retrying, and active ones, whose
// old worker is stopped) are carried over under their own ids, which runs, paths and archives
// record. Finished jobs' history is not carried. Processes starting together take turns (an
// advisory lock), so exactly one of them carries the jobs over.
import pg from "pg";
import type { PgBoss, JobInsert } from "pg-boss";

const SCHEMA = "pgboss";
const OLD_SCHEMA = "pgboss_v10";
/** pg-boss 11's first schema version: anything older is pg-boss 10's. */
const FIRST_SCHEMA_OF_11 = 25;
/** Advisory-lock key of the queue's start (runs use 7 400 100, paths 7 400 101). */
const QUEUE_START_LOCK = 7_400_102;

interface OldJob {
  id: string;
  name: string;
  data: object | null;
  priority: number;
  state: "created" | "retry" | "active";
  retry_limit: number;
  retry_delay: number;
  retry_backoff: boolean;
  start_after: Date;
  singleton_key: string | null;
  expire_seconds: number;
  dead_letter: string | null;
}

/**
 * Start the queue (`start`: pg-boss's start and the queues' creation) one process at a time,
 * moving a pg-boss 10 queue over first when the database has one.
 */
export async function whileQueueStarts(
  url: string,
  log: (m: string) => void,
  start: () => Promise<PgBoss>,
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  // A lost connection ends the lock; the error is the start's own (it then fails), not a crash.
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [QUEUE_START_LOCK]);
    const version = await schemaVersion(client);
    if (version !== null && version < FIRST_SCHEMA_OF_11) {
      log(`The job queue is pg-boss 10's (schema ${version}): moving it to pg-boss 12`);
      await client.query(`alter schema ${SCHEMA} rename to ${OLD_SCHEMA}`);
    }
    const boss = await start();
    // Also when a start stopped between the rename and here: the jobs are carried over again
    // (pg-boss skips an id it already has) before the old schema goes.
    if (await hasOldSchema(client)) {
      const carried = await carryJobsOver(client, boss, log);
      await client.query(`drop schema ${OLD_SCHEMA} cascade`);
      log(
        `pg-boss 10's queue moved: ${carried} job(s) still to do carried over; its finished jobs are not kept`,
      );
    }
  } finally {
    await client.query("select pg_advisory_unlock($1)", [QUEUE_START_LOCK]).catch(() => {});
    await client.end().catch(() => {});
  }
}

async function schemaVersion(client: pg.Client): Promise<number | null> {
  const { rows } = await client.query<{ exists: boolean }>("select to_regclass($1) is not null as exists", [
    `${SCHEMA}.version`,
  ]);
  if (!rows[0]?.exists) return null;
  const v = await client.query<{ version: string | number }>(`select version from ${SCHEMA}.version`);
  return v.rows[0] ? Number(v.rows[0].version) : null;
}

async function hasOldSchema(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ exists: boolean }>("select to_regclass($1) is not null as exists", [
    `${OLD_SCHEMA}.job`,
  ]);
  return !!rows[0]?.exists;
}

async function carryJobsOver(client: pg.Client, boss: PgBoss, log: (m: string) => void): Promise<number> {
  const { rows } = await client.query<OldJob>(
    `select id::text, name, data, priority, state::text, retry_limit, retry_delay, retry_backoff,
            start_after, singleton_key, extract(epoch from expire_in)::int as expire_seconds, dead_letter
       from ${OLD_SCHEMA}.job
      where state in ('created', 'retry', 'active')
      order by created_on`,
  );
  const byKind = new Map<string, OldJob[]>();
  for (const job of rows) byKind.set(job.name, [...(byKind.get(job.name) ?? []), job]);
  let carried = 0;
  for (const [name, jobs] of byKind) {
    if (!(await boss.getQueue(name))) {
      log(
        `[queue] ${jobs.length} job(s) of "${name}", a kind this version does not run, are not carried over`,
      );
      continue;
    }
    await boss.insert(name, jobs.map(asInsert));
    carried += jobs.length;
  }
  return carried;
}

function asInsert(job: OldJob): JobInsert {
  return {
    id: job.id,
    data: job.data ?? {},
    priority: job.priority,
    retryLimit: job.retry_limit,
    retryDelay: job.retry_delay,
    retryBackoff: job.retry_backoff,
    // An active job's worker was pg-boss 10's, stopped for the upgrade: it starts again now.
    startAfter: job.state === "active" ? new Date() : job.start_after,
    ...(job.singleton_key ? { singletonKey: job.singleton_key } : {}),
    ...(job.expire_seconds > 0 ? { expireInSeconds: job.expire_seconds } : {}),
    ...(job.dead_letter ? { deadLetter: job.dead_letter } : {}),
  };
}
