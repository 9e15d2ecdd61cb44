// Runs forecasts in this worker thread (off the web process's event loop), one posted job at a
// time: the scenario inputs come from the world view, year by year, at the asset's zone, through
// the market-year store (built once, decision 0509); progress is posted to the parent as it goes.
// The thread is kept warm between runs (keptThreads.ts).
import { parentPort } from "node:worker_threads";
import { runForecast } from "../../engine/forecast/index.ts";
import { FIRST_YEAR, LAST_YEAR, setWorldviewCacheLimit } from "../../engine/worldview/index.ts";
import type { ForecastInput } from "../../engine/forecast/types.ts";
import type { MarketYear } from "../../engine/types.ts";
import { packDispatch } from "./dispatch.ts";
import { storedMarketYear } from "../worldviews/marketYearStore.ts";
import { KEPT_THREAD_YEAR_CACHE_BYTES } from "./keptThreads.ts";

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
      throw new Error(
        `The world view covers ${FIRST_YEAR}–${LAST_YEAR}: the year ${year} cannot be forecast. Choose an earlier start date or a shorter asset life.`,
      );
    }
    const my = storedMarketYear(id, year, { zone: job.zone, intervalMinutes: job.intervalMinutes });
    if (my.synthetic) synthetic = true;
    return my;
  };
  const days = sampleDays(job.input.startDate);
  const result = await runForecast(job.input, source, {
    workers: 0,
    days,
    onProgress: (e) => parentPort!.postMessage({ type: "progress", ...e }),
    // Each year's whole dispatch goes to the parent as it is computed (its buffer moved, not copied).
    onDispatch: (d) => {
      const packed = packDispatch(d);
      parentPort!.postMessage({ type: "dispatch", dispatch: packed }, [packed.columns.buffer as ArrayBuffer]);
    },
  });
  // The days of the first scenario and strategy: enough for the run page's "dispatch of a day" chart.
  const firstDays = result.days.slice(0, days.length);
  parentPort!.postMessage({
    type: "result",
    result: { scenarios: result.scenarios, elapsedMs: result.elapsedMs, days: firstDays },
    synthetic,
  });
}

/** Four days a season apart in the first months of operation (15 Jan, Apr, Jul, Oct on or after the start). */
export function sampleDays(startDate: string): string[] {
  const start = startDate.slice(0, 10);
  const y = Number(start.slice(0, 4));
  const candidates = [y, y + 1].flatMap((year) =>
    ["01-15", "04-15", "07-15", "10-15"].map((md) => `${year}-${md}`),
  );
  return candidates.filter((d) => d >= start).slice(0, 4);
}

setWorldviewCacheLimit(KEPT_THREAD_YEAR_CACHE_BYTES);

parentPort!.on("message", (job: EngineJob) => {
  run(job).catch((e) => {
    parentPort!.postMessage({ type: "error", message: e instanceof Error ? e.message : String(e) });
  });
});
