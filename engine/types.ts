// Shared contract between the world views (engine/worldview) and the forecast model (engine/*).
// Plain data only: the engine does no I/O.

/** Market regions a forecast can run in (spec §1). */
export type MarketRegion = "GB" | "ERCOT" | "NEM" | "DE" | "ES";

export type Currency = "GBP" | "USD" | "AUD" | "EUR";

/**
 * Ancillary / balancing services priced per market. Prices for these are availability
 * (capacity) prices in currency per MW per hour, one value per settlement interval.
 */
export type ServiceKey =
  // GB: Dynamic Containment, Moderation, Regulation — low (charging side) and high (discharging side)
  | "DCL"
  | "DCH"
  | "DML"
  | "DMH"
  | "DRL"
  | "DRH"
  // GB reserve (NESO EAC, half-hourly): Positive / Negative Quick Reserve, Positive Balancing Reserve
  | "PQR"
  | "NQR"
  | "PBR"
  // ERCOT ancillary services
  | "REGUP"
  | "REGDN"
  | "RRS"
  | "ECRS"
  | "NSPIN"
  // NEM FCAS: contingency raise/lower (6s, 60s, 5min) and regulation
  | "RAISE6SEC"
  | "RAISE60SEC"
  | "RAISE5MIN"
  | "RAISEREG"
  | "LOWER6SEC"
  | "LOWER60SEC"
  | "LOWER5MIN"
  | "LOWERREG"
  // Germany and Spain: FCR (symmetric) and aFRR capacity up/down
  | "FCR"
  | "AFRR_UP"
  | "AFRR_DOWN";

/** One year of market prices for one region and one world view, at a fixed interval. */
export interface MarketYear {
  region: MarketRegion;
  /** Calendar year (UTC). */
  year: number;
  currency: Currency;
  /** ISO-8601 UTC timestamp of the first interval. */
  startUtc: string;
  /**
   * The price region the prices are of where the market has several (NEM: SA1, NSW1, …); its
   * trading days are then counted on that region's clock (`tradingTimeZone`, decision 0137).
   */
  priceRegion?: string;
  /** Length of every interval, minutes (GB 30, ERCOT 15 or 60, NEM 5 or 30, DE/ES 60 or 15). */
  intervalMinutes: number;
  /** Wholesale energy price, currency per MWh, one per interval. */
  energyPrice: Float64Array;
  /** Balancing / imbalance (GB system) price per MWh, one per interval, where the market has one. */
  imbalancePrice?: Float64Array;
  /**
   * GB Balancing Mechanism: the price of the marginal balancing action per MWh (default: the
   * imbalance price) and where it comes from (decision 0140).
   */
  balancingPrice?: Float64Array;
  balancingPriceSource?: string;
  /** Availability prices of the services traded in this market, currency per MW per hour, one per interval. */
  servicePrices: Partial<Record<ServiceKey, Float64Array>>;
  /**
   * The most a battery may sell into each service, as a share of its power (its pro-rata share of
   * the requirement against the storage fleet); absent = no limit beyond the battery's own.
   */
  serviceVolumeShare?: Partial<Record<ServiceKey, number>>;
  /**
   * The same per interval where the requirement varies by period (GB: per EFA block), constant within
   * each contracted block; bounds the battery together with `serviceVolumeShare` (the year's mean).
   */
  serviceVolumeShareByInterval?: Partial<Record<ServiceKey, Float64Array>>;
  /**
   * Capacity market clearing price, currency per kW of de-rated capacity per year (GB T-4 auction), of
   * the delivery year that starts in October of `year` (October–December).
   */
  capacityPricePerKWYear?: number;
  /** The same for the delivery year that began in October of `year − 1` (January–September). */
  capacityPricePreviousDeliveryYear?: number;
  /** True when the series is generated rather than observed (must be labelled "synthetic" to users). */
  synthetic: boolean;
}
