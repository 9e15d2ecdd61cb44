// The backtest on the real historic prices (decision 0118): realistic foresight lands within ±30 %
// of the published indices (issue 16 acceptance 2), and perfect foresight, the upper bound, is never
// below realistic (acceptance 3). Skips politely without ../shared/data.
import { beforeAll, describe, expect, it } from "vitest";
import { backtestRow, REFERENCE_DURATIONS, type BacktestRow } from "../../../engine/backtest/index.ts";
import { BACKTEST_MARKETS, serviceShares } from "../../../engine/backtest/markets.ts";
import { loadBacktestData, sharedDataPresent } from "../../../bench/backtest-data.ts";

/** Mean of the rows' compared revenue (NEM: the four mainland regions against the fleet index). */
function compared(rows: BacktestRow[]) {
  const r = rows.filter((x) => x.comparedRevenue !== null);
  return r.reduce((a, x) => a + x.comparedRevenue!, 0) / r.length;
}

describe.skipIf(!sharedDataPresent())("backtest on the real prices", () => {
  const rows: BacktestRow[] = [];
  let marketYears: { market: string; region: string; year: number }[] = [];
  beforeAll(async () => {
    // every market, region and year with real prices held
    const data = await loadBacktestData();
    marketYears = data.map((d) => ({ market: d.market, region: d.region, year: d.year }));
    for (const d of data)
      for (const h of REFERENCE_DURATIONS)
        for (const f of ["realistic", "perfect"] as const) rows.push(backtestRow(d, h, f));
  }, 900_000);

  // The 2 h reference battery (GB's modal duration) against each market's published index row.
  for (const [market, year, row] of [
    ["GB", 2023, "≈ £65k/MW/yr, all streams (mintselection.com, 2024-02)"],
    ["GB", 2024, "£48.0k/MW/yr, month-weighted mean of Modo's 2024 GB BESS Index figures"],
    ["NEM", 2024, "AUD 148k/MW, Modo NEM index 2024 (energy + FCAS; energy only held)"],
    // ERCOT AS sold at the batteries' share of the requirement over the 2024 fleet (decision 0125)
    ["ERCOT", 2024, "USD 55/kW-yr, Modo ERCOT average 2024 (energy + AS)"],
  ] as const)
    it(`${market} ${year}, realistic, 2 h: within ±30 % of ${row}`, () => {
      const mine = rows.filter(
        (r) => r.market === market && r.year === year && r.durationHours === 2 && r.foresight === "realistic",
      );
      expect(mine.length).toBeGreaterThan(0);
      const ratio = compared(mine) / mine[0].benchmark!;
      expect(ratio).toBeGreaterThan(0.7);
      expect(ratio).toBeLessThan(1.3);
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
