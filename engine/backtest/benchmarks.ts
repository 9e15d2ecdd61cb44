// Published BESS revenue benchmarks the backtest compares with (quoted by hand from public pages
// into ../shared/data/benchmarks/*.md; each row keeps its definition and source). Like for like
// (issue 25, decision 0120): a row names the streams it counts, the streams a backtest must hold
// for the comparison to be like for like, the period it covers, and the battery duration it is
// for — one duration, or the fleet's mix (its average duration, sourced). A figure we derived
// (a mean, an annualisation, a share) says so: `published: false`.
import type { Currency, MarketRegion } from "../types.ts";

/** Streams that count as one when a benchmark requires them (any one of the group held will do). */
export const STREAM_GROUPS: Record<string, string[]> = {
  frequencyResponse: ["DCL", "DCH", "DML", "DMH", "DRL", "DRH"],
  ancillaryServices: ["REGUP", "REGDN", "RRS", "ECRS", "NSPIN"],
  fcas: [
    "RAISE6SEC",
    "RAISE60SEC",
    "RAISE5MIN",
    "RAISEREG",
    "LOWER6SEC",
    "LOWER60SEC",
    "LOWER5MIN",
    "LOWERREG",
  ],
  // German and Spanish balancing capacity (FCR, aFRR) and intraday trading are not in the backtest
  balancing: ["FCR", "aFRR_UP", "aFRR_DOWN"],
};

export interface Benchmark {
  /** Short stable id, e.g. "gb-2024q2-1h". */
  id: string;
  market: MarketRegion;
  year: number;
  /** Months covered, "YYYY-MM" (inclusive); a whole year is January–December. */
  period: { from: string; to: string };
  /** Currency per MW of rated power per year (monthly and quarterly figures annualised). */
  value: number;
  currency: Currency;
  /** True only for a figure as published; false for one we derived (a mean, an annualisation, a share). */
  published: boolean;
  /** "realised": what batteries earned; "modelled": a model's achievable revenue (Enervis). */
  kind: "realised" | "modelled";
  /** The battery duration the figure is for; null: the fleet, a mix of durations. */
  durationHours: number | null;
  /** The fleet's average duration (hours) for a fleet figure, with its source or stated assumption. */
  fleetDuration?: { hours: number; source: string };
  /** The backtest streams the figure counts (service keys count as themselves). */
  streams: string[];
  /**
   * What a backtest must hold for the comparison to be like for like: stream names or
   * STREAM_GROUPS keys. A row missing any is still compared, and marked not like for like.
   */
  requires: string[];
  definition: string;
  source: string;
}

/** The GB BM stream (issue 25 item 3, decision 0140): counted by every GB index and by the backtest. */
export const GB_BM_STREAM = "bm";

const GB_ALL = [
  "wholesale",
  "imbalance",
  ...STREAM_GROUPS.frequencyResponse,
  "PQR",
  "NQR",
  "capacityMarket",
  GB_BM_STREAM,
];
const ERCOT_ALL = ["wholesale", "realTime", ...STREAM_GROUPS.ancillaryServices];
const NEM_ALL = ["wholesale", ...STREAM_GROUPS.fcas];
const GB_REQUIRES = ["wholesale", "imbalance", "frequencyResponse", "capacityMarket", GB_BM_STREAM];

const MODO_Q2_2024 =
  "https://modoenergy.com/research/gb-q2-2024-top-5-storage-headlines-battery-energy-storage";
const MODO_NEM_2024 = "https://modoenergy.com/research/australia-nem-battery-energy-storage-revenues-2024";
const MODO_NEM_2025_01 =
  "https://modoenergy.com/research/australia-nem-battery-energy-storage-revenues-january-2025";
const MODO_GB_DEC_2025 =
  "https://modoenergy.com/research/en/me-bess-gb-battery-energy-storage-revenues-december-2025-low-demand-christmas";
const ENERVIS_2025 =
  "https://www.ess-news.com/2025/10/24/enervis-battery-storage-index-revenues-climb-sharply-in-september/";

/** Fleet average durations (hours), each with its source. */
const FLEET = {
  gb2023: {
    hours: 1.19,
    source:
      "derived: mean of the GB fleet's 1.10 h (end of 2022) and 1.27 h (end of 2023), Modo, https://modoenergy.com/research/modo-battery-energy-storage-year-review-2023-capacity-revenues-frequency-response",
  },
  gb2024: {
    hours: 1.3,
    source:
      "Modo: 1.3 h at the end of 2023 (https://modoenergy.com/research/battery-energy-storage-buildout-report-q4-2023-record-high-new-capacity-delays-projection), 1.33 h at the end of Q3 2024 (https://modoenergy.com/research/battery-energy-storage-buildout-commercial-operation-pipeline-q3-2024-great-britain-capacity-market-gb-benchmark-pro)",
  },
  gb2025: {
    hours: 1.5,
    source:
      "assumption: no published 2025 figure held; the GB fleet was 1.33 h in Q3 2024 and most new capacity is 2 h (Modo buildout reports)",
  },
  ercot2024: {
    hours: 1.4,
    source:
      "derived: ERCOT's fleet grew from 1.31 h (start of 2023) to 1.46 h (end of October 2024), Modo, https://modoenergy.com/research/ercot-battery-energy-storage-systems-revenues-top-ten-key-drivers-buildout-capacity-ancillary-services-day-ahead-real-time-solar-generation-power-prices-2024",
  },
  nem: {
    hours: 1.5,
    source:
      "“the average duration in the NEM sits just above 1.5 hours” (February 2025), https://optigrid.energy/longer-duration-batteries-gain-ground-in-the-nem",
  },
};

const whole = (y: number) => ({ from: `${y}-01`, to: `${y}-12` });
const month = (m: string) => ({ from: m, to: m });
/** A monthly figure (currency/MW/month) annualised: × days in the year ÷ days in the month. */
const annualised = (perMonth: number, m: string) => {
  const [y, mm] = m.split("-").map(Number);
  const days = (Date.UTC(y, mm, 1) - Date.UTC(y, mm - 1, 1)) / 86_400_000;
  const yearDays = (Date.UTC(y + 1, 0, 1) - Date.UTC(y, 0, 1)) / 86_400_000;
  return Math.round((perMonth * yearDays) / days);
};

const enervis = (m: string, perMonth: number): Benchmark => ({
  id: `de-${m}-enervis`,
  market: "DE",
  year: Number(m.slice(0, 4)),
  period: month(m),
  value: annualised(perMonth, m),
  currency: "EUR",
  published: false,
  kind: "modelled",
  durationHours: null,
  streams: ["wholesale", ...STREAM_GROUPS.balancing, "intraday"],
  requires: ["intraday", "balancing"],
  definition: `Enervis BESS Index ${m}: €${perMonth.toLocaleString("en-GB")}/MW for the month, a MODELLED achievable revenue of a standalone battery across intraday and balancing markets (not realised revenue); annualised by Voltcast (× days in the year ÷ days in the month). The backtest holds day-ahead prices only.`,
  source: ENERVIS_2025,
});

export const BENCHMARKS: Benchmark[] = [
  {
    id: "gb-2023",
    market: "GB",
    year: 2023,
    period: whole(2023),
    value: 65_000,
    currency: "GBP",
    published: true,
    kind: "realised",
    durationHours: null,
    fleetDuration: FLEET.gb2023,
    streams: GB_ALL,
    requires: ["wholesale", "frequencyResponse", "capacityMarket", GB_BM_STREAM],
    definition:
      "GB battery fleet average earnings in calendar 2023 across wholesale, frequency response, Capacity Market and Balancing Mechanism (“assessed to have settled at around £65k/MW/year”).",
    source: "http://www.mintselection.com/blog/2024/02/gb-battery-sector-growing-pains-as-revenue-falls-bite",
  },
  {
    id: "gb-2024q2",
    market: "GB",
    year: 2024,
    period: { from: "2024-04", to: "2024-06" },
    value: 50_000,
    currency: "GBP",
    published: true,
    kind: "realised",
    durationHours: null,
    fleetDuration: FLEET.gb2024,
    streams: GB_ALL,
    requires: GB_REQUIRES,
    definition:
      "Modo GB BESS Index, Q2 2024 average (April–June), £50k/MW/year: average revenue of BM-registered batteries (wholesale, Balancing Mechanism, frequency response; the Capacity Market from May 2024).",
    source: MODO_Q2_2024,
  },
  {
    id: "gb-2024q2-1h",
    market: "GB",
    year: 2024,
    period: { from: "2024-04", to: "2024-06" },
    value: 44_000,
    currency: "GBP",
    published: true,
    kind: "realised",
    durationHours: 1,
    streams: GB_ALL,
    requires: GB_REQUIRES,
    definition: "Modo GB BESS Index, one-hour index, Q2 2024 average: £44k/MW/year.",
    source: MODO_Q2_2024,
  },
  {
    id: "gb-2024q2-2h",
    market: "GB",
    year: 2024,
    period: { from: "2024-04", to: "2024-06" },
    value: 62_000,
    currency: "GBP",
    published: true,
    kind: "realised",
    durationHours: 2,
    streams: GB_ALL,
    requires: GB_REQUIRES,
    definition: "Modo GB BESS Index, two-hour index, Q2 2024 average: £62k/MW/year.",
    source: MODO_Q2_2024,
  },
  {
    id: "gb-2024-derived",
    market: "GB",
    year: 2024,
    period: whole(2024),
    value: 47_983,
    currency: "GBP",
    published: false,
    kind: "realised",
    durationHours: null,
    fleetDuration: FLEET.gb2024,
    streams: GB_ALL,
    requires: GB_REQUIRES,
    definition:
      "Derived by Voltcast, not a published annual total: the month-weighted mean of Modo's published 2024 GB BESS Index figures, annualised (Q1 39k, Q2 50k, Jul 39k, Aug 46k, Sep 37.5k, Oct 50.3k, Nov 52k, Dec 84k £/MW/year); average of BM-registered batteries, CM included from May 2024.",
    source: `${MODO_Q2_2024} and the monthly Modo articles listed in shared/data/benchmarks`,
  },
  {
    id: "gb-2025-11",
    market: "GB",
    year: 2025,
    period: month("2025-11"),
    value: 59_000,
    currency: "GBP",
    published: true,
    kind: "realised",
    durationHours: null,
    fleetDuration: FLEET.gb2025,
    streams: GB_ALL,
    requires: GB_REQUIRES,
    definition:
      "ME BESS GB Index (Modo), November 2025, annualised: £59k/MW/year; average of BM-registered batteries, intraday, imbalance and Capacity Market included.",
    source: MODO_GB_DEC_2025,
  },
  {
    id: "ercot-2024",
    market: "ERCOT",
    year: 2024,
    period: whole(2024),
    value: 55_000,
    currency: "USD",
    published: true,
    kind: "realised",
    durationHours: null,
    fleetDuration: FLEET.ercot2024,
    streams: ERCOT_ALL,
    requires: ["wholesale", "realTime", "ancillaryServices"],
    definition:
      "Modo ERCOT BESS average, calendar 2024: USD 55/kW-year (4.63/kW-month) of merchant energy and ancillary-service revenue; simulated from disclosure data.",
    source:
      "https://modoenergy.com/research/ercot-battery-energy-storage-revenues-energy-markets-ancillary-services-capacity-location-owners-operators-annual-report-2024",
  },
  {
    id: "nem-2024-energy",
    market: "NEM",
    year: 2024,
    period: whole(2024),
    value: 102_000,
    currency: "AUD",
    published: true,
    kind: "realised",
    durationHours: null,
    fleetDuration: FLEET.nem,
    streams: ["wholesale"],
    requires: ["wholesale"],
    definition:
      "Modo NEM battery index 2024, energy trading part: AUD 102k/MW (of 148k merchant revenue; MLFs included), fleet average weighted by rated power. Compared with the mean of the four mainland regions.",
    source: MODO_NEM_2024,
  },
  {
    id: "nem-2024",
    market: "NEM",
    year: 2024,
    period: whole(2024),
    value: 148_000,
    currency: "AUD",
    published: true,
    kind: "realised",
    durationHours: null,
    fleetDuration: FLEET.nem,
    streams: NEM_ALL,
    requires: ["wholesale", "fcas"],
    definition:
      "Modo NEM battery index 2024: AUD 148k/MW of merchant revenue (energy AUD 102k + FCAS; MLFs included), fleet average. No full year of FCAS prices is held, so the backtest has energy only: not like for like.",
    source: MODO_NEM_2024,
  },
  {
    id: "nem-2025-01-energy",
    market: "NEM",
    year: 2025,
    period: month("2025-01"),
    value: 88_200,
    currency: "AUD",
    published: false,
    kind: "realised",
    durationHours: null,
    fleetDuration: FLEET.nem,
    streams: ["wholesale"],
    requires: ["wholesale"],
    definition:
      "Derived by Voltcast: 84 % (the published energy share) of Modo's NEM battery index for January 2025, AUD 105k/MW/year annualised.",
    source: MODO_NEM_2025_01,
  },
  {
    id: "nem-2025-01",
    market: "NEM",
    year: 2025,
    period: month("2025-01"),
    value: 105_000,
    currency: "AUD",
    published: true,
    kind: "realised",
    durationHours: null,
    fleetDuration: FLEET.nem,
    streams: NEM_ALL,
    requires: ["wholesale", "fcas"],
    definition:
      "Modo NEM battery index, January 2025, annualised: AUD 105k/MW/year (84 % energy, 12 % contingency FCAS, 4 % regulation FCAS).",
    source: MODO_NEM_2025_01,
  },
  enervis("2025-03", 11_300),
  enervis("2025-07", 12_100),
  enervis("2025-09", 18_600),
];

export const isWholeYear = (b: Benchmark) =>
  b.period.from === `${b.year}-01` && b.period.to === `${b.year}-12`;

/**
 * The benchmark a single row is shown beside (the web page's one per row): a figure for exactly
 * its duration over the whole year, else a fleet figure over the whole year, published first.
 */
export function rowBenchmark(row: {
  market: MarketRegion;
  year: number;
  durationHours: number;
}): Benchmark | undefined {
  const whole = BENCHMARKS.filter((b) => b.market === row.market && b.year === row.year && isWholeYear(b));
  const rank = (b: Benchmark) =>
    (b.durationHours === row.durationHours ? 0 : b.durationHours === null ? 2 : 9) + (b.published ? 0 : 1);
  return whole.filter((b) => rank(b) < 9).sort((a, b) => rank(a) - rank(b))[0];
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
