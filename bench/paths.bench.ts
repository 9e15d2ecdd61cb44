// forecast.gb.paths30 (issue 30 acceptance 5, decision 0403; issue 29 acceptance 3): a 30-path GB
// 50 MW / 2 h 20-year run's price paths — each path the world view's 20 years drawn again with its
// own weather and dispatched with energy_with_as at the settlement interval — as the API's workers
// do it (decision 0509): BENCH_PATH_THREADS worker processes (default 2, one per core), each with
// its path thread kept warm between paths (api/forecasts/keptThreads.ts), the paths' market years
// read from the market-year store; then the percentiles with the market's default finance.
// The paths' market years are built into a fresh store first and timed apart
// (`forecast.gb.paths30.market-years`): a model version builds them once, for its first run; every
// later run of the world view reads them (the API's paths are fixed by seed and index).
// BENCH_PATHS / BENCH_PATH_YEARS shorten it; BENCH_PATH_METHOD=sampled times the paths estimated
// from sampled weeks (decision 0512; figure `forecast.gb.paths30.sampled`), as VOLTCAST_PATH_METHOD.
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import type { PathJob } from "../api/forecasts/pathThreadImpl.ts";
import type { PathMethod } from "../engine/paths/index.ts";
import { KeptThreads } from "../api/forecasts/keptThreads.ts";
import type { ForecastInput } from "../engine/forecast/types.ts";
import { pathPercentiles, pathWeatherKey, type PathYear } from "../engine/paths/index.ts";
import { defaultFinanceInputs } from "../engine/finance/index.ts";
import { figure } from "./figures.ts";

function pathInThread(threads: KeptThreads, job: PathJob): Promise<PathYear[]> {
  return new Promise((resolve, reject) =>
    threads.run(
      job,
      () => {},
      (m) => {
        if (m instanceof Error) reject(m);
        else if (m.type === "result") resolve((m as { years?: PathYear[] }).years!);
        else reject(new Error(m.message));
      },
    ),
  );
}

export default async function pathsBench() {
  const n = Number(process.env.BENCH_PATHS ?? 30);
  const years = Number(process.env.BENCH_PATH_YEARS ?? 20);
  const threads = Number(process.env.BENCH_PATH_THREADS ?? 2);
  const method = (process.env.BENCH_PATH_METHOD ?? "full") as PathMethod;
  const named = `forecast.gb.paths${n}${years === 20 ? "" : `.${years}y`}`;
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
  // a store of the bench's own (threads read VOLTCAST_DATA_DIR when they start)
  const dataDir = mkdtempSync(path.join(tmpdir(), "voltcast-paths-bench-"));
  const dataDirBefore = process.env.VOLTCAST_DATA_DIR;
  process.env.VOLTCAST_DATA_DIR = dataDir;
  const { storedMarketYear } = await import("../api/worldviews/marketYearStore.ts");
  const tb = performance.now();
  for (let k = 0; k < n; k++)
    for (let y = 2026; y < 2026 + years; y++)
      storedMarketYear("gb-central", y, { weatherKey: pathWeatherKey(1, k) });
  const buildSec = (performance.now() - tb) / 1000;
  figure(`${named}.market-years`, Math.round(buildSec * 10) / 10, "s", true);
  console.log(
    `market years of ${n} paths × ${years} years built and kept in ${buildSec.toFixed(1)} s (${((buildSec * 1000) / (n * years)).toFixed(0)} ms a year; once per model version, then read by every run)`,
  );
  const load = loadavg()[0].toFixed(1);
  const pool = Array.from(
    { length: threads },
    () => new KeptThreads(new URL("../api/forecasts/pathThread.mjs", import.meta.url), 1),
  );
  const t0 = performance.now();
  const paths: PathYear[][] = new Array(n);
  let next = 0;
  try {
    await Promise.all(
      pool.map(async (kept) => {
        while (next < n) {
          const path = next++;
          const t = performance.now();
          paths[path] = await pathInThread(kept, { input, path, seed: 1, method });
          console.log(`  path ${path}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
        }
      }),
    );
  } finally {
    await Promise.all(pool.map((k) => k.close()));
    if (dataDirBefore === undefined) delete process.env.VOLTCAST_DATA_DIR;
    else process.env.VOLTCAST_DATA_DIR = dataDirBefore;
    rmSync(dataDir, { recursive: true, force: true });
  }
  const sec = (performance.now() - t0) / 1000;
  const full = n >= 30 ? "" : ` (≈ ${((sec * 30) / n).toFixed(0)} s for 30 paths, linear extrapolation)`;
  figure(method === "full" ? named : `${named}.${method}`, Math.round(sec * 10) / 10, "s", true);
  const mw = 50;
  const finance = defaultFinanceInputs("GB", years).inputs;
  const p = pathPercentiles(paths, {
    inputs: finance,
    // path 0 stands for the run's own case (the API uses the run's result)
    project: { ratedPowerMW: mw, energyMWh: 100, currency: "GBP", years: paths[0] },
  });
  console.log(
    `forecast.gb.paths30: ${n} paths × ${years} years${method === "full" ? "" : ` (${method})`}, GB 50 MW / 2 h energy_with_as, half-hourly, ${threads} warm engine threads, market years from the store (${availableParallelism()} cores, load ${load} at start): ${sec.toFixed(1)} s (${(sec / n).toFixed(1)} s a path)${full}`,
  );
  console.log(
    `  first year ${p.years[0]}: P90 ${p.p90[0].toFixed(0)} ≤ P50 ${p.p50[0].toFixed(0)} ≤ P10 ${p.p10[0].toFixed(0)} GBP/MW/year; NPV P90/P50/P10 ${[p.npv!.p90, p.npv!.p50, p.npv!.p10].map((v) => (v / 1e6).toFixed(1)).join(" / ")} M GBP; debt on P90 ${(p.debtP90! / 1e6).toFixed(1)} M GBP`,
  );
}
