// A finished run's price paths (decision 0403): one job per path, taken by any worker process. A
// path whose worker died is failed by the run watch and retried elsewhere; when its retries are
// spent the dead letter marks it failed, so the run's percentiles do not wait for it.
import { defineJob } from "../types.ts";
import { executePath, failDeadPath } from "../../forecasts/paths.ts";
import { FORECAST_PATH_DEAD_JOB, FORECAST_PATH_JOB } from "../../forecasts/pathQueue.ts";

export const forecastPath = defineJob<{ runId: string; path: number }>({
  name: FORECAST_PATH_JOB,
  retryLimit: 4,
  retryDelaySeconds: 1,
  // A backstop: the run watch retries a dead worker's path within seconds (its lock is gone).
  expireInSeconds: 1800,
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
