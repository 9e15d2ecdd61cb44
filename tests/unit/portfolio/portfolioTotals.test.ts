// The portfolio's sums per year (decision 0412), on hand-made contributions: P50s and P90s added
// per year within a currency, never across; a run without paths counted as "expected"; a year a
// run does not cover left to the others; cash flow scaled by the asset's MW over the run's.
import { describe, expect, it } from "vitest";
import {
  contributionOf,
  sumByCurrency,
  type RunContribution,
} from "../../../api/forecasts/portfolioTotals.ts";
import type { RunResult } from "../../../api/forecasts/runs.ts";
import type { RunFinance } from "../../../api/forecasts/finance.ts";

const f = (year: number, p50: number, p90: number, fromPaths: boolean) => ({ year, p50, p90, fromPaths });

describe("sumByCurrency", () => {
  it("adds P50s and P90s per year within a currency and keeps currencies apart", () => {
    const runs: RunContribution[] = [
      {
        currency: "GBP",
        paths: "in",
        revenue: [f(2025, 100, 80, true), f(2026, 110, 85, true)],
        cashFlow: [],
      },
      {
        currency: "GBP",
        paths: "none",
        revenue: [f(2025, 50, 50, false)],
        cashFlow: [f(2025, 20, 20, false)],
      },
      { currency: "USD", paths: "computing", revenue: [f(2025, 7, 7, false)], cashFlow: [] },
    ];
    const [gbp, usd] = sumByCurrency(runs);
    expect(gbp.currency).toBe("GBP");
    expect(gbp.moneyBasis).toBe("real 2024 GBP");
    expect(gbp.years).toEqual([
      {
        year: 2025,
        revenue: { p50: 150, p90: 130, fromPaths: 1, fromExpected: 1 },
        cashFlow: { p50: 20, p90: 20, fromPaths: 0, fromExpected: 1 },
      },
      { year: 2026, revenue: { p50: 110, p90: 85, fromPaths: 1, fromExpected: 0 }, cashFlow: null },
    ]);
    expect(usd).toEqual({
      currency: "USD",
      moneyBasis: "real 2024 USD",
      years: [{ year: 2025, revenue: { p50: 7, p90: 7, fromPaths: 0, fromExpected: 1 }, cashFlow: null }],
    });
  });

  it("has no sums without runs", () => {
    expect(sumByCurrency([])).toEqual([]);
  });
});

describe("contributionOf", () => {
  const result = {
    currency: "GBP",
    forecastUsed: { ratedPower: 50 },
    perMW: { of: "battery", mw: 50 },
    strategies: [
      {
        strategy: "energy_only",
        years: [
          { year: 2025, perMWYear: 1000 },
          { year: 2026, perMWYear: 900 },
        ],
      },
    ],
  } as unknown as RunResult;
  const finance = {
    years: [
      { year: 2024, cfads: 0 },
      { year: 2025, cfads: 25_000 },
      { year: 2026, cfads: 20_000 },
    ],
  } as unknown as RunFinance;

  it("without paths: the expected revenue × the asset's MW, cash flow × asset MW ÷ run MW, in both", () => {
    const c = contributionOf({
      result,
      assetRatedPowerMW: 10,
      percentiles: null,
      pathProgress: null,
      finance,
    });
    expect(c.paths).toBe("none");
    expect(c.revenue).toEqual([f(2025, 10_000, 10_000, false), f(2026, 9000, 9000, false)]);
    expect(c.cashFlow).toEqual([f(2025, 5000, 5000, false), f(2026, 4000, 4000, false)]);
  });

  it("with paths: their P50 and P90; still computing: the expected figures", () => {
    const percentiles = {
      convention: "exceedance" as const,
      paths: 3,
      years: [2025, 2026],
      p10: [1200, 1100],
      p50: [1000, 900],
      p90: [800, 700],
      cfads: { p10: [30_000, 25_000], p50: [25_000, 20_000], p90: [15_000, 10_000] },
    };
    const c = contributionOf({ result, assetRatedPowerMW: 10, percentiles, pathProgress: null, finance });
    expect(c.paths).toBe("in");
    expect(c.revenue).toEqual([f(2025, 10_000, 8000, true), f(2026, 9000, 7000, true)]);
    expect(c.cashFlow).toEqual([f(2025, 5000, 3000, true), f(2026, 4000, 2000, true)]);
    const computing = contributionOf({
      result,
      assetRatedPowerMW: 10,
      percentiles: null,
      pathProgress: { done: 1, failed: 0, total: 30 },
      finance: null,
    });
    expect(computing.paths).toBe("computing");
    expect(computing.revenue[0]).toEqual(f(2025, 10_000, 10_000, false));
    expect(computing.cashFlow).toEqual([]);
  });
});
