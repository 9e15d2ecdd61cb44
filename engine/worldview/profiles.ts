// Demand profiles per price system. GB, DE and the NEM regions are derived from real 2024 demand
// (profiles.generated.ts, produced by cli/derive-profiles.ts). ERCOT and Spain have no demand data in
// ../shared/data, so their profiles are set by hand from published load shapes (see SOURCES below).
import { DERIVED_PROFILES } from "./profiles.generated.ts";
import type { DemandProfile } from "./derived-shapes.ts";

const norm = (a: number[]) => {
  const m = a.reduce((x, y) => x + y, 0) / a.length;
  return a.map((x) => x / m);
};

/**
 * ERCOT: summer-peaking system (2024 peak 85.5 GW on 20 Aug 2024, ~17:00 CDT; winter peaks at
 * 07:00-08:00 and 19:00-20:00). Shapes follow ERCOT's published 2024 hourly load (ERCOT "Native Load"
 * reports): summer afternoon/evening peak ~1.25× the daily mean, winter double hump.
 * Monthly factors: ERCOT 2024 monthly energy (Aug highest, Apr/Nov lowest). Mean 2024 load ~52 GW.
 */
const ERCOT: DemandProfile = {
  shapeJan: {
    weekday: norm([
      0.93, 0.91, 0.9, 0.9, 0.92, 0.97, 1.04, 1.08, 1.07, 1.04, 1.01, 0.99, 0.97, 0.96, 0.96, 0.97, 1.0, 1.05,
      1.1, 1.11, 1.09, 1.05, 1.0, 0.96,
    ]),
    weekend: norm([
      0.95, 0.93, 0.92, 0.91, 0.92, 0.94, 0.98, 1.02, 1.04, 1.03, 1.01, 0.99, 0.97, 0.96, 0.96, 0.98, 1.01,
      1.06, 1.1, 1.1, 1.08, 1.04, 1.0, 0.97,
    ]),
  },
  shapeJul: {
    weekday: norm([
      0.86, 0.82, 0.79, 0.77, 0.76, 0.77, 0.79, 0.82, 0.87, 0.92, 0.98, 1.04, 1.1, 1.15, 1.19, 1.22, 1.24,
      1.24, 1.21, 1.15, 1.1, 1.05, 0.98, 0.92,
    ]),
    weekend: norm([
      0.88, 0.84, 0.81, 0.78, 0.77, 0.76, 0.77, 0.8, 0.85, 0.91, 0.97, 1.03, 1.09, 1.14, 1.18, 1.21, 1.23,
      1.23, 1.2, 1.15, 1.1, 1.05, 0.99, 0.93,
    ]),
  },
  weekendFactorJan: 0.96,
  weekendFactorJul: 0.95,
  monthly: [0.98, 0.93, 0.87, 0.85, 0.95, 1.1, 1.18, 1.22, 1.08, 0.92, 0.86, 0.95],
  meanMW: 52_000,
  source:
    "Hand-set from ERCOT published 2024 hourly load shapes and monthly energy (no ERCOT load file in shared data)",
};

/**
 * Spain (peninsular): REE demand 2024 ~ 245 TWh (mean ~27.9 GW). Winter peaks 20:00-21:00 local,
 * summer midday/afternoon plateau 12:00-15:00 with air conditioning; deep night trough ~04:00-05:00.
 */
const ES: DemandProfile = {
  shapeJan: {
    weekday: norm([
      0.9, 0.84, 0.8, 0.78, 0.78, 0.8, 0.88, 0.98, 1.06, 1.09, 1.09, 1.08, 1.07, 1.06, 1.03, 1.01, 1.0, 1.02,
      1.09, 1.15, 1.17, 1.14, 1.06, 0.97,
    ]),
    weekend: norm([
      0.93, 0.87, 0.83, 0.8, 0.79, 0.79, 0.81, 0.85, 0.92, 0.99, 1.04, 1.06, 1.07, 1.06, 1.02, 0.99, 0.98,
      1.01, 1.08, 1.14, 1.17, 1.14, 1.07, 0.99,
    ]),
  },
  shapeJul: {
    weekday: norm([
      0.92, 0.86, 0.82, 0.8, 0.79, 0.8, 0.84, 0.9, 0.97, 1.03, 1.08, 1.12, 1.15, 1.16, 1.16, 1.15, 1.12, 1.08,
      1.05, 1.04, 1.05, 1.06, 1.02, 0.97,
    ]),
    weekend: norm([
      0.94, 0.88, 0.84, 0.81, 0.79, 0.78, 0.79, 0.82, 0.88, 0.95, 1.02, 1.08, 1.12, 1.14, 1.14, 1.13, 1.1,
      1.07, 1.05, 1.05, 1.07, 1.08, 1.04, 0.99,
    ]),
  },
  weekendFactorJan: 0.88,
  weekendFactorJul: 0.9,
  monthly: [1.1, 1.07, 0.99, 0.92, 0.92, 0.98, 1.09, 1.06, 0.98, 0.93, 0.97, 1.04],
  meanMW: 27_900,
  source:
    "Hand-set from REE (Red Eléctrica) published 2024 demand curves and monthly balances (no Spanish load file in shared data)",
};

export const DEMAND_PROFILES: Record<string, DemandProfile> = { ...DERIVED_PROFILES, ERCOT, ES };

/** The profile for a price system (GB, DE, ES, ERCOT, NSW1, QLD1, VIC1, SA1, TAS1). */
export function demandProfile(system: string): DemandProfile {
  const p = DEMAND_PROFILES[system];
  if (!p) throw new Error(`No demand profile for ${system}`);
  return p;
}
