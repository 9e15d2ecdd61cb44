// Engine benchmark: (1) one half-hourly year, fast solver vs HiGHS oracle side by side;
// (2) a whole forecast (GB 50 MW / 2 h, energy_with_as, three world views, 20 years, half-hourly,
// worker threads); (3) revenue of 1 MW / 2 h / 88 % / 1 cycle/day on every real price series.
import { solveDispatch, solveDispatchOracle } from "../engine/dispatch/solve.ts";
import { runForecast, syntheticMarketYear } from "../engine/forecast/index.ts";
import { hasSharedData, loadRealSeries } from "../tests/unit/engine/support/real-prices.ts";
import type { DispatchProblem } from "../engine/dispatch/types.ts";

export default async function engineBench() {
  // 1. dispatch speed
  const real = hasSharedData ? loadRealSeries((id) => id === "gb-day-ahead-hourly") : [];
  let price: Float64Array;
  let label: string;
  if (real.length) {
    // GB day-ahead 2024, each hour repeated for both half-hours (SOURCES.md)
    const seg = real[0].segments[0];
    const start = (Date.parse("2024-01-01T00:00:00Z") - Date.parse(seg.startUtc)) / 3600_000;
    const hourly = seg.price.subarray(start, start + 8784);
    price = new Float64Array(hourly.length * 2);
    for (let i = 0; i < price.length; i++) price[i] = hourly[i >> 1];
    label = "GB day-ahead 2024 (half-hourly)";
  } else {
    price = syntheticMarketYear("GB", 2024).energyPrice;
    label = "synthetic GB 2024";
  }
  const problem: DispatchProblem = {
    intervalMinutes: 30,
    startUtc: "2024-01-01T00:00:00Z",
    price,
    battery: { powerMW: 1, energyMWh: 2, roundTripEfficiency: 0.88, maxCyclesPerDay: 1 },
  };
  solveDispatch({ ...problem, price: price.subarray(0, 48 * 30) }); // warm-up
  const tFast0 = performance.now();
  const fast = solveDispatch(problem);
  const tFast = performance.now() - tFast0;
  const tOr0 = performance.now();
  const oracle = await solveDispatchOracle(problem);
  const tOracle = performance.now() - tOr0;
  console.log(`dispatch, ${label}, ${price.length} intervals, 1 MW / 2 h / 88 % / 1 cycle:`);
  console.log(`  fast (banded IPM): ${tFast.toFixed(0)} ms (solve ${fast.solveMs.toFixed(0)} ms), revenue ${fast.revenue.toFixed(2)}`);
  console.log(`  HiGHS oracle:      ${tOracle.toFixed(0)} ms, revenue ${oracle.revenue.toFixed(2)}`);
  console.log(`  speed-up ${(tOracle / tFast).toFixed(1)}×, revenue gap ${(((oracle.revenue - fast.revenue) / oracle.revenue) * 100).toExponential(2)} %`);

  // 2. whole forecast
  const years = Number(process.env.BENCH_FORECAST_YEARS ?? 20);
  const t0 = performance.now();
  const r = await runForecast(
    {
      configuration: "bess",
      region: "GB",
      ratedPower: 50,
      duration: 2,
      efficiency: 88,
      maxCycles: 1,
      startDate: "2026-01-01",
      assetLifeYears: years,
      revenueStrategies: ["energy_with_as"],
      macroScenarios: ["central", "high", "low"],
      degradation: "standard_degradation_curve",
    },
    (s, y) => syntheticMarketYear("GB", y, s, 30),
    { workers: 2 },
  );
  const tForecast = performance.now() - t0;
  console.log(`forecast GB 50 MW / 2 h energy_with_as, 3 world views × ${years} years, half-hourly, 2 workers: ${(tForecast / 1000).toFixed(1)} s`);
  for (const s of r.scenarios) console.log(`  ${s.scenarioId}: average ${s.averagePerMWYear.toFixed(0)} ${s.unitYear} (synthetic prices)`);

  // 3. real price series
  if (!hasSharedData) return console.log("(../shared/data absent: real-series revenues skipped)");
  console.log("1 MW / 2 h / 88 % / 1 cycle/day, perfect foresight over each contiguous segment:");
  for (const s of loadRealSeries()) {
    let rev = 0;
    let cycles = 0;
    let hours = 0;
    let ms = 0;
    for (const seg of s.segments) {
      if (seg.price.length < 24) continue;
      const res = solveDispatch({ intervalMinutes: seg.intervalMinutes, startUtc: seg.startUtc, price: seg.price, battery: { powerMW: 1, energyMWh: 2, roundTripEfficiency: 0.88, maxCyclesPerDay: 1 } });
      rev += res.revenue;
      cycles += res.cycles;
      hours += (seg.price.length * seg.intervalMinutes) / 60;
      ms += res.solveMs;
    }
    console.log(`  ${s.id}: ${rev.toFixed(0)} ${s.currency} over ${(hours / 24).toFixed(0)} days = ${((rev / hours) * 8760).toFixed(0)} ${s.currency}/MW/year, ${((cycles / hours) * 24).toFixed(2)} cycles/day (${(ms / 1000).toFixed(1)} s)`);
  }
}
