// The first days of a synthetic market year, every series sliced alike, so engine tests stay fast.
import { syntheticMarketYear } from "../../../../engine/forecast/index.ts";
import type { MarketRegion, MarketYear } from "../../../../engine/types.ts";

export function syntheticDays(
  region: MarketRegion,
  days: number,
  { year = 2026, scenario = "central", intervalMinutes = 60 } = {},
): MarketYear {
  const my = syntheticMarketYear(region, year, scenario, intervalMinutes);
  const n = (days * 24 * 60) / my.intervalMinutes;
  return {
    ...my,
    energyPrice: my.energyPrice.slice(0, n),
    imbalancePrice: my.imbalancePrice?.slice(0, n),
    servicePrices: Object.fromEntries(Object.entries(my.servicePrices).map(([k, v]) => [k, v!.slice(0, n)])),
  };
}
