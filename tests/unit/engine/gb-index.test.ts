// Issue 16 acceptance 4, made like for like (issue 25 item 5): a GB "energy with AS" forecast on
// the Central world view, realistic foresight (the default), earns in its first full year within the
// range of the published GB battery index of the most recent year with figures. The forecast starts
// on 1 January of that year (the forecasts run 20 years from 2025), so the year compared is
// the index's own year: 2025, whose figures are November 59k and December 47k £/MW/year, December
// the lowest month of 2025 (decision 0119). The index is the average of the fleet's batteries, so
// the forecast compared is the fleet's duration mix (the 2025 fleet duration the benchmark states,
// engine/backtest/benchmarks.ts; decision 0120) of 1 h and 2 h batteries, as the backtest compares.
// The bounds are the index's figures, unchanged since issue 16.
import { describe, expect, it } from "vitest";
import { runForecast } from "../../../engine/forecast/index.ts";
import { marketYear } from "../../../engine/worldview/index.ts";
import { BENCHMARKS, latestGbIndexRange } from "../../../engine/backtest/benchmarks.ts";
import { durationMix } from "../../../engine/backtest/compare.ts";

async function firstYear(year: number, duration: number) {
  const r = await runForecast(
    {
      configuration: "bess",
      region: "GB",
      ratedPower: 50,
      duration,
      startDate: `${year}-01-01`,
      assetLifeYears: 1,
      revenueStrategies: ["energy_with_as"],
      macroScenarios: ["gb-central"],
    },
    (s, y) => marketYear(s, y),
    { workers: 0 },
  );
  return r.scenarios[0].years[0];
}

describe("GB forecast against the published index", () => {
  it("the first full year of a 50 MW energy_with_as Central forecast, at the fleet's duration mix, lies in the index's latest range", async () => {
    const index = latestGbIndexRange();
    const fleet = BENCHMARKS.find((b) => b.market === "GB" && b.year === index.year && b.fleetDuration);
    expect(fleet?.fleetDuration).toBeDefined();
    const mix = durationMix(fleet!.fleetDuration!.hours);
    const [one, two] = [await firstYear(index.year, 1), await firstYear(index.year, 2)];
    expect([one.year, two.year]).toEqual([index.year, index.year]);
    const blended = mix[1] * one.perMWYear + mix[2] * two.perMWYear;
    console.log(
      `GB ${index.year}: 1 h ${Math.round(one.perMWYear)}, 2 h ${Math.round(two.perMWYear)}, fleet mix ${fleet!.fleetDuration!.hours} h ${Math.round(blended)} GBP/MW/year; index ${index.min}–${index.max}`,
    );
    expect(blended).toBeGreaterThanOrEqual(index.min);
    expect(blended).toBeLessThanOrEqual(index.max);
  }, 300_000);
});
