// `npx tsx engine/worldview/cli/fit-ordc.ts` — calibrates ERCOT's scarcity adder (the ORDC,
// decision 0230) on the base year 2024: the reserve level at which the shortfall probability is
// one half (scarcityM0) and its spread (scarcitySigma), both in units of peak demand, chosen so that
// the world view's 2024 — the energy price through its map (which leaves the top 1 % of real prices
// to the adder, price-map.ts) plus the adder — reproduces the real 2024 real-time tail on hourly means — hours above $500, hours above $1,000 and the 99.9th percentile — on average
// over the eight weather draws of 2024 (the tail is a handful of events: one draw cannot identify
// it). 2025 is not looked at. Run after `derive-price-map.ts ERCOT` (the energy map does not depend
// on these two) and paste the result into params.ts.
import { intervalsInYear } from "../calendar.ts";
import { resample, runSystem } from "../model.ts";
import { centralScenario, targetGrid, WEATHER_DRAWS } from "./fit-report.ts";
import { tailStats } from "./fixed-bounds.ts";
import { priceTargets } from "./targets.ts";

const M0 = [0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.08, 0.1];
const SIGMA = [0.015, 0.02, 0.03, 0.04, 0.05];

// `-- --draws wv` fits on the product's own draw only (the one the price map is fitted on)
const draws = process.argv.includes("--draws")
  ? process.argv[process.argv.indexOf("--draws") + 1].split(",")
  : WEATHER_DRAWS;
const t = priceTargets(2024, "ERCOT")[0];
if (!t) {
  console.error("No real ERCOT 2024 prices in the shared data: nothing to fit.");
  process.exit(1);
}
const grid = targetGrid(t);
const real = tailStats(t.observed, t.observed, grid.dayIndex, 24);
const logErr = (m: number, r: number) => Math.abs(Math.log(Math.max(m, 0.5) / r));
let best: { loss: number; m0: number; sigma: number; line: string } | undefined;
for (const m0 of M0)
  for (const sigma of SIGMA) {
    let a500 = 0;
    let a1000 = 0;
    let p999 = 0;
    for (const weatherKey of draws) {
      const run = runSystem("ERCOT", "ERCOT", centralScenario("ERCOT"), 2024, {
        intervalMinutes: 15,
        weatherKey,
        paramOverride: { scarcityM0: m0, scarcitySigma: sigma },
      });
      const s = tailStats(
        resample(run.price, 15, 60, intervalsInYear(2024, 60)),
        t.observed,
        grid.dayIndex,
        24,
      );
      a500 += s.above500 / draws.length;
      a1000 += s.above1000 / draws.length;
      p999 += s.p999 / draws.length;
    }
    const loss = logErr(a500, real.above500) + logErr(a1000, real.above1000) + logErr(p999, real.p999);
    const line = `m0 ${m0} σ ${sigma}: hours >$500 ${a500.toFixed(1)} (real ${real.above500}), >$1,000 ${a1000.toFixed(1)} (${real.above1000}), p99.9 ${p999.toFixed(0)} (${real.p999.toFixed(0)}), loss ${loss.toFixed(3)}`;
    console.log(line);
    if (!best || loss < best.loss) best = { loss, m0, sigma, line };
  }
console.log(`best: ${best!.line}`);
