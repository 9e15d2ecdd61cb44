// Computes the GB leaderboard's assets in a worker thread (off the web process's event loop).
import { parentPort, workerData } from "node:worker_threads";
import { leaderboardAssets, type LeaderboardAssetSpec } from "../../engine/backtest/leaderboard.ts";
import type { BacktestMarketData } from "../../engine/backtest/index.ts";

const { data, assets } = workerData as { data: BacktestMarketData[]; assets: LeaderboardAssetSpec[] };
try {
  parentPort!.postMessage({ type: "result", assets: leaderboardAssets(data, assets) });
} catch (e) {
  parentPort!.postMessage({ type: "error", message: e instanceof Error ? e.message : String(e) });
}
