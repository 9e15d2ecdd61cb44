// Yearly assumptions of the Central world view per market and price system, 2024 (calibration
// base year) to 2050, as anchor years with linear interpolation in between. Figures are rounded
// and anchored on public sources (named per table below); they are modelling assumptions, not data.
// High/Low/Net-zero cases are transformations of these tables (scenarios.ts).
import type { Currency, MarketRegion } from "../types.ts";
import type { WeatherSpec } from "./drivers.ts";

/** [year, value] pairs; linear interpolation between anchors, flat outside. */
export type Anchors = ReadonlyArray<readonly [number, number]>;

export function at(a: Anchors, year: number): number {
  if (year <= a[0][0]) return a[0][1];
  for (let i = 1; i < a.length; i++) {
    if (year <= a[i][0]) {
      const [y0, v0] = a[i - 1];
      const [y1, v1] = a[i];
      return v0 + ((v1 - v0) * (year - y0)) / (y1 - y0);
    }
  }
  return a[a.length - 1][1];
}

export type ThermalTech = "lignite" | "coal" | "ccgt" | "ocgt" | "oil" | "biomass" | "gasCcs" | "hydrogen";
export type Tech = ThermalTech | "nuclear" | "windOnshore" | "windOffshore" | "solar" | "hydro" | "ror";
export const THERMAL_TECHS: ThermalTech[] = [
  "lignite",
  "coal",
  "ccgt",
  "ocgt",
  "oil",
  "biomass",
  "gasCcs",
  "hydrogen",
];
export const ALL_TECHS: Tech[] = [
  "nuclear",
  ...THERMAL_TECHS,
  "hydro",
  "ror",
  "windOnshore",
  "windOffshore",
  "solar",
];
/** How a technology is named where an analyst reads it (databook headers). */
export const TECH_LABEL: Record<Tech, string> = {
  nuclear: "Nuclear",
  lignite: "Lignite",
  coal: "Coal",
  ccgt: "Gas CCGT",
  ocgt: "Gas OCGT",
  oil: "Oil",
  biomass: "Biomass",
  gasCcs: "Gas CCS",
  hydrogen: "Hydrogen",
  hydro: "Hydro (reservoir)",
  ror: "Run-of-river hydro",
  windOnshore: "Onshore wind",
  windOffshore: "Offshore wind",
  solar: "Solar",
};

export type Fuel = "gas" | "coal" | "lignite" | "oil" | "biomass" | "hydrogen";

/** Plant parameters: efficiency range (best to worst unit, LHV), emission factor tCO2/MWh fuel, VOM, availability. */
export const TECH_PARAMS: Record<
  ThermalTech,
  { fuel: Fuel; effBest: number; effWorst: number; co2PerMWhFuel: number; vom: number; availability: number }
> = {
  // Sources: IPCC 2006 default emission factors (gas 56.1, coal 94.6, lignite 101, oil 74.1 tCO2/TJ);
  // efficiencies and VOM: typical fleet ranges (IEA/NEA Projected Costs of Generating Electricity 2020).
  lignite: {
    fuel: "lignite",
    effBest: 0.43,
    effWorst: 0.32,
    co2PerMWhFuel: 0.364,
    vom: 4,
    availability: 0.85,
  },
  coal: { fuel: "coal", effBest: 0.45, effWorst: 0.32, co2PerMWhFuel: 0.341, vom: 4, availability: 0.85 },
  ccgt: { fuel: "gas", effBest: 0.58, effWorst: 0.44, co2PerMWhFuel: 0.202, vom: 3, availability: 0.9 },
  ocgt: { fuel: "gas", effBest: 0.4, effWorst: 0.27, co2PerMWhFuel: 0.202, vom: 6, availability: 0.92 },
  oil: { fuel: "oil", effBest: 0.36, effWorst: 0.28, co2PerMWhFuel: 0.267, vom: 8, availability: 0.9 },
  biomass: { fuel: "biomass", effBest: 0.38, effWorst: 0.3, co2PerMWhFuel: 0, vom: 5, availability: 0.85 },
  // 90% capture; capture/transport/storage variable cost folded into VOM
  gasCcs: { fuel: "gas", effBest: 0.52, effWorst: 0.47, co2PerMWhFuel: 0.0202, vom: 12, availability: 0.9 },
  hydrogen: { fuel: "hydrogen", effBest: 0.58, effWorst: 0.38, co2PerMWhFuel: 0, vom: 3, availability: 0.92 },
};

export interface SystemTable {
  /** Price system id: GB, DE, ES, ERCOT, NSW1, QLD1, VIC1, SA1, TAS1. */
  system: string;
  name: string;
  weather: WeatherSpec;
  offshoreCf: number;
  demandTWh: Anchors;
  /** Installed capacity, GW. */
  capacityGW: Partial<Record<Tech, Anchors>>;
  nuclearAvailability: number;
  hydroCf: number;
  rorCf: number;
  batteryGW: Anchors;
  batteryHours: Anchors;
  pumpedGW: Anchors;
  pumpedHours: number;
  interconnectorGW: Anchors;
  /** Thermal must-run (CHP, minimum stable generation for system operation), GW. */
  mustRunThermalGW: Anchors;
  /** Price-responsive flexible demand (electrolysers, smart charging), GW, and its bid. */
  flexDemandGW: Anchors;
  flexBid: number;
  /** Shares of wind+solar output that are price-insensitive (FiT/rooftop) or subsidised per MWh. */
  inflexibleShare: Anchors;
  subsidisedShare: Anchors;
  /** Subsidy forgone when curtailed (ROC, PTC, LGC, market premium), currency/MWh. */
  subsidyBid: Anchors;
  neighbourWindCorr: number;
  sources: string[];
}

export interface MarketTable {
  region: MarketRegion;
  currency: Currency;
  /** Fuel prices in currency per MWh of fuel (thermal), carbon in currency per tonne CO2. */
  fuel: Record<Fuel, Anchors>;
  carbon: Anchors;
  /** Native-unit gas price for the databook (p/therm, $/MMBtu, A$/GJ, €/MWh). */
  gasNativeUnit: string;
  gasToNative: number;
  priceCap: Anchors;
  priceFloor: number;
  capacityPricePerKWYear?: Anchors;
  /** Last year whose capacity price is a published auction result (scenario levers apply only after it). */
  capacityPricePublishedUntil?: number;
  systems: SystemTable[];
  sources: string[];
}

const PTH = 100 / 29.3071; // p/therm → £/MWh: divide p/therm by 2.93071
const MMBTU = 3.412; // $/MMBtu → $/MWh thermal: multiply
const GJ = 3.6; // A$/GJ → A$/MWh thermal: multiply

// ---------------------------------------------------------------- GB
export const GB: MarketTable = {
  region: "GB",
  currency: "GBP",
  fuel: {
    // NBP: 2024 outturn ~82 p/therm, 2025 ~90; DESNZ Fossil Fuel Price Assumptions 2023 central ~60-70 p/therm long run.
    gas: [
      [2024, 82 / PTH],
      [2025, 90 / PTH],
      [2027, 80 / PTH],
      [2030, 68 / PTH],
      [2035, 62 / PTH],
      [2050, 62 / PTH],
    ],
    coal: [
      [2024, 12],
      [2030, 11],
      [2050, 11],
    ],
    lignite: [
      [2024, 5],
      [2050, 5],
    ],
    oil: [
      [2024, 45],
      [2030, 42],
      [2050, 42],
    ],
    // biomass net of ROC/CfD support, £/MWh fuel (bids well below gross fuel cost)
    biomass: [
      [2024, 14],
      [2027, 14],
      [2032, 22],
      [2050, 22],
    ],
    hydrogen: [
      [2024, 120],
      [2035, 90],
      [2050, 65],
    ],
  },
  // UK ETS allowance + Carbon Price Support £18/t. UKA 2024 ~£37, DESNZ traded carbon values (central) thereafter.
  carbon: [
    [2024, 55],
    [2025, 60],
    [2030, 90],
    [2035, 115],
    [2040, 140],
    [2050, 190],
  ],
  gasNativeUnit: "p/therm",
  gasToNative: PTH,
  priceCap: [
    [2024, 4000],
    [2050, 4000],
  ],
  priceFloor: -500,
  // Capacity Market T-4 clearing prices by delivery year starting in October of the year (NESO CM
  // Register, ../shared/data/capacity/gb/gb_cm_auction_clearing_prices_2016-17_2029-30.csv): T-4
  // 2023/24 £15.97, 2024/25 £18.00, 2025/26 £30.59, 2026/27 £63.00, 2027/28 £65.00, 2028/29 £60.00,
  // 2029/30 £27.10 (£/kW/yr of de-rated capacity, at their published value) — the T-4 auction whose
  // de-rating factors a battery's revenue uses (engine/markets/capacity-market.ts). Later years: a
  // straight line from the last auction to a long-run £45 in 2035 and £42 in 2050 (Voltcast
  // assumption: the price a new open-cycle peaker needs net of its energy margin), times the lever.
  capacityPricePerKWYear: [
    [2023, 15.97],
    [2024, 18.0],
    [2025, 30.59],
    [2026, 63],
    [2027, 65],
    [2028, 60],
    [2029, 27.1],
    [2035, 45],
    [2050, 42],
  ],
  capacityPricePublishedUntil: 2029,
  sources: [
    "NESO Future Energy Scenarios 2024 (capacity and demand pathways)",
    "DESNZ Fossil Fuel Price Assumptions 2023; DESNZ traded carbon values",
    "Capacity Market auction results (EMR Delivery Body)",
    "NESO historic demand 2024 (demand profile); LCCC IMRP 2024 (calibration)",
  ],
  systems: [
    {
      system: "GB",
      name: "Great Britain",
      weather: {
        tz: "Europe/London",
        lat: 53.5,
        lon: -1.8,
        windCf: 0.27,
        solarCf: 0.105,
        windSeasonal: 0.45,
        windDiurnal: 0.05,
        windPeakHour: 14,
        demandWeatherWinter: 0.035,
        demandWeatherSummer: 0.01,
      },
      offshoreCf: 0.4,
      // gross demand = ND + embedded wind + embedded solar; 2024: 29.8 GW mean = 262 TWh
      demandTWh: [
        [2024, 262],
        [2025, 264],
        [2030, 292],
        [2035, 340],
        [2040, 385],
        [2050, 450],
      ],
      capacityGW: {
        nuclear: [
          [2024, 5.9],
          [2027, 5.9],
          [2028, 4.6],
          [2030, 4.6],
          [2031, 6.2],
          [2033, 6.2],
          [2037, 9.4],
          [2050, 11],
        ],
        coal: [
          [2024, 1.0],
          [2025, 0],
        ],
        ccgt: [
          [2024, 30],
          [2025, 30],
          [2030, 28],
          [2035, 24],
          [2040, 18],
          [2050, 10],
        ],
        ocgt: [
          [2024, 3.5],
          [2030, 5],
          [2035, 6],
          [2050, 6],
        ],
        biomass: [
          [2024, 4.2],
          [2030, 4.0],
          [2035, 3.0],
          [2040, 2.5],
          [2050, 2],
        ],
        gasCcs: [
          [2024, 0],
          [2029, 0],
          [2030, 0.7],
          [2035, 3],
          [2040, 6],
          [2050, 10],
        ],
        hydrogen: [
          [2024, 0],
          [2033, 0],
          [2035, 0.5],
          [2040, 2],
          [2050, 5],
        ],
        hydro: [
          [2024, 1.2],
          [2050, 1.3],
        ],
        ror: [
          [2024, 0.7],
          [2050, 0.8],
        ],
        windOnshore: [
          [2024, 15],
          [2025, 15.8],
          [2030, 25],
          [2035, 30],
          [2040, 35],
          [2050, 40],
        ],
        windOffshore: [
          [2024, 14.8],
          [2025, 16],
          [2030, 38],
          [2035, 55],
          [2040, 70],
          [2050, 90],
        ],
        solar: [
          [2024, 18],
          [2025, 20],
          [2030, 38],
          [2035, 50],
          [2040, 60],
          [2050, 75],
        ],
      },
      nuclearAvailability: 0.72,
      hydroCf: 0.35,
      rorCf: 0.4,
      batteryGW: [
        [2024, 5],
        [2025, 7],
        [2030, 22],
        [2035, 30],
        [2040, 35],
        [2050, 45],
      ],
      batteryHours: [
        [2024, 1.4],
        [2030, 2],
        [2035, 2.5],
        [2040, 3],
        [2050, 3.5],
      ],
      pumpedGW: [
        [2024, 2.8],
        [2030, 3.5],
        [2035, 5],
        [2050, 6],
      ],
      pumpedHours: 9,
      interconnectorGW: [
        [2024, 10.3],
        [2025, 10.8],
        [2030, 16],
        [2035, 20],
        [2040, 22],
        [2050, 24],
      ],
      mustRunThermalGW: [
        [2024, 2.5],
        [2030, 2],
        [2040, 1],
        [2050, 0.5],
      ],
      flexDemandGW: [
        [2024, 0],
        [2028, 0],
        [2030, 1],
        [2035, 4],
        [2040, 8],
        [2050, 15],
      ],
      flexBid: 25,
      inflexibleShare: [
        [2024, 0.12],
        [2030, 0.1],
        [2050, 0.06],
      ],
      // ROC-accredited wind/solar bid below zero; ROC scheme ends 2037
      subsidisedShare: [
        [2024, 0.45],
        [2030, 0.3],
        [2037, 0.05],
        [2050, 0],
      ],
      subsidyBid: [
        [2024, 60],
        [2030, 70],
        [2037, 70],
      ],
      neighbourWindCorr: 0.6,
      sources: [
        "NESO FES 2024",
        "DESNZ Energy Trends (installed capacity 2024)",
        "NESO historic demand 2024",
      ],
    },
  ],
};

// ---------------------------------------------------------------- Germany
const EU_CARBON: Anchors = [
  [2024, 65],
  [2025, 72],
  [2030, 110],
  [2035, 140],
  [2040, 165],
  [2050, 200],
];
const TTF: Anchors = [
  [2024, 34],
  [2025, 38],
  [2027, 31],
  [2030, 27],
  [2035, 25],
  [2050, 24],
];

export const DE: MarketTable = {
  region: "DE",
  currency: "EUR",
  fuel: {
    // TTF 2024 outturn ~€34/MWh; futures curve and IEA WEO 2024 STEPS thereafter
    gas: TTF,
    coal: [
      [2024, 12],
      [2030, 10],
      [2050, 10],
    ],
    lignite: [
      [2024, 4],
      [2050, 4],
    ],
    oil: [
      [2024, 45],
      [2050, 42],
    ],
    biomass: [
      [2024, 15],
      [2050, 20],
    ],
    hydrogen: [
      [2024, 140],
      [2035, 100],
      [2040, 85],
      [2050, 70],
    ],
  },
  // EU ETS: 2024 average ~€65/t; tightening cap (Fit for 55) thereafter
  carbon: EU_CARBON,
  gasNativeUnit: "EUR/MWh",
  gasToNative: 1,
  priceCap: [
    [2024, 4000],
    [2050, 4000],
  ],
  priceFloor: -500,
  sources: [
    "BNetzA/Energy-Charts installed capacity 2024; EEG 2023 targets (115 GW onshore, 30 GW offshore, 215 GW PV by 2030)",
    "Kohleausstiegsgesetz (coal/lignite phase-out by 2038); Kraftwerksstrategie (new gas/H2-ready)",
    "Energy-Charts 2024 load (demand profile) and day-ahead prices (calibration)",
  ],
  systems: [
    {
      system: "DE",
      name: "Germany (DE-LU)",
      weather: {
        tz: "Europe/Berlin",
        lat: 51,
        lon: 10,
        windCf: 0.2,
        solarCf: 0.095,
        windSeasonal: 0.5,
        windDiurnal: 0.05,
        windPeakHour: 14,
        demandWeatherWinter: 0.02,
        demandWeatherSummer: 0.01,
      },
      offshoreCf: 0.36,
      demandTWh: [
        [2024, 495],
        [2025, 497],
        [2030, 560],
        [2035, 620],
        [2040, 680],
        [2050, 780],
      ],
      capacityGW: {
        lignite: [
          [2024, 15.5],
          [2025, 15],
          [2030, 9],
          [2035, 5],
          [2038, 0],
        ],
        coal: [
          [2024, 13],
          [2025, 12],
          [2030, 4],
          [2033, 0],
        ],
        ccgt: [
          [2024, 28],
          [2030, 33],
          [2035, 35],
          [2040, 30],
          [2050, 15],
        ],
        ocgt: [
          [2024, 5],
          [2030, 8],
          [2035, 10],
          [2050, 10],
        ],
        oil: [
          [2024, 2],
          [2030, 1],
          [2035, 0],
        ],
        biomass: [
          [2024, 8.5],
          [2030, 8],
          [2050, 5],
        ],
        hydrogen: [
          [2024, 0],
          [2032, 0],
          [2035, 5],
          [2040, 12],
          [2050, 25],
        ],
        hydro: [
          [2024, 1.5],
          [2050, 1.5],
        ],
        ror: [
          [2024, 4],
          [2050, 4],
        ],
        windOnshore: [
          [2024, 63],
          [2025, 66],
          [2030, 100],
          [2035, 140],
          [2040, 160],
          [2050, 180],
        ],
        windOffshore: [
          [2024, 9.2],
          [2025, 9.7],
          [2030, 25],
          [2035, 40],
          [2040, 50],
          [2050, 65],
        ],
        solar: [
          [2024, 92],
          [2025, 108],
          [2030, 200],
          [2035, 270],
          [2040, 330],
          [2050, 400],
        ],
      },
      nuclearAvailability: 0.9,
      hydroCf: 0.3,
      rorCf: 0.45,
      batteryGW: [
        [2024, 2.5],
        [2025, 4],
        [2030, 20],
        [2035, 35],
        [2040, 45],
        [2050, 60],
      ],
      batteryHours: [
        [2024, 1.5],
        [2030, 2],
        [2035, 2.5],
        [2040, 3],
        [2050, 4],
      ],
      pumpedGW: [
        [2024, 9.5],
        [2050, 10],
      ],
      pumpedHours: 6,
      interconnectorGW: [
        [2024, 26],
        [2030, 33],
        [2050, 40],
      ],
      mustRunThermalGW: [
        [2024, 8],
        [2030, 6],
        [2040, 3],
        [2050, 2],
      ],
      flexDemandGW: [
        [2024, 0],
        [2027, 0],
        [2030, 3],
        [2035, 8],
        [2040, 12],
        [2050, 20],
      ],
      flexBid: 30,
      // small rooftop PV on fixed feed-in tariffs does not respond to price (Solarspitzengesetz 2025 phases this down)
      inflexibleShare: [
        [2024, 0.3],
        [2030, 0.2],
        [2040, 0.1],
        [2050, 0.05],
      ],
      subsidisedShare: [
        [2024, 0.25],
        [2030, 0.15],
        [2050, 0.05],
      ],
      subsidyBid: [
        [2024, 40],
        [2050, 30],
      ],
      neighbourWindCorr: 0.5,
      sources: [
        "Energy-Charts installed capacity 2024",
        "EEG 2023",
        "Netzentwicklungsplan 2037/2045 (2023) scenario B",
      ],
    },
  ],
};

// ---------------------------------------------------------------- Spain
export const ES: MarketTable = {
  region: "ES",
  currency: "EUR",
  fuel: {
    gas: TTF.map(([y, v]) => [y, v + 1] as const), // MIBGAS ≈ TTF + ~€1
    coal: [
      [2024, 12],
      [2030, 10],
      [2050, 10],
    ],
    lignite: [
      [2024, 4],
      [2050, 4],
    ],
    oil: [
      [2024, 45],
      [2050, 42],
    ],
    biomass: [
      [2024, 20],
      [2050, 22],
    ],
    hydrogen: [
      [2024, 120],
      [2035, 85],
      [2050, 60],
    ],
  },
  carbon: EU_CARBON,
  gasNativeUnit: "EUR/MWh",
  gasToNative: 1,
  priceCap: [
    [2024, 4000],
    [2050, 4000],
  ],
  priceFloor: -500,
  sources: [
    "REE Informe del Sistema Eléctrico 2024 (installed capacity, demand)",
    "PNIEC 2023-2030 (Spanish NECP update, 2024): 62 GW wind, 76 GW PV, 22.5 GW storage by 2030",
    "Nuclear closure calendar 2027-2035 (Almaraz first)",
    "OMIE 2024 day-ahead prices (calibration)",
  ],
  systems: [
    {
      system: "ES",
      name: "Spain (peninsular)",
      weather: {
        tz: "Europe/Madrid",
        lat: 40,
        lon: -3.7,
        windCf: 0.22,
        solarCf: 0.18,
        windSeasonal: 0.25,
        windDiurnal: 0.1,
        windPeakHour: 16,
        demandWeatherWinter: 0.025,
        demandWeatherSummer: 0.03,
      },
      offshoreCf: 0.4,
      demandTWh: [
        [2024, 245],
        [2025, 250],
        [2030, 280],
        [2035, 310],
        [2040, 340],
        [2050, 400],
      ],
      capacityGW: {
        nuclear: [
          [2024, 7.1],
          [2027, 7.1],
          [2028, 6.1],
          [2029, 5.1],
          [2031, 4.1],
          [2033, 2.1],
          [2035, 0],
        ],
        coal: [
          [2024, 1.5],
          [2025, 0.5],
          [2026, 0],
        ],
        ccgt: [
          [2024, 26],
          [2040, 24],
          [2050, 15],
        ],
        biomass: [
          [2024, 1],
          [2050, 2],
        ],
        hydrogen: [
          [2024, 0],
          [2035, 0],
          [2040, 2],
          [2050, 6],
        ],
        hydro: [
          [2024, 14],
          [2050, 14],
        ],
        ror: [
          [2024, 2],
          [2050, 2],
        ],
        windOnshore: [
          [2024, 31],
          [2025, 32.5],
          [2030, 50],
          [2035, 60],
          [2040, 70],
          [2050, 80],
        ],
        windOffshore: [
          [2024, 0],
          [2030, 0.5],
          [2035, 2],
          [2050, 6],
        ],
        solar: [
          [2024, 34],
          [2025, 40],
          [2030, 65],
          [2035, 85],
          [2040, 100],
          [2050, 120],
        ],
      },
      nuclearAvailability: 0.85,
      hydroCf: 0.22,
      rorCf: 0.4,
      batteryGW: [
        [2024, 0.1],
        [2025, 0.5],
        [2030, 10],
        [2035, 18],
        [2040, 25],
        [2050, 35],
      ],
      batteryHours: [
        [2024, 2],
        [2030, 3],
        [2050, 4],
      ],
      pumpedGW: [
        [2024, 3.3],
        [2030, 6],
        [2050, 7],
      ],
      pumpedHours: 8,
      interconnectorGW: [
        [2024, 3.7],
        [2028, 5.9],
        [2040, 8],
        [2050, 9],
      ],
      // gas cogeneration runs heat-led
      mustRunThermalGW: [
        [2024, 3.5],
        [2030, 2.5],
        [2050, 1],
      ],
      flexDemandGW: [
        [2024, 0],
        [2027, 0],
        [2030, 2],
        [2035, 5],
        [2040, 9],
        [2050, 15],
      ],
      flexBid: 25,
      inflexibleShare: [
        [2024, 0.02],
        [2050, 0.02],
      ],
      subsidisedShare: [
        [2024, 0.05],
        [2050, 0.02],
      ],
      subsidyBid: [
        [2024, 5],
        [2050, 5],
      ],
      neighbourWindCorr: 0.2,
      sources: ["REE 2024", "PNIEC 2023-2030"],
    },
  ],
};

// ---------------------------------------------------------------- ERCOT
export const ERCOT: MarketTable = {
  region: "ERCOT",
  currency: "USD",
  fuel: {
    // Houston Ship Channel ~ Henry Hub: 2024 outturn ~$2.2/MMBtu; EIA STEO/AEO 2025 reference $3.5-4.5 thereafter
    gas: [
      [2024, 2.1 * MMBTU],
      [2025, 3.3 * MMBTU],
      [2027, 3.8 * MMBTU],
      [2030, 3.9 * MMBTU],
      [2040, 4.2 * MMBTU],
      [2050, 4.5 * MMBTU],
    ],
    coal: [
      [2024, 2.0 * MMBTU],
      [2050, 2.2 * MMBTU],
    ],
    lignite: [
      [2024, 1.8 * MMBTU],
      [2050, 2.0 * MMBTU],
    ],
    oil: [
      [2024, 16 * MMBTU],
      [2050, 16 * MMBTU],
    ],
    biomass: [
      [2024, 20],
      [2050, 20],
    ],
    hydrogen: [
      [2024, 120],
      [2035, 70],
      [2050, 55],
    ],
  },
  carbon: [
    [2024, 0],
    [2050, 0],
  ],
  gasNativeUnit: "USD/MMBtu",
  gasToNative: 1 / MMBTU,
  // ERCOT high system-wide offer cap $5,000/MWh (since 2022)
  priceCap: [
    [2024, 5000],
    [2050, 5000],
  ],
  priceFloor: -250,
  sources: [
    "ERCOT Capacity, Demand and Reserves report (Dec 2024) and Generator Interconnection Status (capacity)",
    "ERCOT Long-Term Load Forecast 2024 (moderated) for demand growth",
    "EIA Annual Energy Outlook 2025 reference case (Henry Hub)",
    "IRA/OBBBA production tax credit ($27.5/MWh, phase-out for projects starting after 2027)",
    "ERCOT RTM settlement point prices 2024 (calibration)",
  ],
  systems: [
    {
      system: "ERCOT",
      name: "ERCOT",
      weather: {
        tz: "America/Chicago",
        lat: 31,
        lon: -99,
        windCf: 0.34,
        solarCf: 0.25,
        windSeasonal: 0.15,
        windDiurnal: 0.35,
        windPeakHour: 1,
        demandWeatherWinter: 0.04,
        demandWeatherSummer: 0.05,
      },
      offshoreCf: 0.4,
      demandTWh: [
        [2024, 457],
        [2025, 485],
        [2030, 610],
        [2035, 680],
        [2040, 740],
        [2050, 850],
      ],
      capacityGW: {
        nuclear: [
          [2024, 5],
          [2050, 5],
        ],
        coal: [
          [2024, 13.6],
          [2030, 10],
          [2035, 6],
          [2040, 3],
          [2050, 0],
        ],
        ccgt: [
          [2024, 38],
          [2030, 44],
          [2035, 48],
          [2040, 50],
          [2050, 54],
        ],
        ocgt: [
          [2024, 21],
          [2030, 24],
          [2050, 24],
        ],
        biomass: [
          [2024, 0.2],
          [2050, 0.2],
        ],
        windOnshore: [
          [2024, 39.5],
          [2025, 41],
          [2030, 48],
          [2035, 55],
          [2040, 60],
          [2050, 70],
        ],
        solar: [
          [2024, 24],
          [2025, 32],
          [2030, 60],
          [2035, 75],
          [2040, 90],
          [2050, 110],
        ],
        hydro: [
          [2024, 0.5],
          [2050, 0.5],
        ],
      },
      nuclearAvailability: 0.92,
      hydroCf: 0.2,
      rorCf: 0.3,
      batteryGW: [
        [2024, 7],
        [2025, 14],
        [2030, 30],
        [2035, 40],
        [2040, 50],
        [2050, 65],
      ],
      batteryHours: [
        [2024, 1.5],
        [2030, 2],
        [2040, 3],
        [2050, 4],
      ],
      pumpedGW: [
        [2024, 0],
        [2050, 0],
      ],
      pumpedHours: 8,
      interconnectorGW: [
        [2024, 1.2],
        [2050, 1.2],
      ],
      mustRunThermalGW: [
        [2024, 3],
        [2050, 1],
      ],
      flexDemandGW: [
        [2024, 1.5],
        [2030, 4],
        [2040, 8],
        [2050, 12],
      ],
      flexBid: 20,
      inflexibleShare: [
        [2024, 0],
        [2050, 0],
      ],
      subsidisedShare: [
        [2024, 0.65],
        [2030, 0.45],
        [2035, 0.2],
        [2040, 0.05],
        [2050, 0],
      ],
      subsidyBid: [
        [2024, 27],
        [2050, 30],
      ],
      neighbourWindCorr: 0.3,
      sources: ["ERCOT CDR Dec 2024", "ERCOT LTLF 2024", "EIA AEO 2025"],
    },
  ],
};

// ---------------------------------------------------------------- NEM
const nemWeather = (
  tz: WeatherSpec["tz"],
  lat: number,
  lon: number,
  windCf: number,
  solarCf: number,
  windLoading: number,
): WeatherSpec => ({
  tz,
  lat,
  lon,
  windCf,
  solarCf,
  windSeasonal: 0.2,
  windDiurnal: 0.08,
  windPeakHour: 20,
  demandWeatherWinter: 0.03,
  demandWeatherSummer: 0.05,
  sharedWind: { market: "NEM", loading: windLoading },
});
const nemCommon = {
  offshoreCf: 0.42,
  nuclearAvailability: 0.9,
  rorCf: 0.4,
  pumpedHours: 8,
  flexBid: 30,
  // rooftop PV is already netted out of operational demand; LGC-backed wind/solar bids below zero until 2030
  inflexibleShare: [
    [2024, 0.05],
    [2050, 0.05],
  ] as Anchors,
  subsidisedShare: [
    [2024, 0.5],
    [2030, 0.3],
    [2031, 0],
    [2050, 0],
  ] as Anchors,
  subsidyBid: [
    [2024, 40],
    [2030, 20],
  ] as Anchors,
  neighbourWindCorr: 0.4,
  sources: [
    "AEMO 2024 Integrated System Plan (Step Change)",
    "AEMO NEM Generation Information (2024)",
    "AEMO 2024 operational demand (profiles)",
  ],
};

export const NEM: MarketTable = {
  region: "NEM",
  currency: "AUD",
  fuel: {
    // East-coast gas ~A$12-13/GJ (AEMO ISP 2024 Step Change); black coal A$3/GJ contract; brown coal ~A$0.8/GJ
    gas: [
      [2024, 12.5 * GJ],
      [2030, 12 * GJ],
      [2050, 11 * GJ],
    ],
    coal: [
      [2024, 3.2 * GJ],
      [2050, 3.0 * GJ],
    ],
    lignite: [
      [2024, 0.9 * GJ],
      [2050, 0.9 * GJ],
    ],
    oil: [
      [2024, 30 * GJ],
      [2050, 30 * GJ],
    ],
    biomass: [
      [2024, 30],
      [2050, 30],
    ],
    hydrogen: [
      [2024, 150],
      [2035, 90],
      [2050, 70],
    ],
  },
  carbon: [
    [2024, 0],
    [2050, 0],
  ],
  gasNativeUnit: "AUD/GJ",
  gasToNative: 1 / GJ,
  // market price cap: A$17,500 (FY2024-25), A$18,600 (FY2025-26), A$20,300 in 2027-28 dollars per the 2022 reliability standard review
  priceCap: [
    [2024, 17500],
    [2025, 18600],
    [2027, 20300],
    [2050, 20300],
  ],
  priceFloor: -1000,
  sources: [
    "AEMO 2024 Integrated System Plan, Step Change (capacity, demand, fuel prices)",
    "AEMC market price cap schedule",
    "AEMO PRICE_AND_DEMAND 2024 (profiles and calibration)",
  ],
  systems: [
    {
      ...nemCommon,
      system: "NSW1",
      name: "New South Wales",
      weather: nemWeather("Australia/Sydney", -32.5, 150, 0.31, 0.25, 0.5),
      demandTWh: [
        [2024, 65.9],
        [2030, 70],
        [2040, 90],
        [2050, 110],
      ],
      capacityGW: {
        // Eraring (2.88 GW) closes 2027, Vales Point/Bayswater early 2030s, Mt Piper 2040
        coal: [
          [2024, 8.2],
          [2027, 8.2],
          [2028, 5.3],
          [2033, 5.3],
          [2034, 1.4],
          [2040, 0],
        ],
        ccgt: [
          [2024, 0.4],
          [2050, 0.4],
        ],
        ocgt: [
          [2024, 2.2],
          [2030, 3.0],
          [2050, 3.5],
        ],
        hydro: [
          [2024, 4.0],
          [2050, 4.0],
        ],
        windOnshore: [
          [2024, 3.0],
          [2030, 9],
          [2040, 18],
          [2050, 25],
        ],
        solar: [
          [2024, 5.5],
          [2030, 10],
          [2040, 18],
          [2050, 25],
        ],
      },
      hydroCf: 0.12,
      batteryGW: [
        [2024, 0.6],
        [2025, 1.5],
        [2030, 5],
        [2040, 9],
        [2050, 12],
      ],
      batteryHours: [
        [2024, 1.5],
        [2030, 2.5],
        [2050, 4],
      ],
      // Snowy 2.0 (2.2 GW, ~160 h) from 2028: modelled as 2.2 GW × 8 h daily-cycling
      pumpedGW: [
        [2024, 0.3],
        [2027, 0.3],
        [2028, 2.5],
        [2050, 2.5],
      ],
      interconnectorGW: [
        [2024, 3.0],
        [2030, 4.5],
        [2050, 6],
      ],
      mustRunThermalGW: [
        [2024, 3.5],
        [2028, 2.5],
        [2034, 0.8],
        [2040, 0],
      ],
      flexDemandGW: [
        [2024, 0],
        [2030, 0.3],
        [2040, 1.5],
        [2050, 3],
      ],
    },
    {
      ...nemCommon,
      system: "QLD1",
      name: "Queensland",
      weather: nemWeather("Australia/Brisbane", -26, 151, 0.33, 0.26, 0.25),
      demandTWh: [
        [2024, 54.6],
        [2030, 60],
        [2040, 80],
        [2050, 100],
      ],
      capacityGW: {
        coal: [
          [2024, 8.1],
          [2030, 7.5],
          [2035, 4.5],
          [2040, 2],
          [2046, 0],
        ],
        ccgt: [
          [2024, 1.0],
          [2050, 1.0],
        ],
        ocgt: [
          [2024, 2.2],
          [2030, 2.6],
          [2050, 3],
        ],
        hydro: [
          [2024, 0.2],
          [2050, 0.2],
        ],
        windOnshore: [
          [2024, 1.7],
          [2030, 7],
          [2040, 14],
          [2050, 20],
        ],
        solar: [
          [2024, 5.0],
          [2030, 9],
          [2040, 16],
          [2050, 22],
        ],
      },
      hydroCf: 0.3,
      batteryGW: [
        [2024, 0.4],
        [2025, 1.2],
        [2030, 4],
        [2040, 7],
        [2050, 10],
      ],
      batteryHours: [
        [2024, 1.5],
        [2030, 2.5],
        [2050, 4],
      ],
      pumpedGW: [
        [2024, 0.8],
        [2035, 0.8],
        [2036, 2.8],
        [2050, 2.8],
      ],
      interconnectorGW: [
        [2024, 1.3],
        [2030, 1.5],
        [2050, 2.5],
      ],
      mustRunThermalGW: [
        [2024, 3.5],
        [2035, 2],
        [2046, 0],
      ],
      flexDemandGW: [
        [2024, 0],
        [2030, 0.3],
        [2040, 1.5],
        [2050, 3],
      ],
    },
    {
      ...nemCommon,
      system: "VIC1",
      name: "Victoria",
      weather: nemWeather("Australia/Melbourne", -37.5, 144.5, 0.33, 0.18, 0.8),
      demandTWh: [
        [2024, 41.6],
        [2030, 45],
        [2040, 60],
        [2050, 75],
      ],
      capacityGW: {
        // Yallourn (1.45 GW) closes 2028, Loy Yang A 2035, Loy Yang B 2047
        lignite: [
          [2024, 4.7],
          [2028, 4.7],
          [2029, 3.3],
          [2035, 3.3],
          [2036, 1.1],
          [2047, 0],
        ],
        ocgt: [
          [2024, 2.4],
          [2050, 2.6],
        ],
        hydro: [
          [2024, 0.8],
          [2050, 0.8],
        ],
        windOnshore: [
          [2024, 5.0],
          [2030, 9],
          [2040, 14],
          [2050, 18],
        ],
        windOffshore: [
          [2024, 0],
          [2032, 0],
          [2035, 2],
          [2040, 4],
          [2050, 9],
        ],
        solar: [
          [2024, 1.8],
          [2030, 4],
          [2040, 7],
          [2050, 9],
        ],
      },
      hydroCf: 0.2,
      batteryGW: [
        [2024, 0.9],
        [2025, 1.5],
        [2030, 3.5],
        [2040, 6],
        [2050, 8],
      ],
      batteryHours: [
        [2024, 1.5],
        [2030, 2.5],
        [2050, 4],
      ],
      pumpedGW: [
        [2024, 0],
        [2050, 0],
      ],
      interconnectorGW: [
        [2024, 2.0],
        [2030, 3.0],
        [2050, 4.5],
      ],
      mustRunThermalGW: [
        [2024, 2.6],
        [2029, 1.8],
        [2036, 0.6],
        [2047, 0],
      ],
      flexDemandGW: [
        [2024, 0],
        [2030, 0.2],
        [2040, 1],
        [2050, 2],
      ],
    },
    {
      ...nemCommon,
      system: "SA1",
      name: "South Australia",
      weather: nemWeather("Australia/Adelaide", -34, 138.6, 0.34, 0.23, 0.8),
      demandTWh: [
        [2024, 11.2],
        [2030, 13],
        [2040, 18],
        [2050, 24],
      ],
      capacityGW: {
        ccgt: [
          [2024, 0.9],
          [2050, 0.7],
        ],
        ocgt: [
          [2024, 1.9],
          [2030, 1.8],
          [2050, 1.8],
        ],
        hydrogen: [
          [2024, 0],
          [2029, 0],
          [2030, 0.2],
          [2050, 0.4],
        ],
        windOnshore: [
          [2024, 2.6],
          [2030, 4],
          [2040, 6],
          [2050, 8],
        ],
        solar: [
          [2024, 0.6],
          [2030, 1.5],
          [2040, 3],
          [2050, 4],
        ],
      },
      hydroCf: 0,
      batteryGW: [
        [2024, 0.7],
        [2025, 1.0],
        [2030, 2],
        [2040, 3],
        [2050, 4],
      ],
      batteryHours: [
        [2024, 1.5],
        [2030, 2.5],
        [2050, 4],
      ],
      pumpedGW: [
        [2024, 0],
        [2050, 0],
      ],
      // Heywood + Murraylink; Project EnergyConnect (+0.8 GW) from 2027
      interconnectorGW: [
        [2024, 0.8],
        [2026, 0.8],
        [2027, 1.6],
        [2050, 2],
      ],
      mustRunThermalGW: [
        [2024, 0.5],
        [2030, 0.3],
        [2050, 0.1],
      ],
      flexDemandGW: [
        [2024, 0],
        [2030, 0.2],
        [2040, 0.6],
        [2050, 1],
      ],
    },
    {
      ...nemCommon,
      system: "TAS1",
      name: "Tasmania",
      weather: nemWeather("Australia/Hobart", -42, 147, 0.38, 0.14, 0.65),
      demandTWh: [
        [2024, 10.0],
        [2030, 11.5],
        [2040, 14],
        [2050, 16],
      ],
      capacityGW: {
        ocgt: [
          [2024, 0.4],
          [2050, 0.2],
        ],
        hydro: [
          [2024, 2.3],
          [2050, 2.5],
        ],
        windOnshore: [
          [2024, 0.6],
          [2030, 1.2],
          [2040, 2],
          [2050, 2.5],
        ],
        solar: [
          [2024, 0],
          [2030, 0.2],
          [2050, 0.5],
        ],
      },
      hydroCf: 0.43,
      batteryGW: [
        [2024, 0],
        [2030, 0.2],
        [2050, 0.5],
      ],
      batteryHours: [
        [2024, 2],
        [2050, 4],
      ],
      pumpedGW: [
        [2024, 0],
        [2034, 0],
        [2035, 0.75],
        [2050, 0.75],
      ],
      // Basslink 0.5 GW; Marinus Link stage 1 (+0.75 GW) ~2030
      interconnectorGW: [
        [2024, 0.5],
        [2029, 0.5],
        [2030, 1.25],
        [2050, 1.25],
      ],
      mustRunThermalGW: [
        [2024, 0],
        [2050, 0],
      ],
      flexDemandGW: [
        [2024, 0],
        [2030, 0.1],
        [2050, 0.5],
      ],
    },
  ],
};

export const MARKET_TABLES: Record<MarketRegion, MarketTable> = { GB, DE, ES, ERCOT, NEM };
