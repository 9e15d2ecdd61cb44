// Saved charts (spec §3, §5): a user's own charts, each a title, a description and a plot query.
// Titles are unique per user, compared by their page slug (so one URL names one chart).
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Row } from "../db/client.ts";
import { savedPlots } from "../db/schema/index.ts";
import { chartSlug, MESSAGES, type SavedChartInput } from "../../app/validation/savedChart.ts";
import { conflict, notFound } from "../http/errors.ts";
import { databaseError } from "../http/failures.ts";

const p = savedPlots;
/** A saved chart as the API shows it (the plot query's own field names). */
const shown = {
  id: p.id,
  title: p.title,
  slug: p.slug,
  description: p.description,
  start_date: p.startDate,
  end_date: p.endDate,
  shortcut: p.shortcut,
  period: p.period,
  categories: p.categories,
  fields: p.fields,
  moving_average: p.movingAverage,
  chart_type: p.chartType,
  unit: p.unit,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
};
export type SavedPlot = Row<typeof shown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function values(input: SavedChartInput) {
  return {
    title: input.title,
    slug: chartSlug(input.title),
    description: input.description ?? "",
    startDate: input.start_date ?? null,
    endDate: input.end_date ?? null,
    shortcut: input.shortcut ?? null,
    period: input.period ?? null,
    categories: input.categories,
    fields: input.fields,
    movingAverage: input.moving_average ?? null,
    chartType: input.chart_type,
    unit: input.unit,
  };
}

function isUniqueViolation(e: unknown) {
  return databaseError(e)?.code === "23505";
}
const taken = () => conflict({ title: [MESSAGES.titleTaken] }, MESSAGES.titleTaken);

export async function createSavedPlot(db: Db, userId: string, input: SavedChartInput): Promise<SavedPlot> {
  try {
    const [row] = await db
      .insert(p)
      .values({ userId, ...values(input) })
      .returning(shown);
    return row;
  } catch (e) {
    if (isUniqueViolation(e)) throw taken();
    throw e;
  }
}

export async function updateSavedPlot(
  db: Db,
  userId: string,
  id: string,
  input: SavedChartInput,
): Promise<SavedPlot> {
  if (!UUID.test(id)) throw notFound("No such saved chart.");
  try {
    const [row] = await db
      .update(p)
      .set({ ...values(input), updatedAt: sql`now()` })
      .where(and(eq(p.id, id), eq(p.userId, userId)))
      .returning(shown);
    if (!row) throw notFound("No such saved chart.");
    return row;
  } catch (e) {
    if (isUniqueViolation(e)) throw taken();
    throw e;
  }
}

export async function deleteSavedPlot(db: Db, userId: string, id: string): Promise<void> {
  if (!UUID.test(id)) throw notFound("No such saved chart.");
  const { rowCount } = await db.delete(p).where(and(eq(p.id, id), eq(p.userId, userId)));
  if (!rowCount) throw notFound("No such saved chart.");
}

export async function savedPlotById(db: Db, userId: string, id: string): Promise<SavedPlot> {
  if (!UUID.test(id)) throw notFound("No such saved chart.");
  const [row] = await db
    .select(shown)
    .from(p)
    .where(and(eq(p.id, id), eq(p.userId, userId)));
  if (!row) throw notFound("No such saved chart.");
  return row;
}

/** By title or by its page slug ("My GB prices" and "my-gb-prices" find the same chart). */
export async function savedPlotByTitle(db: Db, userId: string, title: string): Promise<SavedPlot> {
  const [row] = await db
    .select(shown)
    .from(p)
    .where(and(eq(p.slug, chartSlug(title)), eq(p.userId, userId)));
  if (!row) throw notFound("No such saved chart.");
  return row;
}

/** Cursor paging, newest first. The cursor is opaque: the last row's creation time and id. */
export async function listSavedPlots(
  db: Db,
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
  const rows = await db
    .select({
      ...shown,
      // Microseconds kept: a JavaScript Date would round them off and the cursor would skip rows.
      cursorAt: sql<string>`to_char(${p.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(p)
    .where(
      and(
        eq(p.userId, userId),
        after ? sql`(${p.createdAt}, ${p.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(p.createdAt), desc(p.id))
    .limit(limit + 1);
  const total = await db.$count(p, eq(p.userId, userId));
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = more && last ? Buffer.from(`${last.cursorAt}|${last.id}`).toString("base64url") : null;
  return { results: page.map(({ cursorAt: _c, ...r }) => r), nextCursor, count: total };
}
