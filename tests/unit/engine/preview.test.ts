// The first-year preview (engine/forecast/preview.ts): within 10 % of the full first year (the
// issue's bound, stated before measuring) on GB battery cases of the sweep and the spiky NEM case
// (decision 0520); its sample stands for every day of the year once; a plant alone is exact.
import { describe, expect, it } from "vitest";
import { marketYear } from "../../../engine/worldview/index.ts";
import { initialScenarioState, runYear } from "../../../engine/forecast/scenario.ts";
import { previewYear, sampleYearDays } from "../../../engine/forecast/preview.ts";
import { sweepParams, type SweepCase } from "../../../api/forecasts/sweep.ts";

describe("preview", () => {
  it("its sample stands for every day of the year exactly once", () => {
    const my = marketYear("gb-central", 2025);
    const sample = sampleYearDays(my, 2);
    const days = sample.flatMap((s) => s.members).sort((a, b) => a - b);
    expect(days).toEqual(Array.from({ length: 365 }, (_, d) => d));
    for (const s of sample) expect(s.members).toContain(s.first);
  });

  it("a plant without a battery is dispatched whole: its preview is its full first year", () => {
    const c: SweepCase = {
      region: "DE",
      configuration: "wind",
      strategy: "energy_only",
      scenarioId: "de-central",
    };
    const p = sweepParams(c, 2025, 20);
    const my = marketYear(c.scenarioId, 2025);
    const full = runYear(p, c.scenarioId, c.strategy, my, initialScenarioState()).year;
    const pv = previewYear(p, c.scenarioId, c.strategy, my);
    expect(pv.sampleDays).toBe(365);
    expect(pv.wholeYear).toBe(true);
    expect(Math.abs(pv.total - full.total)).toBeLessThan(1e-6 * Math.abs(full.total));
  }, 120_000);

  // a spiky 5-minute market the 2-day lead got 21.6 % short (decision 0510); a known miss after
  // decision 0136 (-25.9 %: A$6.60M against the full year's A$8.90M), when the realistic forecast
  // earned much of the year on its few scarcity days, which monthly runs chosen by mean value
  // missed. Decision 0520 takes the year's 9 best days whole, led by the forecast's window: -3.5 %
  // in 141 days (the bound unchanged).
  it("NEM 50 MW / 2 h ancillaries nem-central: within 10 % of the full first year", () => {
    const c: SweepCase = {
      region: "NEM",
      configuration: "bess",
      strategy: "ancillaries",
      scenarioId: "nem-central",
    };
    const p = sweepParams(c, 2025, 20);
    const my = marketYear(c.scenarioId, 2025);
    const full = runYear(p, c.scenarioId, c.strategy, my, initialScenarioState()).year;
    const pv = previewYear(p, c.scenarioId, c.strategy, my);
    expect(Math.abs(pv.total - full.total) / Math.abs(full.total)).toBeLessThan(0.1);
    expect(pv.dispatchedDays).toBeLessThan(365 / 2);
  }, 120_000);

  for (const strategy of ["energy_only", "energy_with_as"] as const)
    it(`GB 50 MW / 2 h ${strategy}: within 10 % of the full first year`, () => {
      const c: SweepCase = { region: "GB", configuration: "bess", strategy, scenarioId: "gb-central" };
      const p = sweepParams(c, 2025, 20);
      const my = marketYear(c.scenarioId, 2025);
      const full = runYear(p, c.scenarioId, strategy, my, initialScenarioState()).year;
      const pv = previewYear(p, c.scenarioId, strategy, my);
      expect(Math.abs(pv.total - full.total) / Math.abs(full.total)).toBeLessThan(0.1);
      expect(pv.dispatchedDays).toBeLessThan(365 / 2);
    }, 120_000);
});
