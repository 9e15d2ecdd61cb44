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
  type YearResult,
} from "./types.ts";
import {
  initialScenarioState,
  runScenario,
  scenarioResult,
  type ScenarioState,
  type YearRunOptions,
} from "./scenario.ts";
import type { YearTask } from "./worker-impl.ts";
import { enableExactFallback } from "../dispatch/solve.ts";
import type { RevenueStrategy } from "../markets/services/rules.ts";

export * from "./types.ts";
export { runYear, dispatchYear, buildYearProblem } from "./scenario.ts";
export type { YearDispatch } from "./scenario.ts";
export { syntheticMarketYear } from "./synthetic.ts";

export type MarketYearSource = (scenarioId: string, year: number) => MarketYear;

export interface RunForecastOptions {
  onProgress?: (e: ProgressEvent) => void;
  /** Worker threads (default: available cores, at most the number of jobs). 0 = run in this thread. */
  workers?: number;
  /** Dates (YYYY-MM-DD) whose dispatch is returned for charts. */
  days?: string[];
  /** Each year's whole interval dispatch, as it is computed (only when running in this thread: workers 0). */
  onDispatch?: YearRunOptions["onDispatch"];
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
  const jobs: { scenarioId: string; strategy: RevenueStrategy; years: LazyYears }[] = [];
  const byScenario = new Map<string, LazyYears>();
  for (const s of p.macroScenarios)
    byScenario.set(s, new LazyYears(years.length, (i) => marketYears(s, years[i])));
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
    await enableExactFallback();
    results = jobs.map((j) =>
      runScenario(p, j.scenarioId, j.strategy, j.years.all(), onYear, {
        days: options.days,
        onDispatch: options.onDispatch,
      }),
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
  years: LazyYears;
  days?: string[];
};

/**
 * A scenario's market years, each read (or built) when first asked for and then kept. The pool
 * asks for a year when it hands it out and reads the rest ahead while the threads dispatch
 * (decision 0519): reading a run's years one after another before the first thread started
 * (60 kept GB years: 0.3–0.6 s) was time no thread worked.
 */
class LazyYears {
  private readonly got: (MarketYear | undefined)[];
  constructor(
    readonly length: number,
    private readonly read: (i: number) => MarketYear,
  ) {
    this.got = new Array(length);
  }
  at(i: number): MarketYear {
    return (this.got[i] ??= this.read(i));
  }
  has(i: number): boolean {
    return this.got[i] !== undefined;
  }
  all(): MarketYear[] {
    return Array.from({ length: this.length }, (_, i) => this.at(i));
  }
}

/**
 * Year threads waiting for the next forecast: a fresh thread's first years cost several times a
 * warm one's (V8 compiles the dispatch while it runs), so a forecast's threads are kept, unreferenced
 * (they do not keep the process alive), at most one per core.
 */
const keptYearThreads: Worker[] = [];

/**
 * Runs the jobs' years on n worker threads. A scenario's years must run in order (each starts
 * from the state of charge and degradation the previous one left), so the pool hands out years,
 * not scenarios: whenever a thread is free it takes the next year of the scenario with the most
 * years still to do that has none in flight. Three scenarios on two threads then keep both busy
 * to the end. Measured on the bench's GB forecast (3 world views × 20 years): 19 s, against 26 s
 * with a whole scenario per thread on two threads (one thread did two) and 25 s on three threads
 * (three threads time-sharing two cores evict each other's caches).
 */
async function runInPool(
  n: number,
  jobs: PoolJob[],
  onYear: () => void,
): Promise<(ScenarioResult & { days: DayDispatch[] })[]> {
  const url = new URL("./worker.mjs", import.meta.url);
  const state = jobs.map(() => initialScenarioState());
  const done = jobs.map(() => [] as YearResult[]);
  const days = jobs.map(() => [] as DayDispatch[]);
  const busy = jobs.map(() => false);
  const nextTask = (): YearTask | undefined => {
    let best = -1;
    for (let j = 0; j < jobs.length; j++) {
      const left = jobs[j].years.length - done[j].length;
      if (busy[j] || left === 0) continue;
      if (best < 0 || left > jobs[best].years.length - done[best].length) best = j;
    }
    if (best < 0) return undefined;
    const j = jobs[best];
    busy[best] = true;
    return {
      id: best,
      params: j.params,
      scenarioId: j.scenarioId,
      strategy: j.strategy,
      year: j.years.at(done[best].length),
      state: state[best],
      days: j.days,
    };
  };
  const workers = Array.from({ length: n }, () => {
    const kept = keptYearThreads.pop();
    kept?.ref();
    return kept ?? new Worker(url);
  });
  let ok = false;
  try {
    await new Promise<void>((resolve, reject) => {
      const idle = [...workers];
      let running = 0;
      let settled = false;
      const dispatch = () => {
        try {
          while (idle.length) {
            const task = nextTask();
            if (!task) break;
            running++;
            idle.pop()!.postMessage(task);
          }
        } catch (e) {
          settled = true;
          return reject(e);
        }
        if (running === 0) {
          settled = true;
          resolve();
        }
      };
      // the years still to hand out, read ahead one at a time between the threads' messages, in
      // the order they are needed (a year that fails to read fails when it is handed out)
      let ahead = 0;
      const readAhead = () => {
        const per = jobs.length;
        while (!settled && ahead < per * jobs[0].years.length) {
          const j = jobs[ahead % per];
          const i = Math.floor(ahead / per);
          ahead++;
          if (i >= j.years.length || j.years.has(i)) continue;
          try {
            j.years.at(i);
          } catch {
            // handed out (and failed) later
          }
          setImmediate(readAhead);
          return;
        }
      };
      for (const w of workers) {
        w.on(
          "message",
          (m: {
            id: number;
            error?: string;
            year: YearResult;
            days: DayDispatch[];
            state: ScenarioState;
          }) => {
            running--;
            idle.push(w);
            if (m.error) {
              settled = true;
              return reject(new Error(m.error));
            }
            busy[m.id] = false;
            state[m.id] = m.state;
            done[m.id].push(m.year);
            days[m.id].push(...m.days);
            onYear();
            dispatch();
          },
        );
        w.on("error", (e) => {
          settled = true;
          reject(e);
        });
      }
      dispatch();
      setImmediate(readAhead);
    });
    ok = true;
  } finally {
    for (const w of workers) {
      w.removeAllListeners("message");
      w.removeAllListeners("error");
    }
    // Kept warm for the next forecast (decision 0509); after a failure they end.
    const keep = ok ? workers.splice(0, Math.max(0, availableParallelism() - keptYearThreads.length)) : [];
    for (const w of keep) {
      w.unref();
      w.once("error", () => {
        const k = keptYearThreads.indexOf(w);
        if (k >= 0) keptYearThreads.splice(k, 1);
      });
      keptYearThreads.push(w);
    }
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return jobs.map((j, k) => ({
    ...scenarioResult(j.params, j.scenarioId, j.strategy, done[k], state[k]),
    days: days[k],
  }));
}
