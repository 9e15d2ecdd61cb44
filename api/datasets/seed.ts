// Filling the store at first start (run by the datasets-seed queue job, api/jobs/kinds/datasetsSeed.ts):
//   1. the real files of the shared data folder, when present (files already imported and not
//      changed since are skipped, so a restart or a retry resumes where it stopped);
//   2. otherwise a synthetic history per market (engine/worldview syntheticHistory), labelled
//      'synthetic' as its data source;
//   3. the hourly forward curve of each world view (Central first).
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { min } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { datasetImports } from "../db/schema/index.ts";
import { filesUnder, importFile } from "./importer.ts";
import { seedForwardCurves, seedSyntheticHistory, SYNTHETIC_SPECS } from "./synthetic.ts";
import { seedCapacityMarket } from "../backtest/capacity.ts";
import { markImportFinished, markImportProgress, markImportStarted } from "./importProgress.ts";
import { parseEnv } from "../config.ts";
import { failureText } from "../http/failures.ts";

/** The shared data folder (real public data), from the environment. */
export function sharedDataDir(): string {
  return path.resolve(parseEnv().VOLTCAST_SHARED_DATA_DIR);
}

/** The folders of the shared data folder that hold market time series, smallest markets first. */
export const SHARED_SUBFOLDERS = [
  "prices/gb",
  "ancillary/gb",
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

export async function seedDatasets(db: Db, opts: Parameters<typeof seedAll>[1] = {}): Promise<SeedReport> {
  // the library's "Importing market data… n of m files" notice reads this (importProgress.ts)
  try {
    const report = await seedAll(db, opts);
    await markImportFinished(db, null);
    return report;
  } catch (e) {
    await markImportFinished(db, failureText(e)).catch(() => {});
    throw e;
  }
}

async function seedAll(
  db: Db,
  opts: {
    mode?: "shared" | "synthetic";
    /** "gb": only Great Britain (its files and forward curve) — quick, e.g. for browser tests. */
    scope?: "all" | "gb";
    dir?: string;
    log?: (m: string) => void;
    forwardCurves?: boolean;
    /** Share of time the seed may be busy (0 < duty <= 1); default 0.5. */
    duty?: number;
    /** Called (and awaited) after each file once its progress is recorded. */
    afterFile?: (done: number, total: number) => Promise<void> | void;
    /** Called once the GB files and the Capacity Market are in (the GB leaderboard, decision 0336). */
    afterGb?: () => Promise<void> | void;
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
    const done = await importedAt(db);
    await markImportStarted(db, all.length);
    // reference data the GB leaderboard needs with the GB files, so it can start before the rest
    const cm = await seedCapacityMarket(db, dir);
    if (cm) log(`capacity/gb: ${cm} Capacity Market auction and de-rating rows`);
    const gbFolders = SHARED_SUBFOLDERS.filter((s) => s.endsWith("/gb")).map((s) => path.join(dir, s));
    const lastGb = all.findLastIndex((f) => gbFolders.some((g) => f.startsWith(g + path.sep)));
    if (lastGb < 0) await opts.afterGb?.();
    for (const [i, file] of all.entries()) {
      if (i === lastGb + 1 && lastGb >= 0) await opts.afterGb?.();
      const origin = path.relative(dir, file);
      const at = done.get(origin);
      if (at && at >= statSync(file).mtimeMs) {
        skipped++;
        await markImportProgress(db, i + 1, null);
        await opts.afterFile?.(i + 1, all.length);
        continue;
      }
      await markImportProgress(db, i, origin);
      const r = await importFile(db, file, { root: dir });
      await markImportProgress(db, i + 1, null);
      await opts.afterFile?.(i + 1, all.length);
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
    if (lastGb === all.length - 1) await opts.afterGb?.();
  } else {
    await markImportStarted(db, null);
    const r = await seedSyntheticHistory(
      db,
      log,
      gbOnly ? SYNTHETIC_SPECS.filter((x) => x.region === "GB") : SYNTHETIC_SPECS,
    );
    files += r.series;
    points += r.points;
  }
  if (opts.forwardCurves !== false) {
    const r = await seedForwardCurves(db, log, gbOnly ? { regions: ["GB"] } : {});
    points += r.points;
  }
  const seconds = (Date.now() - started) / 1000;
  log(
    `done (${mode}): ${files} file(s)/series loaded, ${skipped} unchanged, ${points} points in ${seconds.toFixed(1)} s`,
  );
  return { mode, files, skipped, points, seconds };
}

/** origin → last import time (ms) of files already in the store. */
async function importedAt(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ origin: datasetImports.origin, at: min(datasetImports.importedAt) })
    .from(datasetImports)
    .groupBy(datasetImports.origin);
  return new Map(rows.map((r) => [r.origin, r.at!.getTime()]));
}
