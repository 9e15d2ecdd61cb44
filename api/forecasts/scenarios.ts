// The world views (macro scenarios) a forecast can run on, from engine/worldview.
import { getScenario, listScenarios } from "../../engine/worldview/scenarios.ts";
import type { MarketRegion } from "../../engine/types.ts";
import { hasSolar, type Configuration, type ForecastRegion } from "../../app/validation/forecast.ts";

export function scenarioById(id: string) {
  return getScenario(id);
}

/** The builder's scenario list (spec §7 GET /forecast/macro-scenarios/): solar configurations get only Central. */
export function scenariosFor(region?: ForecastRegion, configuration?: Configuration) {
  return listScenarios(region as MarketRegion | undefined, {
    solarOnly: configuration ? hasSolar(configuration) : false,
  }).map((s) => ({
    id: s.id,
    name: s.name,
    description: s.description,
    modelVersion: s.modelVersion,
    marketRegion: s.marketRegion,
    solarAvailable: s.solarAvailable,
  }));
}

/** For the validation context: every scenario with its region. */
export function scenarioChoices() {
  return listScenarios().map((s) => ({
    id: s.id,
    marketRegion: s.marketRegion,
    solarAvailable: s.solarAvailable,
  }));
}
