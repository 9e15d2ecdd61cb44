// `npx tsx engine/worldview/cli/fit-ordc.ts` — calibrates ERCOT's scarcity tail: the ORDC's reserve
// level at which the shortfall probability is one half (scarcityM0) and its spread (scarcitySigma),
// both in units of peak demand (decision 0230), and the severity of a realised shortfall event
// (shortfallSeverity, log-uniform min..max share of cap − energy price; decision 0246), with the
// hazard at its weather-expected level (model.ts). Fitted across two real years, 2025 held out:
// 2024 (the whole year, hourly means of the real-time HB_HUBAVG price: hours above $500 and
// $1,000, 99.9th percentile, maximum, standard deviation) and 2026 January–March (the hours the
// shared data hold: hours above $500, maximum). 2018–2023 cannot be run (the world views start in
// 2024); their annual distributions are printed beside the fit as context. Paste the result into
// params.ts.
import { intervalsInYear } from "../calendar.ts";
import { resample, runSystem } from "../model.ts";
import * as data from "./base-data.ts";
import { centralScenario, targetGrid } from "./fit-report.ts";
import { tailStats, type TailStats } from "./fixed-bounds.ts";
import { priceTargets } from "./targets.ts";

const M0 = [0, 0.01, 0.02, 0.03, 0.05, 0.07];
const SIGMA = [0.02, 0.03, 0.045, 0.06];
const SEVERITY = [
  { min: 0.05, max: 1 },
  { min: 0.05, max: 0.7 },
  { min: 0.2, max: 0.7 },
];

const t24 = priceTargets(2024, "ERCOT")[0];
const obs26 = data.readErcot("HB_HUBAVG", 2026)?.price.values;
if (!t24 || !obs26) {
  console.error("No real ERCOT 2024 and 2026 prices in the shared data: nothing to fit.");
  process.exit(1);
}
const years = [
  { year: 2024, observed: t24.observed },
  { year: 2026, observed: obs26 },
].map((y) => {
  const grid = targetGrid({ ...t24, year: y.year });
  return { ...y, grid, real: tailStats(y.observed, y.observed, grid.dayIndex, 24) };
});
const show = (s: TailStats) =>
  `>$500 ${s.above500}, >$1,000 ${s.above1000}, p99.9 ${s.p999.toFixed(0)}, max ${s.max.toFixed(0)}, std ${s.std.toFixed(1)}`;
for (const y of years) console.log(`real ${y.year} (${y.real.n} hours): ${show(y.real)}`);
const logErr = (m: number, r: number) => Math.abs(Math.log(Math.max(m, 0.5) / Math.max(r, 0.5)));
const results: Array<{ loss: number; line: string }> = [];
for (const m0 of M0)
  for (const sigma of SIGMA)
    for (const sev of SEVERITY) {
      const [s24, s26] = years.map((y) => {
        const run = runSystem("ERCOT", "ERCOT", centralScenario("ERCOT"), y.year, {
          intervalMinutes: 15,
          paramOverride: { scarcityM0: m0, scarcitySigma: sigma, shortfallSeverity: sev },
        });
        const hourly = resample(run.price, 15, 60, intervalsInYear(y.year, 60));
        return tailStats(hourly, y.observed, y.grid.dayIndex, 24);
      });
      const r24 = years[0].real;
      const r26 = years[1].real;
      const loss =
        logErr(s24.above500, r24.above500) +
        logErr(s24.above1000, r24.above1000) +
        logErr(s24.p999, r24.p999) +
        0.5 * logErr(s24.max, r24.max) +
        logErr(s24.std, r24.std) +
        logErr(s26.above500, r26.above500) +
        0.5 * logErr(s26.max, r26.max);
      const line = `m0 ${m0} σ ${sigma} severity ${sev.min}..${sev.max}: 2024 ${show(s24)} | 2026 Q1 ${show(s26)} | loss ${loss.toFixed(3)}`;
      console.log(line);
      results.push({ loss, line });
    }
results.sort((a, b) => a.loss - b.loss);
console.log(`best: ${results[0].line}`);
console.log("context, real-time HB_HUBAVG annual distributions (not fitted: no world view before 2024):");
for (const r of data
  .readText("prices/ercot/ercot_hb_hubavg_annual_distribution_dam_rtm_2018_2026-07.csv")
  ?.split("\n") ?? [])
  if (r.includes(",RTM,")) {
    const c = r.split(",");
    console.log(`  ${c[0]}: mean ${c[2]}, p99 ${c[12]}, max ${c[13]}`);
  }
