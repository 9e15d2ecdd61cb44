// Published BESS revenue benchmarks the backtest compares with (quoted by hand from public pages
// into ../shared/data/benchmarks/*.md; each row keeps its definition and source). Definitions
// differ: a row says which of the backtest's streams it counts, and only those are compared.
import type { Currency, MarketRegion } from "../types.ts";

export interface Benchmark {
  market: MarketRegion;
  year: number;
  /** Currency per MW of rated power per year. */
  value: number;
  currency: Currency;
  /** The backtest streams the figure counts (service keys count as themselves). */
  streams: string[];
  definition: string;
  source: string;
}

const GB_ALL = [
  "wholesale",
  "imbalance",
  // the Balancing Mechanism (decision 0140): both GB figures count it
  "bm",
  "DCL",
  "DCH",
  "DML",
  "DMH",
  "DRL",
  "DRH",
  "PQR",
  "NQR",
  "capacityMarket",
];
const ERCOT_ALL = ["wholesale", "realTime", "REGUP", "REGDN", "RRS", "ECRS", "NSPIN"];
const NEM_ALL = [
  "wholesale",
  "RAISE6SEC",
  "RAISE60SEC",
  "RAISE5MIN",
  "RAISEREG",
  "LOWER6SEC",
  "LOWER60SEC",
  "LOWER5MIN",
  "LOWERREG",
];

export const BENCHMARKS: Benchmark[] = [
  {
    market: "GB",
    year: 2023,
    value: 65_000,
    currency: "GBP",
    streams: GB_ALL,
    definition:
      "GB battery fleet average earnings in calendar 2023 across wholesale, frequency response, Capacity Market and Balancing Mechanism (“assessed to have settled at around £65k/MW/year”).",
    source: "http://www.mintselection.com/blog/2024/02/gb-battery-sector-growing-pains-as-revenue-falls-bite",
  },
  {
    market: "GB",
    year: 2024,
    value: 47_983,
    currency: "GBP",
    streams: GB_ALL,
    definition:
      "Derived by Voltcast, not a published annual total: the month-weighted mean of Modo's published 2024 GB BESS Index figures, annualised (Q1 39k, Q2 50k, Jul 39k, Aug 46k, Sep 37.5k, Oct 50.3k, Nov 52k, Dec 84k £/MW/year); average of BM-registered batteries, CM included from May 2024.",
    source:
      "https://modoenergy.com/research/gb-q2-2024-top-5-storage-headlines-battery-energy-storage and the monthly Modo articles listed in shared/data/benchmarks",
  },
  {
    market: "ERCOT",
    year: 2024,
    value: 55_000,
    currency: "USD",
    streams: ERCOT_ALL,
    definition:
      "Modo ERCOT BESS average, calendar 2024: USD 55/kW-year (4.63/kW-month) of merchant energy and ancillary-service revenue; simulated from disclosure data.",
    source:
      "https://modoenergy.com/research/ercot-battery-energy-storage-revenues-energy-markets-ancillary-services-capacity-location-owners-operators-annual-report-2024",
  },
  {
    market: "NEM",
    year: 2024,
    value: 148_000,
    currency: "AUD",
    streams: NEM_ALL,
    definition:
      "Modo NEM battery index 2024: AUD 148k/MW of merchant revenue (energy AUD 102k + FCAS; MLFs included), fleet average. No full-year FCAS prices are held for 2024, so the backtest battery trades its whole capacity in energy, and its energy revenue is compared with the fleet's total.",
    source: "https://modoenergy.com/research/australia-nem-battery-energy-storage-revenues-2024",
  },
];

export function benchmarkFor(market: MarketRegion, year: number): Benchmark | undefined {
  return BENCHMARKS.find((b) => b.market === market && b.year === year);
}

/**
 * The published monthly figures of the GB battery index (Modo's GB BESS Index / ME BESS GB Index,
 * annualised, £/MW/year, average of BM-registered batteries), quoted in
 * ../shared/data/benchmarks/ (both files). What a forecast's first full year is held against
 * (issue 16 acceptance 4): the range of the most recent year with figures.
 */
export const GB_INDEX_MONTHS: { month: string; value: number; note: string; source: string }[] = [
  {
    month: "2024-01",
    value: 36_000,
    note: "all-time low",
    source:
      "https://modoenergy.com/research/battery-energy-storage-revenues-december-benchmark-gb-2024-quick-reserve",
  },
  {
    month: "2024-05",
    value: 39_000,
    note: "index now includes the CM",
    source:
      "https://modoenergy.com/research/battery-energy-storage-revenues-may-2024-balancing-mechanism-gb-benchmark",
  },
  {
    month: "2024-07",
    value: 39_000,
    note: "",
    source:
      "https://modoenergy.com/research/en/me-bess-gb-battery-energy-storage-revenues-december-2025-low-demand-christmas",
  },
  {
    month: "2024-08",
    value: 46_000,
    note: "record BM revenue",
    source:
      "https://modoenergy.com/research/gb-battery-energy-storage-revenue-august-2024-benchmark-balancing-mechanism",
  },
  {
    month: "2024-09",
    value: 37_500,
    note: "including CM",
    source:
      "https://modoenergy.com/research/gb-battery-energy-storage-operations-september-2024-benchmark-balancing-mechanism",
  },
  {
    month: "2024-10",
    value: 50_300,
    note: "including CM",
    source:
      "https://modoenergy.com/research/battery-energy-storage-revenue-operations-gb-october-2024-balancing-mechanism-strategy",
  },
  {
    month: "2024-11",
    value: 52_000,
    note: "BM alone 13k",
    source:
      "https://modoenergy.com/research/battery-energy-storage-revenues-gb-benchmark-november-2024-balancing-mechanism",
  },
  {
    month: "2024-12",
    value: 86_000,
    note: "84k when first published",
    source:
      "https://modoenergy.com/research/en/me-bess-gb-battery-energy-storage-revenues-december-2025-low-demand-christmas",
  },
  {
    month: "2025-11",
    value: 59_000,
    note: "",
    source:
      "https://modoenergy.com/research/en/me-bess-gb-battery-energy-storage-revenues-december-2025-low-demand-christmas",
  },
  {
    month: "2025-12",
    value: 47_000,
    note: "lowest month of 2025",
    source:
      "https://modoenergy.com/research/en/me-bess-gb-battery-energy-storage-revenues-december-2025-low-demand-christmas",
  },
];

/** The range of the GB index's published monthly figures in the most recent year that has them. */
export function latestGbIndexRange(): { year: number; min: number; max: number } {
  const year = Math.max(...GB_INDEX_MONTHS.map((m) => Number(m.month.slice(0, 4))));
  const values = GB_INDEX_MONTHS.filter((m) => m.month.startsWith(`${year}-`)).map((m) => m.value);
  return { year, min: Math.min(...values), max: Math.max(...values) };
}
