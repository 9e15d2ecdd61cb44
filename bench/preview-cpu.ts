// Dev: the preview's CPU time with 0510's sample (main before decision 0520) and 0520's, side by side in one
// process (alternated, median of 6), on GB energy_with_as gb-central and NEM ancillaries nem-central, 2025.
import { marketYear } from "../engine/worldview/index.ts";
import { enableExactFallback } from "../engine/dispatch/solve.ts";
import { previewYear, WEEK_A_MONTH_SAMPLE } from "../engine/forecast/preview.ts";
import { sweepParams, type SweepCase } from "../api/forecasts/sweep.ts";
await enableExactFallback();
for (const [region, scenarioId, strategy] of [
  ["GB", "gb-central", "energy_with_as"],
  ["NEM", "nem-central", "ancillaries"],
] as const) {
  const c: SweepCase = { region, configuration: "bess", strategy, scenarioId };
  const p = sweepParams(c, 2025, 20);
  const my = marketYear(scenarioId, 2025);
  const cpu = { main: [] as number[], new: [] as number[] };
  for (let k = 0; k < 2; k++) {
    previewYear(p, scenarioId, strategy, my);
    previewYear(p, scenarioId, strategy, my, WEEK_A_MONTH_SAMPLE);
  }
  for (let k = 0; k < 6; k++)
    for (const which of (k % 2 ? ["main", "new"] : ["new", "main"]) as ("main" | "new")[]) {
      const u0 = process.cpuUsage();
      previewYear(p, scenarioId, strategy, my, which === "main" ? WEEK_A_MONTH_SAMPLE : {});
      const u = process.cpuUsage(u0);
      cpu[which].push((u.user + u.system) / 1000);
    }
  const med = (x: number[]) => [...x].sort((a, b) => a - b)[x.length >> 1];
  console.log(
    `${region} ${strategy} ${scenarioId}: CPU ms median of 6 — main sample ${med(cpu.main).toFixed(0)}, 0520 sample ${med(cpu.new).toFixed(0)} (ratio ${(med(cpu.new) / med(cpu.main)).toFixed(2)})`,
  );
}
