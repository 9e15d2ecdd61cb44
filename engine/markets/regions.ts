// Market regions of Voltcast: currency, settlement interval, time zone, services traded, and the
// spec §3 region enumeration. Sources: market rules of each operator (Elexon BSC settlement periods,
// ERCOT Nodal Protocols §6 (15-minute settlement), AEMO five-minute settlement (from 1 Oct 2021),
// SDAC 15-minute market time unit (from 1 Oct 2025) for Germany and Spain).
import type { Currency, MarketRegion, ServiceKey } from "../types.ts";

/** Spec §3 region enumeration and codes. */
export type RegionSlug = "great-britain" | "ercot" | "europe" | "aus-nem";
export type RegionCode = "GB" | "US" | "EUR" | "AU";

export interface RegionInfo {
  region: MarketRegion;
  name: string;
  slug: RegionSlug;
  /** Spec §3 region codes are GB, US, EUR; "AU" is Voltcast's code for the NEM (the spec names none). */
  code: RegionCode;
  /** ISO 3166-1 alpha-2 country for location search (spec §5: restricted to the region's country). */
  country: "gb" | "us" | "au" | "de" | "es";
  currency: Currency;
  /** Settlement interval of the wholesale energy price, minutes. */
  settlementMinutes: number;
  timeZone: string;
  services: ServiceKey[];
  hasCapacityMarket: boolean;
  hasImbalancePrice: boolean;
  priceFloor: number;
  priceCap: number;
  source: string;
}

export const REGIONS: Record<MarketRegion, RegionInfo> = {
  GB: {
    region: "GB",
    name: "Great Britain",
    slug: "great-britain",
    code: "GB",
    country: "gb",
    currency: "GBP",
    settlementMinutes: 30,
    timeZone: "Europe/London",
    services: ["DCL", "DCH", "DML", "DMH", "DRL", "DRH", "PQR", "NQR", "PBR"],
    hasCapacityMarket: true,
    hasImbalancePrice: true,
    priceFloor: -500,
    priceCap: 4000,
    source:
      "Elexon BSC (48 half-hourly settlement periods); NESO Dynamic Containment/Moderation/Regulation; EMR Capacity Market",
  },
  ERCOT: {
    region: "ERCOT",
    name: "Texas (ERCOT)",
    slug: "ercot",
    code: "US",
    country: "us",
    currency: "USD",
    settlementMinutes: 15,
    timeZone: "America/Chicago",
    services: ["REGUP", "REGDN", "RRS", "ECRS", "NSPIN"],
    hasCapacityMarket: false,
    hasImbalancePrice: false,
    priceFloor: -250,
    priceCap: 5000,
    source:
      "ERCOT Nodal Protocols (15-minute real-time settlement intervals; ancillary services Reg-Up/Down, RRS, ECRS, Non-Spin)",
  },
  NEM: {
    region: "NEM",
    name: "Australia (NEM)",
    slug: "aus-nem",
    code: "AU",
    country: "au",
    currency: "AUD",
    settlementMinutes: 5,
    timeZone: "Australia/Brisbane",
    services: [
      "RAISE6SEC",
      "RAISE60SEC",
      "RAISE5MIN",
      "RAISEREG",
      "LOWER6SEC",
      "LOWER60SEC",
      "LOWER5MIN",
      "LOWERREG",
    ],
    hasCapacityMarket: false,
    hasImbalancePrice: false,
    priceFloor: -1000,
    priceCap: 18600,
    source:
      "AEMO: five-minute settlement since 1 Oct 2021, NEM time UTC+10; FCAS markets; AEMC market price cap FY2025-26 A$18,600/MWh",
  },
  DE: {
    region: "DE",
    name: "Germany",
    slug: "europe",
    code: "EUR",
    country: "de",
    currency: "EUR",
    settlementMinutes: 15,
    timeZone: "Europe/Berlin",
    services: ["FCR", "AFRR_UP", "AFRR_DOWN"],
    hasCapacityMarket: false,
    hasImbalancePrice: false,
    priceFloor: -500,
    priceCap: 4000,
    source:
      "EPEX/SDAC DE-LU day-ahead (15-minute MTU from 1 Oct 2025); regelleistung.net FCR and aFRR capacity auctions (4-hour products)",
  },
  ES: {
    region: "ES",
    name: "Spain (Iberia)",
    slug: "europe",
    code: "EUR",
    country: "es",
    currency: "EUR",
    settlementMinutes: 15,
    timeZone: "Europe/Madrid",
    // Spain procures no FCR market product (primary response is mandatory and unpaid); aFRR = "banda de regulación secundaria"
    services: ["AFRR_UP", "AFRR_DOWN"],
    hasCapacityMarket: false,
    hasImbalancePrice: false,
    priceFloor: -500,
    priceCap: 4000,
    source: "OMIE day-ahead (15-minute MTU from 1 Oct 2025); REE/ESIOS secondary regulation band",
  },
};

export const MARKET_REGIONS = Object.keys(REGIONS) as MarketRegion[];

/** Australia bounding box (spec §3): north -10, south -44, west 128, east 154. */
export const AUSTRALIA_BOUNDING_BOX = { north: -10, south: -44, west: 128, east: 154 } as const;

export function inAustraliaBox(lat: number, lon: number): boolean {
  const b = AUSTRALIA_BOUNDING_BOX;
  return lat <= b.north && lat >= b.south && lon >= b.west && lon <= b.east;
}
