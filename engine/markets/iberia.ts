// Spain / Iberia (MIBEL): reference facts used by the world views and the builder.
// Sources: OMIE (day-ahead, 15-minute MTU from 1 Oct 2025, −500/+4000 EUR/MWh); REE/ESIOS
// (secondary regulation band = aFRR capacity, procured per hour up/down); Spain has no paid FCR product.

export const IBERIA = {
  biddingZones: ["ES", "PT"],
  /** The world views price the Spanish zone; Portugal couples to it most hours. */
  modelledZone: "ES",
  currency: "EUR",
  timeZone: "Europe/Madrid",
  settlementMinutes: 15,
  dayAheadPriceFloor: -500,
  dayAheadPriceCap: 4000,
  tso: { id: "REE", name: "Red Eléctrica de España" },
  balancingProducts: [
    { key: "AFRR_UP", name: "Secondary regulation band, upward", blockHours: 1 },
    { key: "AFRR_DOWN", name: "Secondary regulation band, downward", blockHours: 1 },
  ],
  source: "OMIE market rules; REE ESIOS (banda de regulación secundaria)",
} as const;
