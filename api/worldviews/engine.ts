// Worker threads for the world-view engine (CPU-heavy: never on the web process's event loop), in
// two lanes so that a user's download never queues behind background work:
//  - "interactive": world-view files a user is waiting for (and their prewarm);
//  - "background": the datasets seed (synthetic history, forward curves).
// Each lane is one long-lived thread that runs its tasks in order and keeps the engine's year cache
// between them (a databook and the power prices of one scenario share their market years). Idle
// threads do not keep the process alive; a thread that dies is replaced on the next task.
import { Worker } from "node:worker_threads";
import type { EngineTask } from "./engine-tasks.ts";

export type EngineLane = "interactive" | "background";

interface Pending {
  resolve(v: unknown): void;
  reject(e: Error): void;
}

interface Lane {
  worker: Worker;
  pending: Map<number, Pending>;
}

const lanes = new Map<EngineLane, Lane>();
let nextId = 1;

function start(name: EngineLane): Lane {
  const worker = new Worker(new URL("./engine-worker.mjs", import.meta.url));
  const lane: Lane = { worker, pending: new Map() };
  worker.on("message", (m: { id?: number; ok?: boolean; result?: unknown; error?: string }) => {
    if (m.id === undefined) return;
    const p = lane.pending.get(m.id);
    if (!p) return;
    lane.pending.delete(m.id);
    if (!lane.pending.size) worker.unref();
    if (m.ok) p.resolve(m.result);
    else p.reject(new Error(m.error ?? "The world-view engine failed."));
  });
  const fail = (e: Error) => {
    if (lanes.get(name) === lane) lanes.delete(name);
    for (const [id, p] of lane.pending) {
      lane.pending.delete(id);
      p.reject(e);
    }
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`The world-view engine stopped (exit ${code}).`)));
  worker.unref();
  return lane;
}

/** Run a task on the engine thread of a lane. */
export function runEngineTask<T>(task: EngineTask, laneName: EngineLane = "interactive"): Promise<T> {
  let lane = lanes.get(laneName);
  if (!lane) {
    lane = start(laneName);
    lanes.set(laneName, lane);
  }
  const { worker, pending } = lane;
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    worker.ref();
    worker.postMessage({ id, task });
  });
}

/** Stop the engine threads (tests, shutdown). */
export async function stopEngine(): Promise<void> {
  const all = [...lanes.values()];
  lanes.clear();
  await Promise.all(all.map((l) => l.worker.terminate()));
}
