// Fixed forecast years on which the dispatch layer's speed work must not move results (issue 29,
// decision 0508): every market and every dispatch route a forecast takes per year (the chain
// interior-point method with services in monthly and weekly windows, services first, the GB
// imbalance stage and Balancing Mechanism, the NEM 5-minute offers, the DP), realistic and
// perfect foresight. The first 62 days of each year keep the test short.
import { marketYear } from "../../../../engine/worldview/index.ts";
import { syntheticMarketYear } from "../../../../engine/forecast/synthetic.ts";
import { runYear, initialScenarioState } from "../../../../engine/forecast/scenario.ts";
import { forecastInputSchema } from "../../../../engine/forecast/types.ts";
import type { RevenueStrategy } from "../../../../engine/markets/services/rules.ts";
import type { MarketRegion, MarketYear } from "../../../../engine/types.ts";

export interface SpeedCase {
  id: string;
  region: MarketRegion;
  strategy: RevenueStrategy;
  foresight: "realistic" | "perfect";
  year: () => MarketYear;
}

const DAYS = 62;

/** The first `days` days of a market year (every per-interval series cut alike). */
function firstDays(my: MarketYear, days = DAYS): MarketYear {
  const n = Math.round((days * 1440) / my.intervalMinutes);
  const cut = <T extends Float64Array | undefined>(a: T): T => (a ? (a.slice(0, n) as T) : a);
  const cutAll = <K extends string>(r: Partial<Record<K, Float64Array>> | undefined) =>
    r &&
    (Object.fromEntries(Object.entries(r).map(([k, v]) => [k, cut(v as Float64Array)])) as Partial<
      Record<K, Float64Array>
    >);
  return {
    ...my,
    energyPrice: cut(my.energyPrice),
    imbalancePrice: cut(my.imbalancePrice),
    balancingPrice: cut(my.balancingPrice),
    servicePrices: cutAll(my.servicePrices)!,
    serviceVolumeShareByInterval: cutAll(my.serviceVolumeShareByInterval),
  };
}

export function speedCases(): SpeedCase[] {
  const wv = (s: string, y: number, im?: number) => () =>
    firstDays(marketYear(s, y, im ? { intervalMinutes: im } : {}));
  const syn = (r: MarketRegion, y: number, im?: number) => () =>
    firstDays(syntheticMarketYear(r, y, "central", im));
  return [
    {
      id: "GB wv energy_with_as realistic",
      region: "GB",
      strategy: "energy_with_as",
      foresight: "realistic",
      year: wv("gb-central", 2030),
    },
    {
      id: "GB wv energy_with_as perfect",
      region: "GB",
      strategy: "energy_with_as",
      foresight: "perfect",
      year: wv("gb-central", 2030),
    },
    {
      id: "GB wv energy_only realistic",
      region: "GB",
      strategy: "energy_only",
      foresight: "realistic",
      year: wv("gb-central", 2030),
    },
    {
      id: "GB syn ancillaries realistic",
      region: "GB",
      strategy: "ancillaries",
      foresight: "realistic",
      year: syn("GB", 2031),
    },
    {
      id: "GB syn merchant realistic",
      region: "GB",
      strategy: "merchant",
      foresight: "realistic",
      year: syn("GB", 2031),
    },
    {
      id: "NEM wv ancillaries 5 min realistic",
      region: "NEM",
      strategy: "ancillaries",
      foresight: "realistic",
      year: wv("nem-central", 2030, 5),
    },
    {
      id: "NEM wv ancillaries 5 min perfect",
      region: "NEM",
      strategy: "ancillaries",
      foresight: "perfect",
      year: wv("nem-central", 2030, 5),
    },
    {
      id: "NEM syn merchant 5 min realistic",
      region: "NEM",
      strategy: "merchant",
      foresight: "realistic",
      year: syn("NEM", 2030, 5),
    },
    {
      id: "ERCOT syn energy_with_as realistic",
      region: "ERCOT",
      strategy: "energy_with_as",
      foresight: "realistic",
      year: syn("ERCOT", 2030),
    },
    {
      id: "DE syn energy_with_as realistic",
      region: "DE",
      strategy: "energy_with_as",
      foresight: "realistic",
      year: syn("DE", 2030),
    },
    {
      id: "ES syn energy_with_as perfect",
      region: "ES",
      strategy: "energy_with_as",
      foresight: "perfect",
      year: syn("ES", 2030),
    },
  ];
}

/** A case's year: its total and streams (currency), cycles. */
export function runSpeedCase(c: SpeedCase) {
  const p = forecastInputSchema.parse({
    configuration: "bess",
    region: c.region,
    ratedPower: 50,
    duration: 2,
    efficiency: 88,
    maxCycles: 1,
    startDate: "2026-01-01",
    revenueStrategies: [c.strategy],
    macroScenarios: ["central"],
    degradation: "standard_degradation_curve",
    foresight: c.foresight,
  });
  const { year } = runYear(p, "central", c.strategy, c.year(), initialScenarioState());
  return { total: year.total, streams: year.streams, cycles: year.cycles };
}
