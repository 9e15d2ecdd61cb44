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
import type pg from "pg";

const DAY = 86_400_000;
const ROWS_PER_CHUNK = 5000;

async function* csvOf(pool: pg.Pool, d: Dataset, from: Date | null, to: Date | null): AsyncGenerator<string> {
  yield `interval_start_utc,value_${d.unit.replace(/[^A-Za-z0-9]+/g, "_").replace(/_$/, "")}\n`;
  let after: Date | null = from ? new Date(from.getTime() - 1) : null;
  for (;;) {
    const { rows } = await pool.query(
      `select to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as t, ts, value from dataset_points
        where dataset_id = $1 and ($2::timestamptz is null or ts > $2) and ($3::timestamptz is null or ts < $3)
        order by ts limit ${ROWS_PER_CHUNK}`,
      [d.id, after, to],
    );
    if (!rows.length) return;
    yield rows.map((r) => `${r.t},${r.value}`).join("\n") + "\n";
    after = rows.at(-1).ts;
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
    const { rows } = await ctx.pool.query(
      `select id, dataset_ids, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date, created_at
         from dataset_downloads where id = $1`,
      [downloadId],
    );
    const row = rows[0];
    if (!row) return { skipped: "the download was deleted" };
    try {
      const datasets: Dataset[] = [];
      for (const id of row.dataset_ids as string[]) {
        const d = await getDataset(ctx.pool, id);
        if (d) datasets.push(d);
      }
      if (!datasets.length) throw new Error("None of the datasets exist any more.");
      const from = row.start_date ? new Date(`${row.start_date}T00:00:00Z`) : null;
      const to = row.end_date ? new Date(Date.parse(`${row.end_date}T00:00:00Z`) + DAY) : null;
      const dir = downloadsDir(ctx.dataDir);
      mkdirSync(dir, { recursive: true });
      const file = path.join(
        dir,
        `datasets_${format(new Date(), "dd_MM_yyyy")}_${downloadId.slice(0, 8)}.zip`,
      );
      await writeZip(file, [
        { name: "README.txt", chunks: [readme(datasets, row.start_date, row.end_date)] },
        ...datasets.map((d) => ({ name: `${d.slug}.csv`, chunks: csvOf(ctx.pool, d, from, to) })),
      ]);
      const { rowCount } = await ctx.pool.query(
        "update dataset_downloads set status = 'ready', zip_file = $2, error = null, updated_at = now() where id = $1",
        [downloadId, file],
      );
      if (!rowCount) {
        // Deleted while being prepared: leave nothing behind.
        await import("node:fs/promises").then((fs) => fs.rm(file, { force: true }));
      }
      return { file: path.basename(file) };
    } catch (e) {
      if (job.retryCount >= 2) {
        await ctx.pool.query(
          "update dataset_downloads set status = 'failed', error = $2, updated_at = now() where id = $1",
          [downloadId, (e as Error).message.slice(0, 500)],
        );
      }
      throw e;
    }
  },
});
