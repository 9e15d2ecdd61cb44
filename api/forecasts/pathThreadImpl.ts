// Dispatches one price path of a run (decision 0403) in this worker thread, off the process's
// event loop: the run's forecast on the path's weather realisation of its world view.
import { parentPort, workerData } from "node:worker_threads";
import { runPricePath } from "../../engine/paths/index.ts";
import { FIRST_YEAR, LAST_YEAR, marketYear } from "../../engine/worldview/index.ts";
import type { ForecastInput } from "../../engine/forecast/types.ts";

export interface PathJob {
  input: ForecastInput;
  path: number;
  seed: number;
  zone?: string;
  intervalMinutes?: number;
}

async function run(job: PathJob) {
  const years = await runPricePath(job.input, job.path, {
    seed: job.seed,
    marketYears: (id, year, weatherKey) => {
      if (year < FIRST_YEAR || year > LAST_YEAR)
        throw new Error(
          `The world view covers ${FIRST_YEAR}–${LAST_YEAR}: the year ${year} cannot be forecast.`,
        );
      return marketYear(id, year, { zone: job.zone, intervalMinutes: job.intervalMinutes, weatherKey });
    },
  });
  parentPort!.postMessage({ type: "result", years });
}

run(workerData as PathJob).catch((e) => {
  parentPort!.postMessage({ type: "error", message: e instanceof Error ? e.message : String(e) });
});
