// Inputs and outputs of one dispatch optimisation (one horizon: a file, a day, a year).
import type { ServiceKey } from "../types.ts";

export interface BatterySpec {
  /** Rated power, MW. */
  powerMW: number;
  /** Usable energy capacity now, MWh (rated power × duration × capacity retention). */
  energyMWh: number;
  /** Round-trip efficiency η in (0, 1]; charge and discharge efficiencies are each √η. */
  roundTripEfficiency: number;
  /** Battery import (charging) limit, MW; defaults to rated power. */
  importLimitMW?: number;
  /** Battery export (discharging) limit, MW; defaults to rated power. */
  exportLimitMW?: number;
  /** Daily cap: Σ (d/√η)·Δt per trading day ≤ maxCyclesPerDay · cycleEnergyMWh. Omit for no cap. */
  maxCyclesPerDay?: number;
  /** Energy of one full cycle for the cap (default energyMWh). */
  cycleEnergyMWh?: number;
  /** State of charge at the start of the horizon, MWh (default 0). */
  initialSocMWh?: number;
}

/** One ancillary / reserve service the battery may be reserved for, per interval. */
export interface ServiceSpec {
  key: ServiceKey;
  /** "up" = discharge-side (raise / high), "down" = charge-side (lower / low), "both" = symmetric (FCR). */
  direction: "up" | "down" | "both";
  /** Hours of full delivery the state of charge must be able to sustain (energy headroom). */
  durationHours: number;
  /** Availability price, currency per MW per hour, one per interval. */
  price: Float64Array;
  /** Intervals per contracted block (e.g. 8 for a 4-hour EFA block at 30 min); 1 = per interval. */
  blockIntervals: number;
  /** Offset of the first block boundary in intervals from the start of the horizon (default 0). */
  blockOffset?: number;
  /**
   * 1 at the first interval of every contracted block, when blocks follow the market's local
   * clock (EFA blocks start at 23:00 UK time, so a clock-change day has a 3- or 5-hour block).
   * Overrides blockIntervals/blockOffset for where blocks start (decision 0115).
   */
  blockStarts?: Uint8Array;
  /** Upper bound on reserved MW (e.g. a market's share of rated power); default: the battery's limit. */
  maxMW?: number;
  /** The same bound per interval, where it varies by period (constant within a contracted block). */
  maxMWByInterval?: Float64Array;
  /** Fixed reservation per interval (MW): set by the block-rounding step; the LP then does not choose it. */
  fixedMW?: Float64Array;
  /**
   * Reservation (MW) already contracted for the block in force at the start of the horizon, when
   * the horizon starts inside a block (blockOffset > 0): a rolling window continues the block its
   * predecessor committed instead of choosing that block again.
   */
  initialMW?: number;
}

export interface GenerationSpec {
  /** Available generation per interval, MW (AC for AC coupling, DC bus for DC coupling). */
  profileMW: Float64Array;
  /** AC: own inverter, shares the grid connection. DC: shares the battery's inverter. */
  coupling: "AC" | "DC";
  /** Shared inverter rating for DC coupling, MW (default: the export limit). */
  inverterMW?: number;
  /**
   * DC coupling: efficiency of one conversion of the shared inverter (default 1, lossless). The
   * profile is already after one conversion (AC-equivalent MW), so the battery charging from it on
   * the DC bus skips the second conversion, and energy imported from the grid into the DC bus
   * pays one more (decision 0119). AC coupling pays both through its own inverters: the PV's
   * loss is in the profile, the battery's in its round-trip efficiency.
   */
  inverterEfficiency?: number;
}

export interface DispatchProblem {
  intervalMinutes: number;
  /** ISO-8601 UTC timestamp of the first interval. */
  startUtc: string;
  /**
   * The market's time zone (IANA): the daily cycle cap counts its trading days (decision 0115).
   * Default "UTC". NEM market time is UTC+10 all year: "Australia/Brisbane".
   */
  timeZone?: string;
  /** Wholesale price per MWh. */
  price: Float64Array;
  /** Price received for exported energy if different from `price` (e.g. merchant: best of DA/imbalance). */
  exportPrice?: Float64Array;
  /** Price paid for imported energy if different from `price`. */
  importPrice?: Float64Array;
  /** Grid charges per MWh imported / exported (DUoS unit rates), added to the import price / taken from the export price. */
  importCharge?: Float64Array;
  exportCharge?: Float64Array;
  battery?: BatterySpec;
  generation?: GenerationSpec;
  /** Site grid limits, MW (default: battery limits, plus nothing for generation). */
  siteImportLimitMW?: number;
  siteExportLimitMW?: number;
  services?: ServiceSpec[];
  /** Tie each service's reservation within its block (exact block contracts). Default true. */
  blockContracts?: boolean;
}

export interface ServiceReservation {
  key: ServiceKey;
  mw: Float64Array;
  revenue: number;
}

export interface DispatchResult {
  /** Net revenue (objective): energy + services − grid charges. */
  revenue: number;
  /** Battery charge and discharge, grid-side MW, one per interval. */
  chargeMW: Float64Array;
  dischargeMW: Float64Array;
  /** State of charge at the end of each interval, MWh. */
  socMWh: Float64Array;
  /** Generation used (after curtailment), MW. */
  generationMW?: Float64Array;
  /** Site export / import, MW. */
  exportMW: Float64Array;
  importMW: Float64Array;
  services: ServiceReservation[];
  /** Σ (d/√η)·Δt ÷ cycleEnergy. */
  cycles: number;
  /** Energy discharged from the cells, MWh (Σ d/√η·Δt). */
  throughputMWh: number;
  energyRevenue: number;
  serviceRevenue: number;
  gridChargeCost: number;
  /** "dp": exact dynamic programme (dispatch/dp.ts); "dp+blocks": DP with services chosen per block (approximate, forecast only). */
  solver: "ipm" | "highs" | "dp" | "dp+blocks";
  solveMs: number;
  iterations: number;
  /** DP with a binding daily cap: a proven bound on (LP optimum − revenue); absent when exact. */
  certifiedGap?: number;
}
