// `npm run backtest [-- --json] [-- --only GB]`: the engine on the real historic prices of every
// market and year held in ../shared/data, for the reference battery, with realistic and perfect
// foresight, beside the published benchmarks (decision 0118).
import { backtestRow, REFERENCE_DURATIONS, type BacktestRow } from "../engine/backtest/index.ts";
import { loadBacktestData, sharedDataPresent, SHARED_DATA } from "./backtest-data.ts";

const args = process.argv.slice(2);
const json = args.includes("--json");
const onlyAt = args.indexOf("--only");
const only = onlyAt >= 0 ? args[onlyAt + 1]?.split(",") : undefined;

if (!sharedDataPresent()) {
  console.error(`No real data at ${SHARED_DATA} (set VOLTCAST_SHARED_DATA_DIR).`);
  process.exit(1);
}
const data = await loadBacktestData((m) => !only || only.includes(m.market) || only.includes(m.region));
const rows: BacktestRow[] = [];
for (const d of data)
  for (const h of REFERENCE_DURATIONS)
    for (const f of ["realistic", "perfect"] as const) {
      const t = performance.now();
      const r = backtestRow(d, h, f);
      rows.push(r);
      if (!json) {
        const k = (x: number) => `${(x / 1000).toFixed(1)}k`;
        const streams = Object.entries(r.streams)
          .map(([s, v]) => `${s} ${k(v)}`)
          .join(", ");
        console.log(
          `${r.market} ${r.region} ${r.year} ${h} h ${f.padEnd(9)} ${k(r.revenuePerMWYear).padStart(7)} ${r.currency}/MW/yr` +
            `${r.annualised ? " (annualised)" : ""}` +
            (r.benchmark !== null
              ? ` | benchmark ${k(r.benchmark)}, compared ${k(r.comparedRevenue!)} → ratio ${r.ratio!.toFixed(2)}`
              : "") +
            ` | ${streams} | ${((performance.now() - t) / 1000).toFixed(1)} s`,
        );
      }
    }
if (json)
  console.log(
    JSON.stringify(
      rows.map((r) => ({
        market: r.market,
        region: r.region,
        year: r.year,
        durationHours: r.durationHours,
        foresight: r.foresight,
        revenuePerMWYear: r.revenuePerMWYear,
        currency: r.currency,
        streams: r.streams,
        benchmark: r.benchmark,
        benchmarkSource: r.benchmarkSource,
        ratio: r.ratio,
        benchmarkDefinition: r.benchmarkDefinition,
        comparedRevenue: r.comparedRevenue,
        annualised: r.annualised,
        coverage: r.coverage,
        partialStreams: r.partialStreams,
        sources: r.sources,
        cyclesPerDay: r.cyclesPerDay,
      })),
      null,
      1,
    ),
  );
