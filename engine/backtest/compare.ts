// Like-for-like comparison of backtest rows with the benchmarks (issue 25, decision 0120): the
// same streams, over the benchmark's own period, at its duration — or at the fleet's mix of
// durations, interpolated between the 1 h and 2 h rows — and across the market's regions when
// the figure is a fleet-wide one (NEM). What does not match is named, never hidden.
import type { Currency, MarketRegion } from "../types.ts";
import type { Foresight } from "../forecast/foresight.ts";
import { BENCHMARKS, isWholeYear, STREAM_GROUPS, type Benchmark } from "./benchmarks.ts";
import type { BacktestRow } from "./index.ts";

export interface Comparison {
  market: MarketRegion;
  /** The price zone, or "mean of …" when a fleet-wide figure is compared with several zones. */
  region: string;
  year: number;
  /** "2024", or the months compared: "2024-04..2024-06", "2025-11". */
  period: string;
  /** The duration compared: 1, 2, or the fleet's average when `durationMix` is set. */
  durationHours: number;
  /** Weights of the 1 h and 2 h rows making the fleet's mix; null for a single duration. */
  durationMix: Record<number, number> | null;
  foresight: Foresight;
  /** The compared streams over the period, annualised: what `ratio` divides. */
  revenuePerMWYear: number;
  currency: Currency;
  benchmarkId: string;
  benchmarkValue: number;
  /** False for a figure derived by us (a mean, an annualisation, a share): never shown as published. */
  benchmarkPublished: boolean;
  benchmarkKind: Benchmark["kind"];
  benchmarkDefinition: string;
  benchmarkSource: string;
  ratio: number;
  /** Backtest streams summed into `revenuePerMWYear` (those the benchmark also counts). */
  streamsCompared: string[];
  /** What the benchmark requires and the backtest does not hold. */
  streamsMissing: string[];
  /** Same streams, same duration (or the fleet's mix), same zones: the ±20 % test applies. */
  likeForLike: boolean;
  /** Why not like for like (empty when it is). */
  differences: string[];
}

const yearDays = (y: number) => (Date.UTC(y + 1, 0, 1) - Date.UTC(y, 0, 1)) / 86_400_000;
const monthDays = (m: string) => {
  const [y, mm] = m.split("-").map(Number);
  return (Date.UTC(y, mm, 1) - Date.UTC(y, mm - 1, 1)) / 86_400_000;
};

function monthsOf(period: Benchmark["period"]): string[] {
  const out: string[] = [];
  let [y, m] = period.from.split("-").map(Number);
  const [y1, m1] = period.to.split("-").map(Number);
  while (y < y1 || (y === y1 && m <= m1)) {
    out.push(`${y}-${String(m).padStart(2, "0")}`);
    if (++m > 12) [y, m] = [y + 1, 1];
  }
  return out;
}

function periodLabel(b: Benchmark): string {
  if (isWholeYear(b)) return String(b.year);
  return b.period.from === b.period.to ? b.period.from : `${b.period.from}..${b.period.to}`;
}

/** The benchmark's requirements the row does not hold (a group is held when any member is). */
function missingStreams(b: Benchmark, row: Pick<BacktestRow, "streams">): string[] {
  const held = (s: string) => (STREAM_GROUPS[s] ?? [s]).some((k) => row.streams[k] !== undefined);
  return b.requires.filter((s) => !held(s));
}

/**
 * The row's revenue per MW-year from the streams the benchmark counts, over its period. A part
 * of the year is read from the row's months (as earned, each scaled to its coverage, annualised by
 * days); months hold every stream together, so a part-year compare needs every stream of the row
 * to be one the benchmark counts. Null when the period or the streams cannot be compared.
 */
function comparedRevenue(b: Benchmark, row: BacktestRow): { value: number; streams: string[] } | null {
  const streams = Object.keys(row.streams).filter((s) => b.streams.includes(s));
  if (isWholeYear(b)) return { value: streams.reduce((a, s) => a + row.streams[s], 0), streams };
  if (Object.keys(row.streams).some((s) => !b.streams.includes(s))) return null;
  let sum = 0;
  let days = 0;
  for (const m of monthsOf(b.period)) {
    const got = row.months.find((x) => x.month === m);
    if (!got || got.coverage <= 0) return null;
    sum += got.revenuePerMW / got.coverage;
    days += monthDays(m);
  }
  return { value: (sum * yearDays(b.year)) / days, streams };
}

/** Weights of the 1 h and 2 h rows for a fleet of `hours` average duration (linear between them). */
function durationMix(hours: number): Record<number, number> {
  const w2 = Math.min(1, Math.max(0, hours - 1));
  return { 1: 1 - w2, 2: w2 };
}

/** Every comparison of the rows with the benchmarks of their market-years. */
export function compareRows(rows: BacktestRow[], benchmarks: Benchmark[] = BENCHMARKS): Comparison[] {
  const out: Comparison[] = [];
  for (const b of benchmarks)
    for (const foresight of ["realistic", "perfect"] as const) {
      const mine = rows.filter(
        (r) => r.market === b.market && r.year === b.year && r.foresight === foresight,
      );
      const regions = [...new Set(mine.map((r) => r.region))].sort();
      if (!regions.length) continue;
      /** The compared revenue at one duration, averaged over the zones (equal weights). */
      const at = (h: number) => {
        const per = regions.map((z) => {
          const r = mine.find((x) => x.region === z && x.durationHours === h);
          return r ? { r, c: comparedRevenue(b, r) } : undefined;
        });
        if (per.some((x) => !x?.c)) return undefined;
        const value = per.reduce((a, x) => a + x!.c!.value, 0) / per.length;
        const streams = [...new Set(per.flatMap((x) => x!.c!.streams))];
        const missing = [...new Set(per.flatMap((x) => missingStreams(b, x!.r)))];
        return { value, streams, missing, currency: per[0]!.r.currency };
      };
      const options: { hours: number; mix: Record<number, number> | null; durationNote?: string }[] = [];
      if (b.durationHours !== null) options.push({ hours: b.durationHours, mix: null });
      else {
        const fleet = b.fleetDuration
          ? `a fleet figure (average duration ${b.fleetDuration.hours} h) against one duration`
          : "the figure's battery duration is not stated";
        options.push(
          { hours: 1, mix: null, durationNote: fleet },
          { hours: 2, mix: null, durationNote: fleet },
        );
        if (b.fleetDuration)
          options.push({ hours: b.fleetDuration.hours, mix: durationMix(b.fleetDuration.hours) });
      }
      for (const o of options) {
        let got: ReturnType<typeof at>;
        if (o.mix) {
          const one = at(1);
          const two = at(2);
          if (!one || !two) continue;
          got = {
            value: o.mix[1] * one.value + o.mix[2] * two.value,
            streams: [...new Set([...one.streams, ...two.streams])],
            missing: [...new Set([...one.missing, ...two.missing])],
            currency: one.currency,
          };
        } else got = at(o.hours);
        if (!got) continue;
        const differences: string[] = [];
        if (got.missing.length) differences.push(`the backtest does not hold: ${got.missing.join(", ")}`);
        if (o.durationNote) differences.push(o.durationNote);
        if (b.kind === "modelled") differences.push("a modelled figure, not realised revenue");
        out.push({
          market: b.market,
          region: regions.length > 1 ? `mean of ${regions.join(", ")}` : regions[0],
          year: b.year,
          period: periodLabel(b),
          durationHours: o.hours,
          durationMix: o.mix,
          foresight,
          revenuePerMWYear: got.value,
          currency: got.currency,
          benchmarkId: b.id,
          benchmarkValue: b.value,
          benchmarkPublished: b.published,
          benchmarkKind: b.kind,
          benchmarkDefinition: b.definition,
          benchmarkSource: b.source,
          ratio: got.value / b.value,
          streamsCompared: got.streams,
          streamsMissing: got.missing,
          likeForLike: differences.length === 0,
          differences,
        });
      }
    }
  return out;
}

/** One line of `npm run backtest -- --json`: a backtest row as computed, or a comparison. */
export type ReportRow =
  | (Omit<Comparison, "durationMix"> & { entry: "comparison"; durationMix: Record<number, number> | null })
  | {
      entry: "backtest";
      market: MarketRegion;
      region: string;
      year: number;
      period: string;
      durationHours: number;
      durationMix: null;
      foresight: Foresight;
      revenuePerMWYear: number;
      currency: Currency;
      streams: Record<string, number>;
      benchmarkValue: null;
      ratio: null;
      streamsCompared: string[];
      annualised: boolean;
      coverage: number;
      partialStreams: Record<string, number>;
      cyclesPerDay: number;
    };

/** Every row as computed (all streams, the calendar year), then every comparison with a benchmark. */
export function backtestReport(rows: BacktestRow[], benchmarks: Benchmark[] = BENCHMARKS): ReportRow[] {
  return [
    ...rows.map(
      (r): ReportRow => ({
        entry: "backtest",
        market: r.market,
        region: r.region,
        year: r.year,
        period: String(r.year),
        durationHours: r.durationHours,
        durationMix: null,
        foresight: r.foresight,
        revenuePerMWYear: r.revenuePerMWYear,
        currency: r.currency,
        streams: r.streams,
        benchmarkValue: null,
        ratio: null,
        streamsCompared: [],
        annualised: r.annualised,
        coverage: r.coverage,
        partialStreams: r.partialStreams,
        cyclesPerDay: r.cyclesPerDay,
      }),
    ),
    ...compareRows(rows, benchmarks).map((c): ReportRow => ({ entry: "comparison", ...c })),
  ];
}
