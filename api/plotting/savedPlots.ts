// Saved charts (spec §3, §5): a user's own charts, each a title, a description and a plot query.
// Titles are unique per user, compared by their page slug (so one URL names one chart).
import type pg from "pg";
import { chartSlug, MESSAGES, type SavedChartInput } from "../../app/validation/savedChart.ts";
import { conflict, notFound } from "../http/errors.ts";

export interface SavedPlot {
  id: string;
  title: string;
  slug: string;
  description: string;
  start_date: string | null;
  end_date: string | null;
  shortcut: string | null;
  period: string | null;
  categories: string[];
  fields: string[];
  moving_average: number | null;
  chart_type: string;
  unit: string;
  createdAt: string;
  updatedAt: string;
}

const COLUMNS = `id, title, slug, description, to_char(start_date, 'YYYY-MM-DD') as start_date,
  to_char(end_date, 'YYYY-MM-DD') as end_date, shortcut, period, categories, fields, moving_average,
  chart_type, unit, created_at as "createdAt", updated_at as "updatedAt"`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function values(input: SavedChartInput) {
  return [
    input.title,
    chartSlug(input.title),
    input.description ?? "",
    input.start_date ?? null,
    input.end_date ?? null,
    input.shortcut ?? null,
    input.period ?? null,
    input.categories,
    input.fields,
    input.moving_average ?? null,
    input.chart_type,
    input.unit,
  ];
}

function isUniqueViolation(e: unknown) {
  return (e as { code?: string }).code === "23505";
}
const taken = () => conflict({ title: [MESSAGES.titleTaken] }, MESSAGES.titleTaken);

export async function createSavedPlot(
  pool: pg.Pool,
  userId: string,
  input: SavedChartInput,
): Promise<SavedPlot> {
  try {
    const { rows } = await pool.query(
      `insert into saved_plots (user_id, title, slug, description, start_date, end_date, shortcut, period,
         categories, fields, moving_average, chart_type, unit)
       values ($13, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning ${COLUMNS}`,
      [...values(input), userId],
    );
    return rows[0];
  } catch (e) {
    if (isUniqueViolation(e)) throw taken();
    throw e;
  }
}

export async function updateSavedPlot(
  pool: pg.Pool,
  userId: string,
  id: string,
  input: SavedChartInput,
): Promise<SavedPlot> {
  if (!UUID.test(id)) throw notFound("No such saved chart.");
  try {
    const { rows } = await pool.query(
      `update saved_plots set title = $1, slug = $2, description = $3, start_date = $4, end_date = $5, shortcut = $6,
         period = $7, categories = $8, fields = $9, moving_average = $10, chart_type = $11, unit = $12, updated_at = now()
       where id = $13 and user_id = $14 returning ${COLUMNS}`,
      [...values(input), id, userId],
    );
    if (!rows[0]) throw notFound("No such saved chart.");
    return rows[0];
  } catch (e) {
    if (isUniqueViolation(e)) throw taken();
    throw e;
  }
}

export async function deleteSavedPlot(pool: pg.Pool, userId: string, id: string): Promise<void> {
  if (!UUID.test(id)) throw notFound("No such saved chart.");
  const { rowCount } = await pool.query("delete from saved_plots where id = $1 and user_id = $2", [
    id,
    userId,
  ]);
  if (!rowCount) throw notFound("No such saved chart.");
}

export async function savedPlotById(pool: pg.Pool, userId: string, id: string): Promise<SavedPlot> {
  if (!UUID.test(id)) throw notFound("No such saved chart.");
  const { rows } = await pool.query(`select ${COLUMNS} from saved_plots where id = $1 and user_id = $2`, [
    id,
    userId,
  ]);
  if (!rows[0]) throw notFound("No such saved chart.");
  return rows[0];
}

/** By title or by its page slug ("My GB prices" and "my-gb-prices" find the same chart). */
export async function savedPlotByTitle(pool: pg.Pool, userId: string, title: string): Promise<SavedPlot> {
  const { rows } = await pool.query(`select ${COLUMNS} from saved_plots where slug = $1 and user_id = $2`, [
    chartSlug(title),
    userId,
  ]);
  if (!rows[0]) throw notFound("No such saved chart.");
  return rows[0];
}

/** Cursor paging, newest first. The cursor is opaque: the last row's creation time and id. */
export async function listSavedPlots(
  pool: pg.Pool,
  userId: string,
  limit: number,
  cursor?: string,
): Promise<{ results: SavedPlot[]; nextCursor: string | null; count: number }> {
  let after: [string, string] | null = null;
  if (cursor) {
    const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
    if (!at || !id || !UUID.test(id) || Number.isNaN(Date.parse(at)))
      return { results: [], nextCursor: null, count: 0 };
    after = [at, id];
  }
  const { rows } = await pool.query(
    `select ${COLUMNS}, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
       from saved_plots
      where user_id = $1 and ($2::timestamptz is null or (created_at, id) < ($2::timestamptz, $3::uuid))
      order by created_at desc, id desc limit $4`,
    [userId, after?.[0] ?? null, after?.[1] ?? null, limit + 1],
  );
  const count = Number(
    (await pool.query("select count(*) from saved_plots where user_id = $1", [userId])).rows[0].count,
  );
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = more && last ? Buffer.from(`${last.cursor_at}|${last.id}`).toString("base64url") : null;
  return { results: page.map(({ cursor_at: _c, ...r }) => r as SavedPlot), nextCursor, count };
}
