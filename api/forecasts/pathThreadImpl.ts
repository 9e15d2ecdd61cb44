// Dispatches price paths of runs (decision 0403) in this worker thread, off the process's event
// loop: each posted job is the run's forecast on one path's weather realisation of its world view.
// The thread is kept warm between paths (keptThreads.ts, decision 0509); the paths' market years
// come from the store, built once for every run that shares them.
import { parentPort } from "node:worker_threads";
import { runPricePath, type PathMethod } from "../../engine/paths/index.ts";
import { FIRST_YEAR, LAST_YEAR, setWorldviewCacheLimit } from "../../engine/worldview/index.ts";
import type { ForecastInput } from "../../engine/forecast/types.ts";
import { storedMarketYear } from "../worldviews/marketYearStore.ts";
import { KEPT_THREAD_YEAR_CACHE_BYTES } from "./keptThreads.ts";

export interface PathJob {
  input: ForecastInput;
  path: number;
  seed: number;
  /** Whole years or sampled weeks (decision 0512); default whole. */
  method?: PathMethod;
  zone?: string;
  intervalMinutes?: number;
}

setWorldviewCacheLimit(KEPT_THREAD_YEAR_CACHE_BYTES);

async function run(job: PathJob) {
  const years = await runPricePath(job.input, job.path, {
    seed: job.seed,
    method: job.method,
    marketYears: (id, year, weatherKey) => {
      if (year < FIRST_YEAR || year > LAST_YEAR)
        throw new Error(
          `The world view covers ${FIRST_YEAR}–${LAST_YEAR}: the year ${year} cannot be forecast.`,
        );
      return storedMarketYear(id, year, { zone: job.zone, intervalMinutes: job.intervalMinutes, weatherKey });
    },
  });
  parentPort!.postMessage({ type: "result", years });
}

parentPort!.on("message", (job: PathJob) => {
  run(job).catch((e) => {
    parentPort!.postMessage({ type: "error", message: e instanceof Error ? e.message : String(e) });
  });
});
