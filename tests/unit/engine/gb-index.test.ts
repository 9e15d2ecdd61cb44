// Issue 16 acceptance 4: a GB 50 MW / 2 h "energy with AS" forecast on the Central world view,
// realistic foresight (the default), earns in its first full year within the range of the
// published GB battery index of the most recent year with figures. The forecast starts on
// 1 January of that year (the forecasts run 20 years from 2025), so the year compared is
// the index's own year: 2025, whose figures are November 59k and December 47k £/MW/year, December
// the lowest month of 2025 (decision 0119).
import { describe, expect, it } from "vitest";
import { runForecast } from "../../../engine/forecast/index.ts";
import { marketYear } from "../../../engine/worldview/index.ts";
import { latestGbIndexRange } from "../../../engine/backtest/benchmarks.ts";

describe("GB forecast against the published index", () => {
  it("the first full year of a 50 MW / 2 h energy_with_as Central forecast lies in the index's latest range", async () => {
    const index = latestGbIndexRange();
    const r = await runForecast(
      {
        configuration: "bess",
        region: "GB",
        ratedPower: 50,
        duration: 2,
        startDate: `${index.year}-01-01`,
        assetLifeYears: 1,
        revenueStrategies: ["energy_with_as"],
        macroScenarios: ["gb-central"],
      },
      (s, y) => marketYear(s, y),
      { workers: 0 },
    );
    const year = r.scenarios[0].years[0];
    expect(year.year).toBe(index.year);
    expect(year.perMWYear).toBeGreaterThanOrEqual(index.min);
    expect(year.perMWYear).toBeLessThanOrEqual(index.max);
  }, 300_000);
});
