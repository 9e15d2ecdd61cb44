// Public entry of the forecast model (see engine/README.md).
import { Worker } from "node:worker_threads";
import { availableParallelism } from "node:os";
import type { MarketYear } from "../types.ts";
import {
  forecastInputSchema,
  type DayDispatch,
  type ForecastInput,
  type ForecastParams,
  type ForecastResult,
  type ProgressEvent,
  type ScenarioResult,
} from "./types.ts";
import { runScenario } from "./scenario.ts";
import type { RevenueStrategy } from "../markets/services/rules.ts";

export * from "./types.ts";
export { runScenario, assetModel, dispatchYear, buildYearProblem } from "./scenario.ts";
export { syntheticMarketYear } from "./synthetic.ts";

export type MarketYearSource = (scenarioId: string, year: number) => MarketYear;

export interface RunForecastOptions {
  onProgress?: (e: ProgressEvent) => void;
  /** Worker threads (default: available cores, at most the number of jobs). 0 = run in this thread. */
  workers?: number;
  /** Dates (YYYY-MM-DD) whose dispatch is returned for charts. */
  days?: string[];
}

/** Validates the input; throws a zod error naming the field. */
export function parseForecastInput(input: ForecastInput | unknown): ForecastParams {
  return forecastInputSchema.parse(input);
}

export function forecastYears(p: ForecastParams): number[] {
  const y0 = new Date(p.startDate).getUTCFullYear();
  if (!Number.isFinite(y0)) throw new Error(`invalid startDate '${p.startDate}'`);
  return Array.from({ length: p.assetLifeYears }, (_, i) => y0 + i);
}

/**
 * Runs every (scenario × revenue strategy) over the asset life. Jobs run in worker threads
 * (HiGHS is not used here; the interior-point solver is synchronous, so threads give the
 * parallelism and keep the caller's event loop free).
 */
export async function runForecast(
  input: ForecastInput | ForecastParams,
  marketYears: MarketYearSource,
  options: RunForecastOptions = {},
): Promise<ForecastResult & { days: DayDispatch[] }> {
  const t0 = performance.now();
  const p = parseForecastInput(input);
  const progress = (event: string, percentage: number, status: ProgressEvent["status"] = "success") =>
    options.onProgress?.({ event, percentage: Math.max(0, Math.min(100, Math.round(percentage))), status });
  progress("Preparing market data", 2);
  const years = forecastYears(p);
  const jobs: { scenarioId: string; strategy: RevenueStrategy; years: MarketYear[] }[] = [];
  const byScenario = new Map<string, MarketYear[]>();
  for (const s of p.macroScenarios)
    byScenario.set(
      s,
      years.map((y) => marketYears(s, y)),
    );
  const strategies =
    p.configuration === "solar" || (p.configuration === "wind" && p.windRatedPower === undefined)
      ? [p.revenueStrategies[0]]
      : p.revenueStrategies;
  for (const s of p.macroScenarios)
    for (const st of strategies) jobs.push({ scenarioId: s, strategy: st, years: byScenario.get(s)! });
  progress("Market data ready", 5);
  const totalYears = jobs.length * years.length;
  let doneYears = 0;
  const onYear = () => {
    doneYears++;
    progress(`Dispatch optimised: ${doneYears} of ${totalYears} years`, 5 + (90 * doneYears) / totalYears);
  };
  const nWorkers = Math.min(options.workers ?? availableParallelism(), jobs.length);
  let results: (ScenarioResult & { days: DayDispatch[] })[];
  if (nWorkers <= 0 || jobs.length === 1) {
    results = jobs.map((j) =>
      runScenario(p, j.scenarioId, j.strategy, j.years, onYear, { days: options.days }),
    );
  } else {
    results = await runInPool(
      nWorkers,
      jobs.map((j) => ({ params: p, ...j, days: options.days })),
      onYear,
    );
  }
  progress("Results aggregated", 100);
  return {
    scenarios: results.map((r) => ({ ...r, days: undefined }) as unknown as ScenarioResult),
    days: results.flatMap((r) => r.days),
    elapsedMs: performance.now() - t0,
  };
}

type PoolJob = {
  params: ForecastParams;
  scenarioId: string;
  strategy: RevenueStrategy;
  years: MarketYear[];
  days?: string[];
};

async function runInPool(
  n: number,
  jobs: PoolJob[],
  onYear: () => void,
): Promise<(ScenarioResult & { days: DayDispatch[] })[]> {
  const url = new URL("./worker.mjs", import.meta.url);
  const workers = Array.from({ length: n }, () => new Worker(url));
  const results: (ScenarioResult & { days: DayDispatch[] })[] = new Array(jobs.length);
  let next = 0;
  try {
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              if (next >= jobs.length) return resolve();
              const id = next++;
              w.postMessage({ id, ...jobs[id] });
            };
            w.on(
              "message",
              (m: {
                id: number;
                year?: number;
                result?: ScenarioResult & { days: DayDispatch[] };
                error?: string;
              }) => {
                if (m.error) return reject(new Error(m.error));
                if (m.year !== undefined && !m.result) return onYear();
                if (m.result) {
                  results[m.id] = m.result;
                  send();
                }
              },
            );
            w.on("error", reject);
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}
