// A finished run's results (api/forecasts/runs.ts RunResult) read for the screens: per-MW revenue by
// stream and year, per year or per month, and the key figures. Pure functions (unit-tested).
import { perPeriod, revenueUnit, type Period } from "./rules.ts";
import type { RunResult, StrategyResult, YearResult } from "./types.ts";
import { STREAM_LABELS } from "~/validation/runLabels";

export { balancingMechanismNote, streamLabel, strategyLabel } from "~/validation/runLabels";

/** Currency → per MW factor of a year: the engine's perMWYear over its total (rated power of the asset). */
function perMwFactor(y: YearResult, ratedPower: number | null): number {
  if (y.total !== 0 && Number.isFinite(y.perMWYear / y.total)) return y.perMWYear / y.total;
  return ratedPower && ratedPower > 0 ? 1 / ratedPower : 0;
}

export interface StreamTableRow {
  year: number;
  /** Per MW per period, by stream key. */
  streams: Record<string, number>;
  total: number;
  cycles: number;
  capacityRetention: number;
  repowered: boolean;
}

/** The streams that carry revenue or cost in any year, in a fixed order. */
export function streamsOf(s: StrategyResult): string[] {
  const order = Object.keys(STREAM_LABELS);
  const seen = new Set<string>();
  for (const y of s.years)
    for (const [k, v] of Object.entries(y.streams)) if (Math.abs(v) > 1e-9) seen.add(k);
  return [...seen].sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
}

export function streamRows(s: StrategyResult, period: Period, ratedPower: number | null): StreamTableRow[] {
  return s.years.map((y) => {
    const f = perMwFactor(y, ratedPower);
    const streams: Record<string, number> = {};
    for (const [k, v] of Object.entries(y.streams)) streams[k] = perPeriod(v * f, period);
    return {
      year: y.year,
      streams,
      total: perPeriod(y.perMWYear, period),
      cycles: y.cycles,
      capacityRetention: y.capacityRetention,
      repowered: Boolean(y.repowered),
    };
  });
}

export interface KeyFigures {
  averagePerMW: number;
  unit: string;
  cyclesPerYear: number;
  /** Capacity retained at the end of the forecast (0–1). */
  capacityRetention: number;
  repoweringYears: number[];
  years: number;
}

export function keyFigures(s: StrategyResult, marketRegion: string, period: Period): KeyFigures {
  const n = s.years.length || 1;
  const last = s.years[s.years.length - 1];
  const repowering = new Set<number>([
    ...(s.repoweringEvents ?? []).map((e) => e.year),
    ...s.years.filter((y) => y.repowered).map((y) => y.year),
  ]);
  return {
    averagePerMW: perPeriod(s.averagePerMWYear, period),
    unit: revenueUnit(marketRegion, period),
    cyclesPerYear: s.years.reduce((a, y) => a + y.cycles, 0) / n,
    capacityRetention: last?.capacityRetention ?? 1,
    repoweringYears: [...repowering].sort((a, b) => a - b),
    years: s.years.length,
  };
}

/** The rated power the per-MW figures are expressed against (battery, or the generator when stand-alone). */
export function ratedPowerOf(forecast: Record<string, unknown>): number | null {
  const n = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" && v !== "" ? Number(v) : NaN);
  const configuration = String(forecast.configuration ?? "bess");
  const p =
    configuration === "solar"
      ? n(forecast.solarRatedPower)
      : configuration === "wind"
        ? n(forecast.windRatedPower)
        : n(forecast.ratedPower);
  return Number.isFinite(p) && p > 0 ? p : null;
}

export function pickStrategy(result: RunResult, wanted: string | null): StrategyResult | null {
  if (!result.strategies.length) return null;
  return result.strategies.find((s) => s.strategy === wanted) ?? result.strategies[0];
}
