// Prepares a dataset download: one CSV per dataset (interval start in UTC, value), plus a
// README.txt describing them, zipped into the data folder. The download row goes to 'ready' with
// the zip's path, or to 'failed' with the error once the retries are spent.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { format } from "date-fns";
import { defineJob } from "../types.ts";
import { getDataset, type Dataset } from "../../datasets/store.ts";
import { DOWNLOAD_JOB, downloadsDir } from "../../downloads/datasetDownloads.ts";
import { writeZip } from "../../downloads/zip.ts";
import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { datasetDownloads, datasetPoints } from "../../db/schema/index.ts";
import { failureText } from "../../http/failures.ts";

const DAY = 86_400_000;
const ROWS_PER_CHUNK = 5000;

async function* csvOf(db: Db, d: Dataset, from: Date | null, to: Date | null): AsyncGenerator<string> {
  yield `interval_start_utc,value_${d.unit.replace(/[^A-Za-z0-9]+/g, "_").replace(/_$/, "")}\n`;
  let after: Date | null = from ? new Date(from.getTime() - 1) : null;
  for (;;) {
    const p = datasetPoints;
    const rows = await db
      .select({ ts: p.ts, value: p.value })
      .from(p)
      .where(and(eq(p.datasetId, d.id), after ? gt(p.ts, after) : undefined, to ? lt(p.ts, to) : undefined))
      .orderBy(asc(p.ts))
      .limit(ROWS_PER_CHUNK);
    if (!rows.length) return;
    yield rows.map((r) => `${r.ts.toISOString().replace(".000Z", "Z")},${r.value}`).join("\n") + "\n";
    after = rows.at(-1)!.ts;
    if (rows.length < ROWS_PER_CHUNK) return;
  }
}

function readme(datasets: Dataset[], startDate: string | null, endDate: string | null) {
  const lines = [
    "Voltcast dataset download",
    `Prepared: ${new Date().toISOString()}`,
    `Dates: ${startDate ?? "first available"} to ${endDate ?? "last available"} (UTC days, end date included)`,
    "",
    "Each CSV has the start of each interval in UTC and the value in the unit named in its header.",
    "",
  ];
  for (const d of datasets) {
    lines.push(
      `${d.slug}.csv — ${d.title}`,
      `  region: ${d.region}; geography: ${d.geography}; granularity: ${d.granularity}; unit: ${d.unit}`,
      `  source: ${d.source}${d.synthetic ? " (synthetic: generated, not measured)" : ""}`,
      d.description ? `  ${d.description}` : "",
      "",
    );
  }
  return lines.join("\n");
}

export const datasetDownload = defineJob<{ downloadId: string }>({
  name: DOWNLOAD_JOB,
  retryLimit: 2,
  retryDelaySeconds: 5,
  expireInSeconds: 600,
  concurrency: 1,
  async handle({ downloadId }, ctx, job) {
    const dd = datasetDownloads;
    const [row] = await ctx.db
      .select({ datasetIds: dd.datasetIds, startDate: dd.startDate, endDate: dd.endDate })
      .from(dd)
      .where(eq(dd.id, downloadId));
    if (!row) return { skipped: "the download was deleted" };
    try {
      const datasets: Dataset[] = [];
      for (const id of row.datasetIds) {
        const d = await getDataset(ctx.db, id);
        if (d) datasets.push(d);
      }
      if (!datasets.length) throw new Error("None of the datasets exist any more.");
      const from = row.startDate ? new Date(`${row.startDate}T00:00:00Z`) : null;
      const to = row.endDate ? new Date(Date.parse(`${row.endDate}T00:00:00Z`) + DAY) : null;
      const dir = downloadsDir(ctx.dataDir);
      mkdirSync(dir, { recursive: true });
      const file = path.join(
        dir,
        `datasets_${format(new Date(), "dd_MM_yyyy")}_${downloadId.slice(0, 8)}.zip`,
      );
      await writeZip(file, [
        { name: "README.txt", chunks: [readme(datasets, row.startDate, row.endDate)] },
        ...datasets.map((d) => ({ name: `${d.slug}.csv`, chunks: csvOf(ctx.db, d, from, to) })),
      ]);
      const { rowCount } = await ctx.db
        .update(dd)
        .set({ status: "ready", zipFile: file, error: null, updatedAt: sql`now()` })
        .where(eq(dd.id, downloadId));
      if (!rowCount) {
        // Deleted while being prepared: leave nothing behind.
        await import("node:fs/promises").then((fs) => fs.rm(file, { force: true }));
      }
      return { file: path.basename(file) };
    } catch (e) {
      if (job.retryCount >= 2) {
        await ctx.db
          .update(dd)
          .set({ status: "failed", error: failureText(e).slice(0, 500), updatedAt: sql`now()` })
          .where(eq(dd.id, downloadId));
      }
      throw e;
    }
  },
});
