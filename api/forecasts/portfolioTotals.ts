// The portfolio's revenue and cash flow per year (issue 30 item 4, decision 0412): per calendar
// year, the sum over the runs linked to the caller's assets of each run's P50 and of its P90 (its
// expected figures — its world view's own result — where it has no price paths yet), in money:
// the run's per-MW figures times the asset's rated power. Runs in different currencies are never
// added: one set of sums per currency. Money is real 2024 throughout (revenues are, decision 0207;
// a run whose investment case asks for nominal cash flows is read in real money here).
import type { FinanceRequest } from "../../app/validation/finance.ts";
import type { Forecast } from "../../app/validation/forecast.ts";
import type { PathPercentiles } from "../../engine/paths/index.ts";
import { moneyBasisLabel } from "../../engine/markets/money.ts";
import type { Db } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import { financeUnavailable, runFinance, type RunFinance } from "./finance.ts";
import { runPercentiles, type PathProgress } from "./paths.ts";
import type { RunResult } from "./runs.ts";

/** Said wherever the sums are shown: why a sum of P90s is not the portfolio's P90. */
export const P90_SUM_NOTE =
  "A sum of P90s is conservative, not the portfolio's own P90: each run's P90 is its own downside over its own price paths, and the paths of different runs are not drawn together (they are not joint), so every run being at its P90 in the same year is rarer than 1 in 10. The portfolio's own P90 would usually be higher.";

/** The real-money overlay the portfolio reads every run's cash flows with. */
const REAL_MONEY: FinanceRequest = { moneyBasis: "real" };

/** A run's price paths: in (percentiles), still being dispatched, or none (made without). */
export type PathsState = "in" | "computing" | "none";

export interface YearFigures {
  year: number;
  p50: number;
  p90: number;
  /** From the run's price paths; false: its expected figure stands in for both. */
  fromPaths: boolean;
}

/** What one run, on one asset, adds to the portfolio. */
export interface RunContribution {
  currency: string;
  paths: PathsState;
  /** Revenue per year, whole asset (per MW × the asset's rated power). */
  revenue: YearFigures[];
  /** Cash flow available for debt service per year, whole asset; empty when the run has no finance. */
  cashFlow: YearFigures[];
}

export interface Sum {
  p50: number;
  p90: number;
  /** Runs whose P50 and P90 are from their price paths. */
  fromPaths: number;
  /** Runs without paths (yet): their expected figure is in both sums. */
  fromExpected: number;
}

export interface CurrencyTotals {
  currency: string;
  moneyBasis: string;
  years: { year: number; revenue: Sum | null; cashFlow: Sum | null }[];
}

/**
 * A run's contribution on an asset of `assetRatedPowerMW`. Revenue percentiles are per MW; cash
 * flows are the run's whole asset, so they are scaled by the asset's power over the run's (exact
 * when the asset has the run's duration: every cost of the finance model is per kW, kWh or MWh).
 */
export function contributionOf(input: {
  result: RunResult;
  assetRatedPowerMW: number;
  percentiles: PathPercentiles | null;
  pathProgress: PathProgress | null;
  finance: RunFinance | null;
}): RunContribution {
  const { result, assetRatedPowerMW: mw, percentiles: p, finance } = input;
  const paths: PathsState = p ? "in" : input.pathProgress ? "computing" : "none";
  const first = result.strategies[0];
  const revenue: YearFigures[] = p
    ? p.years.map((year, i) => ({ year, p50: p.p50[i] * mw, p90: p.p90[i] * mw, fromPaths: true }))
    : (first?.years ?? []).map((y) => ({
        year: y.year,
        p50: y.perMWYear * mw,
        p90: y.perMWYear * mw,
        fromPaths: false,
      }));
  let cashFlow: YearFigures[] = [];
  if (finance) {
    const runMW = result.perMW?.mw ?? Number((result.forecastUsed as Partial<Forecast>).ratedPower);
    const scale = mw / runMW;
    const operating = finance.years.slice(1); // year 0 is construction: no cash flow to sum
    const c = p?.cfads;
    cashFlow =
      c && c.p50.length === operating.length
        ? operating.map((y, i) => ({
            year: y.year,
            p50: c.p50[i] * scale,
            p90: c.p90[i] * scale,
            fromPaths: true,
          }))
        : operating.map((y) => ({
            year: y.year,
            p50: y.cfads * scale,
            p90: y.cfads * scale,
            fromPaths: false,
          }));
  }
  return { currency: result.currency, paths, revenue, cashFlow };
}

/** Per currency, per calendar year: the sums of the runs' P50s and of their P90s. */
export function sumByCurrency(runs: readonly RunContribution[]): CurrencyTotals[] {
  const byCurrency = new Map<string, Map<number, { revenue: Sum | null; cashFlow: Sum | null }>>();
  const add = (sum: Sum | null, f: YearFigures): Sum => ({
    p50: (sum?.p50 ?? 0) + f.p50,
    p90: (sum?.p90 ?? 0) + f.p90,
    fromPaths: (sum?.fromPaths ?? 0) + (f.fromPaths ? 1 : 0),
    fromExpected: (sum?.fromExpected ?? 0) + (f.fromPaths ? 0 : 1),
  });
  for (const run of runs) {
    const years = byCurrency.get(run.currency) ?? new Map();
    byCurrency.set(run.currency, years);
    const at = (year: number) => {
      if (!years.has(year)) years.set(year, { revenue: null, cashFlow: null });
      return years.get(year)!;
    };
    for (const f of run.revenue) at(f.year).revenue = add(at(f.year).revenue, f);
    for (const f of run.cashFlow) at(f.year).cashFlow = add(at(f.year).cashFlow, f);
  }
  return [...byCurrency.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, years]) => ({
      currency,
      moneyBasis: moneyBasisLabel(currency),
      years: [...years.entries()].sort(([a], [b]) => a - b).map(([year, s]) => ({ year, ...s })),
    }));
}

/** A finished run's figures for the portfolio: its percentiles and finance in real money. */
export async function runFigures(db: Db, runId: string, result: RunResult) {
  const { percentiles, pathProgress } = await runPercentiles(db, runId, result, REAL_MONEY);
  let finance: RunFinance | null = null;
  let financeNote = financeUnavailable(result);
  if (!financeNote) {
    try {
      finance = runFinance(result, { given: REAL_MONEY });
    } catch (e) {
      // finance inputs stored with the forecast that this run cannot take: no cash flow from it
      if (!(e instanceof ApiError)) throw e;
      financeNote = Object.values((e.body.errors ?? {}) as Record<string, string[]>)
        .flat()
        .join(" ");
    }
  }
  return { percentiles, pathProgress, finance, financeNote };
}
