// How far the market-data import is (issue 19 item 19): the seed records each file it has been
// through, so the library can say "Importing market data… n of m files" instead of showing partial
// content as if it were everything. Kept in the database because the import runs in whichever
// process took the queue job, and the web pages ask the API.
import { eq, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { datasetImportProgress as progress } from "../db/schema/index.ts";

/** The one import that fills the store at start (api/jobs/kinds/datasetsSeed.ts). */
export const SEED_IMPORT = "datasets-seed";

export type ImportStatus = "idle" | "queued" | "importing" | "done" | "failed";

export interface ImportProgress {
  /** idle: no import was ever queued (e.g. VOLTCAST_SEED_DATASETS=off). */
  status: ImportStatus;
  filesDone: number;
  /** Null while the files are not counted yet, or for a synthetic history (no files). */
  filesTotal: number | null;
  currentFile: string | null;
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
}

/** The import was queued (it starts when a worker takes it). */
export async function markImportQueued(db: Db, name = SEED_IMPORT): Promise<void> {
  await db
    .insert(progress)
    .values({ name, status: "queued" })
    .onConflictDoUpdate({
      target: progress.name,
      set: { status: "queued", error: null, updatedAt: sql`now()` },
      setWhere: ne(progress.status, "importing"),
    });
}

/** The import started, with `total` files to go through (null when it does not load files). */
export async function markImportStarted(db: Db, total: number | null, name = SEED_IMPORT) {
  const started = { status: "importing" as const, filesDone: 0, filesTotal: total, startedAt: sql`now()` };
  await db
    .insert(progress)
    .values({ name, ...started })
    .onConflictDoUpdate({
      target: progress.name,
      set: { ...started, currentFile: null, error: null, finishedAt: null, updatedAt: sql`now()` },
    });
}

/** `done` files gone through (imported, skipped as unchanged, or not importable); `current` is next. */
export async function markImportProgress(
  db: Db,
  done: number,
  current: string | null,
  name = SEED_IMPORT,
): Promise<void> {
  await db
    .update(progress)
    .set({ filesDone: done, currentFile: current, updatedAt: sql`now()` })
    .where(eq(progress.name, name));
}

export async function markImportFinished(db: Db, error: string | null, name = SEED_IMPORT) {
  await db
    .update(progress)
    .set({
      status: error ? "failed" : "done",
      error,
      currentFile: null,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(progress.name, name));
}

export async function importProgress(db: Db, name = SEED_IMPORT): Promise<ImportProgress> {
  const [r] = await db.select().from(progress).where(eq(progress.name, name));
  if (!r)
    return {
      status: "idle",
      filesDone: 0,
      filesTotal: null,
      currentFile: null,
      error: null,
      startedAt: null,
      finishedAt: null,
    };
  return {
    status: r.status,
    filesDone: r.filesDone,
    filesTotal: r.filesTotal,
    currentFile: r.currentFile,
    error: r.error,
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}
