// The completion sweep (issue 16, decision 0114): every region × configuration × revenue strategy
// × world view a user can choose in the builder, run year after year as the forecast runs them.
// A case passes when every year completes. The market years come from the caller
// (tests/unit/engine/forecast-sweep.test.ts at a coarse resolution, `npm run sweep` at the
// resolution the runs use, over 20 years).
import type { MarketRegion, MarketYear } from "../../engine/types.ts";
import {
  CONFIGURATIONS_BY_REGION,
  FORECAST_REGIONS,
  hasSolar,
  revenueStrategiesFor,
  type Configuration,
} from "../../app/validation/forecast.ts";
import { listScenarios } from "../../engine/worldview/scenarios.ts";
import type { RevenueStrategy } from "../../engine/markets/services/rules.ts";
import { initialScenarioState, runYear } from "../../engine/forecast/scenario.ts";
import { parseForecastInput } from "../../engine/forecast/index.ts";
import type { ForecastParams } from "../../engine/forecast/types.ts";

export interface SweepCase {
  region: MarketRegion;
  configuration: Configuration;
  strategy: RevenueStrategy;
  scenarioId: string;
}

/** A representative site per region (solar and wind output need coordinates). */
const SITE: Record<MarketRegion, { latitude: number; longitude: number }> = {
  GB: { latitude: 52.2, longitude: -0.9 },
  ERCOT: { latitude: 31.9, longitude: -102.1 },
  NEM: { latitude: -33.9, longitude: 151.2 },
  DE: { latitude: 51.2, longitude: 10.4 },
  ES: { latitude: 40.4, longitude: -3.7 },
};

/** Every combination the builder offers (world views as the builder lists them per configuration). */
export function sweepCases(): SweepCase[] {
  const out: SweepCase[] = [];
  for (const region of FORECAST_REGIONS as readonly MarketRegion[])
    for (const configuration of CONFIGURATIONS_BY_REGION[region])
      for (const { value } of revenueStrategiesFor(region, configuration))
        for (const s of listScenarios(region, { solarOnly: hasSolar(configuration) }))
          out.push({ region, configuration, strategy: value as RevenueStrategy, scenarioId: s.id });
  return out;
}

/**
 * The forecast of a case: a 50 MW / 2 h / 88 % battery at 1 cycle a day (with 60 MW of solar
 * when coupled), or 50 MW of solar or wind alone.
 */
export function sweepParams(c: SweepCase, startYear: number, years: number): ForecastParams {
  return parseForecastInput({
    configuration: c.configuration,
    region: c.region,
    ratedPower: 50,
    duration: 2,
    efficiency: 88,
    maxCycles: 1,
    startDate: `${startYear}-01-01`,
    assetLifeYears: years,
    revenueStrategies: [c.strategy],
    macroScenarios: [c.scenarioId],
    degradation: "standard_degradation_curve",
    solarRatedPower:
      c.configuration === "solarACcoupling" || c.configuration === "solarDCcoupling" ? 60 : undefined,
    ...SITE[c.region],
  });
}

export interface SweepOutcome {
  case: SweepCase;
  years: number;
  failed: { year: number; error: string }[];
  /** Average revenue per MW-year of the years that completed. */
  averagePerMWYear: number;
  ms: number;
}

/**
 * Runs a case's years in order, each from the state the year before left (as the forecast
 * does). A failed year is recorded and the next starts from the state before it.
 */
export function runSweepCase(
  c: SweepCase,
  years: number[],
  marketYear: (scenarioId: string, year: number) => MarketYear,
): SweepOutcome {
  const t0 = performance.now();
  const p = sweepParams(c, years[0], years.length);
  let state = initialScenarioState();
  const failed: SweepOutcome["failed"] = [];
  let sum = 0;
  for (const y of years) {
    try {
      const step = runYear(p, c.scenarioId, c.strategy, marketYear(c.scenarioId, y), state);
      state = step.state;
      sum += step.year.perMWYear;
    } catch (e) {
      failed.push({ year: y, error: e instanceof Error ? e.message : String(e) });
    }
  }
  const done = years.length - failed.length;
  return {
    case: c,
    years: years.length,
    failed,
    averagePerMWYear: done ? sum / done : 0,
    ms: performance.now() - t0,
  };
}
