// One long-lived worker thread for the world-view engine, shared by every caller in this process:
// tasks run one at a time (the machine is small) and the engine's own year cache is reused across
// tasks (a databook and the power prices of the same scenario share their market years). The
// thread does not keep the process alive while idle, and is restarted if it dies.
import { Worker } from "node:worker_threads";
import type { EngineTask } from "./engine-tasks.ts";

interface Pending {
  resolve(v: unknown): void;
  reject(e: Error): void;
}

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function start(): Worker {
  const w = new Worker(new URL("./engine-worker.mjs", import.meta.url));
  w.on("message", (m: { id?: number; ok?: boolean; result?: unknown; error?: string; ready?: boolean }) => {
    if (m.id === undefined) return;
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (!pending.size) w.unref();
    if (m.ok) p.resolve(m.result);
    else p.reject(new Error(m.error ?? "The world-view engine failed."));
  });
  const fail = (e: Error) => {
    if (worker === w) worker = null;
    for (const [id, p] of pending) {
      pending.delete(id);
      p.reject(e);
    }
  };
  w.on("error", fail);
  w.on("exit", (code) => fail(new Error(`The world-view engine stopped (exit ${code}).`)));
  w.unref();
  return w;
}

/** Run a task on the engine thread. */
export function runEngineTask<T>(task: EngineTask): Promise<T> {
  worker ??= start();
  const w = worker;
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    w.ref();
    w.postMessage({ id, task });
  });
}

/** Stop the engine thread (tests, shutdown). */
export async function stopEngine(): Promise<void> {
  const w = worker;
  worker = null;
  if (w) await w.terminate();
}
