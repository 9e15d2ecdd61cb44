// Finance of a finished run (issue 30 item 5, decision 0402): computed when it is read, from the
// stored yearly revenues — never by dispatching again — with the market's defaults, overlaid by the
// finance inputs given with the forecast, overlaid by those of a recompute request.
import {
  defaultFinanceInputs,
  FinanceInputError,
  financeModel,
  type FinanceDefaults,
  type FinanceInputs,
  type FinanceResult,
} from "../../engine/finance/index.ts";
import type { MarketRegion } from "../../engine/types.ts";
import { FORECAST_REGIONS, type Forecast } from "../../app/validation/forecast.ts";
import type { FinanceRequest } from "../../app/validation/finance.ts";
import { badRequest } from "../http/errors.ts";
import type { RunResult } from "./runs.ts";

// The contract's fields and the model's inputs are the same fields (a compile error otherwise).
type Same<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never]
  ? true
  : never;
const sameFields: Same<Required<FinanceRequest>, FinanceInputs> = true;
void sameFields;

export interface RunFinance extends FinanceResult {
  /** The revenue strategy whose revenue it is computed on. */
  strategy: string;
  /** The market's defaults for this run, each with its source. */
  defaults: FinanceDefaults;
}

/** Why a run has no finance, or null when it has. */
export function financeUnavailable(result: RunResult): string | null {
  const f = result.forecastUsed as Partial<Forecast>;
  if (!FORECAST_REGIONS.includes(f.region as MarketRegion))
    return "Finance is computed for forecasts made in the builder (this run's revenues were uploaded).";
  if (f.configuration !== "bess" || f.coLocation === "true")
    return "Finance is computed for stand-alone batteries; this run has solar or wind, whose capex is not modelled yet.";
  if (!(Number(f.ratedPower) > 0) || !(Number(f.duration) > 0))
    return "This run has no battery power and duration to cost.";
  return null;
}

/**
 * The inputs a case uses: the defaults of the market for its asset life, overlaid by each given
 * part in order (the forecast's, then a recompute's). The tenor and depreciation follow a shorter
 * asset life unless they are given.
 */
export function financeInputs(
  region: MarketRegion,
  runYears: number,
  ...given: (FinanceRequest | undefined)[]
): { inputs: FinanceInputs; defaults: FinanceDefaults } {
  const merged: FinanceRequest = Object.assign({}, ...given.filter(Boolean));
  const defaults = defaultFinanceInputs(region, merged.assetLifeYears ?? runYears);
  return { inputs: { ...defaults.inputs, ...merged }, defaults };
}

/**
 * Finance of a run's strategy (default its first) for the given inputs. Inputs the run cannot take
 * (a P90 case it does not have, a tenor beyond the asset life) answer 400 naming the field.
 */
export function runFinance(
  result: RunResult,
  opts: {
    strategy?: string;
    given?: FinanceRequest;
    /** The P90 case of the run's first strategy (from its price paths, decision 0403), when known. */
    p90Years?: { year: number; streamsPerMW: Record<string, number> }[];
  } = {},
): RunFinance {
  const f = result.forecastUsed as Partial<Forecast>;
  const strategy = opts.strategy
    ? result.strategies.find((s) => s.strategy === opts.strategy)
    : result.strategies[0];
  if (!strategy)
    throw badRequest({
      strategy: [`strategy should be one of: ${result.strategies.map((s) => s.strategy).join(", ")}.`],
    });
  const ratedPowerMW = result.perMW?.mw ?? Number(f.ratedPower);
  const energyMWh = Number(f.energyCapacity ?? Number(f.ratedPower) * Number(f.duration));
  const { inputs, defaults } = financeInputs(
    f.region as MarketRegion,
    strategy.years.length,
    f.finance,
    opts.given,
  );
  try {
    const r = financeModel(inputs, {
      ratedPowerMW,
      energyMWh,
      currency: result.currency,
      years: strategy.years.map((y) => ({
        year: y.year,
        streamsPerMW: Object.fromEntries(Object.entries(y.streams).map(([s, v]) => [s, v / ratedPowerMW])),
        // energy out of the cells in the year; older results kept only cycles
        dischargedMWh: y.throughputMWh ?? y.cycles * energyMWh,
        repowered: !!y.repowered,
      })),
      // the paths are of the first strategy: its P90 case is no other strategy's
      p90Years: strategy === result.strategies[0] ? opts.p90Years : undefined,
    });
    return { strategy: strategy.strategy, defaults, ...r };
  } catch (e) {
    if (e instanceof FinanceInputError) throw badRequest({ [e.field]: [e.message] });
    throw e;
  }
}
