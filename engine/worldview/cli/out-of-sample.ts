// CLI/test-only: the out-of-sample check of the world views on 2025, the year held back from the
// price map (decision 0216). 2025 is a different year from 2024 — weather, hydro, outages, gas — and
// a world view draws its own synthetic weather, so a 2025 error is held to what four measured
// sources of difference allow, each computed here on the 2025 target's own grid and intervals:
//   1. the real year-on-year change: the error real 2024 makes as a forecast of real 2025;
//   2. the model's in-sample error over the same months of 2024 (the base-year acceptance bounds
//      whole years; QLD1/SA1/TAS1 2025 data cover January–April only);
//   3. the world view's own weather: half the range of the error over eight weather draws of 2025;
//   4. the base-year tolerance (FIT_BOUNDS: mean 5 %, spread and percentiles 15 %, negative share
//      1.5 pp, spikes ×2).
// `npx tsx engine/worldview/cli/out-of-sample.ts [SYSTEM]` prints the table, then the fixed bounds of
// issue 26 (cli/fixed-bounds.ts, decision 0231), which replace these derived bounds for ERCOT.
import { intervalsInYear } from "../calendar.ts";
import { FIT_BOUNDS, fitErrors, fitMetrics, SPIKE_THRESHOLD, type FitErrors } from "../market-fit.ts";
import { resample } from "../model.ts";
import { computeMarketYear } from "../world-view.ts";
import { centralScenario, clearingMinutes, targetGrid, WEATHER_DRAWS } from "./fit-report.ts";
import { priceTargets, type PriceTarget } from "./targets.ts";
import { fixedBoundsReport } from "./fixed-bounds.ts";

/** The metrics held, with the base-year tolerance of each (percent, or percentage points). */
export const OUT_OF_SAMPLE_METRICS = [
  ["meanPct", FIT_BOUNDS.meanPct],
  ["spreadPct", FIT_BOUNDS.spreadPct],
  ["p5Pct", FIT_BOUNDS.percentilePct],
  ["p50Pct", FIT_BOUNDS.percentilePct],
  ["p95Pct", FIT_BOUNDS.percentilePct],
  ["negativeSharePp", FIT_BOUNDS.negativeSharePp],
] as const;

export interface OutOfSampleCheck {
  metric: string;
  /** The product's 2025 error (its own weather draw). */
  error: number;
  /** What the four sources allow (same units; spikes: the allowed factor). */
  bound: number;
  yearChange: number;
  inSample: number;
  weather: number;
  ok: boolean;
}

export interface OutOfSampleRow {
  system: string;
  coverage: number;
  checks: OutOfSampleCheck[];
}

function modelOnGrid(t: PriceTarget, year: number, weatherKey: string): Float64Array {
  const res = clearingMinutes(t.region);
  const d = computeMarketYear(t.region, centralScenario(t.region), year, {
    zone: t.region === "NEM" ? t.system : undefined,
    intervalMinutes: res,
    weatherKey,
  });
  return resample(d.marketYear.energyPrice, res, t.intervalMinutes, intervalsInYear(year, t.intervalMinutes));
}

/** One row per price system with real 2025 data. */
export function outOfSampleRows(only?: string): OutOfSampleRow[] {
  const base = priceTargets(2024, only);
  return priceTargets(2025, only).map((t) => {
    const b = base.find((x) => x.system === t.system)!;
    const grid = targetGrid(t);
    const thr = SPIKE_THRESHOLD[t.region];
    const observed = fitMetrics(t.observed, grid, thr);
    const draws = WEATHER_DRAWS.map((k) =>
      fitErrors(observed, fitMetrics(modelOnGrid(t, 2025, k), grid, thr, t.observed)),
    );
    // real 2024 on the 2025 target's grid, interval for interval of the year
    const real24 =
      b.intervalMinutes === t.intervalMinutes
        ? b.observed
        : resample(
            b.observed,
            b.intervalMinutes,
            t.intervalMinutes,
            intervalsInYear(2024, t.intervalMinutes),
          );
    const yearChange = fitErrors(
      observed,
      fitMetrics(
        Float64Array.from(t.observed, (_, i) => real24[i] ?? NaN),
        grid,
        thr,
        t.observed,
      ),
    );
    // the model's 2024 against real 2024 in the months 2025 has data for
    const grid24 = targetGrid({ ...b, intervalMinutes: t.intervalMinutes });
    const months = new Set<number>();
    t.observed.forEach((v, i) => Number.isFinite(v) && months.add(grid.month[i]));
    const obs24 = Float64Array.from(real24, (v, i) => (months.has(grid24.month[i]) ? v : NaN));
    const inSample = fitErrors(
      fitMetrics(obs24, grid24, thr),
      fitMetrics(modelOnGrid(t, 2024, "wv"), grid24, thr, obs24),
    );
    const range = (f: (e: FitErrors) => number) =>
      (Math.max(...draws.map(f)) - Math.min(...draws.map(f))) / 2;
    const checks: OutOfSampleCheck[] = OUT_OF_SAMPLE_METRICS.map(([metric, tol]) => {
      const f = (e: FitErrors) => e[metric];
      const parts = {
        yearChange: Math.abs(f(yearChange)),
        inSample: Math.abs(f(inSample)),
        weather: range(f),
      };
      const bound = parts.yearChange + parts.inSample + parts.weather + tol;
      return { metric, error: f(draws[0]), bound, ...parts, ok: Math.abs(f(draws[0])) <= bound };
    });
    // spikes are a ratio: the same sum on a log scale (a year without any spike counts as one)
    const oneSpike = observed.spikeShare > 0 ? 1 / (observed.n * observed.spikeShare) : 1e-6;
    const log = (e: FitErrors) => Math.log(Math.max(e.spikeRatio, oneSpike));
    const parts = {
      yearChange: Math.abs(log(yearChange)),
      inSample: Math.abs(log(inSample)),
      weather: range(log),
    };
    const logBound = parts.yearChange + parts.inSample + parts.weather + Math.log(FIT_BOUNDS.spikeFactor);
    checks.push({
      metric: "spikeRatio",
      error: draws[0].spikeRatio,
      bound: Math.exp(logBound),
      yearChange: Math.exp(parts.yearChange),
      inSample: Math.exp(parts.inSample),
      weather: Math.exp(parts.weather),
      ok: Math.abs(log(draws[0])) <= logBound,
    });
    return { system: t.system, coverage: t.coverage, checks };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = outOfSampleRows(process.argv[2]);
  const f = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(1));
  console.log(
    "2025 out of sample: error / allowed (= real year change + in-sample same months + weather draws + tolerance)",
  );
  for (const r of rows)
    console.log(
      `${r.system.padEnd(6)}${(100 * r.coverage).toFixed(0).padStart(4)}%  ` +
        r.checks
          .map((c) =>
            c.metric === "spikeRatio"
              ? `spikes ×${c.error.toFixed(2)} within ×${f(c.bound)}${c.ok ? "" : " OUTSIDE"}`
              : `${c.metric.replace(/Pct|SharePp/, "")} ${f(c.error)}/${f(c.bound)}${c.ok ? "" : " OUTSIDE"}`,
          )
          .join("  "),
    );
  for (const l of fixedBoundsReport(process.argv[2])) console.log(l);
}
