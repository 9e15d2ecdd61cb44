// Germany (DE-LU bidding zone): reference facts used by the world views and the builder.
// Sources: EPEX SPOT / SDAC (15-minute day-ahead MTU from 1 Oct 2025, harmonised min/max clearing
// price −500/+4000 EUR/MWh); regelleistung.net (FCR, aFRR capacity in six 4-hour products per day);
// German TSOs: 50Hertz, Amprion, TenneT, TransnetBW.

export const GERMANY = {
  biddingZone: "DE-LU",
  currency: "EUR",
  timeZone: "Europe/Berlin",
  settlementMinutes: 15,
  dayAheadPriceFloor: -500,
  dayAheadPriceCap: 4000,
  tsos: [
    { id: "50HZ", name: "50Hertz" },
    { id: "AMP", name: "Amprion" },
    { id: "TTG", name: "TenneT TSO" },
    { id: "TNG", name: "TransnetBW" },
  ],
  /** Balancing capacity products, procured day-ahead in 4-hour blocks. */
  balancingProducts: [
    { key: "FCR", name: "Frequency Containment Reserve (symmetric)", blockHours: 4, approxDemandMW: 570 },
    { key: "AFRR_UP", name: "aFRR positive capacity", blockHours: 4, approxDemandMW: 2000 },
    { key: "AFRR_DOWN", name: "aFRR negative capacity", blockHours: 4, approxDemandMW: 2000 },
  ],
  source:
    "EPEX SPOT/SDAC market rules; regelleistung.net; demand volumes: regelleistung-online.de (aFRR ~2,000 MW each direction), German share of the FCR cooperation",
} as const;
