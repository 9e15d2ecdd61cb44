// Dataset downloads (spec §4, §7, §8): a request to prepare datasets as a zip of CSVs, owned by a
// user or an anonymous visitor, prepared by a queue job (api/jobs/kinds/datasetDownload.ts).
// States: preparing → ready (zip file) or failed; a failed one can be retried; any can be deleted.
import path from "node:path";
import { rm } from "node:fs/promises";
import { and, desc, eq, gt, or, sql } from "drizzle-orm";
import { qualified, type Db, type Row } from "../db/client.ts";
import { datasetDownloads, datasets as datasetsTable } from "../db/schema/index.ts";
import { badRequest, conflict, notFound, subscriptionRequired } from "../http/errors.ts";
import { getDataset, type Dataset } from "../datasets/store.ts";
import { subscriptionName } from "../plotting/getData.ts";

export interface Owner {
  userId?: string;
  anonymousId?: string;
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
  db: Db,
  ids: string[],
  subscriptions: Set<string>,
): Promise<Dataset[]> {
  const found: Dataset[] = [];
  for (const id of ids) {
    const d = /^[a-z0-9-]+$/.test(id) ? await getDataset(db, id) : null;
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

const dd = datasetDownloads;
/** A download as the API shows it: the zip's file name only, and the datasets' titles. */
const shown = {
  id: dd.id,
  status: dd.status,
  createdAt: dd.createdAt,
  updatedAt: dd.updatedAt,
  zipFile: sql<string | null>`regexp_replace(${dd.zipFile}, '^.*/', '')`,
  datasetIds: dd.datasetIds,
  startDate: dd.startDate,
  endDate: dd.endDate,
  error: dd.error,
  // JSON aggregation in a correlated subquery: an SQL fragment (the builder has no json_agg).
  datasets: sql<{ id: string; title: string }[]>`coalesce((
    select json_agg(json_build_object('id', s.id::text, 'title', s.title) order by s.title)
      from ${datasetsTable} s where s.id::text = any(${qualified(dd.datasetIds)})), '[]')`,
};

/** A download as the API shows it (typed from the shape above). */
export type DatasetDownload = Row<typeof shown>;

const ownedBy = (owner: Owner) =>
  owner.userId ? eq(dd.userId, owner.userId) : eq(dd.anonymousId, owner.anonymousId!);

/** How long an identical request answers with the download already made (a reload, a double click). */
const SAME_REQUEST_MINUTES = 10;

/**
 * A download of these datasets and dates for this owner: the one already preparing (or made in the
 * last few minutes) when the same request comes again, else a new one (`created`: queue its job).
 */
export async function createDownload(
  db: Db,
  owner: Owner,
  datasets: Dataset[],
  startDate: string | null,
  endDate: string | null,
): Promise<{ download: DatasetDownload; created: boolean }> {
  const ids = datasets.map((d) => String(d.id)).sort();
  const key = owner.userId ?? owner.anonymousId!;
  const { id, created } = await db.transaction(async (tx) => {
    // One request at a time per owner, so two identical ones at once make one download.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('dataset-download:' || ${key}::text))`);
    const [same] = await tx
      .select({ id: dd.id })
      .from(dd)
      .where(
        and(
          ownedBy(owner),
          sql`(select array_agg(x order by x) from unnest(${dd.datasetIds}) x) = ${sql.param(ids)}::text[]`,
          sql`${dd.startDate} is not distinct from ${startDate}::date`,
          sql`${dd.endDate} is not distinct from ${endDate}::date`,
          or(
            eq(dd.status, "preparing"),
            and(
              eq(dd.status, "ready"),
              gt(dd.createdAt, sql`now() - make_interval(mins => ${SAME_REQUEST_MINUTES})`),
            ),
          ),
        ),
      )
      .orderBy(desc(dd.createdAt))
      .limit(1);
    if (same) return { id: same.id, created: false };
    const [row] = await tx
      .insert(dd)
      .values({
        userId: owner.userId ?? null,
        anonymousId: owner.userId ? null : owner.anonymousId,
        datasetIds: ids,
        startDate,
        endDate,
      })
      .returning({ id: dd.id });
    return { id: row.id, created: true };
  });
  return { download: await getDownload(db, owner, id), created };
}

export async function setJobId(db: Db, id: string, jobId: string) {
  await db.update(dd).set({ jobId }).where(eq(dd.id, id));
}

export async function getDownload(db: Db, owner: Owner, id: string): Promise<DatasetDownload> {
  if (!UUID.test(id)) throw notFound("No such download.");
  const [row] = await db
    .select(shown)
    .from(dd)
    .where(and(eq(dd.id, id), ownedBy(owner)));
  if (!row) throw notFound("No such download.");
  return row;
}

export async function listDownloads(
  db: Db,
  owner: Owner,
  status?: DatasetDownload["status"],
): Promise<DatasetDownload[]> {
  return db
    .select(shown)
    .from(dd)
    .where(and(ownedBy(owner), status ? eq(dd.status, status) : undefined))
    .orderBy(desc(dd.createdAt))
    .limit(100);
}

/** Back to preparing, for a failed download (the caller queues the job again). */
export async function markForRetry(db: Db, owner: Owner, id: string): Promise<DatasetDownload> {
  const d = await getDownload(db, owner, id);
  if (d.status === "preparing") throw conflict({}, "This download is still being prepared.");
  await db
    .update(dd)
    .set({ status: "preparing", error: null, zipFile: null, updatedAt: sql`now()` })
    .where(eq(dd.id, id));
  return { ...d, status: "preparing", error: null, zipFile: null };
}

/** Where the worker wrote a ready download's zip (an absolute path in the worker's data folder). */
export async function zipPathOf(db: Db, owner: Owner, id: string): Promise<{ path: string; name: string }> {
  const d = await getDownload(db, owner, id);
  if (d.status !== "ready" || !d.zipFile) throw conflict({}, "This download is not ready yet.");
  const [row] = await db.select({ zipFile: dd.zipFile }).from(dd).where(eq(dd.id, id));
  return { path: row.zipFile!, name: d.zipFile };
}

export async function deleteDownload(db: Db, owner: Owner, id: string): Promise<{ jobId: string | null }> {
  await getDownload(db, owner, id);
  const [row] = await db.delete(dd).where(eq(dd.id, id)).returning({ jobId: dd.jobId, zipFile: dd.zipFile });
  if (row?.zipFile) await rm(row.zipFile, { force: true });
  return { jobId: row?.jobId ?? null };
}
