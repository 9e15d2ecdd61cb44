// Start the back end: database (embedded or external), migrations, catalog, seeds, queue, workers.
import type { Config } from "./config.ts";
import { startDatabase } from "./db/database.ts";
import { createDb, createPool } from "./db/client.ts";
import { migrate } from "./db/migrate.ts";
import { syncCatalog } from "./access/sync.ts";
import { startQueue, startWorkers } from "./jobs/queue.ts";
import { SEEDS } from "./seed/index.ts";
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
  try {
    await migrate(pool, log);
    await syncCatalog(pool);
    const queue = await startQueue(database.url, {
      maintenanceSeconds: config.VOLTCAST_QUEUE_MAINTENANCE_SECONDS,
      log,
    });
    const ctx: ApiContext = { pool, db: createDb(pool), queue, secret: config.sessionSecret };
    for (const seed of SEEDS) {
      if (seed.when === "always" || config.seedDemo) await seed.run(ctx, log);
    }
    const stopWorkers = opts.workers
      ? await startWorkers(queue, { pool, db: ctx.db, secret: ctx.secret, dataDir: config.dataDir, log })
      : async () => {};
    if (opts.workers) log("Job workers started in this process");
    return {
      ctx,
      databaseUrl: database.url,
      async stop() {
        await stopWorkers();
        await queue.boss.stop({ graceful: true, timeout: 10_000, wait: true }).catch(() => {});
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
