// The preview thread (issue 29 item 2): one thread kept for the process, so previews never hold
// the web process's event loop and the dispatch stays in V8's optimising tier between edits.
// Each message is one preview: the first year of the forecast's first world view and strategy.
import { parentPort } from "node:worker_threads";
import { parseForecastInput } from "../../engine/forecast/index.ts";
import { previewYear } from "../../engine/forecast/preview.ts";
import { marketYear } from "../../engine/worldview/index.ts";
import type { PreviewJob, PreviewReply } from "./preview.ts";

parentPort!.on("message", (job: PreviewJob) => {
  let reply: PreviewReply;
  try {
    const t0 = performance.now();
    const p = parseForecastInput(job.input);
    const year = new Date(p.startDate).getUTCFullYear();
    const my = marketYear(job.scenarioId, year, { zone: job.zone, intervalMinutes: job.intervalMinutes });
    const preview = previewYear(p, job.scenarioId, p.revenueStrategies[0], my);
    reply = { id: job.id, preview, elapsedMs: performance.now() - t0 };
  } catch (e) {
    reply = { id: job.id, error: e instanceof Error ? e.message : String(e) };
  }
  parentPort!.postMessage(reply);
});
