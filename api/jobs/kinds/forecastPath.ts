// A finished run's price paths (decision 0403): one job per path, taken by any worker process. A
// path whose worker died stops heartbeating and is retried elsewhere; when its retries are
// spent the dead letter marks it failed, so the run's percentiles do not wait for it.
import { defineJob, HEARTBEAT_SECONDS } from "../types.ts";
import { executePath, failDeadPath } from "../../forecasts/paths.ts";
import { FORECAST_PATH_DEAD_JOB, FORECAST_PATH_JOB } from "../../forecasts/pathQueue.ts";

export const forecastPath = defineJob<{ runId: string; path: number }>({
  name: FORECAST_PATH_JOB,
  retryLimit: 4,
  retryDelaySeconds: 1,
  // A backstop: a dead worker's path is retried within seconds, when its heartbeat stops.
  expireInSeconds: 1800,
  heartbeatSeconds: HEARTBEAT_SECONDS,
  // One path at a time per worker process: each takes a core (more processes, more paths at once).
  concurrency: 1,
  handle: (data, ctx, job) => executePath(ctx, data.runId, data.path, job),
});

export const forecastPathDead = defineJob<{ runId: string; path: number }>({
  name: FORECAST_PATH_DEAD_JOB,
  retryLimit: 5,
  retryDelaySeconds: 5,
  expireInSeconds: 120,
  handle: (data, ctx) => failDeadPath(ctx, data.runId, data.path),
});
