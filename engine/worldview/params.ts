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
  GB: { markupA: 2, markupK: 2, noiseSigma: 0.25, noisePhi: 0.9, subHourlyNoise: 0.05, scarcityM0: 0.15, scarcitySigma: 0.07, neighbourFactor: 1.05, neighbourCoupling: 0.3, negDepth: 1, withholdShare: 0.3, withholdPrice: 1.5 },
  DE: { markupA: 5, markupK: 3, noiseSigma: 0.6, noisePhi: 0.9, subHourlyNoise: 0.05, scarcityM0: 0.1, scarcitySigma: 0.07, neighbourFactor: 0.85, neighbourCoupling: 0.6, negDepth: 1, withholdShare: 0, withholdPrice: 1 },
  ES: { markupA: 0, markupK: 5, noiseSigma: 0.4, noisePhi: 0.97, subHourlyNoise: 0.05, scarcityM0: 0.15, scarcitySigma: 0.04, neighbourFactor: 0.75, neighbourCoupling: 0.3, negDepth: 1, withholdShare: 0, withholdPrice: 1.5 },
  ERCOT: { markupA: 5, markupK: 5, noiseSigma: 0.6, noisePhi: 0.9, subHourlyNoise: 0.05, scarcityM0: 0.05, scarcitySigma: 0.03, neighbourFactor: 0.85, neighbourCoupling: 0.6, negDepth: 1, withholdShare: 0, withholdPrice: 1.5 },
  NEM: { markupA: 5, markupK: 1, noiseSigma: 0.15, noisePhi: 0.97, subHourlyNoise: 0.05, scarcityM0: 0.1, scarcitySigma: 0.07, neighbourFactor: 1, neighbourCoupling: 0.3, negDepth: 0.5, withholdShare: 0.45, withholdPrice: 4 },
  NSW1: { markupA: 1, markupK: 1, noiseSigma: 0.03, noisePhi: 0.97, subHourlyNoise: 0.02, scarcityM0: 0.15, scarcitySigma: 0.1, neighbourFactor: 1, neighbourCoupling: 0.3, negDepth: 0.1, withholdShare: 0.1, withholdPrice: 4 },
  QLD1: { markupA: 5, markupK: 1, noiseSigma: 0.25, noisePhi: 0.97, subHourlyNoise: 0.1, scarcityM0: 0.15, scarcitySigma: 0.07, neighbourFactor: 1, neighbourCoupling: 0.3, negDepth: 0.1, withholdShare: 0.45, withholdPrice: 4 },
  VIC1: { markupA: 2, markupK: 2, noiseSigma: 0.15, noisePhi: 0.9, subHourlyNoise: 0.1, scarcityM0: 0.1, scarcitySigma: 0.02, neighbourFactor: 1, neighbourCoupling: 0.3, negDepth: 4, withholdShare: 0, withholdPrice: 1.5 },
  SA1: { markupA: 5, markupK: 1, noiseSigma: 0.03, noisePhi: 0.9, subHourlyNoise: 0.1, scarcityM0: 0.15, scarcitySigma: 0.1, neighbourFactor: 1, neighbourCoupling: 0.3, negDepth: 2, withholdShare: 0.45, withholdPrice: 4 },
  TAS1: { markupA: 1, markupK: 1, noiseSigma: 0.03, noisePhi: 0.97, subHourlyNoise: 0.1, scarcityM0: 0.05, scarcitySigma: 0.1, neighbourFactor: 1, neighbourCoupling: 0.3, negDepth: 0.3, withholdShare: 0, withholdPrice: 1.5 },
};

export function paramsFor(system: string, override?: Partial<PriceParams>): PriceParams {
  return { ...DEFAULT_PARAMS, ...(CALIBRATED_PARAMS[system] ?? {}), ...(override ?? {}) };
}
