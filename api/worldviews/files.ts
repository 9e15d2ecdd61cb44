// Databook (xlsx) and power-price (csv) files of each world view, generated once per engine model
// version and kept in the data folder (VOLTCAST_DATA_DIR/worldviews/<modelVersion>/). Generation
// runs in a worker thread (one at a time: the machine is small), written under a temporary name
// and renamed, so a half-written file is never served; concurrent requests share one generation.
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { Scenario } from "../../engine/worldview/scenarios.ts";

export type WorldViewFileKind = "databook" | "power-prices";

/** Where generated world-view files are kept. */
export function worldViewDir(modelVersion: string, env = process.env): string {
  return path.join(path.resolve(env.VOLTCAST_DATA_DIR || "./.voltcast"), "worldviews", modelVersion);
}

export function cachedPath(kind: WorldViewFileKind, s: Scenario): string {
  return path.join(worldViewDir(s.modelVersion), `${s.id}.${kind === "databook" ? "xlsx" : "csv"}`);
}

const inflight = new Map<string, Promise<string>>();
let chain: Promise<unknown> = Promise.resolve();

/** Path of the file, generating it first when it is not cached yet. */
export function worldViewFile(kind: WorldViewFileKind, s: Scenario): Promise<string> {
  const out = cachedPath(kind, s);
  if (existsSync(out)) return Promise.resolve(out);
  const hit = inflight.get(out);
  if (hit) return hit;
  const p = (chain = chain.catch(() => {}).then(() => (existsSync(out) ? out : generate(kind, s.id, out)))) as Promise<string>;
  inflight.set(out, p);
  p.finally(() => inflight.delete(out)).catch(() => {});
  return p;
}

function generate(kind: WorldViewFileKind, scenarioId: string, out: string): Promise<string> {
  mkdirSync(path.dirname(out), { recursive: true });
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./render-worker.mjs", import.meta.url), { workerData: { kind, scenarioId, out } });
    let settled = false;
    worker.once("message", (m: { ok: boolean; error?: string }) => {
      settled = true;
      if (m.ok) resolve(out);
      else reject(new Error(`Could not generate the ${kind} file of ${scenarioId}: ${m.error}`));
    });
    worker.once("error", (e) => {
      if (!settled) reject(e);
      settled = true;
    });
    worker.once("exit", (code) => {
      if (!settled) reject(new Error(`The ${kind} generator of ${scenarioId} stopped (exit ${code}).`));
    });
  });
}
