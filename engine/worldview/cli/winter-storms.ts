// `npx tsx engine/worldview/cli/winter-storms.ts` — measures ERCOT's winter-storm rule
// (winter-storms.ts, decision 0250) against the fixed bounds without adopting it: the Central world
// view's ERCOT price with and without the storms, hourly means, on real 2025 (acceptance 3's
// real-time tail and acceptance 2's download figures, out of sample) and on real 2026 January to
// mid-February (the winter storm of 25–28 January; the hours the shared data hold), and the full
// years beside the real annual distributions (2018–2026) as context.
import { intervalsInYear } from "../calendar.ts";
import { resample, runSystem } from "../model.ts";
import { ERCOT_WINTER_STORMS, type WinterStormRule } from "../winter-storms.ts";
import * as data from "./base-data.ts";
import { centralScenario, targetGrid } from "./fit-report.ts";
import { FIXED_BOUNDS, tailStats, type TailStats } from "./fixed-bounds.ts";
import { priceTargets } from "./targets.ts";

const t25 = priceTargets(2025, "ERCOT")[0];
const obs26 = data.readErcot("HB_HUBAVG", 2026)?.price.values;
if (!t25 || !obs26) {
  console.error("No real ERCOT 2025 and 2026 prices in the shared data: nothing to measure.");
  process.exit(1);
}

function hourly(year: number, storms?: WinterStormRule): Float64Array {
  const run = runSystem("ERCOT", "ERCOT", centralScenario("ERCOT"), year, {
    intervalMinutes: 15,
    winterStorms: storms,
  });
  return resample(run.price, 15, 60, intervalsInYear(year, 60));
}

const pct = (m: number, r: number) => (100 * (m - r)) / Math.abs(r);
const show = (s: TailStats) =>
  `std ${s.std.toFixed(1)}  >$500 ${s.above500}  >$1,000 ${s.above1000}  p99.9 ${s.p999.toFixed(0)}  max ${s.max.toFixed(0)}  median daily spread ${s.medianDailySpread.toFixed(1)}`;
const g25 = targetGrid(t25).dayIndex;
const g26 = targetGrid({ ...t25, year: 2026 }).dayIndex;
const real25 = tailStats(t25.observed, t25.observed, g25, 24);
const real26 = tailStats(obs26, obs26, g26, 24);
const realMean25 = mean(t25.observed, t25.observed);
console.log(`real 2025            ${show(real25)}  mean ${realMean25.toFixed(1)}`);
console.log(`real 2026 (${real26.n} h)   ${show(real26)}`);
const b = FIXED_BOUNDS.ercotRealTime;
for (const [label, rule] of [
  ["without storms", undefined],
  ["with storms", ERCOT_WINTER_STORMS],
] as const) {
  const h25 = hourly(2025, rule);
  const m25 = tailStats(h25, t25.observed, g25, 24);
  const m26 = tailStats(hourly(2026, rule), obs26, g26, 24);
  const ok = (e: number, bound: number) =>
    `${e >= 0 ? "+" : ""}${e.toFixed(1)} % ${Math.abs(e) <= bound ? "" : "OUTSIDE "}(±${bound})`;
  console.log(`\n${label}`);
  console.log(`  2025  ${show(m25)}  mean ${mean(h25, t25.observed).toFixed(1)}`);
  console.log(
    `        std ${ok(pct(m25.std, real25.std), b.stdPct)}  >$500 ${ok(pct(m25.above500, real25.above500), b.above500Pct)}  p99.9 ${ok(pct(m25.p999, real25.p999), b.p999Pct)}  median daily spread ${ok(pct(m25.medianDailySpread, real25.medianDailySpread), FIXED_BOUNDS.fullYear.spreadPct)}  mean ${ok(pct(mean(h25, t25.observed), realMean25), FIXED_BOUNDS.fullYear.meanPct)}`,
  );
  console.log(`  2026  ${show(m26)}  >$500 ${ok(pct(m26.above500, real26.above500), b.above500Pct)}`);
  for (const y of [2024, 2025, 2026]) {
    const s = Float64Array.from(hourly(y, rule)).sort();
    const above = s.filter((x) => x > 500).length;
    console.log(
      `  full year ${y}: p99 ${s[Math.round(0.99 * (s.length - 1))].toFixed(0)}, hours above $500 ${above} (${((100 * above) / s.length).toFixed(2)} %)`,
    );
  }
}
console.log(
  "\ncontext, real-time HB_HUBAVG annual distributions (p99 > $500 means more than 1 % of hours above it):",
);
for (const r of data
  .readText("prices/ercot/ercot_hb_hubavg_annual_distribution_dam_rtm_2018_2026-07.csv")
  ?.split("\n") ?? [])
  if (r.includes(",RTM,")) {
    const c = r.split(",");
    console.log(`  ${c[0]}: mean ${c[2]}, p99 ${c[12]}, max ${c[13]}`);
  }

function mean(p: ArrayLike<number>, mask: ArrayLike<number>): number {
  let s = 0;
  let n = 0;
  for (let i = 0; i < p.length; i++)
    if (Number.isFinite(p[i]) && Number.isFinite(mask[i])) {
      s += p[i];
      n++;
    }
  return s / n;
}
