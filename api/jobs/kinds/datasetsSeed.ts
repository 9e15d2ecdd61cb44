// First start: fill the time-series store. Real files of the shared data folder when present
// (VOLTCAST_SHARED_DATA_DIR, default ../shared/data), otherwise a synthetic history per market;
// then the hourly forward curve of each world view (Central first). Runs as a queue job so the
// server starts at once; each file is its own transaction, so datasets appear as they are loaded.
import { defineJob } from "../types.ts";
import { seedDatasets } from "../../datasets/seed.ts";
import { gbLeaderboardRun } from "./gbLeaderboardRun.ts";

export const datasetsSeed = defineJob<{ mode?: "shared" | "synthetic"; scope?: "all" | "gb" }>({
  name: "datasets-seed",
  retryLimit: 2,
  retryDelaySeconds: 30,
  // The full real-data import takes a few minutes on a small machine.
  expireInSeconds: 3600,
  async handle(data, ctx) {
    return seedDatasets(ctx.db, {
      mode: data.mode,
      scope: data.scope,
      log: (m) => ctx.log(`[datasets] ${m}`),
      // the GB leaderboard starts as soon as its data are in (decision 0336), not after every market
      afterGb: async () => {
        await ctx
          .send?.(gbLeaderboardRun.name, {}, { singletonKey: "gb-leaderboard-after-import" })
          .catch(() => {}); // already queued
      },
    });
  },
});
