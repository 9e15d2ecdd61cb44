// One connection pool per process, and the typed query layer (drizzle) over it: every query of the
// API goes through `Db` on the tables of ./schema (decision 0050). Rows are typed from the schema.
import pg from "pg";
import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import { getTableName, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgDatabase } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import * as schema from "./schema/index.ts";
import { logDatabaseUnavailable } from "../http/failures.ts";

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** The database or a transaction in it (`db.transaction(async (tx) => …)`): what a query may run on. */
export type Executor = PgDatabase<NodePgQueryResultHKT, typeof schema>;

/** The row a select shape (`db.select(shape)`) returns: typed from the schema, never written by hand. */
export type Row<TShape> = SelectResultFields<TShape>;

/**
 * A column named with its table. drizzle names a single-table select's columns bare, and a bare
 * name inside a correlated subquery would mean the subquery's own column: outer references use this.
 */
export function qualified(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

export function createPool(url: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection lost (database restarted or gone): logged, never fatal; the pool reconnects.
  pool.on("error", (e) => logDatabaseUnavailable(e, "idle connection"));
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return drizzle(pool, { schema });
}

/**
 * A transaction on a connection of its own, also handed to `executeSql` for a library that must
 * write in the same transaction (pg-boss's `send` with its `db` option: a run and its queue job are
 * made together or not at all). pg-boss's own tables are not declared here: it manages them.
 */
export async function transactionSharedWithQueue<T>(
  db: Db,
  fn: (tx: Executor, executeSql: (text: string, values: unknown[]) => Promise<pg.QueryResult>) => Promise<T>,
): Promise<T> {
  const client = await db.$client.connect();
  try {
    return await drizzle(client, { schema }).transaction((tx) =>
      fn(tx, (text, values) => client.query(text, values)),
    );
  } finally {
    client.release();
  }
}

/** A connection of its own, for session advisory locks (held exactly as long as the connection is). */
export interface DedicatedConnection {
  db: Executor;
  client: pg.PoolClient;
}

export async function dedicatedConnection(db: Db): Promise<DedicatedConnection> {
  const client = await db.$client.connect();
  return { db: drizzle(client, { schema }), client };
}
