// The browser tests' database (its address written by start-server.ts), for the few states no API
// call can make.
import { readFileSync } from "node:fs";
import pg from "pg";
import { expect } from "@playwright/test";
import { e2eStateFile } from "./state.ts";
import { LOCK_NAMESPACE } from "../../../api/forecasts/runLock.ts";
import { createDb } from "../../../api/db/client.ts";
import { importFile } from "../../../api/datasets/importer.ts";

/** Run SQL against the browser tests' database. */
export async function e2eQuery<T = Record<string, unknown>>(
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const { databaseUrl } = JSON.parse(readFileSync(e2eStateFile(), "utf8")) as { databaseUrl: string };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Holds a run's lock as the worker computing it would (api/forecasts/runLock.ts); call the result to let go. */
export async function holdRunLock(runId: string): Promise<() => Promise<void>> {
  const { databaseUrl } = JSON.parse(readFileSync(e2eStateFile(), "utf8")) as { databaseUrl: string };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("select pg_advisory_lock($1, hashtext($2))", [LOCK_NAMESPACE, runId]);
  return async () => void (await client.end());
}

/** Waits until the start's import of the market data is done (it runs in the background from the start). */
export async function importDone(timeout = 280_000) {
  await expect
    .poll(
      async () =>
        (await e2eQuery<{ status: string }>("select status from dataset_import_progress"))[0]?.status,
      { timeout, intervals: [2000] },
    )
    .toBe("done");
}

/** Imports market-data files into the browser tests' database, as `npm run data:import` would. */
export async function e2eImport(files: string[]): Promise<void> {
  const { databaseUrl } = JSON.parse(readFileSync(e2eStateFile(), "utf8")) as { databaseUrl: string };
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    for (const f of files) await importFile(createDb(pool), f);
  } finally {
    await pool.end();
  }
}
