// Builds calibration cases (model inputs + observed prices) for the CLI and the calibration tests.
import type { CalibrationCase } from "../calibration.ts";
import { resolveSystem } from "../system-year.ts";
import { localGrid, intervalsInYear, yearStartMs } from "../calendar.ts";
import { syntheticDrivers, type Drivers } from "../drivers.ts";
import { demandProfile } from "../profiles.ts";
import { marketWeatherSeed, weatherSeed } from "../model.ts";
import { BASE_YEAR } from "../scenarios.ts";
import type { MarketRegion } from "../../types.ts";

const year = BASE_YEAR;

export function buildCase(
  region: MarketRegion,
  system: string,
  intervalMinutes: number,
  observed: Float64Array,
  obsDrivers: Partial<Drivers> | undefined,
  weight: number,
  neighbourPrice?: Float64Array,
  adjust?: (r: ReturnType<typeof resolveSystem>) => void,
): CalibrationCase {
  const resolved = resolveSystem(region, system, undefined, year);
  const startMs = yearStartMs(year);
  const n = intervalsInYear(year, intervalMinutes);
  const grid = localGrid(resolved.table.weather.tz, startMs, n, intervalMinutes);
  const seed = weatherSeed(system, year);
  const synth = syntheticDrivers(
    demandProfile(system),
    resolved.meanDemandMW,
    {
      windOnshoreMW: resolved.windOnshoreMW,
      windOffshoreMW: resolved.windOffshoreMW,
      solarMW: resolved.solarMW,
      offshoreCf: resolved.table.offshoreCf,
    },
    resolved.table.weather,
    startMs,
    n,
    intervalMinutes,
    seed,
    grid,
    marketWeatherSeed(region, year),
  );
  const drivers = { ...synth } as Drivers;
  if (obsDrivers) {
    for (const k of ["demandMW", "windMW", "solarMW", "windCf", "solarCf"] as const) {
      const o = obsDrivers[k];
      if (!o) continue;
      // fill gaps in observed drivers with the synthetic value
      const merged = new Float64Array(n);
      for (let i = 0; i < n; i++) merged[i] = Number.isFinite(o[i]) ? o[i] : synth[k][i];
      drivers[k] = merged;
    }
    adjust?.(resolved);
  }
  let peak = 0;
  for (const v of drivers.demandMW) peak = Math.max(peak, v);
  resolved.sy.peakDemandMW = peak;
  return {
    sy: resolved.sy,
    drivers,
    grid,
    intervalMinutes,
    seed,
    observed,
    perDay: 1440 / intervalMinutes,
    useCorrelation: !!obsDrivers,
    weight,
    neighbourPrice,
  };
}
