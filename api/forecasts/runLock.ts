// The run's lock: a PostgreSQL session advisory lock that the worker computing a run holds on its
// own connection. PostgreSQL drops it the moment that connection goes (process killed, machine
// gone, network cut), so "is a worker computing this run?" is always answerable from pg_locks.
// Raw SQL fragments (typed through drizzle's `sql`): advisory locks and pg_locks are PostgreSQL
// functions and catalogs that the query builder has no words for.
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { qualified, type Executor } from "../db/client.ts";

export const LOCK_NAMESPACE = 7_400_100;

/** True while some session of this database holds the lock of the run `id` (a column or value). */
export function runLockHeld(id: AnyPgColumn): SQL<boolean> {
  // Two-key advisory locks appear in pg_locks as classid = key 1, objid = key 2 (as an unsigned oid), objsubid = 2.
  return sql<boolean>`exists (select 1 from pg_locks l
     where l.locktype = 'advisory' and l.granted and l.objsubid = 2
       and l.database = (select oid from pg_database where datname = current_database())
       and l.classid = ${sql.raw(String(LOCK_NAMESPACE))} and l.objid = (hashtext(${qualified(id)}::text)::bigint & 4294967295)::oid)`;
}

/** Take the run's lock on this connection if no one holds it; true when taken. */
export async function tryRunLock(db: Executor, runId: string): Promise<boolean> {
  const { rows } = await db.execute<{ ok: boolean }>(
    sql`select pg_try_advisory_lock(${LOCK_NAMESPACE}, hashtext(${runId})) as ok`,
  );
  return rows[0].ok;
}

export async function releaseRunLock(db: Executor, runId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_unlock(${LOCK_NAMESPACE}, hashtext(${runId}))`);
}
