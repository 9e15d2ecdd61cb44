// `npx tsx bench/nem-capture.ts`: realistic ÷ perfect capture of the NEM 5-minute wholesale stream
// for every region-year held in ../shared/data, 1 h and 2 h — the backtest's rows (2024, 2025) and
// the 2023 file the backtest does not read (SA1, NSW1), a year no rule was chosen on (decision 0135).
import path from "node:path";
import { existsSync } from "node:fs";
import { parseFile } from "../api/datasets/importer.ts";
import { backtestRow, REFERENCE_DURATIONS, type BacktestMarketData } from "../engine/backtest/index.ts";
import { loadBacktestData, sharedDataPresent, SHARED_DATA } from "./backtest-data.ts";

if (!sharedDataPresent()) {
  console.error(`No real data at ${SHARED_DATA} (set VOLTCAST_SHARED_DATA_DIR).`);
  process.exit(1);
}
const data = await loadBacktestData((m) => m.market === "NEM");
const file2023 = path.join(SHARED_DATA, "prices/nem/nem_sa1_nsw1_rrp_demand_5min_2023.csv.gz");
if (existsSync(file2023))
  for (const s of (await parseFile(file2023)).series) {
    const m = /^nem-(\w+)-rrp-5min$/.exec(s.meta.slug);
    if (m)
      data.push({
        market: "NEM",
        region: m[1].toUpperCase(),
        year: 2023,
        currency: "AUD",
        intervalMinutes: 5,
        energy: s.series,
        services: {},
      });
  }
const k = (x: number) => `${(x / 1000).toFixed(1)}k`;
console.log("region year h | perfect | realistic | capture");
for (const d of data as BacktestMarketData[])
  for (const h of REFERENCE_DURATIONS) {
    const perfect = backtestRow(d, h, "perfect").streams.wholesale ?? 0;
    const realistic = backtestRow(d, h, "realistic").streams.wholesale ?? 0;
    console.log(
      `${d.region} ${d.year} ${h} h | ${k(perfect)} | ${k(realistic)} | ${((100 * realistic) / perfect).toFixed(1)} %`,
    );
  }
