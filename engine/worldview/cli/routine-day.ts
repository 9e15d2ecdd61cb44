// CLI-only: ERCOT's routine day (decision 0247). The spread noise (merit-order.ts, an hour-by-hour
// log-normal factor) and the bid noise multiply the price, so the daily spread they add grows with
// the price level; fitted on 2024 alone (low gas), it carried a routine day that was right in 2024
// into every dearer year too wide. The routine day is therefore fitted on two price levels: real
// 2024 (the whole year: median and mean daily max − min spread, hourly means, local days) and real
// 2026 January–March (the hours the shared data hold: median daily spread). 2025 is held out.
import { intervalsInYear } from "../calendar.ts";
import type { PriceMap } from "../derived-shapes.ts";
import type { PriceParams } from "../merit-order.ts";
import { resample, runSystem } from "../model.ts";
import { fitPriceMapOutsideScarcity } from "../price-map.ts";
import * as data from "./base-data.ts";
import { centralScenario, clearingMinutes, fitRow, rawPrice, targetGrid } from "./fit-report.ts";
import { tailStats } from "./fixed-bounds.ts";
import type { PriceTarget } from "./targets.ts";

export interface RoutineDayFit {
  map: PriceMap;
  /** Errors in % of real: median daily spread 2024 and 2026 Q1, mean daily spread 2024. */
  median2024: number;
  median2026: number;
  mean2024: number;
  /** The hour-of-day profile's RMSE in % (2024), a tie-breaker as elsewhere (derive-price-map.ts). */
  profile2024: number;
  /** The larger of the three spread errors' sizes, plus 0.2 × the profile error. */
  loss: number;
}

const SECOND_YEAR = 2026;

/**
 * The product's price of a year with this map, as hourly means: with its realised shortfall events
 * (decision 0246), which make the spike days of the mean daily spread. Judged on the expected adder
 * instead (spread thin over many hours), the mean daily spread came out 30–45 % short whatever the
 * noise, and a rule holding it pushed the spread noise up: the routine day's width made up for spike
 * days the events now make.
 */
function mappedHourly(t: PriceTarget, year: number, map: PriceMap, o: Partial<PriceParams>): Float64Array {
  const run = runSystem(t.region, t.system, centralScenario(t.region), year, {
    intervalMinutes: clearingMinutes(t.region),
    paramOverride: o,
    priceMap: map,
  });
  return resample(run.price, run.intervalMinutes, 60, intervalsInYear(year, 60));
}

/** Fit ERCOT's energy map on 2024 with these noise parameters and measure its routine day. */
export function routineDayFit(t: PriceTarget, o: Partial<PriceParams>): RoutineDayFit {
  const raw = rawPrice(t, o);
  const obs = resample(
    t.observed,
    t.intervalMinutes,
    raw.intervalMinutes,
    intervalsInYear(t.year, raw.intervalMinutes),
  );
  const energy = Float64Array.from(raw.price, (p, i) => p - raw.adder[i]);
  const map = fitPriceMapOutsideScarcity(energy, obs, +raw.refCost.toFixed(4));
  const median = (year: number, observed: ArrayLike<number>, model: Float64Array) => {
    const day = targetGrid({ ...t, year }).dayIndex;
    const real = tailStats(observed, observed, day, 24).medianDailySpread;
    return (100 * (tailStats(model, observed, day, 24).medianDailySpread - real)) / real;
  };
  const h24 = mappedHourly(t, t.year, map, o);
  const row = fitRow(t, h24);
  const obs26 = data.readErcot("HB_HUBAVG", SECOND_YEAR)?.price.values;
  if (!obs26) throw new Error(`No real ERCOT ${SECOND_YEAR} prices in the shared data.`);
  const median2024 = median(t.year, t.observed, h24);
  const median2026 = median(SECOND_YEAR, obs26, mappedHourly(t, SECOND_YEAR, map, o));
  const mean2024 = row.errors.spreadPct;
  const profile2024 = row.errors.hourProfileRmsePct;
  const loss = Math.max(Math.abs(median2024), Math.abs(median2026), Math.abs(mean2024)) + 0.2 * profile2024;
  return { map, median2024, median2026, mean2024, profile2024, loss };
}
