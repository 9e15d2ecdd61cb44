// Calibrated behavioural parameters per price system. Produced by `npm run worldview:calibrate`
// (engine/worldview/calibrate-cli.ts), which searches these on the 2024 base year against real
// prices and prints the table below; paste its output here when the data or the model change.
import type { PriceParams } from "./merit-order.ts";

export const DEFAULT_PARAMS: PriceParams = {
  markupA: 0.2,
  markupK: 4,
  noiseSigma: 0.12,
  noisePhi: 0.97,
  subHourlyNoise: 0.05,
  scarcityM0: 0.03,
  scarcitySigma: 0.03,
  neighbourFactor: 1,
  neighbourCoupling: 0.3,
  negDepth: 1,
  withholdShare: 0,
  withholdPrice: 1.5,
};

/** Calibrated on base year 2024 (see README "Calibration"). */
export const CALIBRATED_PARAMS: Record<string, Partial<PriceParams>> = {
  GB: {},
  DE: {},
  ES: {},
  ERCOT: {},
  NSW1: {},
  QLD1: {},
  VIC1: {},
  SA1: {},
  TAS1: {},
  NEM: {},
};

export function paramsFor(system: string, override?: Partial<PriceParams>): PriceParams {
  return { ...DEFAULT_PARAMS, ...(CALIBRATED_PARAMS[system] ?? {}), ...(override ?? {}) };
}
