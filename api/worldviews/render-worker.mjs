// Worker-thread entry: TypeScript via tsx, then render one world-view file (api/worldviews/render.ts).
// The engine is CPU-heavy; it runs here, never on the web process's event loop.
import { parentPort, workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
try {
  const { renderToFile } = await import("./render.ts");
  const out = await renderToFile(workerData.kind, workerData.scenarioId, workerData.out);
  parentPort.postMessage({ ok: true, ...out });
} catch (e) {
  parentPort.postMessage({ ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
}
