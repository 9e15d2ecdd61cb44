// The backtest of the real historic prices (decision 0118): queued when the backtest is asked for
// and no result matches the data as they are; computes every row in a worker thread.
import { defineJob } from "../types.ts";
import { computeBacktest } from "../../backtest/compute.ts";

export const backtestRun = defineJob<Record<string, never>>({
  name: "backtest-run",
  retryLimit: 1,
  retryDelaySeconds: 60,
  // about two minutes of engine time on a small machine, with every market's real data
  expireInSeconds: 1800,
  async handle(_data, ctx) {
    return computeBacktest(ctx.db, (m) => ctx.log(`[backtest] ${m}`));
  },
});
