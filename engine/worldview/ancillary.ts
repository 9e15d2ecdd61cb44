// Ancillary-service availability prices, the GB imbalance price and capacity prices.
//
// Each service price is modelled per interval as
//   price = max(opportunity floor, level × saturation(year) × time-of-day shape × block noise)
//           + scarcity weight × P[shortfall] × price cap
// where the block noise is a seeded log-normal constant within each procurement block (EFA 4-hour
// blocks in GB/DE, hourly in ERCOT/ES, 5-minute in the NEM), saturation(year) = (reference battery
// fleet / battery fleet of the year)^0.5 (frequency markets saturate as storage grows — GB 2022-23,
// ERCOT 2024), and the opportunity floor is the share of the day's energy spread a battery forgoes by
// holding capacity. Levels and their sources are in SERVICE_LEVELS.
import type { MarketRegion, ServiceKey } from "../types.ts";
import { ar1, hashSeed, Rng } from "./rng.ts";
import type { LocalGrid } from "./calendar.ts";

export interface ServiceLevel {
  /** Price level at the reference year, currency/MW/h (a typical, not a spike, level). */
  level: number;
  /** Log-normal sigma of the block-to-block variation. */
  sigma: number;
  /** Weight of the energy-market scarcity adder passed into this service (0-1). */
  scarcityWeight: number;
  /** Time-of-day multipliers at local hours [0-4, 4-8, 8-12, 12-16, 16-20, 20-24). */
  shape: [number, number, number, number, number, number];
}

export interface MarketServices {
  referenceYear: number;
  /** Battery fleet (GW) of the reference year: the saturation baseline. */
  referenceBatteryGW: number;
  /** Procurement block length, hours (0 = every interval). */
  blockHours: number;
  /** Local hour at which the first block of the day starts (GB EFA blocks start at 23:00). */
  blockStartHour: number;
  /** Share of the day's max–min energy spread / 24 used as the opportunity-cost floor. */
  opportunityShare: number;
  services: Partial<Record<ServiceKey, ServiceLevel>>;
  source: string;
}

const flat: ServiceLevel["shape"] = [1, 1, 1, 1, 1, 1];

export const SERVICE_LEVELS: Record<MarketRegion, MarketServices> = {
  GB: {
    referenceYear: 2025,
    referenceBatteryGW: 7,
    blockHours: 4,
    blockStartHour: 23,
    opportunityShare: 0.25,
    services: {
      // NESO monthly averages quoted for Jul–Aug 2025: DC 2.60–2.82, DM 3.88–4.00, DR 4.45–5.29 £/MW/h;
      // low-frequency (L) side priced above high (H) on average (Modo benchmark articles 2023-24).
      DCL: { level: 3.0, sigma: 0.45, scarcityWeight: 0.002, shape: [0.8, 0.9, 1, 0.9, 1.35, 1.05] },
      DCH: { level: 2.4, sigma: 0.45, scarcityWeight: 0, shape: [1.3, 1.1, 0.9, 1.05, 0.75, 0.9] },
      DML: { level: 4.2, sigma: 0.4, scarcityWeight: 0.002, shape: [0.85, 0.95, 1, 0.95, 1.25, 1.0] },
      DMH: { level: 3.8, sigma: 0.4, scarcityWeight: 0, shape: [1.2, 1.05, 0.95, 1.05, 0.8, 0.95] },
      DRL: { level: 5.0, sigma: 0.4, scarcityWeight: 0.002, shape: [0.85, 0.95, 1, 0.95, 1.25, 1.0] },
      DRH: { level: 4.0, sigma: 0.4, scarcityWeight: 0, shape: [1.2, 1.05, 0.95, 1.05, 0.8, 0.95] },
    },
    source:
      "NESO Monthly Operation Report Aug 2025 (DC/DM/DR averages, via the shared benchmarks file); Modo Energy GB benchmark articles 2023-24",
  },
  ERCOT: {
    referenceYear: 2024,
    referenceBatteryGW: 7,
    blockHours: 1,
    blockStartHour: 0,
    opportunityShare: 0.1,
    services: {
      // ERCOT DAM AS MCPC 2024 (shared data, 8,615 h): median REGUP 1.79, REGDN 1.50, RRS 1.00, NSPIN 1.04,
      // ECRS 1.00; means 6.05/3.44/5.71/6.26/8.28 driven by scarcity hours (max 1,000-2,150).
      REGUP: { level: 2.2, sigma: 0.8, scarcityWeight: 0.35, shape: [0.8, 1.1, 0.9, 0.9, 1.4, 1.0] },
      REGDN: { level: 1.8, sigma: 0.7, scarcityWeight: 0.02, shape: [1.2, 1.0, 1.1, 1.2, 0.8, 0.9] },
      RRS: { level: 1.5, sigma: 0.9, scarcityWeight: 0.4, shape: [0.8, 1.0, 0.9, 0.9, 1.5, 1.0] },
      ECRS: { level: 1.6, sigma: 1.0, scarcityWeight: 0.6, shape: [0.8, 1.0, 0.9, 0.9, 1.6, 1.0] },
      NSPIN: { level: 1.6, sigma: 1.0, scarcityWeight: 0.45, shape: [0.8, 1.0, 0.9, 0.9, 1.6, 1.0] },
    },
    source:
      "ERCOT DAM ancillary service MCPC 2024 (../shared/data/ancillary/ercot), statistics printed by `npm run worldview:calibrate -- --fit`",
  },
  NEM: {
    referenceYear: 2025,
    referenceBatteryGW: 5,
    // FCAS clears every 5 minutes; noise is drawn per half hour and the scarcity term adds the 5-minute spikes
    blockHours: 0.5,
    blockStartHour: 0,
    opportunityShare: 0.02,
    services: {
      // AEMO DISPATCHPRICE FCAS sample 18 Dec 2025 – 4 Jan 2026 (shared data): mainland means
      // RAISEREG 3.74, LOWERREG 1.35, contingency services 0.07–0.21 AUD/MW/h (Tasmania higher).
      RAISE6SEC: { level: 0.12, sigma: 1.2, scarcityWeight: 0.01, shape: flat },
      RAISE60SEC: { level: 0.09, sigma: 1.2, scarcityWeight: 0.01, shape: flat },
      RAISE5MIN: { level: 0.07, sigma: 1.2, scarcityWeight: 0.01, shape: flat },
      RAISEREG: { level: 3.74, sigma: 0.8, scarcityWeight: 0.005, shape: [0.8, 1.2, 0.8, 0.7, 1.5, 1.0] },
      LOWER6SEC: { level: 0.09, sigma: 1.2, scarcityWeight: 0, shape: flat },
      LOWER60SEC: { level: 0.21, sigma: 1.2, scarcityWeight: 0, shape: flat },
      LOWER5MIN: { level: 0.1, sigma: 1.2, scarcityWeight: 0, shape: flat },
      LOWERREG: { level: 1.35, sigma: 0.8, scarcityWeight: 0, shape: [1.2, 0.9, 1.1, 1.3, 0.8, 0.9] },
    },
    source:
      "AEMO NEMweb DISPATCHPRICE FCAS sample (17 days, ../shared/data/ancillary/nem): a structural sample, not an annual average",
  },
  DE: {
    referenceYear: 2024,
    referenceBatteryGW: 2.5,
    blockHours: 4,
    blockStartHour: 0,
    opportunityShare: 0.2,
    services: {
      // Indicative 2024 capacity-price levels (regelleistung.net auction results, order of magnitude);
      // saturating with BESS growth (Modo Energy, "aFRR saturation in Germany", Oct 2025).
      FCR: { level: 10, sigma: 0.35, scarcityWeight: 0, shape: [1.0, 1.0, 0.9, 0.9, 1.15, 1.05] },
      AFRR_UP: { level: 9, sigma: 0.5, scarcityWeight: 0.002, shape: [0.8, 1.1, 0.9, 0.8, 1.4, 1.0] },
      AFRR_DOWN: { level: 7, sigma: 0.5, scarcityWeight: 0, shape: [1.2, 0.9, 1.1, 1.3, 0.7, 0.9] },
    },
    source:
      "Indicative levels from regelleistung.net 2024 results (Voltcast reading, not a data file); saturation per Modo Energy (2025)",
  },
  ES: {
    referenceYear: 2024,
    referenceBatteryGW: 4,
    blockHours: 1,
    blockStartHour: 0,
    opportunityShare: 0.15,
    services: {
      // Indicative 2024 secondary-regulation band prices (REE ESIOS, Voltcast reading, not a data file)
      AFRR_UP: { level: 12, sigma: 0.45, scarcityWeight: 0.002, shape: [0.8, 1.0, 0.9, 0.8, 1.3, 1.2] },
      AFRR_DOWN: { level: 8, sigma: 0.45, scarcityWeight: 0, shape: [1.2, 1.0, 1.1, 1.2, 0.8, 0.8] },
    },
    source:
      "Indicative levels from REE ESIOS secondary band 2024 (Voltcast reading, not a data file); saturation reference = pumped hydro + BESS fleet",
  },
};

export interface ServiceInputs {
  region: MarketRegion;
  year: number;
  batteryGW: number;
  energyPrice: Float64Array;
  scarcity: Float64Array;
  priceCap: number;
  grid: LocalGrid;
  intervalMinutes: number;
  seed: number;
  /** Override of the service list (e.g. Spain has no FCR). */
  services?: ServiceKey[];
}

/** Saturation factor of service prices as the battery fleet grows, clipped to [0.25, 1.5]. */
export function saturation(referenceGW: number, batteryGW: number): number {
  return Math.min(1.5, Math.max(0.25, Math.sqrt(referenceGW / Math.max(0.1, batteryGW))));
}

export function servicePrices(inp: ServiceInputs): Partial<Record<ServiceKey, Float64Array>> {
  const m = SERVICE_LEVELS[inp.region];
  const n = inp.energyPrice.length;
  const perDay = Math.round(1440 / inp.intervalMinutes);
  // daily energy spread → opportunity floor per interval
  const floor = new Float64Array(n);
  for (let i = 0; i < n; i += perDay) {
    let mx = -Infinity;
    let mn = Infinity;
    for (let j = i; j < Math.min(n, i + perDay); j++) {
      mx = Math.max(mx, inp.energyPrice[j]);
      mn = Math.min(mn, inp.energyPrice[j]);
    }
    const f = (m.opportunityShare * Math.max(0, Math.min(mx - mn, 1000))) / 24;
    for (let j = i; j < Math.min(n, i + perDay); j++) floor[j] = f;
  }
  const sat = saturation(m.referenceBatteryGW, inp.batteryGW);
  const keys = inp.services ?? (Object.keys(m.services) as ServiceKey[]);
  const out: Partial<Record<ServiceKey, Float64Array>> = {};
  for (const key of keys) {
    const s = m.services[key];
    if (!s) continue;
    const rng = new Rng(hashSeed("service", inp.region, key, inp.year, inp.seed));
    const blockIntervals =
      m.blockHours > 0 ? Math.max(1, Math.round((m.blockHours * 60) / inp.intervalMinutes)) : 1;
    // block noise: AR(1) across blocks (persistence 0.6), constant within a block
    const nBlocks = Math.ceil(n / blockIntervals) + 2;
    const z = ar1(nBlocks, 0.6, rng);
    const offset =
      m.blockHours > 0
        ? Math.round((((24 - m.blockStartHour) % m.blockHours) * 60) / inp.intervalMinutes)
        : 0;
    // upward/discharge-side services forgo the full arbitrage opportunity, downward ones about half
    const floorShare =
      key.endsWith("L") ||
      key.includes("UP") ||
      key.startsWith("RAISE") ||
      key === "RRS" ||
      key === "ECRS" ||
      key === "NSPIN" ||
      key === "FCR"
        ? 1
        : 0.5;
    const scarcityK = s.scarcityWeight * inp.priceCap;
    const arr = new Float64Array(n);
    const mult = new Float64Array(nBlocks);
    for (let b = 0; b < nBlocks; b++)
      mult[b] = s.level * sat * Math.exp(s.sigma * z[b] - 0.5 * s.sigma * s.sigma);
    for (let i = 0; i < n; i++) {
      const b = Math.floor((i + offset) / blockIntervals);
      const band = Math.min(5, Math.floor(inp.grid.hour[i] / 4));
      const base = mult[b] * s.shape[band];
      arr[i] = Math.max(floor[i] * floorShare, base) + scarcityK * inp.scarcity[i];
    }
    out[key] = arr;
  }
  return out;
}

/**
 * GB system (imbalance) price = day-ahead energy price + imbalance spread. The spread is an AR(1)
 * (half-hour persistence 0.46) with core sigma ~32 £/MWh scaled by the price level, plus rare spikes
 * and the scarcity adder; fitted to Elexon DETSYSPRICES 2023-01..2024-05 minus the Market Index Price
 * (mean 0.8, std 38, p5 −57.5, p95 55.9 £/MWh, lag-1 autocorrelation 0.46).
 */
export function gbImbalancePrice(
  energy: Float64Array,
  scarcity: Float64Array,
  priceCap: number,
  intervalMinutes: number,
  seed: number,
): Float64Array {
  const n = energy.length;
  const rng = new Rng(hashSeed("gb-imbalance", seed));
  const z = ar1(n, Math.pow(0.46, intervalMinutes / 30), rng);
  let mean = 0;
  for (const v of energy) mean += v;
  mean /= n;
  const scale = Math.sqrt(Math.max(0.2, Math.abs(mean) / 72.5));
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let d = 30 * scale * z[i];
    if (rng.next() < 0.015) d += Math.sign(z[i] || 1) * Math.exp(4 + 0.8 * rng.normal()) * scale;
    out[i] = Math.max(-1000, Math.min(6000, energy[i] + 0.8 + d + 0.5 * scarcity[i] * priceCap));
  }
  return out;
}
