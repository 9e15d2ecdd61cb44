// `npx tsx bench/retrade-capture.ts [--only NEM,ERCOT]`: realistic ÷ perfect capture of the later-market
// stream (GB imbalance, ERCOT real time, NEM 5-minute wholesale) on the real series of
// ../shared/data, for the gate-closure plan (the default), the bidding policy on a point forecast
// (decision 0130), the water-value policy on price scenarios (0131) and, after a day-ahead position,
// the policy answering each interval against the value of stored energy (0133).
import { backtestRow, REFERENCE_DURATIONS } from "../engine/backtest/index.ts";
import { loadBacktestData, sharedDataPresent, SHARED_DATA } from "./backtest-data.ts";

const args = process.argv.slice(2);
const onlyAt = args.indexOf("--only");
const only = onlyAt >= 0 ? args[onlyAt + 1]?.split(",") : undefined;
if (!sharedDataPresent()) {
  console.error(`No real data at ${SHARED_DATA} (set VOLTCAST_SHARED_DATA_DIR).`);
  process.exit(1);
}
const data = await loadBacktestData(
  (m) =>
    (m.market === "GB" || m.market === "ERCOT" || m.market === "NEM") &&
    (!only || only.includes(m.market) || only.includes(m.region)),
);
const pct = (a: number, b: number) => (b > 0 ? `${((100 * a) / b).toFixed(0)} %` : "–");
console.log(
  "market region year h | stream | perfect | plan (capture) | bidding (capture) | water value (capture) | value of storage (capture) | bidding, water-value, value time",
);
for (const d of data)
  for (const h of REFERENCE_DURATIONS) {
    const stream = d.later?.stream ?? "wholesale";
    if (d.later && !d.later.series.ts.length) continue;
    const perfect = backtestRow(d, h, "perfect").streams[stream];
    if (perfect === undefined) continue;
    const plan = backtestRow(d, h, "realistic").streams[stream] ?? 0;
    const t = performance.now();
    const bid = backtestRow(d, h, "realistic", { retrade: true }).streams[stream] ?? 0;
    const ms = performance.now() - t;
    const t2 = performance.now();
    const wv = backtestRow(d, h, "realistic", { retrade: "scenarios" }).streams[stream] ?? 0;
    const ms2 = performance.now() - t2;
    const t3 = performance.now();
    const byValue = d.later
      ? (backtestRow(d, h, "realistic", { retrade: "value" }).streams[stream] ?? 0)
      : NaN;
    const ms3 = performance.now() - t3;
    const k = (x: number) => `${(x / 1000).toFixed(1)}k`;
    console.log(
      `${d.market} ${d.region} ${d.year} ${h} h | ${stream} | ${k(perfect)} | ${k(plan)} (${pct(plan, perfect)}) | ${k(bid)} (${pct(bid, perfect)}) | ${k(wv)} (${pct(wv, perfect)}) | ${d.later ? `${k(byValue)} (${pct(byValue, perfect)})` : "–"} | ${(ms / 1000).toFixed(1)} s, ${(ms2 / 1000).toFixed(1)} s, ${(ms3 / 1000).toFixed(1)} s`,
    );
  }
