// A finished run's whole interval dispatch: packed by year and strategy when the run is saved, and
// written out as CSV row by row for the dispatch download (never the whole file in memory).
import { and, asc, eq, notExists, or } from "drizzle-orm";
import type { Db, Executor } from "../db/client.ts";
import { forecastRunDispatch as d, forecastRuns } from "../db/schema/index.ts";
import type { Writable } from "node:stream";
import type { YearDispatch } from "../../engine/forecast/index.ts";
import type { MarketRegion } from "../../engine/types.ts";
import { REGIONS } from "../../engine/markets/regions.ts";
import { localTimeFormatter } from "../../engine/markets/market-time.ts";

/** One year of one strategy, packed for the database (see migration 0020). */
export interface PackedDispatch {
  strategy: string;
  year: number;
  startUtc: string;
  intervalMinutes: number;
  intervals: number;
  currency: string;
  /** Six float32 columns of `intervals` values: price, charge, discharge, import, export, SoC. */
  columns: Uint8Array;
}

const COLUMN_KEYS = ["price", "chargeMW", "dischargeMW", "importMW", "exportMW", "socMWh"] as const;

export function packDispatch(d: YearDispatch): PackedDispatch {
  const n = d.price.length;
  const out = new Float32Array(COLUMN_KEYS.length * n);
  COLUMN_KEYS.forEach((k, c) => out.set(d[k], c * n));
  return {
    strategy: d.strategy,
    year: d.year,
    startUtc: d.startUtc,
    intervalMinutes: d.intervalMinutes,
    intervals: n,
    currency: d.currency,
    columns: new Uint8Array(out.buffer),
  };
}

/** Save a run's dispatch (in the caller's transaction), replacing any earlier attempt's. */
export async function saveDispatch(tx: Executor, runId: string, years: PackedDispatch[]) {
  // Rows whose run is gone (deleted with its user): swept here, as the table has no foreign key.
  await tx
    .delete(d)
    .where(
      or(
        eq(d.runId, runId),
        notExists(tx.select({ id: forecastRuns.id }).from(forecastRuns).where(eq(forecastRuns.id, d.runId))),
      ),
    );
  for (const y of years) {
    await tx.insert(d).values({
      runId,
      strategy: y.strategy,
      year: y.year,
      startUtc: new Date(y.startUtc),
      intervalMinutes: y.intervalMinutes,
      intervals: y.intervals,
      currency: y.currency,
      columns: Buffer.from(y.columns),
    });
  }
}

export async function deleteDispatch(db: Executor, runId: string) {
  await db.delete(d).where(eq(d.runId, runId));
}

/** The years and strategies a run has dispatch for. */
export async function dispatchIndex(
  db: Db,
  runId: string,
): Promise<{ strategy: string; year: number; intervalMinutes: number; intervals: number }[]> {
  return db
    .select({
      strategy: d.strategy,
      year: d.year,
      intervalMinutes: d.intervalMinutes,
      intervals: d.intervals,
    })
    .from(d)
    .where(eq(d.runId, runId))
    .orderBy(asc(d.strategy), asc(d.year));
}

export async function loadDispatch(
  db: Db,
  runId: string,
  strategy: string,
  year: number,
): Promise<(PackedDispatch & { column: (k: number) => Float32Array }) | null> {
  const [r] = await db
    .select()
    .from(d)
    .where(and(eq(d.runId, runId), eq(d.strategy, strategy), eq(d.year, year)));
  if (!r) return null;
  // Copy into an aligned buffer: a Buffer from pg may start at any byte offset.
  const floats = new Float32Array(new Uint8Array(r.columns).buffer);
  const n = r.intervals;
  return {
    strategy: r.strategy,
    year: r.year,
    startUtc: r.startUtc.toISOString(),
    intervalMinutes: r.intervalMinutes,
    intervals: n,
    currency: r.currency,
    columns: new Uint8Array(0),
    column: (k) => floats.subarray(k * n, (k + 1) * n),
  };
}

const round = (v: number, digits: number) => {
  const f = 10 ** digits;
  return String(Math.round(v * f) / f);
};

/**
 * Write one year's dispatch as CSV, a chunk of rows at a time, waiting when the client is slow.
 * Each row's start in UTC and on the market's clock (the column named by its zone, decision 0330).
 * Without a battery (stand-alone solar or wind) only the price and the site's import and export.
 */
export async function writeDispatchCsv(
  out: Writable,
  d: NonNullable<Awaited<ReturnType<typeof loadDispatch>>>,
  opts: { region: MarketRegion; battery?: boolean },
): Promise<void> {
  const cur = d.currency;
  const battery = opts.battery ?? true;
  const zone = REGIONS[opts.region].timeZone;
  const local = localTimeFormatter(zone);
  const times = `interval_start_utc,interval_start_${zone}`;
  const header = battery
    ? `${times},price_${cur}_per_MWh,charge_MW,discharge_MW,import_MW,export_MW,state_of_charge_MWh\n`
    : `${times},price_${cur}_per_MWh,import_MW,export_MW\n`;
  const cols = [0, 1, 2, 3, 4, 5].map((k) => d.column(k));
  const t0 = Date.parse(d.startUtc);
  const step = d.intervalMinutes * 60_000;
  let chunk = header;
  for (let t = 0; t < d.intervals; t++) {
    chunk +=
      `${new Date(t0 + t * step).toISOString().replace(".000Z", "Z")},${local(t0 + t * step)},${round(cols[0][t], 2)},` +
      (battery
        ? `${round(cols[1][t], 3)},${round(cols[2][t], 3)},${round(cols[3][t], 3)},${round(cols[4][t], 3)},${round(cols[5][t], 3)}\n`
        : `${round(cols[3][t], 3)},${round(cols[4][t], 3)}\n`);
    if (chunk.length > 64_000 || t === d.intervals - 1) {
      if (!out.write(chunk)) await new Promise((r) => out.once("drain", r));
      chunk = "";
    }
  }
  if (chunk) out.write(chunk);
}
