// One price path of a world view (issue 30 item 2, decision 0403): the world view's year drawn
// again with another weather realisation — demand, wind and solar, and with them the seeded bids
// and forced-outage wobble of the fleet that the merit order clears on — then the battery
// dispatched on it. A path is fixed by (seed, index): the same seed gives the same paths.
import { forecastYears, parseForecastInput, runForecast, type MarketYearSource } from "../forecast/index.ts";
import type { ForecastInput, ProgressEvent } from "../forecast/types.ts";
import { previewYear, WEEK_A_MONTH_SAMPLE } from "../forecast/preview.ts";
import { degradationSettings } from "../forecast/scenario.ts";
import { DegradationState } from "../degradation/index.ts";
import { enableExactFallback } from "../dispatch/solve.ts";
import { marketYear as worldViewYear, type MarketYearOptions } from "../worldview/index.ts";
import type { MarketYear } from "../types.ts";

/** The seed of a run's paths when it does not say: the same forecast gives the same paths. */
export const DEFAULT_PATH_SEED = 1;

/** The world view's weather realisation of path `index` (never "wv", the run's own realisation). */
export function pathWeatherKey(seed: number, index: number): string {
  if (!Number.isInteger(index) || index < 0) throw new Error(`path index ${index} is not a whole number ≥ 0`);
  return `path-${seed}-${index}`;
}

/** A year of a path: what the percentiles and a path's finance need. */
export interface PathYear {
  year: number;
  /** Revenue (+) and cost (−) by stream, per MW of rated power. */
  streamsPerMW: Record<string, number>;
  /** Total per MW of rated power (the result's `perMWYear`). */
  perMWYear: number;
  /** Energy discharged in the year, MWh (the whole asset). */
  dischargedMWh: number;
  repowered: boolean;
  /** Set when the year was estimated from sampled weeks (method "sampled"), not dispatched whole. */
  sampled?: true;
}

export type PathMarketYears = (scenarioId: string, year: number, weatherKey: string) => MarketYear;

/**
 * How a path's years are computed: "full", every interval dispatched (as the run's own years);
 * "sampled", each year estimated from a sampled week a month (the preview's sample of decisions
 * 0506/0510, which 0512 measured; the preview's own sample is 0520's), from the path's own wear,
 * in about half the time (decision 0512).
 */
export type PathMethod = "full" | "sampled";

/** What users are told when a run's paths were estimated from sampled weeks (figures: decision 0512). */
export const SAMPLED_PATHS_NOTE =
  "Each price path's years are estimated from a sampled week a month, not dispatched whole. " +
  "Measured against whole paths (30 GB 50 MW / 2 h paths, 20 years): a year's P10, P50 or P90 within 5.5 % (13 of 60 beyond 2 %), " +
  "project NPV's within 0.4 % of the capex, a single path-year's revenue within 13 %.";

export interface PricePathOptions {
  seed?: number;
  /** Default "full". */
  method?: PathMethod;
  /** Where the path's market years come from (default: the world view, engine/worldview). */
  marketYears?: PathMarketYears;
  /** World view zone and interval (as the run's). */
  worldView?: Pick<MarketYearOptions, "zone" | "intervalMinutes">;
  onProgress?: (e: ProgressEvent) => void;
}

/**
 * Dispatch path `index` of the input's first world view with its first revenue strategy (the
 * strategy finance is computed on), in this thread. Returns the path's years, first year first.
 */
export async function runPricePath(
  input: ForecastInput,
  index: number,
  opts: PricePathOptions = {},
): Promise<PathYear[]> {
  const key = pathWeatherKey(opts.seed ?? DEFAULT_PATH_SEED, index);
  const fromWorldView: PathMarketYears = (id, year, weatherKey) =>
    worldViewYear(id, year, { ...opts.worldView, weatherKey });
  const source: MarketYearSource = (id, year) => (opts.marketYears ?? fromWorldView)(id, year, key);
  const one: ForecastInput = {
    ...input,
    macroScenarios: input.macroScenarios.slice(0, 1),
    revenueStrategies: input.revenueStrategies.slice(0, 1),
  };
  if (opts.method === "sampled") {
    await enableExactFallback();
    return sampledPath(one, source);
  }
  const result = await runForecast(one, source, { workers: 0, onProgress: opts.onProgress });
  const scenario = result.scenarios[0];
  const mw = scenario.perMW?.mw ?? 0;
  return scenario.years.map((y) => ({
    year: y.year,
    streamsPerMW: Object.fromEntries(
      Object.entries(y.streams).map(([s, v]) => [s, mw > 0 ? (v ?? 0) / mw : 0]),
    ),
    perMWYear: y.perMWYear,
    dischargedMWh: y.throughputMWh,
    repowered: y.repowered,
  }));
}

/**
 * A path's years each estimated from its sampled weeks, in order: the wear the sample's cycles
 * stand for carries into the next year (retention, repowering) as a full path's does.
 */
function sampledPath(input: ForecastInput, source: MarketYearSource): PathYear[] {
  // a sampled year is the preview's: the first strategy and world view, from the path's own wear
  const p = parseForecastInput(input);
  const scenarioId = p.macroScenarios[0];
  const strategy = p.revenueStrategies[0];
  const deg = new DegradationState(degradationSettings(p));
  return forecastYears(p).map((year) => {
    const y = previewYear(p, scenarioId, strategy, source(scenarioId, year), {
      ...WEEK_A_MONTH_SAMPLE,
      degradation: deg.count(),
    });
    const repowered = deg.addYear(year, y.cycles);
    return {
      year,
      streamsPerMW: Object.fromEntries(Object.entries(y.streamsPerMW).map(([s, v]) => [s, v ?? 0])),
      perMWYear: y.perMWYear,
      dischargedMWh: y.throughputMWh,
      repowered,
      sampled: true,
    };
  });
}
