// Runs year tasks sent by the forecast pool (engine/forecast/index.ts): one task = one year of
// one scenario × strategy, from the state the scenario's previous year left.
import { parentPort } from "node:worker_threads";
import { runYear, type ScenarioState } from "./scenario.ts";
import { enableExactFallback } from "../dispatch/solve.ts";
import type { MarketYear } from "../types.ts";
import type { ForecastParams } from "./types.ts";
import type { RevenueStrategy } from "../markets/services/rules.ts";

export interface YearTask {
  id: number;
  params: ForecastParams;
  scenarioId: string;
  strategy: RevenueStrategy;
  year: MarketYear;
  state: ScenarioState;
  days?: string[];
}

const ready = enableExactFallback();

parentPort!.on("message", async (task: YearTask) => {
  try {
    await ready;
    const out = runYear(task.params, task.scenarioId, task.strategy, task.year, task.state, {
      days: task.days,
    });
    parentPort!.postMessage({ id: task.id, ...out });
  } catch (e) {
    parentPort!.postMessage({ id: task.id, error: e instanceof Error ? e.message : String(e) });
  }
});
