// `npm run worldview:calibrate [-- --json] [--system GB|NEM|NSW1 …]`
// For every market and NEM region with real prices in ../shared/data, how far the Central world
// view is from them: in the base year 2024 (on which the price map is fitted) and out of sample in
// 2025 (held back). Columns: mean, mean daily max–min spread, percentiles P1/P5/P50/P95/P99,
// negative-price share, share above the market's spike threshold, share at exactly zero, and the
// hour-of-day and monthly profiles (correlation, RMSE as % of the mean). Rows breaking issue 17's
// bounds are marked. `--json` prints one JSON array of the same rows instead.
// `--fit` runs the behavioural-parameter search of the merit order instead (cli/fit-params.ts).
import { priceTargets } from "./cli/targets.ts";
import { fitRow, type FitRow } from "./cli/fit-report.ts";
import * as data from "./cli/base-data.ts";

const args = process.argv.slice(2);
if (args.includes("--fit")) {
  await import("./cli/fit-params.ts");
} else {
  const json = args.includes("--json");
  const only = args.includes("--system") ? args[args.indexOf("--system") + 1] : undefined;
  if (!data.hasSharedData()) {
    const msg = `No real data folder at ${data.sharedDataDir()} (set VOLTCAST_SHARED_DATA_DIR). Nothing to calibrate against.`;
    if (json) console.log("[]");
    else console.log(msg);
    process.exit(0);
  }
  const rows: FitRow[] = [];
  for (const year of [2024, 2025] as const)
    for (const t of priceTargets(year, only)) {
      rows.push(fitRow(t));
      if (!json) console.error(`${t.system} ${t.year} done`);
    }
  if (json) console.log(JSON.stringify(rows, (_, v) => (typeof v === "number" ? +v.toPrecision(6) : v)));
  else printTable(rows);
}

function printTable(rows: FitRow[]): void {
  const f = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : "n/a");
  const pct = (x: number) => `${x >= 0 ? "+" : ""}${f(x)}%`.padStart(7);
  console.log(
    "observed→model and error. Base year 2024 (price map fitted here; bounds binding) and 2025 out of sample.",
  );
  console.log(
    [
      "system".padEnd(6),
      "year",
      "res",
      "cover",
      "mean".padStart(22),
      "daily spread".padStart(23),
      "P1".padStart(7),
      "P5".padStart(7),
      "P50".padStart(7),
      "P95".padStart(7),
      "P99".padStart(7),
      "negative %".padStart(18),
      "spikes %".padStart(19),
      "zero%",
      "hour r/rmse",
      "month r/rmse",
      "bounds",
    ].join(" "),
  );
  for (const r of rows) {
    const o = r.observed;
    const m = r.model;
    const e = r.errors;
    console.log(
      [
        r.system.padEnd(6),
        String(r.year),
        `${r.intervalMinutes}m`.padStart(3),
        `${f(100 * r.coverage, 0)}%`.padStart(5),
        `${f(o.mean)}→${f(m.mean)} ${pct(e.meanPct)}`.padStart(22),
        `${f(o.dailySpread)}→${f(m.dailySpread)} ${pct(e.spreadPct)}`.padStart(23),
        pct(e.p1Pct),
        pct(e.p5Pct),
        pct(e.p50Pct),
        pct(e.p95Pct),
        pct(e.p99Pct),
        `${f(100 * o.negativeShare, 2)}→${f(100 * m.negativeShare, 2)}`.padStart(18),
        `>${r.spikeThreshold} ${f(100 * o.spikeShare, 2)}→${f(100 * m.spikeShare, 2)}`.padStart(19),
        f(100 * m.zeroShare, 1).padStart(5),
        `${f(e.hourProfileR, 2)}/${f(e.hourProfileRmsePct, 0)}%`.padStart(11),
        `${f(e.monthProfileR, 2)}/${f(e.monthProfileRmsePct, 0)}%`.padStart(12),
        r.broken.length ? (r.kind === "base-year" ? "FAILS: " : "outside: ") + r.broken.join(", ") : "ok",
      ].join(" "),
    );
  }
  console.log(
    "Percentile errors are % of the observed percentile (of a fifth of the mean price when the percentile is near zero). Spike threshold in currency/MWh.",
  );
}
