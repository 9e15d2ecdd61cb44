// The backtest's revenue per MW by month (issue 19, item 12: the GB leaderboard is drawn from it):
// as earned, not annualised, only for months with real prices, with the Capacity Market by day.
import { describe, expect, it } from "vitest";
import { backtestRow, capacityByMonth, capacityRevenue } from "../../../engine/backtest/index.ts";

/** Hourly prices from 1 Jan to 31 Mar 2024: cheap nights, dear evenings. */
function firstQuarter() {
  const ts: number[] = [];
  const values: number[] = [];
  for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2024, 3, 1); t += 3_600_000) {
    const h = new Date(t).getUTCHours();
    ts.push(t);
    values.push(h < 6 ? 20 : h >= 17 && h < 20 ? 150 : 60);
  }
  return { ts, values };
}

describe("backtest months", () => {
  it("are the months with real prices, as earned, adding up to the year's unannualised revenue", () => {
    const row = backtestRow(
      {
        market: "ES",
        region: "ES",
        year: 2024,
        currency: "EUR",
        intervalMinutes: 60,
        energy: firstQuarter(),
      },
      1,
      "perfect",
    );
    expect(row.months.map((m) => m.month)).toEqual(["2024-01", "2024-02", "2024-03"]);
    for (const m of row.months) {
      expect(m.coverage).toBe(1);
      // about 30 days of a 130 EUR spread on 1 MWh a day, less losses
      expect(m.revenuePerMW).toBeGreaterThan(2_000);
      expect(m.revenuePerMW).toBeLessThan(4_500);
    }
    // the year's wholesale is annualised from the quarter held; the months are not
    const earned = row.months.reduce((a, m) => a + m.revenuePerMW, 0);
    expect(earned).toBeCloseTo(row.streams.wholesale * row.coverage, 0);
  });

  it("spread the Capacity Market over the days of each month at its delivery year's rate", () => {
    const years = [
      { deliveryStart: "2023-10-01", perKWYear: 36.5, auction: "T-4 2019" },
      { deliveryStart: "2024-10-01", perKWYear: 73, auction: "T-4 2020" },
    ];
    const { months, held } = capacityByMonth(years, 2024);
    expect(held).toBe(1);
    // January: 31 of 366 days at 36,500 per MW-year; December at 73,000
    expect(months[0]).toBeCloseTo((36_500 * 31) / 366, 6);
    expect(months[11]).toBeCloseTo((73_000 * 31) / 366, 6);
    expect(capacityRevenue(years, 2024).value).toBeCloseTo(
      months.reduce((a, b) => a + b, 0),
      6,
    );
  });
});
