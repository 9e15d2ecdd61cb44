// Forecast runs on the queue: one job per run (api/forecasts/pipeline.ts). A job whose worker
// died stops heartbeating and is retried (the run resumes); when the retries are spent the job
// goes to forecast-run-dead, which fails the run with its reason.
import { defineJob, HEARTBEAT_SECONDS } from "../types.ts";
import { executeRun, failAbandonedRun } from "../../forecasts/pipeline.ts";
import { FORECAST_RUN_DEAD_JOB, FORECAST_RUN_JOB, FORECAST_RUN_SHORT_JOB } from "../../forecasts/runs.ts";
import { parseEnv } from "../../config.ts";

// Retries: a worker killed or stopped (handed back) costs one; four leave room for restarts.
export const forecastRun = defineJob<{ runId: string }>({
  name: FORECAST_RUN_JOB,
  retryLimit: 4,
  retryDelaySeconds: 1,
  // The default; each run's job is sent with its own expiry (runExpirySeconds()).
  expireInSeconds: 1800,
  heartbeatSeconds: HEARTBEAT_SECONDS,
  /** Runs computed at once per worker process (VOLTCAST_FORECAST_CONCURRENCY, default 1): each takes a core. */
  get concurrency() {
    return parseEnv().VOLTCAST_FORECAST_CONCURRENCY;
  },
  handle: (data, ctx, job) => executeRun(ctx, data.runId, job),
});

/** Short runs' own lane (one at a time per worker process), next to the long runs' slots. */
export const forecastRunShort = defineJob<{ runId: string }>({
  name: FORECAST_RUN_SHORT_JOB,
  retryLimit: 4,
  retryDelaySeconds: 1,
  expireInSeconds: 1800,
  heartbeatSeconds: HEARTBEAT_SECONDS,
  concurrency: 1,
  handle: (data, ctx, job) => executeRun(ctx, data.runId, job),
});

export const forecastRunDead = defineJob<{ runId: string }>({
  name: FORECAST_RUN_DEAD_JOB,
  retryLimit: 5,
  retryDelaySeconds: 5,
  expireInSeconds: 120,
  handle: (data, ctx) => failAbandonedRun(ctx, data.runId),
});
