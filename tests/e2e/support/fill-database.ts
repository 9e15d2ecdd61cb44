// Fills a database as the browser tests' server leaves it once its start-up work is done: migrations,
// demo accounts, the GB market data and forward curves, the library runs, the GB leaderboard, the
// backtest, the default world-view files (in the data folder). Run as its own process by
// prepared-database.ts: `tsx tests/e2e/support/fill-database.ts DATABASE_URL DATA_DIR`.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { loadConfig, parseEnv } from "../../../api/config.ts";
import { startBackend } from "../../../api/bootstrap.ts";
import { createDb, createPool } from "../../../api/db/client.ts";
import { migrate } from "../../../api/db/migrate.ts";
import { syncCatalog } from "../../../api/access/sync.ts";
import { seedDatasets } from "../../../api/datasets/seed.ts";
import { backtestRun } from "../../../api/jobs/kinds/backtestRun.ts";
import { e2eServerEnv } from "./server-env.ts";

const [databaseUrl, dataDir] = process.argv.slice(2);
if (!databaseUrl || !dataDir) throw new Error("usage: fill-database.ts DATABASE_URL DATA_DIR");
Object.assign(process.env, e2eServerEnv(), {
  DATABASE_URL: databaseUrl,
  VOLTCAST_DATA_DIR: dataDir,
  SESSION_SECRET: randomBytes(32).toString("hex"),
});
const t0 = performance.now();
const log = (m: string) => console.log(`[fill ${((performance.now() - t0) / 1000).toFixed(1)} s] ${m}`);

// The market data first, at full speed: the server's own seed job pauses after each file to leave
// the machine to its users (api/datasets/seed.ts); nobody uses this one. The job the server then
// queues finds every file imported and skips it.
const setting = parseEnv().VOLTCAST_SEED_DATASETS;
if (setting !== "off") {
  const pool = createPool(databaseUrl, 2);
  const db = createDb(pool);
  await migrate(pool, () => {});
  await syncCatalog(db);
  await seedDatasets(db, {
    mode: setting === "synthetic" ? "synthetic" : undefined,
    scope: setting === "gb" ? "gb" : "all",
    duty: 1,
    log,
  });
  await pool.end();
  log("market data imported");
}

// The server's start: seeds, and the jobs they queue (library runs, world-view files, the GB
// leaderboard after the data); the backtest is queued as a visit to its page would.
const backend = await startBackend(loadConfig(), { workers: true, log });
await backend.ctx.queue.send(backtestRun, {}, { singletonKey: "backtest" });

const until = Date.now() + 30 * 60_000;
const check = new pg.Client({ connectionString: databaseUrl });
await check.connect();
try {
  for (;;) {
    const { rows } = await check.query<{ name: string; state: string; output: unknown }>(
      `select name, state, output from pgboss.job
        where name not like '\\_\\_%' and name <> 'purge-login-attempts'`,
    );
    const failed = rows.filter((r) => ["failed", "expired", "cancelled"].includes(r.state));
    if (failed.length) throw new Error(`jobs ended ${JSON.stringify(failed)}`);
    const pending = rows.filter((r) => r.state !== "completed");
    const runs = await check.query<{ status: string }>("select status from forecast_runs");
    const imported = await check.query<{ status: string }>("select status from dataset_import_progress");
    if (!pending.length && imported.rows.every((r) => r.status === "done")) {
      const notReady = runs.rows.filter((r) => r.status !== "ready_for_review");
      if (notReady.length) throw new Error(`library runs ended ${JSON.stringify(notReady)}`);
      log(`done: ${rows.map((r) => r.name).join(", ")}`);
      break;
    }
    if (Date.now() > until)
      throw new Error(`still pending after 30 minutes: ${pending.map((r) => r.name).join(", ")}`);
    await new Promise((r) => setTimeout(r, 500));
  }
} finally {
  await check.end();
  await backend.stop();
}
