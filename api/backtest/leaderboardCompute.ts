// The GB leaderboard's modelled assets for the data as they are (decision 0336): computed by its own
// queue job (`gb-leaderboard-run`, in a worker thread), queued as soon as the GB files are imported
// at start-up — it waits for neither the other markets' import nor the whole backtest — and kept in
// gb_leaderboard_results per state of the GB data and of the GB assets.
import { Worker } from "node:worker_threads";
import { createHash } from "node:crypto";
import { and, asc, desc, eq, inArray, not } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { assetLibrary, capacityMarketAuctions, datasets, gbLeaderboardResults } from "../db/schema/index.ts";
import { backtestSlugs } from "../../engine/backtest/markets.ts";
import type { BacktestMarketData } from "../../engine/backtest/index.ts";
import type { LeaderboardAssetSpec, LeaderboardResultAsset } from "../../engine/backtest/leaderboard.ts";
import { backtestDataFromDb } from "./data.ts";

/** Bump when the leaderboard's model changes, so stored results are recomputed. */
export const LEADERBOARD_METHOD_VERSION = "2";

/** The asset library's GB batteries, as the leaderboard models them. */
export async function leaderboardAssetSpecs(db: Db): Promise<LeaderboardAssetSpec[]> {
  return db
    .select({
      assetId: assetLibrary.assetId,
      name: assetLibrary.name,
      ratedPower: assetLibrary.ratedPower,
      energyCapacity: assetLibrary.energyCapacity,
      operationalSince: assetLibrary.operationalSince,
      cycles: assetLibrary.cycles,
      latitude: assetLibrary.latitude,
      longitude: assetLibrary.longitude,
      gsp: assetLibrary.gsp,
    })
    .from(assetLibrary)
    .where(and(eq(assetLibrary.marketRegion, "GB"), eq(assetLibrary.technology, "BESS")))
    .orderBy(asc(assetLibrary.name));
}

/** What the GB data and assets look like now. */
export async function leaderboardDataKey(db: Db): Promise<{ key: string; datasets: number }> {
  const rows = await db
    .select({ slug: datasets.slug, pointCount: datasets.pointCount, endDate: datasets.endDate })
    .from(datasets)
    .where(and(inArray(datasets.slug, backtestSlugs(["GB"])), not(datasets.synthetic)))
    .orderBy(asc(datasets.slug));
  const cm = await db.$count(capacityMarketAuctions);
  const h = createHash("sha256");
  h.update(LEADERBOARD_METHOD_VERSION);
  for (const r of rows) h.update(`${r.slug}|${r.pointCount}|${r.endDate?.toISOString() ?? null}`);
  h.update(`cm|${cm}`);
  h.update(JSON.stringify(await leaderboardAssetSpecs(db)));
  return { key: h.digest("hex").slice(0, 32), datasets: rows.length };
}

function assetsInThread(data: BacktestMarketData[], assets: LeaderboardAssetSpec[]) {
  return new Promise<LeaderboardResultAsset[]>((resolve, reject) => {
    const worker = new Worker(new URL("./leaderboardThread.mjs", import.meta.url), {
      workerData: { data, assets },
    });
    let settled = false;
    worker.on("message", (m: { type: string; assets?: LeaderboardResultAsset[]; message?: string }) => {
      settled = true;
      if (m.type === "result") resolve(m.assets!);
      else reject(new Error(m.message ?? "The GB leaderboard failed."));
      void worker.terminate();
    });
    worker.on("error", (e) => {
      if (!settled) reject(e);
      settled = true;
    });
    worker.on("exit", (code) => {
      if (!settled) reject(new Error(`The GB leaderboard stopped unexpectedly (exit ${code}).`));
      settled = true;
    });
  });
}

/** Computes and stores the leaderboard for the data as they are (nothing when already done). */
export async function computeLeaderboard(db: Db, log: (m: string) => void = () => {}) {
  const { key, datasets: held } = await leaderboardDataKey(db);
  if (!held) return { key, assets: 0, cached: false, noData: true };
  if (await db.$count(gbLeaderboardResults, eq(gbLeaderboardResults.dataKey, key)))
    return { key, assets: 0, cached: true };
  const started = Date.now();
  const data = await backtestDataFromDb(db, ["GB"]);
  const assets = await assetsInThread(data, await leaderboardAssetSpecs(db));
  await db
    .insert(gbLeaderboardResults)
    .values({ dataKey: key, assets })
    .onConflictDoNothing({ target: gbLeaderboardResults.dataKey });
  log(
    `${assets.length} GB assets over ${data.length} years in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { key, assets: assets.length, cached: false };
}

export interface LeaderboardState {
  /** ready: for the data as they are; computing: a job is under way (assets: the last result, if any). */
  status: "ready" | "computing" | "no-data";
  computedAt: string | null;
  assets: LeaderboardResultAsset[];
  key: string;
}

export async function leaderboardState(db: Db): Promise<LeaderboardState> {
  const { key, datasets: held } = await leaderboardDataKey(db);
  const [cur] = await db.select().from(gbLeaderboardResults).where(eq(gbLeaderboardResults.dataKey, key));
  if (cur) return { status: "ready", computedAt: cur.computedAt.toISOString(), assets: cur.assets, key };
  const [last] = await db
    .select()
    .from(gbLeaderboardResults)
    .orderBy(desc(gbLeaderboardResults.computedAt))
    .limit(1);
  return {
    status: held ? "computing" : "no-data",
    computedAt: last?.computedAt.toISOString() ?? null,
    assets: last?.assets ?? [],
    key,
  };
}
