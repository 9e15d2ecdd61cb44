// Zips of run result files: at once (download-multiple-runs) or as a background job (zip archives,
// spec §7 "Downloads of archives"), owned by a user or an anonymous visitor (user_id).
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { forecastRuns, runZipArchives } from "../db/schema/index.ts";
import { zipSync } from "fflate";
import { format } from "date-fns";
import { badRequest, subscriptionRequired } from "../http/errors.ts";
import { findRun, isLocked, shownStatus, visibleTo, type Viewer } from "./runs.ts";
import { LIBRARY_SUBSCRIPTION, subscriptionName } from "./permissions.ts";

export const RUN_ZIP_JOB = "run-zip-archive";

/** The runs' files, checked: each visible, unlocked (spec §4 download rule), ready and with a file. */
export async function checkedRunFiles(
  db: Db,
  viewer: Viewer,
  runIds: string[],
): Promise<{ name: string; data: Buffer }[]> {
  const errors: string[] = [];
  const files: { name: string; data: Buffer }[] = [];
  const used = new Set<string>();
  for (const id of [...new Set(runIds)]) {
    const row = await findRun(db, id);
    if (!row || !visibleTo(row, viewer)) {
      errors.push(`Run ${id} was not found.`);
      continue;
    }
    if (isLocked(row, viewer)) {
      const key = row.subscription ?? LIBRARY_SUBSCRIPTION[row.market_region]!;
      throw subscriptionRequired(`This run is for ${subscriptionName(key)} subscribers`, {
        key,
        name: subscriptionName(key),
      });
    }
    if (shownStatus(row) !== "ready_for_review" || !row.has_file) {
      errors.push(`The run '${row.run_name}' has no result file yet.`);
      continue;
    }
    const [stored] = await db
      .select({ file: forecastRuns.resultFile })
      .from(forecastRuns)
      .where(eq(forecastRuns.id, id));
    let name = row.result_file_name ?? `${id}.xlsx`;
    for (let i = 2; used.has(name); i++) name = name.replace(/(\.xlsx)$|$/, ` (${i})$1`);
    used.add(name);
    files.push({ name, data: stored.file! });
  }
  if (errors.length) throw badRequest({ forecastRunsId: errors }, errors[0]);
  return files;
}

export function zipOf(
  files: { name: string; data: Buffer }[],
  preparedFor?: { fullName?: string; companyName?: string },
): Buffer {
  const entries: Record<string, Uint8Array> = {};
  for (const f of files) entries[f.name] = new Uint8Array(f.data);
  const who = [preparedFor?.fullName, preparedFor?.companyName].filter(Boolean).join(", ");
  entries["README.txt"] = new TextEncoder().encode(
    `Voltcast forecast runs${who ? ` prepared for ${who}` : ""} on ${new Date().toISOString().slice(0, 10)}.\n` +
      files.map((f) => `- ${f.name}`).join("\n") +
      "\n",
  );
  return Buffer.from(zipSync(entries, { level: 6 }));
}

export function zipName(now = new Date()): string {
  return `forecast_runs_${format(now, "dd_MM_yyyy")}.zip`;
}

export function serializeArchive(row: typeof runZipArchives.$inferSelect) {
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    forecastRunsId: row.runIds,
    zipFile: row.status === "completed" ? `/api/v1/forecast/run-library/zip-archives/${row.id}/file/` : null,
    fileName: row.fileName,
    error: row.error,
  };
}
