// Runs one forecast in this worker thread (off the web process's event loop): the scenario
// inputs come from the world view, year by year; progress is posted to the parent as it goes.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parentPort, workerData } from "node:worker_threads";
import { runForecast } from "../../engine/forecast/index.ts";
import { syntheticMarketYear } from "../../engine/forecast/synthetic.ts";
import { FIRST_YEAR, LAST_YEAR, getScenario } from "../../engine/worldview/scenarios.ts";
import type { ForecastInput } from "../../engine/forecast/types.ts";
import type { MarketRegion, MarketYear } from "../../engine/types.ts";

interface Job {
  input: ForecastInput;
  scenarioId: string;
}

type Source = (scenarioId: string, year: number) => MarketYear;

/** The world view's marketYear(scenarioId, year) when engine/worldview provides it; else the engine's synthetic series (labelled synthetic). */
async function marketYearSource(region: MarketRegion): Promise<{ source: Source; worldView: boolean }> {
  const index = fileURLToPath(new URL("../../engine/worldview/index.ts", import.meta.url));
  if (existsSync(index)) {
    const spec = "../../engine/worldview/index.ts";
    const mod = await import(spec);
    if (typeof mod.marketYear === "function") return { source: (id, year) => mod.marketYear(id, year), worldView: true };
  }
  return { source: (id, year) => syntheticMarketYear(getScenario(id)?.marketRegion ?? region, year, id), worldView: false };
}

async function run(job: Job) {
  const { source, worldView } = await marketYearSource(job.input.region as MarketRegion);
  let synthetic = !worldView;
  const tracked: Source = (id, year) => {
    if (year < FIRST_YEAR || year > LAST_YEAR) {
      throw new Error(`The world view covers ${FIRST_YEAR}–${LAST_YEAR}: the year ${year} cannot be forecast. Choose an earlier start date or a shorter asset life.`);
    }
    const my = source(id, year);
    if (my.synthetic) synthetic = true;
    return my;
  };
  const result = await runForecast(job.input, tracked, {
    workers: 0,
    onProgress: (e) => parentPort!.postMessage({ type: "progress", ...e }),
  });
  parentPort!.postMessage({ type: "result", result: { scenarios: result.scenarios, elapsedMs: result.elapsedMs }, synthetic, worldView });
}

run(workerData as Job).catch((e) => {
  parentPort!.postMessage({ type: "error", message: e instanceof Error ? e.message : String(e) });
});
