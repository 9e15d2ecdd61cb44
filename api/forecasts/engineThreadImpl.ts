// Runs one forecast in this worker thread (off the web process's event loop): the scenario
// inputs come from the world view (engine/worldview marketYear), year by year, at the asset's
// zone; progress is posted to the parent as it goes.
import { parentPort, workerData } from "node:worker_threads";
import { runForecast } from "../../engine/forecast/index.ts";
import { FIRST_YEAR, LAST_YEAR, marketYear } from "../../engine/worldview/index.ts";
import type { ForecastInput } from "../../engine/forecast/types.ts";
import type { MarketYear } from "../../engine/types.ts";

export interface EngineJob {
  input: ForecastInput;
  scenarioId: string;
  /** World-view zone: ERCOT load zone or NEM price region. */
  zone?: string;
  /** Dispatch resolution in minutes (default: the market's settlement interval). */
  intervalMinutes?: number;
}

async function run(job: EngineJob) {
  let synthetic = false;
  const source = (id: string, year: number): MarketYear => {
    if (year < FIRST_YEAR || year > LAST_YEAR) {
      throw new Error(`The world view covers ${FIRST_YEAR}–${LAST_YEAR}: the year ${year} cannot be forecast. Choose an earlier start date or a shorter asset life.`);
    }
    const my = marketYear(id, year, { zone: job.zone, intervalMinutes: job.intervalMinutes });
    if (my.synthetic) synthetic = true;
    return my;
  };
  const result = await runForecast(job.input, source, {
    workers: 0,
    onProgress: (e) => parentPort!.postMessage({ type: "progress", ...e }),
  });
  parentPort!.postMessage({ type: "result", result: { scenarios: result.scenarios, elapsedMs: result.elapsedMs }, synthetic });
}

run(workerData as EngineJob).catch((e) => {
  parentPort!.postMessage({ type: "error", message: e instanceof Error ? e.message : String(e) });
});
