// One connection pool per process, and the typed query layer (drizzle) over it.
import pg from "pg";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import * as schema from "./schema/index.ts";

export type Db = NodePgDatabase<typeof schema>;

export function createPool(url: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on("error", (e) => console.error("[db] idle client error", e.message));
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return drizzle(pool, { schema });
}
