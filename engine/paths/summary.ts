// What a run's price paths say (issue 30 item 2, decision 0403): per year the P10/P50/P90 of revenue
// per MW and of cash flow available for debt service, over life the P10/P50/P90 of project NPV and
// equity IRR, and the debt the P90 case supports. Exceedance convention (percentiles.ts): P90 is
// the downside. Pure: plain data in, plain data out.
import {
  financeModel,
  type FinanceInputs,
  type FinanceProject,
  type FinanceResult,
} from "../finance/index.ts";
import type { RevenueYear } from "../finance/model.ts";
import { exceedancePath, exceedances, exceedancesOrNull, yearlyExceedances } from "./percentiles.ts";
import { SAMPLED_PATHS_NOTE, type PathYear } from "./path.ts";

export interface PathPercentiles {
  convention: "exceedance";
  /** Paths the figures are over. */
  paths: number;
  /** How the paths' years were computed (absent: "full"); with "sampled", `methodNote` says what that costs in accuracy. */
  method?: "full" | "sampled";
  methodNote?: string;
  years: number[];
  /** Revenue per MW per year, the result's money basis. */
  p10: number[];
  p50: number[];
  p90: number[];
  /** Cash flow available for debt service per year (whole asset, the finance's money basis). */
  cfads?: { p10: number[]; p50: number[]; p90: number[] };
  /** Project NPV (post-tax, whole asset) over life; byPath in path order. */
  npv?: { p10: number; p50: number; p90: number; byPath: number[] };
  /** Equity IRR over life (null where the paths' equity never pays back). */
  equityIrr?: { p10: number | null; p50: number | null; p90: number | null };
  /** Debt sculpted on the P90 case at its DSCR target (whole asset). */
  debtP90?: number;
}

export interface PathFinanceCase {
  inputs: FinanceInputs;
  /** The run's own case (its revenue: the P50 case the debt is sized on by default). */
  project: FinanceProject;
}

/**
 * The percentiles of `paths` (each a path's years, all the same years). With `finance`, each path
 * is also run through the finance model: its debt is the run's own (debt is fixed at financial
 * close, so a path changes the equity's return, not the loan: the run's debt ÷ capex, repaid as an
 * annuity), and the P90 case — per year, the path whose revenue is that year's P90 — sizes the
 * debt it supports.
 */
export function pathPercentiles(paths: readonly PathYear[][], finance?: PathFinanceCase): PathPercentiles {
  if (!paths.length) throw new Error("pathPercentiles: no paths");
  const years = paths[0].map((y) => y.year);
  if (paths.some((p) => p.length !== years.length || p.some((y, t) => y.year !== years[t])))
    throw new Error("pathPercentiles: the paths cover different years");
  const revenue = yearlyExceedances(paths.map((p) => p.map((y) => y.perMWYear)));
  const sampled = paths.some((p) => p.some((y) => y.sampled));
  const out: PathPercentiles = {
    convention: "exceedance",
    paths: paths.length,
    method: sampled ? "sampled" : "full",
    ...(sampled ? { methodNote: SAMPLED_PATHS_NOTE } : {}),
    years,
    ...revenue,
  };
  if (!finance) return out;

  const base = financeModel(finance.inputs, finance.project);
  const asPathInputs: FinanceInputs = { ...finance.inputs, debtSizing: "gearing", gearing: base.gearing };
  const results: FinanceResult[] = paths.map((p) =>
    financeModel(asPathInputs, { ...finance.project, years: p, p90Years: undefined }),
  );
  // Operating years only (year 0 is construction, the same capex on every path).
  const cfads = yearlyExceedances(results.map((r) => r.years.slice(1).map((y) => y.cfads)));
  const byPath = results.map((r) => r.npv);
  out.cfads = cfads;
  out.npv = { ...exceedances(byPath), byPath };
  out.equityIrr = exceedancesOrNull(results.map((r) => r.equityIrr));
  out.debtP90 = financeModel(
    { ...finance.inputs, debtSizing: "sculpted", sizingCase: "p90" },
    { ...finance.project, p90Years: p90Case(paths) },
  ).debt;
  return out;
}

/** Per year, the streams of the path whose revenue that year is the P90 (the downside case). */
export function p90Case(paths: readonly PathYear[][]): RevenueYear[] {
  return paths[0].map((y, t) => {
    const i = exceedancePath(
      paths.map((p) => p[t].perMWYear),
      90,
    );
    return { year: y.year, streamsPerMW: paths[i][t].streamsPerMW };
  });
}
