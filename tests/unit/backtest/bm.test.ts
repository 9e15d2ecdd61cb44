// The GB backtest rows carry the Balancing Mechanism as their own stream for 2023–2025, each with
// its data source named: the real Elexon cash-out price where held (2023-01 – 2024-05), the labelled
// model after it (decision 0140). Skips politely without ../shared/data.
import { beforeAll, describe, expect, it } from "vitest";
import { backtestRow, type BacktestRow } from "../../../engine/backtest/index.ts";
import { loadBacktestData, sharedDataPresent } from "../../../bench/backtest-data.ts";

describe.skipIf(!sharedDataPresent())("GB Balancing Mechanism in the backtest", () => {
  const rows: BacktestRow[] = [];
  beforeAll(async () => {
    const data = await loadBacktestData((m) => m.market === "GB");
    for (const d of data) rows.push(backtestRow(d, 1, "realistic"));
  }, 600_000);

  it("every GB year 2023–2025 has a `bm` stream, counted against the index, with its source named", () => {
    expect(rows.map((r) => r.year)).toEqual([2023, 2024, 2025]);
    for (const r of rows) {
      expect(r.streams.bm, `${r.year}`).toBeDefined();
      expect(r.streams.bm, `${r.year}`).not.toBe(0);
      expect(r.sources.bm, `${r.year}`).toMatch(/Dispatch rate 9 %: .*Modo Energy forecast changelog/);
    }
    const source = (y: number) => rows.find((r) => r.year === y)!.sources.bm;
    expect(source(2023)).toMatch(/^Elexon BMRS system \(cash-out\) price/);
    expect(source(2024)).toMatch(/% of the year real — Elexon .* the rest Modelled/);
    expect(source(2025)).toMatch(/^Modelled/);
    // both GB benchmark figures count the BM: the compared revenue includes it
    for (const r of rows.filter((x) => x.benchmark !== null)) {
      const without = Object.entries(r.streams)
        .filter(([k]) => k !== "bm")
        .reduce((a, [, v]) => a + v, 0);
      expect(r.comparedRevenue! - without).toBeCloseTo(r.streams.bm, 6);
    }
  });
});
