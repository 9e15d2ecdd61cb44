// Dev: decision 0520's per-case table — the full first year, 0510's sample (main before 0520) and
// 0520's, on every sweep case (2025), as markdown rows.
import { marketYear } from "../engine/worldview/index.ts";
import { enableExactFallback } from "../engine/dispatch/solve.ts";
import { initialScenarioState, runYear } from "../engine/forecast/scenario.ts";
import { previewYear, WEEK_A_MONTH_SAMPLE } from "../engine/forecast/preview.ts";
import { sweepCases, sweepParams } from "../api/forecasts/sweep.ts";

await enableExactFallback();
const pct = (x: number) => `${x >= 0 ? "+" : "−"}${Math.abs(x * 100).toFixed(1)} %`;
for (const c of sweepCases()) {
  const p = sweepParams(c, 2025, 20);
  const my = marketYear(c.scenarioId, 2025);
  const full = runYear(p, c.scenarioId, c.strategy, my, initialScenarioState()).year;
  const before = previewYear(p, c.scenarioId, c.strategy, my, WEEK_A_MONTH_SAMPLE);
  const after = previewYear(p, c.scenarioId, c.strategy, my);
  console.log(
    `| ${c.region} ${c.configuration} ${c.strategy} ${c.scenarioId} | ${full.perMWYear.toFixed(0)} | ` +
      `${pct(before.total / full.total - 1)} (${before.dispatchedDays}) | ${pct(after.total / full.total - 1)} (${after.dispatchedDays}) |`,
  );
}
