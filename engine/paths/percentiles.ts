// P10/P50/P90 of price paths in the lenders' sense (issue 30 item 2, decision 0403): Pk is the value
// that at least k % of the paths reach or exceed. P90 is then the downside (exceeded in 90 % of
// paths), P10 the upside, and P90 ≤ P50 ≤ P10 always. Pure: plain data in, plain data out.

/**
 * The value that at least `k` % of `values` reach or exceed (nearest rank, so it is one of the
 * values): sorted from highest down, the ⌈k·n/100⌉-th. Throws for no values or k outside (0, 100].
 */
export function exceedance(values: readonly number[], k: number): number {
  if (!values.length) throw new Error("exceedance: no values");
  if (!(k > 0 && k <= 100)) throw new Error(`exceedance: level ${k} outside (0, 100]`);
  const down = [...values].sort((a, b) => b - a);
  return down[Math.max(0, Math.ceil((k * down.length) / 100) - 1)];
}

/** The index (into `values`) of the path whose value is the exceedance value `k` (the first on a tie). */
export function exceedancePath(values: readonly number[], k: number): number {
  return values.indexOf(exceedance(values, k));
}

export interface Exceedance {
  p10: number;
  p50: number;
  p90: number;
}

/** P10, P50 and P90 of the values. */
export function exceedances(values: readonly number[]): Exceedance {
  return { p10: exceedance(values, 10), p50: exceedance(values, 50), p90: exceedance(values, 90) };
}

/**
 * Per year: P10/P50/P90 across paths. `byPath[i][t]` is path i's value in year t; every path has
 * the same years.
 */
export function yearlyExceedances(byPath: readonly (readonly number[])[]): {
  p10: number[];
  p50: number[];
  p90: number[];
} {
  if (!byPath.length) throw new Error("yearlyExceedances: no paths");
  const n = byPath[0].length;
  if (byPath.some((p) => p.length !== n)) throw new Error("yearlyExceedances: paths of different lengths");
  const out = { p10: [] as number[], p50: [] as number[], p90: [] as number[] };
  for (let t = 0; t < n; t++) {
    const e = exceedances(byPath.map((p) => p[t]));
    out.p10.push(e.p10);
    out.p50.push(e.p50);
    out.p90.push(e.p90);
  }
  return out;
}

/**
 * P10/P50/P90 of values some of which may be missing (an IRR that does not exist: the flows never
 * turn positive). A missing value is taken as the lowest (a path without an IRR is a path that
 * never pays back); a level that lands on a missing value is null.
 */
export function exceedancesOrNull(values: readonly (number | null)[]): {
  p10: number | null;
  p50: number | null;
  p90: number | null;
} {
  const ranked = values.map((v) => (v === null || !Number.isFinite(v) ? -Infinity : v));
  const at = (k: number) => {
    const v = exceedance(ranked, k);
    return v === -Infinity ? null : v;
  };
  return { p10: at(10), p50: at(50), p90: at(90) };
}
