// Public API of the world views (engine/worldview). Pure: no I/O (calibrate-cli.ts and cli/ read files).
export {
  listScenarios,
  getScenario,
  defaultScenario,
  SCENARIOS,
  MODEL_VERSION,
  FIRST_YEAR,
  LAST_YEAR,
  BASE_YEAR,
} from "./scenarios.ts";
export type { Scenario, ScenarioKind } from "./scenarios.ts";
export {
  marketYear,
  marketYears,
  marketYearDetail,
  computeMarketYear,
  setWorldviewCacheLimit,
  clearWorldviewCache,
} from "./world-view.ts";
export type { MarketYearOptions } from "./world-view.ts";
export { forwardCurve, syntheticHistory } from "./products.ts";
export type { ForwardCurve, SyntheticSeries, HistorySeries } from "./products.ts";
export { buildDatabookXlsx } from "./databook.ts";
export {
  buildPowerPriceCsv,
  powerPriceCsvChunks,
  annualStatistics,
  scenarioAssumptions,
  databookFileName,
  powerPriceFileName,
  zipFiles,
} from "./files.ts";
export { priceStats, calibrationError, correlation, durationCurve } from "./calibration.ts";
export { SERVICE_LEVELS } from "./ancillary.ts";
