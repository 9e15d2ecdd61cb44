// Market data at start, without delaying it: queue the datasets seed (real shared data when present,
// else synthetic history; forward curves) and the default tier's world-view files. Both jobs skip
// what is already done, so this runs at every start.
// VOLTCAST_SEED_DATASETS: "auto" (default): real shared data when present, else synthetic history,
// every market; "gb": Great Britain only (quick: browser tests); "synthetic": synthetic history even
// when real data exist; "off": nothing (the default under NODE_ENV=test, so integration tests stay quick).
import type { ApiContext } from "../http/context.ts";
import { datasetsSeed } from "../jobs/kinds/datasetsSeed.ts";
import { markImportQueued } from "../datasets/importProgress.ts";
import { worldViewFiles } from "../jobs/kinds/worldViewFiles.ts";
import { defaultScenario } from "../../engine/worldview/scenarios.ts";
import { parseEnv } from "../config.ts";

export async function queueMarketData(
  ctx: ApiContext,
  log: (m: string) => void,
  env?: Record<string, string | undefined>,
): Promise<void> {
  const setting = parseEnv(env).VOLTCAST_SEED_DATASETS;
  if (setting === "off") return;
  const send = async (kind: Parameters<ApiContext["queue"]["send"]>[0], data: object, key: string) => {
    try {
      await ctx.queue.send(kind, data, { singletonKey: key });
    } catch {
      // Already queued by an earlier start: nothing to do.
    }
  };
  // the library says the data are coming from now on, not only once a worker takes the job (marked
  // before sending: a quick import could otherwise finish before the mark and be shown as queued)
  await markImportQueued(ctx.db);
  await send(
    datasetsSeed,
    setting === "synthetic" ? { mode: "synthetic" } : setting === "gb" ? { scope: "gb" } : {},
    "datasets-seed",
  );
  await send(worldViewFiles, { scenarioIds: [defaultScenario("GB").id] }, "world-view-files-default");
  log("Queued the market data seed (datasets, forward curves, default world-view files)");
}
