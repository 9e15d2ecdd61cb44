// Databook (xlsx) and power-price (csv) files of each world view, generated once and kept in the
// data folder: VOLTCAST_DATA_DIR/worldviews/<modelVersion>-<engine hash>/. The hash of the engine's
// world-view sources is part of the folder, so a changed model never serves stale files.
// Generation runs on the engine worker thread (api/worldviews/engine.ts); concurrent requests for
// the same file share one generation; files are written under a temporary name and renamed.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Scenario } from "../../engine/worldview/scenarios.ts";
import { runEngineTask } from "./engine.ts";
import { parseEnv } from "../config.ts";

export type WorldViewFileKind = "databook" | "power-prices";

const ENGINE_DIRS = ["../../engine/worldview", "../../engine/markets", "../../engine/workbook"].map((d) =>
  fileURLToPath(new URL(d, import.meta.url)),
);
let engineHash: string | null = null;
/** The production build (scripts/build.ts) writes the hash in: the image has no sources. */
declare const WORLDVIEW_ENGINE_HASH: string | undefined;

/** A short hash of the world-view engine's sources (its output is a pure function of them). */
export function worldViewEngineHash(): string {
  if (typeof WORLDVIEW_ENGINE_HASH === "string") return WORLDVIEW_ENGINE_HASH;
  if (engineHash) return engineHash;
  const h = createHash("sha256");
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, name.name);
      if (name.isDirectory()) walk(full);
      else if (name.name.endsWith(".ts")) h.update(name.name).update(readFileSync(full));
    }
  };
  ENGINE_DIRS.forEach(walk);
  engineHash = h.digest("hex").slice(0, 10);
  return engineHash;
}

/** Where generated world-view files are kept. */
export function worldViewDir(modelVersion: string): string {
  return path.join(
    path.resolve(parseEnv().VOLTCAST_DATA_DIR),
    "worldviews",
    `${modelVersion}-${worldViewEngineHash()}`,
  );
}

export function cachedPath(kind: WorldViewFileKind, s: Scenario): string {
  return path.join(worldViewDir(s.modelVersion), `${s.id}.${kind === "databook" ? "xlsx" : "csv"}`);
}

const inflight = new Map<string, Promise<string>>();

/** Path of the file, generating it first when it is not cached yet. */
export function worldViewFile(kind: WorldViewFileKind, s: Scenario): Promise<string> {
  const out = cachedPath(kind, s);
  if (existsSync(out)) return Promise.resolve(out);
  let p = inflight.get(out);
  if (!p) {
    mkdirSync(path.dirname(out), { recursive: true });
    p = runEngineTask<{ out: string }>({ kind: "file", fileKind: kind, scenarioId: s.id, out })
      .then(() => out)
      .finally(() => inflight.delete(out));
    inflight.set(out, p);
  }
  return p;
}
