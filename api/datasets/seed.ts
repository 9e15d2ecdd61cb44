// Filling the store at first start (run by the datasets-seed queue job, api/jobs/kinds/datasetsSeed.ts):
//   1. the real files of the shared data folder, when present (files already imported and not
//      changed since are skipped, so a restart or a retry resumes where it stopped);
//   2. otherwise a synthetic history per market (engine/worldview syntheticHistory), labelled
//      'synthetic' as its data source;
//   3. the hourly forward curve of each region's Central world view.
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import type pg from "pg";
import { filesUnder, importFile } from "./importer.ts";
import { seedForwardCurves, seedSyntheticHistory, SYNTHETIC_SPECS } from "./synthetic.ts";

/** The shared data folder (real public data), from the environment. */
export function sharedDataDir(env = process.env): string {
  return path.resolve(env.VOLTCAST_SHARED_DATA_DIR || "../shared/data");
}

/** The folders of the shared data folder that hold market time series, smallest markets first. */
export const SHARED_SUBFOLDERS = [
  "prices/gb",
  "generation/gb",
  "prices/germany",
  "prices/spain",
  "prices/ercot",
  "ancillary/ercot",
  "prices/nem",
  "ancillary/nem",
];

export interface SeedReport {
  mode: "shared" | "synthetic";
  files: number;
  skipped: number;
  points: number;
  seconds: number;
}

/** Pause after each step for `busy × (1 - duty) / duty` so the seed leaves the machine to users. */
async function breathe(busyMs: number, duty: number) {
  if (duty >= 1) return;
  await new Promise((r) => setTimeout(r, Math.min(30_000, (busyMs * (1 - duty)) / Math.max(0.05, duty))));
}

export async function seedDatasets(
  pool: pg.Pool,
  opts: {
    mode?: "shared" | "synthetic";
    /** "gb": only Great Britain (its files and forward curve) — quick, e.g. for browser tests. */
    scope?: "all" | "gb";
    dir?: string;
    log?: (m: string) => void;
    forwardCurves?: boolean;
    /** Share of time the seed may be busy (0 < duty <= 1); default 0.5. */
    duty?: number;
  } = {},
): Promise<SeedReport> {
  const duty = opts.duty ?? 0.5;
  const gbOnly = opts.scope === "gb";
  const log = opts.log ?? (() => {});
  const started = Date.now();
  const dir = opts.dir ?? sharedDataDir();
  const mode = opts.mode ?? (existsSync(path.join(dir, "prices")) ? "shared" : "synthetic");
  let files = 0;
  let skipped = 0;
  let points = 0;
  if (mode === "shared") {
    const all = SHARED_SUBFOLDERS.filter((s) => !gbOnly || s.endsWith("/gb"))
      .map((s) => path.join(dir, s))
      .filter((p) => existsSync(p))
      .flatMap((p) => filesUnder(p));
    const done = await importedAt(pool);
    for (const [i, file] of all.entries()) {
      const origin = path.relative(dir, file);
      const at = done.get(origin);
      if (at && at >= statSync(file).mtimeMs) {
        skipped++;
        continue;
      }
      const r = await importFile(pool, file, { root: dir });
      if (r.skipped) {
        log(`${i + 1}/${all.length} ${origin}: skipped (${r.skipped})`);
        continue;
      }
      files++;
      points += r.points;
      log(
        `${i + 1}/${all.length} ${origin}: ${r.datasets.length} dataset(s), ${r.points} points in ${(r.ms / 1000).toFixed(1)} s`,
      );
      await breathe(r.ms, duty);
    }
  } else {
    const r = await seedSyntheticHistory(
      pool,
      log,
      gbOnly ? SYNTHETIC_SPECS.filter((x) => x.region === "GB") : SYNTHETIC_SPECS,
    );
    files += r.series;
    points += r.points;
  }
  if (opts.forwardCurves !== false) {
    const r = await seedForwardCurves(pool, log, gbOnly ? { regions: ["GB"] } : {});
    points += r.points;
  }
  const seconds = (Date.now() - started) / 1000;
  log(
    `done (${mode}): ${files} file(s)/series loaded, ${skipped} unchanged, ${points} points in ${seconds.toFixed(1)} s`,
  );
  return { mode, files, skipped, points, seconds };
}

/** origin → last import time (ms) of files already in the store. */
async function importedAt(pool: pg.Pool): Promise<Map<string, number>> {
  const { rows } = await pool.query(
    "select origin, min(imported_at) as at from dataset_imports group by origin",
  );
  return new Map(rows.map((r) => [r.origin as string, (r.at as Date).getTime()]));
}
