// The bench's figures as machines read them (issue 29): `npm run bench -- --json` prints every figure
// as `{ name, value, unit, ratio }`. An engine figure's ratio is its time over the same bench run's
// HiGHS solve of one GB day-ahead year (2024, half-hourly, 1 MW / 2 h), so that machines compare.
import { solveDispatchOracle } from "../engine/dispatch/solve.ts";
import { syntheticMarketYear } from "../engine/forecast/index.ts";
import type { DispatchProblem } from "../engine/dispatch/types.ts";
import { hasSharedData, loadRealSeries } from "../tests/unit/engine/support/real-prices.ts";

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** value ÷ the HiGHS reference solve, for figures in ms or s of engine work */
  ratio?: number;
}

const recorded: { figure: Figure; perHighs: boolean }[] = [];
let highsMs: number | undefined;

/** Records a figure; `perHighs` asks for its ratio to the HiGHS reference solve. */
export function figure(name: string, value: number, unit: "ms" | "s" | string, perHighs = false) {
  recorded.push({ figure: { name, value, unit }, perHighs });
}

/** The engine bench times HiGHS side by side with the other solvers: its median is the reference. */
export function setHighsReferenceMs(ms: number) {
  highsMs = ms;
}

/** The reference problem: GB day-ahead 2024, each hour repeated for both half-hours (SOURCES.md). */
export function highsReferenceProblem(): { problem: DispatchProblem; label: string } {
  const real = hasSharedData ? loadRealSeries((id) => id === "gb-day-ahead-hourly") : [];
  let price: Float64Array;
  let label: string;
  if (real.length) {
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
  return { problem, label };
}

/** Times the reference once when no bench of this run did (median of 5 after 3 warm-up solves). */
async function referenceMs(): Promise<number> {
  if (highsMs !== undefined) return highsMs;
  const { problem } = highsReferenceProblem();
  for (let k = 0; k < 3; k++) await solveDispatchOracle(problem);
  const ms: number[] = [];
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    await solveDispatchOracle(problem);
    ms.push(performance.now() - t0);
  }
  highsMs = ms.sort((a, b) => a - b)[2];
  figure("engine.highs.gb.year", Math.round(highsMs), "ms");
  return highsMs;
}

/** Every figure recorded, ratios filled in. */
export async function figures(): Promise<Figure[]> {
  const out: Figure[] = [];
  const needsRatio = recorded.some((r) => r.perHighs);
  const ref = needsRatio ? await referenceMs() : highsMs;
  for (const { figure: f, perHighs } of recorded) {
    const ms = f.unit === "s" ? f.value * 1000 : f.value;
    out.push(perHighs && ref ? { ...f, ratio: Math.round((ms / ref) * 100) / 100 } : f);
  }
  return out;
}
