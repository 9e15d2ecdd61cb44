// Generates world-view files ahead of their first download (by default the default tier's: the
// GB Central databook and power prices, which everyone may download). Cached in the data folder.
import { defineJob } from "../types.ts";
import { getScenario } from "../../../engine/worldview/scenarios.ts";
import { worldViewFile, type WorldViewFileKind } from "../../worldviews/files.ts";

export const worldViewFiles = defineJob<{ scenarioIds: string[]; kinds?: WorldViewFileKind[] }>({
  name: "world-view-files",
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireInSeconds: 1800,
  async handle(data, ctx) {
    const made: string[] = [];
    for (const id of data.scenarioIds) {
      const s = getScenario(id);
      if (!s) continue;
      for (const kind of data.kinds ?? (["databook", "power-prices"] as const)) {
        made.push(await worldViewFile(kind, s));
      }
    }
    ctx.log(`[world views] ${made.length} file(s) ready`);
    return { files: made.length };
  },
});
