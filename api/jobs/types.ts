// The job kinds of the queue, typed: each kind names its payload, its retry/expiry policy and its handler.
import type { PgBoss } from "pg-boss";
import type { Db } from "../db/client.ts";

export interface WorkerContext {
  db: Db;
  secret: string;
  dataDir: string;
  log: (message: string) => void;
  /** Queues another job (a job that makes data another job needs: the GB import → the leaderboard). */
  send?: (kind: string, data: object, options?: { singletonKey?: string }) => Promise<string>;
  /** The queue, for handlers that send jobs of their own (a finished run's price paths). */
  boss?: PgBoss;
}

export interface JobInfo {
  id: string;
  /** Attempts already made before this one (0 on the first). */
  retryCount: number;
}

export interface JobKind<T extends object> {
  name: string;
  /** Retries after a failure (including a worker that died: its job expires and is retried). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** An active job not finished by then is failed (→ retried): a stuck attempt's backstop. */
  expireInSeconds: number;
  /**
   * Set for long jobs: the worker heartbeats the job while its handler runs, and a job whose
   * heartbeat stops (the worker process died) is failed and retried within about this many
   * seconds plus VOLTCAST_QUEUE_MAINTENANCE_SECONDS, long before it would expire (decision 0023).
   */
  heartbeatSeconds?: number;
  /** How many of this kind one worker process runs at once. */
  concurrency?: number;
  handle(data: T, ctx: WorkerContext, job: JobInfo): Promise<object | void>;
}

/** pg-boss's shortest heartbeat: a dead worker's job is back in the queue soonest. */
export const HEARTBEAT_SECONDS = 10;

export function defineJob<T extends object>(kind: JobKind<T>): JobKind<T> {
  return kind;
}
