// Preview bench (issue 29 acceptance 4): the first-year preview (engine/forecast/preview.ts) of the
// bench's GB forecast (50 MW / 2 h energy_with_as, world view gb-central, 2025) timed against the
// HiGHS reference solve, and its error against the full first year on every sweep case (the
// cases of `npm run sweep`, api/forecasts/sweep.ts), printed. `figure("preview.gb")` is the
// median of 5 previews after 2 warm-up ones, the market year already built (as the API process
// keeps it); the cold figures (a fresh process, the market year built) are printed beside it.
import { marketYear } from "../engine/worldview/index.ts";
import { enableExactFallback } from "../engine/dispatch/solve.ts";
import { initialScenarioState, runYear } from "../engine/forecast/scenario.ts";
import { previewYear } from "../engine/forecast/preview.ts";
import { sweepCases, sweepParams, type SweepCase } from "../api/forecasts/sweep.ts";
import { figure } from "./figures.ts";

const YEAR = 2025;

export default async function previewBench() {
  await enableExactFallback();
  const gb: SweepCase = {
    region: "GB",
    configuration: "bess",
    strategy: "energy_with_as",
    scenarioId: "gb-central",
  };
  const p = sweepParams(gb, YEAR, 20);
  let t0 = performance.now();
  const my = marketYear(gb.scenarioId, YEAR);
  const buildMs = performance.now() - t0;
  t0 = performance.now();
  previewYear(p, gb.scenarioId, gb.strategy, my);
  const coldMs = performance.now() - t0;
  previewYear(p, gb.scenarioId, gb.strategy, my);
  const ms: number[] = [];
  for (let k = 0; k < 5; k++) {
    t0 = performance.now();
    previewYear(p, gb.scenarioId, gb.strategy, my);
    ms.push(performance.now() - t0);
  }
  const warm = ms.sort((a, b) => a - b)[2];
  t0 = performance.now();
  runYear(p, gb.scenarioId, gb.strategy, my, initialScenarioState());
  const fullMs = performance.now() - t0;
  console.log(
    `preview GB 50 MW / 2 h energy_with_as gb-central ${YEAR}: ${warm.toFixed(0)} ms (median of 5, warm); ` +
      `first call ${coldMs.toFixed(0)} ms, market year built in ${buildMs.toFixed(0)} ms; full first year ${fullMs.toFixed(0)} ms`,
  );
  figure("preview.gb", Math.round(warm), "ms", true);

  // the error against the full first year, every sweep case
  const errors: number[] = [];
  const speedups: number[] = [];
  for (const c of sweepCases()) {
    const cp = sweepParams(c, YEAR, 20);
    const cy = marketYear(c.scenarioId, YEAR);
    t0 = performance.now();
    const full = runYear(cp, c.scenarioId, c.strategy, cy, initialScenarioState()).year;
    const tFull = performance.now() - t0;
    t0 = performance.now();
    const pv = previewYear(cp, c.scenarioId, c.strategy, cy);
    const tPreview = performance.now() - t0;
    const err = (pv.total - full.total) / Math.abs(full.total);
    errors.push(Math.abs(err));
    speedups.push(tFull / tPreview);
    console.log(
      `${Math.abs(err) <= 0.1 ? "ok  " : "OVER"} ${c.region} ${c.configuration} ${c.strategy} ${c.scenarioId}: ` +
        `full ${full.perMWYear.toFixed(0)} ${full.currency}/MW/year (${tFull.toFixed(0)} ms), ` +
        `preview ${pv.perMWYear.toFixed(0)} (${tPreview.toFixed(0)} ms, ${pv.dispatchedDays} days dispatched), ` +
        `error ${(err * 100).toFixed(1)} %`,
    );
  }
  errors.sort((a, b) => a - b);
  const pct = (x: number) => Math.round(x * 1000) / 10;
  const within = errors.filter((e) => e <= 0.1).length;
  console.log(
    `preview error against the full first year, ${errors.length} sweep cases: median ${pct(errors[errors.length >> 1])} %, ` +
      `90th percentile ${pct(errors[Math.floor(errors.length * 0.9)])} %, largest ${pct(errors[errors.length - 1])} %; ` +
      `${within} of ${errors.length} within 10 %`,
  );
  // the run-time estimate a preview gives (api/forecasts/preview.ts fullYearPerPreview) comes from this
  speedups.sort((a, b) => a - b);
  const ratio = Math.round(speedups[speedups.length >> 1] * 10) / 10;
  console.log(
    `the full first year took a median ${ratio}× the preview's time on the ${speedups.length} cases`,
  );
  figure("preview.fullYearPerPreview", ratio, "×");
  figure("preview.error.max", pct(errors[errors.length - 1]), "%");
  figure("preview.error.median", pct(errors[errors.length >> 1]), "%");
}
