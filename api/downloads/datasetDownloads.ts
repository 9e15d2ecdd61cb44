// Dataset downloads (spec §4, §7, §8): a request to prepare datasets as a zip of CSVs, owned by a
// user or an anonymous visitor, prepared by a queue job (api/jobs/kinds/datasetDownload.ts).
// States: preparing → ready (zip file) or failed; a failed one can be retried; any can be deleted.
import path from "node:path";
import { rm } from "node:fs/promises";
import type pg from "pg";
import { badRequest, conflict, notFound, subscriptionRequired } from "../http/errors.ts";
import { getDataset, type Dataset } from "../datasets/store.ts";
import { subscriptionName } from "../plotting/getData.ts";

export interface Owner {
  userId?: string;
  anonymousId?: string;
}

export interface DatasetDownload {
  id: string;
  status: "preparing" | "ready" | "failed";
  createdAt: string;
  updatedAt: string;
  zipFile: string | null;
  datasetIds: string[];
  datasets: { id: string; title: string }[];
  startDate: string | null;
  endDate: string | null;
  error: string | null;
}

export const DOWNLOAD_JOB = "dataset-download";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function downloadsDir(dataDir: string) {
  return path.join(dataDir, "downloads");
}

/** The spec §8 texts for datasets the caller may not download. */
export function lockedMessage(selected: number, locked: Dataset[]): string {
  const keys = [...new Set(locked.map((d) => d.subscriptionKey!))];
  if (selected === 1) return `This Data-set requires ${subscriptionName(keys[0])} subscription`;
  if (locked.length === 1) return `One of the datasets requires ${subscriptionName(keys[0])} subscription`;
  return "Some of the datasets require a subscription upgrade";
}

/** Datasets of a download request, checked: they exist and the caller holds their subscriptions. */
export async function downloadableDatasets(
  pool: pg.Pool,
  ids: string[],
  subscriptions: Set<string>,
): Promise<Dataset[]> {
  const found: Dataset[] = [];
  for (const id of ids) {
    const d = /^[a-z0-9-]+$/.test(id) ? await getDataset(pool, id) : null;
    if (!d) throw badRequest({ datasetIds: [`No such dataset: ${id}`] });
    if (!found.some((f) => f.id === d.id)) found.push(d);
  }
  const locked = found.filter((d) => d.subscriptionKey && !subscriptions.has(d.subscriptionKey));
  if (locked.length) {
    const key = locked[0].subscriptionKey!;
    throw subscriptionRequired(lockedMessage(found.length, locked), { key, name: subscriptionName(key) });
  }
  return found;
}

const COLUMNS = `d.id, d.status, d.created_at as "createdAt", d.updated_at as "updatedAt", regexp_replace(d.zip_file, '^.*/', '') as "zipFile",
  d.dataset_ids as "datasetIds", to_char(d.start_date, 'YYYY-MM-DD') as "startDate", to_char(d.end_date, 'YYYY-MM-DD') as "endDate", d.error,
  coalesce((select json_agg(json_build_object('id', s.id::text, 'title', s.title) order by s.title)
              from datasets s where s.id::text = any(d.dataset_ids)), '[]') as datasets`;

function ownerWhere(owner: Owner, first: number) {
  return owner.userId
    ? { sql: `d.user_id = $${first}`, value: owner.userId }
    : { sql: `d.anonymous_id = $${first}`, value: owner.anonymousId };
}

export async function createDownload(
  pool: pg.Pool,
  owner: Owner,
  datasets: Dataset[],
  startDate: string | null,
  endDate: string | null,
): Promise<DatasetDownload> {
  const { rows } = await pool.query(
    `insert into dataset_downloads (user_id, anonymous_id, dataset_ids, start_date, end_date)
     values ($1, $2, $3, $4, $5) returning id`,
    [
      owner.userId ?? null,
      owner.userId ? null : owner.anonymousId,
      datasets.map((d) => String(d.id)),
      startDate,
      endDate,
    ],
  );
  return getDownload(pool, owner, rows[0].id);
}

export async function setJobId(pool: pg.Pool, id: string, jobId: string) {
  await pool.query("update dataset_downloads set job_id = $2 where id = $1", [id, jobId]);
}

export async function getDownload(pool: pg.Pool, owner: Owner, id: string): Promise<DatasetDownload> {
  if (!UUID.test(id)) throw notFound("No such download.");
  const w = ownerWhere(owner, 2);
  const { rows } = await pool.query(
    `select ${COLUMNS} from dataset_downloads d where d.id = $1 and ${w.sql}`,
    [id, w.value],
  );
  if (!rows[0]) throw notFound("No such download.");
  return rows[0];
}

export async function listDownloads(
  pool: pg.Pool,
  owner: Owner,
  status?: string,
): Promise<DatasetDownload[]> {
  const w = ownerWhere(owner, 1);
  const { rows } = await pool.query(
    `select ${COLUMNS} from dataset_downloads d where ${w.sql} and ($2::text is null or d.status = $2)
      order by d.created_at desc limit 100`,
    [w.value, status ?? null],
  );
  return rows;
}

/** Back to preparing, for a failed download (the caller queues the job again). */
export async function markForRetry(pool: pg.Pool, owner: Owner, id: string): Promise<DatasetDownload> {
  const d = await getDownload(pool, owner, id);
  if (d.status === "preparing") throw conflict({}, "This download is still being prepared.");
  await pool.query(
    "update dataset_downloads set status = 'preparing', error = null, zip_file = null, updated_at = now() where id = $1",
    [id],
  );
  return { ...d, status: "preparing", error: null, zipFile: null };
}

/** Where the worker wrote a ready download's zip (an absolute path in the worker's data folder). */
export async function zipPathOf(
  pool: pg.Pool,
  owner: Owner,
  id: string,
): Promise<{ path: string; name: string }> {
  const d = await getDownload(pool, owner, id);
  if (d.status !== "ready" || !d.zipFile) throw conflict({}, "This download is not ready yet.");
  const { rows } = await pool.query("select zip_file from dataset_downloads where id = $1", [id]);
  return { path: rows[0].zip_file, name: d.zipFile };
}

export async function deleteDownload(
  pool: pg.Pool,
  owner: Owner,
  id: string,
): Promise<{ jobId: string | null }> {
  await getDownload(pool, owner, id);
  const { rows } = await pool.query(
    "delete from dataset_downloads where id = $1 returning job_id, zip_file",
    [id],
  );
  if (rows[0]?.zip_file) await rm(rows[0].zip_file, { force: true });
  return { jobId: rows[0]?.job_id ?? null };
}
