// What the backtest runs: every market and year with real prices, and the datasets (by slug, as
// api/datasets/formats.ts names them) that hold each stream. Plain data: the files are read in
// bench/backtest-data.ts and the database in api/backtest/.
import type { Currency, MarketRegion, ServiceKey } from "../types.ts";
import { serviceVolumeShares } from "../worldview/ancillary.ts";
import { serviceFleetGW } from "../worldview/world-view.ts";

export interface BacktestMarket {
  market: MarketRegion;
  region: string;
  currency: Currency;
  /** Settlement interval the battery is dispatched at, minutes. */
  intervalMinutes: number;
  years: number[];
  energy: string;
  later?: { stream: "imbalance" | "realTime"; slug: string };
  services?: Partial<Record<ServiceKey, string>>;
  /**
   * Services that began during the years backtested, with their first day: before it there was
   * nothing to earn, so the stream is not annualised over that part of the year.
   */
  launched?: Partial<Record<ServiceKey, string>>;
  /** GB Capacity Market from the auction results (api: capacity_market_* tables). */
  capacity?: boolean;
  /** Datasets of each service's cleared MW, for the battery's share of what clears. */
  clearedVolume?: Partial<Record<ServiceKey, string>>;
  /** Battery fleet of the market by year, MW (the share's denominator). */
  fleetMW?: Record<number, number>;
  /**
   * No cleared volumes held: the battery's share of each service is the batteries' share of the
   * operator's requirement ÷ the battery fleet's power (decision 0125). The requirements are the
   * world views' (engine/worldview/ancillary.ts, sourced in engine/markets/services/README.md).
   */
  requirementShare?: {
    /** Share of the services' requirement that batteries provide (the rest: thermal, loads). */
    batteryShare: number;
    /** Installed battery power mid-year, MW; other years: the world views' fleet. */
    fleetMW: Record<number, number>;
    source: string;
  };
}

const GB_SERVICES = ["DCL", "DCH", "DML", "DMH", "DRL", "DRH"] as const;
/** GB Quick Reserve: half-hourly EAC results, from 2024-12-03 (data/SOURCES.md). */
const GB_RESERVE = ["PQR", "NQR"] as const;
const ERCOT_AS = { REGUP: "regup", REGDN: "regdn", RRS: "rrs", NSPIN: "nspin", ECRS: "ecrs" } as const;

export const BACKTEST_MARKETS: BacktestMarket[] = [
  {
    market: "GB",
    region: "GB",
    currency: "GBP",
    intervalMinutes: 30,
    years: [2023, 2024, 2025],
    energy: "gb-day-ahead-price-hourly",
    later: { stream: "imbalance", slug: "gb-system-price-30min" },
    services: Object.fromEntries([
      ...GB_SERVICES.map((k) => [k, `gb-${k.toLowerCase()}-clearing-price-hourly`]),
      ...GB_RESERVE.map((k) => [k, `gb-${k.toLowerCase()}-clearing-price-30min`]),
    ]),
    clearedVolume: Object.fromEntries([
      ...GB_SERVICES.map((k) => [k, `gb-${k.toLowerCase()}-cleared-volume-hourly`]),
      ...GB_RESERVE.map((k) => [k, `gb-${k.toLowerCase()}-cleared-volume-30min`]),
    ]),
    // GB battery fleet in operation mid-year, as Modo Energy counted it (decision 0134): 2023 —
    // 2.1 GW at the end of 2022, 2,664 MW in May, "more than 2.9 GW" in July, 3.5 GW at the end
    // of 2023 (Modo's May and July 2023 benchmarks and 2023 year review); 2024 — "4 GW today" in
    // May 2024 and 4.3 GW at the end of Q3 2024 (Modo's May 2024 pipeline projection and Q3 2024
    // buildout report). 2025: no count held; 7 GW, the GB world view's anchor (decision 0118)
    fleetMW: { 2023: 2800, 2024: 4000, 2025: 7000 },
    launched: { PQR: "2024-12-03", NQR: "2024-12-03" },
    capacity: true,
  },
  {
    market: "ERCOT",
    region: "HB_HUBAVG",
    currency: "USD",
    intervalMinutes: 60,
    years: [2024, 2025],
    energy: "ercot-hb-hubavg-dam",
    later: { stream: "realTime", slug: "ercot-hb-hubavg-rtm" },
    services: Object.fromEntries(Object.entries(ERCOT_AS).map(([k, v]) => [k, `ercot-as-${v}-mcpc`])),
    // AS volumes are not held: batteries provided about 56 % of ERCOT's AS responsibility from
    // March to July 2024 (Modo, "ERCOT: ancillary service saturation … June–July 2024"), and the
    // installed battery rated power was about 5.3 GW at the end of June 2024 (Modo, "ERCOT battery
    // energy storage revenues H1 2024") — the index's own fleet, mid-year as for GB
    requirementShare: {
      batteryShare: 0.56,
      fleetMW: { 2024: 5300 },
      source:
        "https://modoenergy.com/research/ercot-ancillary-services-saturation-battery-energy-storage-clearing-prices-all-time-low-offer-price-comparison-june-july-2024; https://modoenergy.com/research/ercot-battery-energy-storage-revenues-h1-january-june-2024-owners-ancillary-services-arbitrage-bess-index-jupiter-power-key-capture",
    },
  },
  ...["NSW1", "QLD1", "SA1", "VIC1"].map(
    (r): BacktestMarket => ({
      market: "NEM",
      region: r,
      currency: "AUD",
      intervalMinutes: 5,
      years: [2024, 2025],
      energy: `nem-${r.toLowerCase()}-rrp-5min`,
    }),
  ),
  {
    market: "DE",
    region: "DE-LU",
    currency: "EUR",
    intervalMinutes: 60,
    years: [2024, 2025],
    energy: "de-lu-day-ahead-price-hourly",
  },
  {
    market: "ES",
    region: "ES",
    currency: "EUR",
    intervalMinutes: 60,
    years: [2023, 2024, 2025],
    energy: "omie-es-day-ahead-price-hourly",
  },
];

/** Every dataset slug the backtest reads. */
export function backtestSlugs(markets: string[] | null = null): string[] {
  const out = new Set<string>();
  for (const m of BACKTEST_MARKETS.filter((x) => !markets || markets.includes(x.market))) {
    out.add(m.energy);
    if (m.later) out.add(m.later.slug);
    for (const s of Object.values(m.services ?? {})) out.add(s);
    for (const s of Object.values(m.clearedVolume ?? {})) out.add(s);
  }
  return [...out];
}

/** Mean of a series' values with timestamps in the calendar year (UTC). */
export function yearMean(
  s: { ts: ArrayLike<number>; values: ArrayLike<number> },
  year: number,
): number | undefined {
  const a = Date.UTC(year, 0, 1);
  const b = Date.UTC(year + 1, 0, 1);
  let sum = 0;
  let n = 0;
  for (let i = 0; i < s.ts.length; i++)
    if (s.ts[i] >= a && s.ts[i] < b) {
      sum += s.values[i];
      n++;
    }
  return n ? sum / n : undefined;
}

/**
 * The battery's share of each service: the year's mean cleared MW ÷ the fleet's MW; where no
 * cleared volumes are held, the batteries' part of the service's requirement ÷ the battery fleet
 * (the world views' rule, engine/worldview/ancillary.ts serviceVolumeShares).
 */
export function serviceShares(
  m: BacktestMarket,
  year: number,
  series: (slug: string) => { ts: ArrayLike<number>; values: ArrayLike<number> } | undefined,
): Partial<Record<ServiceKey, number>> | undefined {
  if (m.requirementShare) {
    const r = m.requirementShare;
    const fleetGW = (r.fleetMW[year] ?? serviceFleetGW(m.market, undefined, year) * 1000) / 1000;
    // the batteries' part of each requirement shared over the battery fleet: requirement ÷ the
    // fleet's power grossed up by the share others provide
    return serviceVolumeShares(
      m.market,
      fleetGW / r.batteryShare,
      Object.keys(m.services ?? {}) as ServiceKey[],
    );
  }
  const fleet = m.fleetMW?.[year];
  if (!m.clearedVolume || !fleet) return undefined;
  const out: Partial<Record<ServiceKey, number>> = {};
  for (const [k, slug] of Object.entries(m.clearedVolume)) {
    const s = series(slug);
    const mean = s && yearMean(s, year);
    if (mean !== undefined) out[k as ServiceKey] = Math.min(1, mean / fleet);
  }
  return out;
}
