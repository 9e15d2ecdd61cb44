// Worker-thread entry for the world-view engine (CPU-heavy: it never runs on the web process's
// event loop). TypeScript via tsx; then one task at a time from the parent (api/worldviews/engine.ts).
import { parentPort } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { runTask } = await import("./engine-tasks.ts");
parentPort.on("message", async ({ id, task }) => {
  try {
    const { result, transfer } = await runTask(task);
    parentPort.postMessage({ id, ok: true, result }, transfer ?? []);
  } catch (e) {
    parentPort.postMessage({ id, ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
});
parentPort.postMessage({ ready: true });
