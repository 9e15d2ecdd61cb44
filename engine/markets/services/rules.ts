// Service rules used by the dispatch co-optimisation, per market. Every number here has its
// source in engine/markets/services/README.md. A rule says on which side the battery's capacity
// is reserved, how long the state of charge must sustain full delivery (energy headroom), and
// how the product is contracted (block length, alignment).
import type { MarketRegion, ServiceKey } from "../../types.ts";

export interface ServiceRule {
  key: ServiceKey;
  label: string;
  direction: "up" | "down" | "both";
  /** Hours of full delivery the state of charge must cover. */
  durationHours: number;
  /** Contracted block length, hours (0 = per settlement interval). */
  blockHours: number;
  /**
   * Local hour (the market's clock) at which blocks are aligned: 23 for EFA blocks (23:00 UK
   * time, so 22:00 UTC in summer), 0 for the 4-hour FCR/aFRR products of DE/ES (00:00 CET/CEST).
   */
  blockAlignLocalHour: number;
}

/**
 * GB frequency response (NESO Dynamic Containment / Moderation / Regulation), EFA blocks, and
 * reserve (Quick Reserve, Balancing Reserve). Reserve is auctioned per settlement period; we
 * contract it in EFA blocks like the response services (decision 0208): a battery's MW is one
 * decision per 4 h, so the LP gains no per-interval controls (per-period contracting made the GB
 * services year 1.8× slower for +0.2 % revenue, measured on gb-central 2030).
 */
export const GB_SERVICES: ServiceRule[] = [
  {
    key: "DCL",
    label: "Dynamic Containment Low",
    direction: "up",
    durationHours: 0.25,
    blockHours: 4,
    blockAlignLocalHour: 23,
  },
  {
    key: "DCH",
    label: "Dynamic Containment High",
    direction: "down",
    durationHours: 0.25,
    blockHours: 4,
    blockAlignLocalHour: 23,
  },
  {
    key: "DML",
    label: "Dynamic Moderation Low",
    direction: "up",
    durationHours: 0.5,
    blockHours: 4,
    blockAlignLocalHour: 23,
  },
  {
    key: "DMH",
    label: "Dynamic Moderation High",
    direction: "down",
    durationHours: 0.5,
    blockHours: 4,
    blockAlignLocalHour: 23,
  },
  {
    key: "DRL",
    label: "Dynamic Regulation Low",
    direction: "up",
    durationHours: 1,
    blockHours: 4,
    blockAlignLocalHour: 23,
  },
  {
    key: "DRH",
    label: "Dynamic Regulation High",
    direction: "down",
    durationHours: 1,
    blockHours: 4,
    blockAlignLocalHour: 23,
  },
  {
    key: "PQR",
    label: "Positive Quick Reserve",
    direction: "up",
    durationHours: 0.25,
    blockHours: 4,
    blockAlignLocalHour: 23,
  },
  {
    key: "NQR",
    label: "Negative Quick Reserve",
    direction: "down",
    durationHours: 0.25,
    blockHours: 4,
    blockAlignLocalHour: 23,
  },
  {
    key: "PBR",
    label: "Positive Balancing Reserve",
    direction: "up",
    durationHours: 0.5,
    blockHours: 4,
    blockAlignLocalHour: 23,
  },
];

/** ERCOT day-ahead ancillary services, hourly (ESR duration rules of NPRR1096 / NPRR1282). */
export const ERCOT_SERVICES: ServiceRule[] = [
  {
    key: "REGUP",
    label: "Regulation Up",
    direction: "up",
    durationHours: 1,
    blockHours: 1,
    blockAlignLocalHour: 0,
  },
  {
    key: "REGDN",
    label: "Regulation Down",
    direction: "down",
    durationHours: 1,
    blockHours: 1,
    blockAlignLocalHour: 0,
  },
  {
    key: "RRS",
    label: "Responsive Reserve",
    direction: "up",
    durationHours: 1,
    blockHours: 1,
    blockAlignLocalHour: 0,
  },
  {
    key: "ECRS",
    label: "ERCOT Contingency Reserve",
    direction: "up",
    durationHours: 2,
    blockHours: 1,
    blockAlignLocalHour: 0,
  },
  {
    key: "NSPIN",
    label: "Non-Spinning Reserve",
    direction: "up",
    durationHours: 4,
    blockHours: 1,
    blockAlignLocalHour: 0,
  },
];

/** NEM FCAS (AEMO), enabled per dispatch interval. */
export const NEM_SERVICES: ServiceRule[] = [
  {
    key: "RAISE6SEC",
    label: "Fast raise (6 s)",
    direction: "up",
    durationHours: 1 / 60,
    blockHours: 0,
    blockAlignLocalHour: 0,
  },
  {
    key: "RAISE60SEC",
    label: "Slow raise (60 s)",
    direction: "up",
    durationHours: 5 / 60,
    blockHours: 0,
    blockAlignLocalHour: 0,
  },
  {
    key: "RAISE5MIN",
    label: "Delayed raise (5 min)",
    direction: "up",
    durationHours: 10 / 60,
    blockHours: 0,
    blockAlignLocalHour: 0,
  },
  {
    key: "RAISEREG",
    label: "Raise regulation",
    direction: "up",
    durationHours: 0.25,
    blockHours: 0,
    blockAlignLocalHour: 0,
  },
  {
    key: "LOWER6SEC",
    label: "Fast lower (6 s)",
    direction: "down",
    durationHours: 1 / 60,
    blockHours: 0,
    blockAlignLocalHour: 0,
  },
  {
    key: "LOWER60SEC",
    label: "Slow lower (60 s)",
    direction: "down",
    durationHours: 5 / 60,
    blockHours: 0,
    blockAlignLocalHour: 0,
  },
  {
    key: "LOWER5MIN",
    label: "Delayed lower (5 min)",
    direction: "down",
    durationHours: 10 / 60,
    blockHours: 0,
    blockAlignLocalHour: 0,
  },
  {
    key: "LOWERREG",
    label: "Lower regulation",
    direction: "down",
    durationHours: 0.25,
    blockHours: 0,
    blockAlignLocalHour: 0,
  },
];

/** Germany and Spain: FCR (symmetric) and aFRR capacity, 4-hour products from 00:00 local time. */
export const EU_SERVICES: ServiceRule[] = [
  {
    key: "FCR",
    label: "Frequency Containment Reserve",
    direction: "both",
    durationHours: 0.25,
    blockHours: 4,
    blockAlignLocalHour: 0,
  },
  {
    key: "AFRR_UP",
    label: "aFRR capacity, positive",
    direction: "up",
    durationHours: 1,
    blockHours: 4,
    blockAlignLocalHour: 0,
  },
  {
    key: "AFRR_DOWN",
    label: "aFRR capacity, negative",
    direction: "down",
    durationHours: 1,
    blockHours: 4,
    blockAlignLocalHour: 0,
  },
];

export function servicesFor(region: MarketRegion): ServiceRule[] {
  switch (region) {
    case "GB":
      return GB_SERVICES;
    case "ERCOT":
      return ERCOT_SERVICES;
    case "NEM":
      return NEM_SERVICES;
    case "DE":
    case "ES":
      return EU_SERVICES;
  }
}

/** Revenue strategies offered per region (spec §3) and what each one trades. */
export type RevenueStrategy = "energy_with_as" | "energy_only" | "merchant" | "ancillaries";

export interface StrategyPlan {
  /** Trade wholesale energy. */
  energy: boolean;
  /** Co-optimise the region's services. */
  services: boolean;
  /** Services first (maximise availability revenue), then arbitrage on what is left. */
  servicesFirst: boolean;
  /** Also settle at the balancing / imbalance price where it is better (GB merchant). */
  imbalance: boolean;
  /** GB Balancing Mechanism: offers and bids from the headroom the positions leave (decision 0140). */
  balancingMechanism?: boolean;
}

export function strategyPlan(region: MarketRegion, strategy: RevenueStrategy): StrategyPlan {
  switch (strategy) {
    case "energy_only":
      return { energy: true, services: false, servicesFirst: false, imbalance: false };
    case "merchant":
      // GB: wholesale + balancing/imbalance; NEM "Energy Only" is called merchant.
      return {
        energy: true,
        services: false,
        servicesFirst: false,
        imbalance: region === "GB",
        balancingMechanism: region === "GB",
      };
    case "ancillaries":
      // GB: services first, residual arbitrage. NEM: "Energy + FCAS" (co-optimised).
      return region === "NEM"
        ? { energy: true, services: true, servicesFirst: false, imbalance: false }
        : { energy: true, services: true, servicesFirst: true, imbalance: false };
    case "energy_with_as":
      return {
        energy: true,
        services: true,
        servicesFirst: false,
        imbalance: false,
        balancingMechanism: region === "GB",
      };
  }
}

export function strategiesFor(region: MarketRegion): RevenueStrategy[] {
  if (region === "GB") return ["energy_with_as", "energy_only", "merchant", "ancillaries"];
  if (region === "NEM") return ["ancillaries", "merchant"];
  return ["energy_with_as", "energy_only"];
}
