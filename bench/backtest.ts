// `npm run backtest [-- --json] [-- --only GB]`: the engine on the real historic prices of every
// market and year held in ../shared/data, for the reference battery, with realistic and perfect
// foresight, beside the benchmarks compared like for like (decisions 0118, 0120).
// `npm run backtest -- --prices FILE.csv --market M [--region R] --year Y [--interval-minutes N]`:
// the same on any `timestamp,price` file (UTC), energy only.
import { readFileSync } from "node:fs";
import {
  backtestRow,
  REFERENCE_DURATIONS,
  type BacktestMarketData,
  type BacktestRow,
} from "../engine/backtest/index.ts";
import { backtestReport } from "../engine/backtest/compare.ts";
import { priceFileMarketData } from "../engine/backtest/price-file.ts";
import { loadBacktestData, sharedDataPresent, SHARED_DATA } from "./backtest-data.ts";

const args = process.argv.slice(2);
const json = args.includes("--json");
const opt = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const only = opt("--only")?.split(",");
const pricesFile = opt("--prices");

let data: BacktestMarketData[];
if (pricesFile !== undefined) {
  try {
    data = [
      priceFileMarketData(readFileSync(pricesFile, "utf8"), {
        market: opt("--market"),
        region: opt("--region"),
        year: opt("--year"),
        intervalMinutes: opt("--interval-minutes"),
      }),
    ];
  } catch (e) {
    console.error(`backtest: ${(e as Error).message}`);
    process.exit(2);
  }
} else {
  if (!sharedDataPresent()) {
    console.error(`No real data at ${SHARED_DATA} (set VOLTCAST_SHARED_DATA_DIR).`);
    process.exit(1);
  }
  data = await loadBacktestData((m) => !only || only.includes(m.market) || only.includes(m.region));
}
const k = (x: number) => `${(x / 1000).toFixed(1)}k`;
const rows: BacktestRow[] = [];
for (const d of data)
  for (const h of REFERENCE_DURATIONS)
    for (const f of ["realistic", "perfect"] as const) {
      const t = performance.now();
      const r = backtestRow(d, h, f);
      rows.push(r);
      if (!json) {
        const streams = Object.entries(r.streams)
          .map(([s, v]) => `${s} ${k(v)}`)
          .join(", ");
        console.log(
          `${r.market} ${r.region} ${r.year} ${h} h ${f.padEnd(9)} ${k(r.revenuePerMWYear).padStart(7)} ${r.currency}/MW/yr` +
            `${r.annualised ? " (annualised)" : ""} | ${streams} | ${((performance.now() - t) / 1000).toFixed(1)} s`,
        );
      }
    }
// a price file is the user's, not the market's published reference: no benchmark beside it
const report = backtestReport(rows, pricesFile !== undefined ? [] : undefined);
if (json) console.log(JSON.stringify(report, null, 1));
else {
  console.log("\nBeside the benchmarks (like for like: same streams, duration or the fleet's mix, period):");
  for (const c of report)
    if (c.entry === "comparison")
      console.log(
        `${c.market} ${c.region} ${c.period} ${c.durationMix ? `fleet mix ${c.durationHours} h` : `${c.durationHours} h`} ${c.foresight.padEnd(9)}` +
          ` ${k(c.revenuePerMWYear)} vs ${k(c.benchmarkValue)} ${c.benchmarkPublished ? "published" : "DERIVED"} (${c.benchmarkId})` +
          ` → ratio ${c.ratio.toFixed(2)}${c.likeForLike ? " like for like" : ` | not like for like: ${c.differences.join("; ")}`}`,
      );
}
