// forecast.gb.paths30 (issue 30 acceptance 5, decision 0403): a 30-path GB 50 MW / 2 h 20-year run's
// price paths — each path the world view's 20 years drawn again with its own weather (market years
// included: they are a path's own work) and dispatched with energy_with_as at the settlement
// interval — as the API's workers do it: one path per engine thread (api/forecasts/pathThread.mjs),
// BENCH_PATH_THREADS at once (default 2: two worker processes, or one per core), then the
// percentiles with the market's default finance. BENCH_PATHS / BENCH_PATH_YEARS shorten it.
import { Worker } from "node:worker_threads";
import { availableParallelism, loadavg } from "node:os";
import type { PathJob } from "../api/forecasts/pathThreadImpl.ts";
import type { ForecastInput } from "../engine/forecast/types.ts";
import { pathPercentiles, type PathYear } from "../engine/paths/index.ts";
import { defaultFinanceInputs } from "../engine/finance/index.ts";
import { figure } from "./figures.ts";

function pathInThread(job: PathJob): Promise<PathYear[]> {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL("../api/forecasts/pathThread.mjs", import.meta.url), { workerData: job });
    w.on("message", (m: { type: string; years?: PathYear[]; message?: string }) => {
      if (m.type === "result") resolve(m.years!);
      else reject(new Error(m.message));
      void w.terminate();
    });
    w.on("error", reject);
  });
}

export default async function pathsBench() {
  const n = Number(process.env.BENCH_PATHS ?? 30);
  const years = Number(process.env.BENCH_PATH_YEARS ?? 20);
  const threads = Number(process.env.BENCH_PATH_THREADS ?? 2);
  const input = {
    configuration: "bess",
    region: "GB",
    ratedPower: 50,
    duration: 2,
    efficiency: 88,
    maxCycles: 1,
    startDate: "2026-01-01",
    assetLifeYears: years,
    revenueStrategies: ["energy_with_as"],
    macroScenarios: ["gb-central"],
    degradation: "standard_degradation_curve",
  } as ForecastInput;
  const load = loadavg()[0].toFixed(1);
  const t0 = performance.now();
  const paths: PathYear[][] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: threads }, async () => {
      while (next < n) {
        const path = next++;
        const t = performance.now();
        paths[path] = await pathInThread({ input, path, seed: 1 });
        console.log(`  path ${path}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
      }
    }),
  );
  const sec = (performance.now() - t0) / 1000;
  const full = n >= 30 ? "" : ` (≈ ${((sec * 30) / n).toFixed(0)} s for 30 paths, linear extrapolation)`;
  figure(`forecast.gb.paths${n}${years === 20 ? "" : `.${years}y`}`, Math.round(sec * 10) / 10, "s", true);
  const mw = 50;
  const finance = defaultFinanceInputs("GB", years).inputs;
  const p = pathPercentiles(paths, {
    inputs: finance,
    // path 0 stands for the run's own case (the API uses the run's result)
    project: { ratedPowerMW: mw, energyMWh: 100, currency: "GBP", years: paths[0] },
  });
  console.log(
    `forecast.gb.paths30: ${n} paths × ${years} years, GB 50 MW / 2 h energy_with_as, half-hourly, ${threads} engine threads (${availableParallelism()} cores, load ${load} at start): ${sec.toFixed(1)} s (${(sec / n).toFixed(1)} s a path)${full}`,
  );
  console.log(
    `  first year ${p.years[0]}: P90 ${p.p90[0].toFixed(0)} ≤ P50 ${p.p50[0].toFixed(0)} ≤ P10 ${p.p10[0].toFixed(0)} GBP/MW/year; NPV P90/P50/P10 ${[p.npv!.p90, p.npv!.p50, p.npv!.p10].map((v) => (v / 1e6).toFixed(1)).join(" / ")} M GBP; debt on P90 ${(p.debtP90! / 1e6).toFixed(1)} M GBP`,
  );
}
