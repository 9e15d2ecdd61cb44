// Computes the backtest rows in a worker thread (off the web process's event loop): every
// market-year × reference duration × foresight.
import { parentPort, workerData } from "node:worker_threads";
import {
  backtestRow,
  REFERENCE_DURATIONS,
  type BacktestMarketData,
  type BacktestRow,
} from "../../engine/backtest/index.ts";

const data = workerData as BacktestMarketData[];
try {
  const rows: BacktestRow[] = [];
  for (const d of data)
    for (const h of REFERENCE_DURATIONS)
      for (const f of ["realistic", "perfect"] as const) rows.push(backtestRow(d, h, f));
  parentPort!.postMessage({ type: "result", rows });
} catch (e) {
  parentPort!.postMessage({ type: "error", message: e instanceof Error ? e.message : String(e) });
}
