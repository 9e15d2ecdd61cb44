// The GB leaderboard (decision 0336): its own job, queued once the GB files are imported at start-up
// (api/datasets/seed.ts) and when the leaderboard is asked for while the data or assets changed —
// never behind the whole backtest. Seconds of engine time per asset.
import { defineJob } from "../types.ts";
import { computeLeaderboard } from "../../backtest/leaderboardCompute.ts";

export const gbLeaderboardRun = defineJob<Record<string, never>>({
  name: "gb-leaderboard-run",
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireInSeconds: 1200,
  async handle(_data, ctx) {
    return computeLeaderboard(ctx.db, (m) => ctx.log(`[gb-leaderboard] ${m}`));
  },
});
