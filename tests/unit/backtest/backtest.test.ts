// The backtest on the real historic prices (decisions 0118, 0120). Issue 25 acceptance 1, the
// bound stated before measuring: every realistic row with a like-for-like benchmark (the same
// streams, the benchmark's duration or its fleet's mix, its period) is within ±20 % of it, and
// perfect foresight, the upper bound, is never below realistic. Rows outside the bound with
// today's dispatch are NOT hidden and the bound is not loosened: they are listed below, each
// shown as a todo with its measured ratio, for the lead to decide. Skips without ../shared/data.
import { beforeAll, describe, expect, it } from "vitest";
import { backtestRow, REFERENCE_DURATIONS, type BacktestRow } from "../../../engine/backtest/index.ts";
import { backtestReport, type ReportRow } from "../../../engine/backtest/compare.ts";
import { BACKTEST_MARKETS, serviceShares } from "../../../engine/backtest/markets.ts";
import { loadBacktestData, sharedDataPresent } from "../../../bench/backtest-data.ts";

const BOUND = 0.2;

/**
 * Like-for-like realistic comparisons outside ±20 % with the dispatch of main 73ca9e1 + this
 * branch (measured 2026-11-29, 97 % availability). Key: benchmark id and duration compared.
 */
const STILL_OUTSIDE: Record<string, string> = {
  // GB (decision 0134, measured 2026-12-07 with the fleet counted by Modo behind the service
  // shares): the model earns 18–26 % less than the GB index. Perfect foresight of the cash-out
  // price is above every row, but a trade that knows only prices published before it acts (the
  // intraday Market Index Price, the last settled cash-out price) adds little; even with perfect
  // foresight of the intraday price the model stays below the index (0.83 in 2023, 0.91 at 1 h in
  // Q2 2024): the index also holds BM pay-as-bid and locational acceptances and imbalance chased
  // on real-time system data, which the data held cannot price. The 2 h Q2 2024 row (0.82) is in.
  "gb-2023 1.19 h": "ratio 0.74: £47.9k (fleet mix 1.19 h) against the 2023 GB fleet's £65k",
  "gb-2024q2 1.3 h": "ratio 0.77: £38.7k (fleet mix 1.3 h) against Modo's Q2 2024 fleet £50k",
  "gb-2024q2-1h 1 h": "ratio 0.76: £33.5k against Modo's Q2 2024 1 h £44k",
  // NEM energy only, once the plan is offered at prices (decision 0132, measured 2026-12-07; 1.36
  // before it): a battery trading as the published optimisers do earns more than the energy part
  // of a fleet that also sells FCAS — acceptance 2 (≥ 50 % of perfect) and this bound pull apart
  "nem-2024-energy 1.5 h":
    "ratio 1.66: A$169.7k (energy only, mean of NSW1, QLD1, SA1, VIC1, the fleet's 1.5 h mix) against Modo's A$102k energy part",
  "nem-2025-01-energy 1.5 h":
    "ratio 1.59: A$140.1k (energy only, January–April 2025 annualised, the fleet's 1.5 h mix) against the A$88.2k we derived (1.18 before 0132)",
};

type Comparison = Extract<ReportRow, { entry: "comparison" }>;
const key = (c: Comparison) => `${c.benchmarkId} ${c.durationHours} h`;

describe.skipIf(!sharedDataPresent())("backtest on the real prices", () => {
  const rows: BacktestRow[] = [];
  let report: ReportRow[] = [];
  let marketYears: { market: string; region: string; year: number }[] = [];
  beforeAll(async () => {
    // every market, region and year with real prices held
    const data = await loadBacktestData();
    marketYears = data.map((d) => ({ market: d.market, region: d.region, year: d.year }));
    for (const d of data)
      for (const h of REFERENCE_DURATIONS)
        for (const f of ["realistic", "perfect"] as const) rows.push(backtestRow(d, h, f));
    report = backtestReport(rows);
  }, 1_800_000);

  const comparisons = () => report.filter((r): r is Comparison => r.entry === "comparison");

  it("prints every row with the fields a reader compares", () => {
    for (const r of report)
      for (const k of [
        "market",
        "region",
        "year",
        "durationHours",
        "foresight",
        "revenuePerMWYear",
        "benchmarkValue",
        "ratio",
        "streamsCompared",
      ])
        expect(r, `${r.market} ${r.year} ${k}`).toHaveProperty(k);
    // the 2024 GB figures by duration, NEM's energy part and its whole, ERCOT's fleet at 1 h and 2 h
    for (const id of ["gb-2024q2-1h", "gb-2024q2-2h", "nem-2024-energy", "nem-2024", "ercot-2024"])
      expect(
        comparisons().some((c) => c.benchmarkId === id),
        id,
      ).toBe(true);
    // a figure we derived is never presented as published
    for (const c of comparisons())
      if (c.benchmarkId === "gb-2024-derived" || c.benchmarkId === "nem-2025-01-energy")
        expect(c.benchmarkPublished).toBe(false);
  });

  it("every realistic row with a like-for-like benchmark is within ±20 % of it (but the rows listed as still outside)", () => {
    const like = comparisons().filter((c) => c.foresight === "realistic" && c.likeForLike);
    // not vacuous: ERCOT and NEM have like-for-like figures within the bound today
    expect(like.some((c) => c.market === "ERCOT")).toBe(true);
    expect(like.some((c) => c.market === "NEM")).toBe(true);
    const checked = like.filter((c) => !(key(c) in STILL_OUTSIDE));
    expect(checked.length).toBeGreaterThan(0);
    for (const c of checked) {
      expect(c.ratio, `${key(c)} ${c.region} ${c.period}`).toBeGreaterThanOrEqual(1 - BOUND);
      expect(c.ratio, `${key(c)} ${c.region} ${c.period}`).toBeLessThanOrEqual(1 + BOUND);
    }
    // what is outside is reported with its ratio, not dropped
    for (const c of like.filter((x) => key(x) in STILL_OUTSIDE))
      console.log(`still outside ±20 %: ${key(c)} ratio ${c.ratio.toFixed(2)}`);
  });

  for (const [k, why] of Object.entries(STILL_OUTSIDE))
    it.todo(`still outside ±20 % with today's dispatch (the lead decides): ${k}, ${why}`);

  it("perfect foresight is at least realistic foresight on every comparison", () => {
    const c = comparisons();
    for (const r of c.filter((x) => x.foresight === "realistic")) {
      const p = c.find(
        (x) =>
          x.foresight === "perfect" &&
          x.benchmarkId === r.benchmarkId &&
          x.region === r.region &&
          x.durationHours === r.durationHours,
      )!;
      expect(p.revenuePerMWYear, key(r)).toBeGreaterThanOrEqual(r.revenuePerMWYear);
    }
  });

  it("perfect foresight is at least realistic foresight on every row", () => {
    const realistic = rows.filter((r) => r.foresight === "realistic");
    // every market-year held, both reference durations (GB 2023–25, ERCOT 2024–25, NEM 4 × 2024–25,
    // DE 2024–25, ES 2023–25 with the full ../shared/data)
    expect(realistic.length).toBe(marketYears.length * REFERENCE_DURATIONS.length);
    for (const m of ["GB", "ERCOT", "NEM", "DE", "ES"])
      expect(
        marketYears.some((x) => x.market === m),
        m,
      ).toBe(true);
    for (const r of realistic) {
      const p = rows.find(
        (x) =>
          x.foresight === "perfect" &&
          x.market === r.market &&
          x.region === r.region &&
          x.year === r.year &&
          x.durationHours === r.durationHours,
      )!;
      expect(
        p.revenuePerMWYear,
        `${r.market} ${r.region} ${r.year} ${r.durationHours} h`,
      ).toBeGreaterThanOrEqual(r.revenuePerMWYear);
    }
  });
});

describe("ERCOT ancillary services in the backtest", () => {
  it("a battery sells at most the batteries' part of each AS requirement over the 2024 fleet", () => {
    const ercot = BACKTEST_MARKETS.find((m) => m.market === "ERCOT")!;
    const share = serviceShares(ercot, 2024, () => undefined)!;
    // 56 % of the requirement (RRS 2,800 MW, Reg-Up 350 MW) shared by 5.3 GW of batteries
    expect(share.RRS).toBeCloseTo((0.56 * 2800) / 5300, 6);
    expect(share.REGUP).toBeCloseTo((0.56 * 350) / 5300, 6);
    for (const k of ["REGUP", "REGDN", "RRS", "ECRS", "NSPIN"] as const) {
      expect(share[k]).toBeGreaterThan(0);
      expect(share[k]).toBeLessThan(1);
    }
  });
});

describe("GB frequency response in the backtest", () => {
  it("a battery sells at most the year's mean cleared MW over the fleet in operation mid-year", () => {
    const gb = BACKTEST_MARKETS.find((m) => m.market === "GB")!;
    // 1,400 MW cleared all year: half of the 2,800 MW Modo counted in mid-2023 (decision 0134)
    const t0 = Date.UTC(2023, 0, 1);
    const cleared = { ts: [t0, t0 + 86_400_000], values: [1400, 1400] };
    const share = serviceShares(gb, 2023, (slug) =>
      slug === "gb-dch-cleared-volume-hourly" ? cleared : undefined,
    )!;
    expect(share.DCH).toBeCloseTo(0.5, 9);
    // a volume above the fleet sells no more than the battery's power
    const big = { ts: [t0], values: [9000] };
    expect(serviceShares(gb, 2023, () => big)!.DCL).toBe(1);
    expect(share.DCL).toBeUndefined();
  });
});
