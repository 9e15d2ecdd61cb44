// Dev: the full year's revenue by day for every battery sweep case (decision 0520's design data).
// tsx bench/preview-days.ts YEAR OUT.json [filter]
import { writeFileSync } from "node:fs";
import { marketYear } from "../engine/worldview/index.ts";
import { enableExactFallback } from "../engine/dispatch/solve.ts";
import { assetModel, initialScenarioState, runYear } from "../engine/forecast/scenario.ts";
import { sweepCases, sweepParams } from "../api/forecasts/sweep.ts";

const [year, outFile, filter = ""] = process.argv.slice(2);
await enableExactFallback();
const out: unknown[] = [];
for (const c of sweepCases()) {
  const name = `${c.region} ${c.configuration} ${c.strategy} ${c.scenarioId}`;
  if (!name.includes(filter)) continue;
  const p = sweepParams(c, Number(year), 20);
  if (!assetModel(p).battery) continue;
  const my = marketYear(c.scenarioId, Number(year));
  const rev = new Float64Array(my.energyPrice.length);
  const t0 = performance.now();
  const full = runYear(p, c.scenarioId, c.strategy, my, initialScenarioState(), {
    intervalRevenue: rev,
  }).year;
  const per = Math.round(1440 / my.intervalMinutes);
  const days = Math.floor(rev.length / per);
  const daily = Array.from({ length: days }, (_, d) => {
    let s = 0;
    for (let t = d * per; t < (d + 1) * per; t++) s += rev[t];
    return s;
  });
  out.push({ case: c, name, year: Number(year), total: full.total, daily });
  console.error(`${name} ${year}: ${full.perMWYear.toFixed(0)} (${(performance.now() - t0).toFixed(0)} ms)`);
  writeFileSync(outFile, JSON.stringify(out));
}
