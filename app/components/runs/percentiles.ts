// A run's P10/P50/P90 (issue 30 item 2) as the run page reads them. Lenders' (exceedance) convention:
// P90 is the value exceeded in 90 % of paths (the downside), P10 the value exceeded in only 10 % (the
// upside), so P90 ≤ P50 ≤ P10. Declared here structurally (the API adds `percentiles` to a result; a
// result without it shows no fan chart). Pure.

export const EXCEEDANCE_NOTE =
  "P90 is the value exceeded in 90 % of paths (the downside); P10 the value exceeded in only 10 % (the upside); P50 the median.";

/** The `percentiles` of a run result: yearly revenue per MW per year across the run's price paths. */
export interface RunPercentiles {
  convention: "exceedance";
  paths: number;
  /** Said when the paths' years were estimated from sampled weeks (decision 0512). */
  methodNote?: string;
  years: number[];
  p10: number[];
  p50: number[];
  p90: number[];
  npv?: { p10: number; p50: number; p90: number; byPath: number[] };
  equityIrr?: { p10: number; p50: number; p90: number };
  debtP90?: number;
}

const numbers = (v: unknown, n?: number): v is number[] =>
  Array.isArray(v) &&
  v.every((x) => typeof x === "number" && Number.isFinite(x)) &&
  (n === undefined || v.length === n);

/** The result's percentiles when it has them in the shape above, else null (no chart is drawn). */
export function percentilesOf(result: unknown): RunPercentiles | null {
  const p = (result as { percentiles?: unknown } | null)?.percentiles as Partial<RunPercentiles> | undefined;
  if (!p || typeof p !== "object" || !numbers(p.years) || !p.years.length) return null;
  const n = p.years.length;
  if (!numbers(p.p10, n) || !numbers(p.p50, n) || !numbers(p.p90, n)) return null;
  const npv =
    p.npv && numbers(p.npv.byPath) && [p.npv.p10, p.npv.p50, p.npv.p90].every((x) => typeof x === "number")
      ? p.npv
      : undefined;
  return {
    convention: "exceedance",
    paths: typeof p.paths === "number" ? p.paths : 0,
    methodNote: typeof p.methodNote === "string" ? p.methodNote : undefined,
    years: p.years,
    p10: p.p10,
    p50: p.p50,
    p90: p.p90,
    npv,
    equityIrr: p.equityIrr,
    debtP90: typeof p.debtP90 === "number" ? p.debtP90 : undefined,
  };
}

export interface FanRow {
  year: number;
  p90: number;
  p50: number;
  p10: number;
}

/** The fan's rows: per year the band from P90 (low) to P10 (high) and the P50 line. */
export function fanRows(p: RunPercentiles): FanRow[] {
  return p.years.map((year, i) => ({ year, p90: p.p90[i], p50: p.p50[i], p10: p.p10[i] }));
}

export interface HistogramBin {
  from: number;
  to: number;
  count: number;
}

/** The paths' NPVs counted into `bins` equal bins from the lowest to the highest (the last bin closed). */
export function npvHistogram(byPath: number[], bins = 10): HistogramBin[] {
  if (!byPath.length) return [];
  const lo = Math.min(...byPath);
  const hi = Math.max(...byPath);
  if (hi === lo) return [{ from: lo, to: hi, count: byPath.length }];
  const width = (hi - lo) / bins;
  const out = Array.from({ length: bins }, (_, i) => ({
    from: lo + i * width,
    to: lo + (i + 1) * width,
    count: 0,
  }));
  for (const v of byPath) out[Math.min(bins - 1, Math.floor((v - lo) / width))].count++;
  return out;
}
