// The job queue: pg-boss on Voltcast's own database. Jobs survive restarts; a job whose worker
// dies is retried (its heartbeat stops, or it expires); a job that keeps failing ends failed with
// its error.
// The queue knows no job kind: the kinds are handed in by whoever starts it (api/bootstrap.ts, from
// api/jobs/registry.ts), so the areas whose jobs it runs may import it without a circle.
import { PgBoss, type JobWithMetadata } from "pg-boss";
import type { JobKind, WorkerContext } from "./types.ts";
import { isDatabaseUnavailable, logDatabaseUnavailable } from "../http/failures.ts";
import { whileQueueStarts } from "./fromPgBoss10.ts";

export interface Queue {
  send<T extends object>(
    kind: JobKind<T> | string,
    data: T,
    options?: { singletonKey?: string },
  ): Promise<string>;
  job(kind: string, id: string): Promise<JobWithMetadata<object> | null>;
  cancel(kind: string, id: string): Promise<void>;
  boss: PgBoss;
  /** The kinds this queue was started with: their queues exist, and startWorkers works them. */
  kinds: JobKind<any>[];
}

export async function startQueue(
  url: string,
  opts: {
    kinds: JobKind<any>[];
    /** Recurring jobs: [kind name, cron]. */
    schedules?: [string, string][];
    /** How often expired jobs and jobs whose heartbeat stopped are failed (→ retried). */
    maintenanceSeconds: number;
    schedule?: boolean;
    log?: (m: string) => void;
  },
): Promise<Queue> {
  const boss = new PgBoss({
    connectionString: url,
    max: 4,
    // pg-boss 12's monitor fails expired jobs and jobs whose heartbeat stopped; the supervisor
    // that runs it must tick as often. Old finished jobs are deleted on pg-boss's own (daily) cadence.
    superviseIntervalSeconds: opts.maintenanceSeconds,
    monitorIntervalSeconds: opts.maintenanceSeconds,
    schedule: opts.schedule ?? true,
  });
  // Without PostgreSQL every worker's poll fails: one line per outage (api/http/failures.ts), not one per poll.
  boss.on("error", (e) =>
    isDatabaseUnavailable(e)
      ? logDatabaseUnavailable(e, "queue")
      : (opts.log ?? console.error)(`[queue] ${e.message}`),
  );
  await whileQueueStarts(url, opts.log ?? console.log, async () => {
    await boss.start();
    for (const kind of opts.kinds) {
      const options = {
        retryLimit: kind.retryLimit,
        retryDelay: kind.retryDelaySeconds,
        expireInSeconds: kind.expireInSeconds,
        retentionSeconds: 7 * 24 * 3600,
      };
      const heartbeatSeconds = kind.heartbeatSeconds;
      const existing = await boss.getQueue(kind.name);
      if (existing)
        await boss.updateQueue(kind.name, { ...options, heartbeatSeconds: heartbeatSeconds ?? null });
      else
        await boss.createQueue(kind.name, { ...options, ...(heartbeatSeconds ? { heartbeatSeconds } : {}) });
    }
    return boss;
  });
  if (opts.schedule ?? true) {
    for (const [name, cron] of opts.schedules ?? []) await boss.schedule(name, cron, {});
  }
  return {
    boss,
    kinds: opts.kinds,
    async send(kind, data, options) {
      const name = typeof kind === "string" ? kind : kind.name;
      const id = await boss.send(name, data, options ?? {});
      if (!id)
        throw new Error(`The ${name} job was not queued (a job with the same key is already waiting).`);
      return id;
    },
    // getJobById is deprecated in pg-boss 12: findJobs by id gives the same job.
    job: async (kind, id) => (await boss.findJobs<object>(kind, { id }))[0] ?? null,
    async cancel(kind, id) {
      await boss.cancel(kind, id);
    },
  };
}

/**
 * Start the workers of the queue's job kinds in this process. Returns a function that stops taking
 * new jobs (the jobs in progress go on until the queue itself stops).
 */
export async function startWorkers(queue: Queue, ctx: WorkerContext): Promise<() => Promise<void>> {
  for (const kind of queue.kinds) {
    // A job with heartbeatSeconds is heartbeaten by work() itself while its handler runs.
    await queue.boss.work<object>(
      kind.name,
      {
        batchSize: 1,
        pollingIntervalSeconds: 1,
        includeMetadata: true,
        localConcurrency: kind.concurrency ?? 1,
      },
      async ([job]) => {
        if (!job) return;
        ctx.log(`[job] ${kind.name} ${job.id} started (attempt ${job.retryCount + 1})`);
        try {
          const out = await kind.handle(job.data, ctx, { id: job.id, retryCount: job.retryCount });
          ctx.log(`[job] ${kind.name} ${job.id} completed`);
          return out ?? undefined;
        } catch (e) {
          ctx.log(`[job] ${kind.name} ${job.id} failed: ${(e as Error).message}`);
          throw e;
        }
      },
    );
  }
  return async () => {
    // Without waiting: the caller hands the runs in progress back first (pg-boss 12 would wait here).
    for (const kind of queue.kinds) await queue.boss.offWork(kind.name, { wait: false });
  };
}
