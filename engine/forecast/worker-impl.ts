// Runs scenario jobs sent by engine/forecast/pool.ts (one job = one scenario × strategy).
import { parentPort } from "node:worker_threads";
import { runScenario } from "./scenario.ts";
import type { MarketYear } from "../types.ts";
import type { ForecastParams } from "./types.ts";
import type { RevenueStrategy } from "../markets/services/rules.ts";

interface Job {
  id: number;
  params: ForecastParams;
  scenarioId: string;
  strategy: RevenueStrategy;
  years: MarketYear[];
  days?: string[];
}

parentPort!.on("message", (job: Job) => {
  try {
    const result = runScenario(
      job.params,
      job.scenarioId,
      job.strategy,
      job.years,
      (y) => parentPort!.postMessage({ id: job.id, year: y.year }),
      { days: job.days },
    );
    parentPort!.postMessage({ id: job.id, result });
  } catch (e) {
    parentPort!.postMessage({ id: job.id, error: e instanceof Error ? e.message : String(e) });
  }
});
