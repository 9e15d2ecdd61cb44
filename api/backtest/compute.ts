// The backtest's rows for the current data: computed once per state of the data (queue job
// `backtest-run`, in a worker thread) and kept in backtest_results (decision 0118).
import { Worker } from "node:worker_threads";
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { backtestResults } from "../db/schema/index.ts";
import type { BacktestMarketData, BacktestRow } from "../../engine/backtest/index.ts";
import { backtestDataFromDb, backtestDataKey } from "./data.ts";

function rowsInThread(data: BacktestMarketData[]): Promise<BacktestRow[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./thread.mjs", import.meta.url), { workerData: data });
    let settled = false;
    worker.on("message", (m: { type: string; rows?: BacktestRow[]; message?: string }) => {
      settled = true;
      if (m.type === "result") resolve(m.rows!);
      else reject(new Error(m.message ?? "The backtest failed."));
      void worker.terminate();
    });
    worker.on("error", (e) => {
      if (!settled) reject(e);
      settled = true;
    });
    worker.on("exit", (code) => {
      if (!settled) reject(new Error(`The backtest stopped unexpectedly (exit ${code}).`));
      settled = true;
    });
  });
}

/** Computes and stores the rows for the data as they are now (nothing when already done). */
export async function computeBacktest(db: Db, log: (m: string) => void = () => {}) {
  const { key } = await backtestDataKey(db);
  if (await db.$count(backtestResults, eq(backtestResults.dataKey, key)))
    return { key, rows: 0, cached: true };
  const started = Date.now();
  const data = await backtestDataFromDb(db);
  const rows = await rowsInThread(data);
  await db
    .insert(backtestResults)
    .values({ dataKey: key, rows })
    .onConflictDoUpdate({ target: backtestResults.dataKey, set: { rows, computedAt: sql`now()` } });
  log(
    `${rows.length} rows from ${data.length} market-years in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { key, rows: rows.length, cached: false };
}

export interface BacktestState {
  /** ready: rows for the current data; computing: a job is under way (rows: the last result, if any). */
  status: "ready" | "computing" | "no-data";
  computedAt: string | null;
  rows: BacktestRow[];
}

/** What the API answers: the result for the current data, or the latest one while it is computed. */
export async function backtestState(db: Db): Promise<BacktestState & { key: string; datasets: number }> {
  const { key, datasets } = await backtestDataKey(db);
  const [cur] = await db.select().from(backtestResults).where(eq(backtestResults.dataKey, key));
  if (cur)
    return { status: "ready", computedAt: cur.computedAt.toISOString(), rows: cur.rows, key, datasets };
  const [last] = await db.select().from(backtestResults).orderBy(desc(backtestResults.computedAt)).limit(1);
  return {
    status: datasets ? "computing" : "no-data",
    computedAt: last?.computedAt.toISOString() ?? null,
    rows: last?.rows ?? [],
    key,
    datasets,
  };
}
