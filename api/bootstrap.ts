// Start the back end: database (embedded or external), migrations, catalog, seeds, queue, workers.
import type { Config } from "./config.ts";
import { startDatabase } from "./db/database.ts";
import { createDb, createPool } from "./db/client.ts";
import { migrate } from "./db/migrate.ts";
import { syncCatalog } from "./access/sync.ts";
import { startQueue, startWorkers, type Queue } from "./jobs/queue.ts";
import type { WorkerContext } from "./jobs/types.ts";
import { activeJobKinds, SCHEDULES } from "./jobs/registry.ts";
import { handBackRuns, resumeComputing } from "./forecasts/liveness.ts";
import { SEEDS } from "./seed/index.ts";
import { refuseDemoAccountsInProduction } from "./seed/demoAccounts.ts";
import type { ApiContext } from "./http/context.ts";

export interface Backend {
  ctx: ApiContext;
  databaseUrl: string;
  stop(): Promise<void>;
}

export async function startBackend(
  config: Config,
  opts: { workers: boolean; log?: (m: string) => void },
): Promise<Backend> {
  const log = opts.log ?? ((m: string) => console.log(m));
  const database = await startDatabase(config, log);
  const pool = createPool(database.url);
  const db = createDb(pool);
  try {
    await migrate(pool, log);
    await syncCatalog(db);
    await refuseDemoAccountsInProduction(db, config);
    const queue = await startQueue(database.url, {
      kinds: activeJobKinds(),
      schedules: SCHEDULES,
      maintenanceSeconds: config.VOLTCAST_QUEUE_MAINTENANCE_SECONDS,
      log,
    });
    const ctx: ApiContext = { pool, db, queue, secret: config.sessionSecret };
    for (const seed of SEEDS) {
      if (seed.when === "always" || config.seedDemo) await seed.run(ctx, log);
    }
    const stopWorkers = opts.workers
      ? await startRunWorkers(queue, {
          db: ctx.db,
          secret: ctx.secret,
          dataDir: config.dataDir,
          log,
          send: (kind, data, o) => queue.send(kind, data, o),
          boss: queue.boss,
        })
      : async () => {};
    if (opts.workers) log("Job workers started in this process");
    return {
      ctx,
      databaseUrl: database.url,
      // Drain in order: take no more jobs and hand running runs back, let other jobs finish
      // (up to 10 s), close the connections, and stop PostgreSQL last.
      async stop() {
        await stopWorkers();
        await queue.boss.stop({ graceful: true, timeout: 10_000 }).catch(() => {});
        await pool.end().catch(() => {});
        await database.stop();
      },
    };
  } catch (e) {
    await pool.end().catch(() => {});
    await database.stop().catch(() => {});
    throw e;
  }
}

/**
 * The workers of every job kind (a dead worker's runs go back to the queue when their heartbeat
 * stops: pg-boss, decision 0023). Returns a function that drains them: no new jobs, runs in progress
 * handed back to the queue (api/forecasts/liveness.ts); the other jobs finish while the queue stops.
 */
async function startRunWorkers(queue: Queue, ctx: WorkerContext): Promise<() => Promise<void>> {
  resumeComputing();
  const stopJobs = await startWorkers(queue, ctx);
  return async () => {
    await stopJobs();
    const handedBack = handBackRuns();
    if (handedBack) ctx.log(`Handing ${handedBack} run(s) back to the queue`);
  };
}
