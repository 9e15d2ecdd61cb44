// Ancillary-service availability prices and volumes, the GB imbalance price (capacity prices are
// in the assumption tables; the battery's de-rating in engine/markets/capacity-market.ts).
//
// Each service has a requirement (MW per period: the system operator's cleared or published volume by
// year and, where the data shows it, by 4-hour block; after the data, with the world view) and a
// supply stack: the storage fleet offers its power at prices spread from a stack floor upwards,
// other providers above. The clearing price per interval is
//   price = floor + premium × cover(year) × time-of-day shape × block noise   (+ scarcity adder)
// where cover(year) = (requirement of the year / of the base year × base-year fleet / fleet of the
// year)^0.5, clipped to [0.25, 1.5]: as storage grows against the requirement the marginal offer
// moves down the stack towards its floor, and up again where the requirement grows faster. The
// floor is negative where the market has cleared below zero (GB DR-High, DM-High: batteries pay to
// be contracted to absorb); elsewhere it is zero and the price is held at the opportunity cost of
// the energy arbitrage a battery forgoes (a share of the day's spread). A battery sells at most its
// pro-rata share of what clears: requirement ÷ the storage fleet's power, per period
// (serviceVolumeShares, serviceVolumeSharesByInterval).
// Premiums and scarcity weights are calibrated so that the base-year mean matches the real clearing
// prices (`npm run worldview:fit-services`, engine/worldview/cli/fit-services.ts); sources per figure
// are in engine/markets/services/README.md.
import type { MarketRegion, ServiceKey } from "../types.ts";
import { ar1, hashSeed, Rng } from "./rng.ts";
import type { LocalGrid } from "./calendar.ts";
import { servicesFor } from "../markets/services/rules.ts";
import { at, type Anchors } from "./assumptions.ts";
import { BASE_YEAR } from "./scenarios.ts";

/** Six multipliers, one per 4-hour block of the day from the market's block start (GB: EFA blocks 1–6). */
export type BlockProfile = readonly [number, number, number, number, number, number];

/**
 * What the system operator procures: the mean MW by year (cleared volumes or published figures,
 * interpolated; held before the first year), × a profile by 4-hour block where the data shows one.
 * After the last year with data the requirement either holds ("fixed": sized on the largest
 * credible loss, which the world views do not change) or grows with the square root of the world
 * view's wind + solar capacity ("renewables": regulation and reserve are sized on variability and
 * forecast errors; independent errors add in quadrature) — a Voltcast assumption.
 */
export interface Requirement {
  mw: Anchors;
  byBlock?: BlockProfile;
  after: "fixed" | "renewables";
  /** Where the figures come from (shown in the databook). */
  source: string;
}

export interface ServiceLevel {
  /** Premium above the stack floor at the base-year fleet, currency/MW/h (calibrated). */
  level: number;
  /** Price the storage offer stack starts at, currency/MW/h (negative where the market clears below zero). */
  floor: number;
  /** Log-normal sigma of the block-to-block variation. */
  sigma: number;
  /** Weight of the energy-market scarcity adder passed into this service (≥ 0; calibrated with the premium). */
  scarcityWeight: number;
  /** Time-of-day multipliers at local hours [0-4, 4-8, 8-12, 12-16, 16-20, 20-24). */
  shape: [number, number, number, number, number, number];
  /** Requirement: MW the system operator procures, by year and block. */
  requirement: Requirement;
  /** What the price level rests on, as shown in the databook and the run file. */
  basis: string;
  /**
   * True where no clearing-price series can be shown: the level is an estimate, and `basis` names the
   * published figure it rests on (ES) or agrees with (DE, calibrated on internal auction results).
   */
  estimate?: boolean;
  /** Procurement block length of this service, hours, when it differs from the market's (GB reserve: 0.5). */
  blockHours?: number;
  /**
   * Capacity of the other providers in the supply stack (MW, a published prequalified figure), where
   * storage is a small part of it: the fleet then moves the price only by its share of the supply.
   */
  otherSupplyMW?: number;
}

export interface MarketServices {
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
const GB_FR =
  "NESO Dynamic Containment/Moderation/Regulation EFA-block clearing prices 2024 (NESO Data Portal, Open Data Licence)";
const GB_EAC = "NESO Enduring Auction Capability reserve clearing prices";
const ERCOT_AS = "ERCOT day-ahead ancillary service MCPC 2024";
const NEM_FCAS =
  "levels fitted on Modo's NEM battery index: a 2 h battery's 2024 FCAS revenue A$46k/MW (A$148k total − A$102k energy), 75 % contingency / 25 % regulation (January 2025 split); shapes from AEMO NEMweb DISPATCHPRICE FCAS, NSW1, 18 Dec 2025 – 4 Jan 2026 (a 17-day sample: no full-year FCAS price file could be found)";
const ES_ESTIMATE =
  "estimate: REE secondary band price 2022 (44.66 EUR/MW/h, REE market data) × Spain day-ahead 2024/2022 price ratio";
const GB_CLEARED =
  "NESO DC/DM/DR EFA-block results: mean cleared MW by year (2026: January–August) and by EFA block since 2025";
const GB_CLEARED_EAC =
  "NESO EAC reserve results: mean cleared MW by year (2026: January–August) and by EFA block since 2025 (Balancing Reserve: 2026)";
const ERCOT_REQ =
  "ERCOT 2024 AS methodology as reported (RRS floor 2,300 MW plus low-inertia additions, Grid Monitor Jan 2024; ECRS cut 442 MW = 21 % for 2024, RTO Insider Apr 2024); regulation and Non-Spin approximate hourly averages (assumption)";
const NEM_REQ =
  "approximate (assumption): raise contingency ≈ the largest generating unit, lower ≈ the largest load contingency, regulation ≈ AEMO's standard regulation volume";
const DE_FCR_REQ =
  "Germany's share of the ±3,000 MW Continental Europe FCR reference incident (regelleistung.net, Dimensionierung Regelreservebedarf)";
const DE_AFRR_REQ =
  "about 2,000 MW each way procured daily by the German TSOs, slightly falling as forecasts improved (regelleistung-online.de, Preiseffekte … Teil 2: Sekundärregelleistung; Modo Energy, Germany aFRR saturation, Oct 2025)";
const ES_REQ = "REE: 731 MW average upward secondary band 2022; downward ≈ 0.7 × upward (assumption)";
// German levels: calibrated on the regelleistung.net auction results in ../shared/data, internal
// calibration data (never shipped or shown), so the basis names the published figures they agree with
const DE_FCR_BASIS =
  "estimate: calibrated on German FCR auction results (regelleistung.net, 2026) that are not published with this product; consistent with the FCR Cooperation's price published by FlexPowerHub's market analyses, 17.08 (April 2026) and 18.09 EUR/MW/h (May 2026) (https://flexpowerhub.com/market-analysis-april-2026-2/; Germany clears at the FCR Cooperation's price)";
const DE_AFRR_BASIS =
  "estimate: calibrated on German aFRR capacity auction results (regelleistung.net, average accepted prices, January–August 2024) that are not published with this product; consistent with eera Battery Beats (March and April 2025): at average prices the aFRR capacity markets earn about what FCR earns; storage is 0.55 GW of 25 GW prequalified for aFRR (Pexapark, March 2025), so the storage fleet moves the price by its share of that supply";

export const SERVICE_LEVELS: Record<MarketRegion, MarketServices> = {
  GB: {
    blockHours: 4,
    blockStartHour: 23,
    opportunityShare: 0.25,
    services: {
      // requirement: mean cleared MW 2025 (NESO EAC results); floors: the lowest annual mean 2023-26 where negative
      DCL: {
        level: 2.254,
        floor: 0,
        sigma: 0.45,
        scarcityWeight: 0.00225,
        shape: [0.8, 0.9, 1, 0.9, 1.35, 1.05],
        requirement: {
          mw: [
            [2024, 1117],
            [2025, 1215],
            [2026, 1152],
          ],
          byBlock: [0.996, 1.019, 1.03, 0.99, 1.014, 0.95],
          after: "fixed",
          source: GB_CLEARED,
        },
        basis: GB_FR,
      },
      DCH: {
        level: 1.935,
        floor: 0,
        sigma: 0.45,
        scarcityWeight: 0,
        shape: [1.3, 1.1, 0.9, 1.05, 0.75, 0.9],
        requirement: {
          mw: [
            [2024, 1235],
            [2025, 1161],
            [2026, 1149],
          ],
          byBlock: [1.014, 1.057, 1.001, 0.991, 0.996, 0.943],
          after: "fixed",
          source: GB_CLEARED,
        },
        basis: GB_FR,
      },
      DML: {
        level: 4.284,
        floor: 0,
        sigma: 0.4,
        scarcityWeight: 0.00214,
        shape: [0.85, 0.95, 1, 0.95, 1.25, 1.0],
        requirement: {
          mw: [
            [2024, 159],
            [2025, 341],
            [2026, 512],
          ],
          byBlock: [1.042, 1.002, 0.968, 1.034, 0.943, 1.011],
          after: "renewables",
          source: GB_CLEARED,
        },
        basis: GB_FR,
      },
      DMH: {
        level: 0.8722,
        floor: -0.31,
        sigma: 0.4,
        scarcityWeight: 0,
        shape: [1.2, 1.05, 0.95, 1.05, 0.8, 0.95],
        requirement: {
          mw: [
            [2024, 186],
            [2025, 362],
            [2026, 540],
          ],
          byBlock: [1.066, 0.971, 0.988, 0.964, 0.937, 1.074],
          after: "renewables",
          source: GB_CLEARED,
        },
        basis: GB_FR,
      },
      DRL: {
        level: 8.13,
        floor: 0,
        sigma: 0.4,
        scarcityWeight: 0.00203,
        shape: [0.85, 0.95, 1, 0.95, 1.25, 1.0],
        requirement: {
          mw: [
            [2024, 300],
            [2025, 443],
            [2026, 480],
          ],
          byBlock: [1.003, 1.014, 1.0, 0.99, 1.001, 0.992],
          after: "renewables",
          source: GB_CLEARED,
        },
        basis: GB_FR,
      },
      DRH: {
        level: 3.547,
        floor: -8.3,
        sigma: 0.4,
        scarcityWeight: 0,
        shape: [1.2, 1.05, 0.95, 1.05, 0.8, 0.95],
        requirement: {
          mw: [
            [2024, 345],
            [2025, 478],
            [2026, 498],
          ],
          byBlock: [1.009, 1.003, 1.006, 0.995, 0.979, 1.008],
          after: "renewables",
          source: GB_CLEARED,
        },
        basis: GB_FR,
      },
      // Quick Reserve (from Dec 2024) and Balancing Reserve (on EAC from 29 Oct 2025): half-hourly
      PQR: {
        level: 7.099,
        floor: 0,
        sigma: 0.5,
        scarcityWeight: 0.00258,
        shape: [0.8, 0.9, 1, 0.9, 1.35, 1.05],
        requirement: {
          mw: [
            [2025, 387],
            [2026, 440],
          ],
          byBlock: [0.747, 0.888, 1.064, 1.142, 1.129, 1.029],
          after: "renewables",
          source: GB_CLEARED_EAC,
        },
        blockHours: 0.5,
        basis: `${GB_EAC}, Positive Quick Reserve 2025`,
      },
      NQR: {
        level: 5.583,
        floor: 0,
        sigma: 0.5,
        scarcityWeight: 0,
        shape: [1.2, 1.05, 0.95, 1.05, 0.8, 0.95],
        requirement: {
          mw: [
            [2025, 260],
            [2026, 297],
          ],
          byBlock: [1.086, 0.996, 1.042, 0.98, 0.813, 1.082],
          after: "renewables",
          source: GB_CLEARED_EAC,
        },
        blockHours: 0.5,
        basis: `${GB_EAC}, Negative Quick Reserve 2025`,
      },
      PBR: {
        level: 5.646,
        floor: 0,
        sigma: 0.5,
        scarcityWeight: 0.00282,
        shape: [0.8, 0.9, 1, 0.9, 1.35, 1.05],
        requirement: {
          mw: [[2026, 443]],
          byBlock: [0.474, 0.897, 1.319, 1.095, 1.318, 0.897],
          after: "renewables",
          source: GB_CLEARED_EAC,
        },
        blockHours: 0.5,
        basis: `${GB_EAC}, Positive Balancing Reserve Jan–Jul 2026`,
      },
    },
    source: `${GB_FR}; ${GB_EAC} (Quick Reserve 2025, Balancing Reserve 2026)`,
  },
  ERCOT: {
    blockHours: 1,
    blockStartHour: 0,
    opportunityShare: 0.1,
    services: {
      // requirements: ERCOT 2024 AS methodology (RRS floor 2,300 MW plus low-inertia additions; ECRS
      // cut 442 MW = 21 % for 2024; regulation and Non-Spin approximate hourly averages)
      REGUP: {
        level: 6.022,
        floor: 0,
        sigma: 0.8,
        scarcityWeight: 0.957,
        shape: [0.8, 1.1, 0.9, 0.9, 1.4, 1.0],
        requirement: { mw: [[2024, 350]], after: "renewables", source: ERCOT_REQ },
        basis: ERCOT_AS,
      },
      REGDN: {
        level: 3.323,
        floor: 0,
        sigma: 0.7,
        scarcityWeight: 0.0369,
        shape: [1.2, 1.0, 1.1, 1.2, 0.8, 0.9],
        requirement: { mw: [[2024, 350]], after: "renewables", source: ERCOT_REQ },
        basis: ERCOT_AS,
      },
      RRS: {
        level: 5.503,
        floor: 0,
        sigma: 0.9,
        scarcityWeight: 1.47,
        shape: [0.8, 1.0, 0.9, 0.9, 1.5, 1.0],
        requirement: { mw: [[2024, 2800]], after: "fixed", source: ERCOT_REQ },
        basis: ERCOT_AS,
      },
      ECRS: {
        level: 7.987,
        floor: 0,
        sigma: 1.0,
        scarcityWeight: 3.02,
        shape: [0.8, 1.0, 0.9, 0.9, 1.6, 1.0],
        requirement: { mw: [[2024, 1660]], after: "renewables", source: ERCOT_REQ },
        basis: ERCOT_AS,
      },
      NSPIN: {
        level: 5.987,
        floor: 0,
        sigma: 1.0,
        scarcityWeight: 1.68,
        shape: [0.8, 1.0, 0.9, 0.9, 1.6, 1.0],
        requirement: { mw: [[2024, 2500]], after: "renewables", source: ERCOT_REQ },
        basis: ERCOT_AS,
      },
    },
    source: `${ERCOT_AS} (ERCOT public report NP4-188)`,
  },
  NEM: {
    // FCAS clears every 5 minutes; noise is drawn per half hour and the scarcity term adds the 5-minute spikes
    blockHours: 0.5,
    blockStartHour: 0,
    opportunityShare: 0.02,
    services: {
      // requirements: contingency raise ≈ the largest credible generation contingency, lower ≈ the
      // largest load contingency, regulation ≈ AEMO's standard regulation volume (approximate)
      RAISE6SEC: {
        level: 5.329,
        floor: 0,
        sigma: 1.2,
        scarcityWeight: 0.445,
        shape: flat,
        requirement: { mw: [[2024, 700]], after: "fixed", source: NEM_REQ },
        basis: NEM_FCAS,
      },
      RAISE60SEC: {
        level: 3.267,
        floor: 0,
        sigma: 1.2,
        scarcityWeight: 0.363,
        shape: flat,
        requirement: { mw: [[2024, 700]], after: "fixed", source: NEM_REQ },
        basis: NEM_FCAS,
      },
      RAISE5MIN: {
        level: 1.669,
        floor: 0,
        sigma: 1.2,
        scarcityWeight: 0.238,
        shape: flat,
        requirement: { mw: [[2024, 700]], after: "fixed", source: NEM_REQ },
        basis: NEM_FCAS,
      },
      RAISEREG: {
        level: 11.35,
        floor: 0,
        sigma: 0.8,
        scarcityWeight: 0.0151,
        shape: [0.8, 1.2, 0.8, 0.7, 1.5, 1.0],
        requirement: { mw: [[2024, 250]], after: "renewables", source: NEM_REQ },
        basis: NEM_FCAS,
      },
      LOWER6SEC: {
        level: 2.898,
        floor: 0,
        sigma: 1.2,
        scarcityWeight: 0,
        shape: flat,
        requirement: { mw: [[2024, 300]], after: "fixed", source: NEM_REQ },
        basis: NEM_FCAS,
      },
      LOWER60SEC: {
        level: 7.542,
        floor: 0,
        sigma: 1.2,
        scarcityWeight: 0,
        shape: flat,
        requirement: { mw: [[2024, 300]], after: "fixed", source: NEM_REQ },
        basis: NEM_FCAS,
      },
      LOWER5MIN: {
        level: 3.588,
        floor: 0,
        sigma: 1.2,
        scarcityWeight: 0,
        shape: flat,
        requirement: { mw: [[2024, 300]], after: "fixed", source: NEM_REQ },
        basis: NEM_FCAS,
      },
      LOWERREG: {
        level: 3.727,
        floor: 0,
        sigma: 0.8,
        scarcityWeight: 0,
        shape: [1.2, 0.9, 1.1, 1.3, 0.8, 0.9],
        requirement: { mw: [[2024, 250]], after: "renewables", source: NEM_REQ },
        basis: NEM_FCAS,
      },
    },
    source: `${NEM_FCAS} (fitted by Voltcast to the published revenue)`,
  },
  DE: {
    blockHours: 4,
    blockStartHour: 0,
    opportunityShare: 0.2,
    services: {
      // requirements: German FCR share ≈ 570 MW; aFRR ≈ 2,000 MW per direction (German TSOs' dimensioning);
      // levels fitted on the internal auction files (npm run worldview:fit-services), cross-checked
      // against published figures (decision 0217)
      FCR: {
        level: 30.97,
        floor: 0,
        sigma: 0.35,
        scarcityWeight: 0,
        shape: [1.0, 1.0, 0.9, 0.9, 1.15, 1.05],
        requirement: { mw: [[2024, 570]], after: "fixed", source: DE_FCR_REQ },
        basis: DE_FCR_BASIS,
        estimate: true,
      },
      AFRR_UP: {
        level: 11.82,
        floor: 0,
        sigma: 0.5,
        scarcityWeight: 0.00236,
        shape: [0.8, 1.1, 0.9, 0.8, 1.4, 1.0],
        requirement: { mw: [[2024, 2000]], after: "fixed", source: DE_AFRR_REQ },
        basis: DE_AFRR_BASIS,
        otherSupplyMW: 24_450,
        estimate: true,
      },
      AFRR_DOWN: {
        level: 11.48,
        floor: 0,
        sigma: 0.5,
        scarcityWeight: 0,
        shape: [1.2, 0.9, 1.1, 1.3, 0.7, 0.9],
        requirement: { mw: [[2024, 2000]], after: "fixed", source: DE_AFRR_REQ },
        basis: DE_AFRR_BASIS,
        otherSupplyMW: 24_450,
        estimate: true,
      },
    },
    source:
      "Estimates calibrated on German auction results not published with this product (regelleistung.net), consistent with published figures: the FCR Cooperation's price (FlexPowerHub, April–May 2026), aFRR earning about what FCR earns (eera Battery Beats 2025)",
  },
  ES: {
    blockHours: 1,
    blockStartHour: 0,
    opportunityShare: 0.15,
    services: {
      // No clearing-price series: REE's 2022 secondary band price (44.66 EUR/MW/h, 731 MW upward band)
      // scaled by Spain's day-ahead price 2024/2022 (63.0 / 167.5) ≈ 16.8 EUR/MW/h; the band is paid
      // per MW of up + down band, so both directions take the same level. Down band ≈ 0.7 × up (assumption).
      AFRR_UP: {
        level: 16.8,
        floor: 0,
        sigma: 0.45,
        scarcityWeight: 0.002,
        shape: [0.8, 1.0, 0.9, 0.8, 1.3, 1.2],
        requirement: { mw: [[2024, 731]], after: "fixed", source: ES_REQ },
        basis: ES_ESTIMATE,
        estimate: true,
      },
      AFRR_DOWN: {
        level: 16.8,
        floor: 0,
        sigma: 0.45,
        scarcityWeight: 0,
        shape: [1.2, 1.0, 1.1, 1.2, 0.8, 0.8],
        requirement: { mw: [[2024, 510]], after: "fixed", source: ES_REQ },
        basis: ES_ESTIMATE,
        estimate: true,
      },
    },
    source: ES_ESTIMATE + "; saturation reference = pumped hydro + BESS fleet",
  },
};

export interface ServiceInputs {
  region: MarketRegion;
  year: number;
  /** Storage fleet competing for services this year, GW (Spain: batteries + pumped hydro). */
  batteryGW: number;
  /** The same fleet in the base year: the calibration's reference. */
  baseBatteryGW: number;
  energyPrice: Float64Array;
  scarcity: Float64Array;
  priceCap: number;
  grid: LocalGrid;
  intervalMinutes: number;
  seed: number;
  /** Override of the service list (e.g. Spain has no FCR). */
  services?: ServiceKey[];
  /** The world view's wind + solar capacity (GW) by year, for requirements that grow with it. */
  renewablesGW?: (year: number) => number;
}

/**
 * The mean requirement (MW) of a service in a year: the data's figure for the year (interpolated,
 * held before the first), and after the last year with data as its `after` rule says.
 */
export function requirementMW(
  s: ServiceLevel,
  year: number,
  renewablesGW?: (year: number) => number,
): number {
  const r = s.requirement;
  const last = r.mw[r.mw.length - 1][0];
  const mw = at(r.mw, year);
  if (year <= last || r.after === "fixed" || !renewablesGW) return mw;
  return mw * Math.sqrt(renewablesGW(year) / Math.max(1e-6, renewablesGW(last)));
}

/** Index (0–5) of the 4-hour block of the day a local hour is in, blocks starting at `startHour`. */
export function blockOfDay(localHour: number, startHour: number): number {
  return Math.min(5, Math.floor(((((localHour - startHour) % 24) + 24) % 24) / 4));
}

/**
 * How far down its supply stack a service clears as the storage fleet grows against its
 * requirement: (requirement ÷ base-year requirement × base-year supply ÷ supply of the year)^0.5,
 * clipped to [0.25, 1.5], where supply = the storage fleet plus the other providers (where a
 * published figure gives them; else storage is the supply at the margin); multiplies the premium.
 */
export function saturation(
  referenceGW: number,
  batteryGW: number,
  requirementGrowth = 1,
  otherSupplyGW = 0,
): number {
  const supply = (otherSupplyGW + referenceGW) / Math.max(0.1, otherSupplyGW + batteryGW);
  return Math.min(1.5, Math.max(0.25, Math.sqrt(requirementGrowth * supply)));
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
  const rules = new Map(servicesFor(inp.region).map((r) => [r.key, r]));
  const keys = inp.services ?? (Object.keys(m.services) as ServiceKey[]);
  const out: Partial<Record<ServiceKey, Float64Array>> = {};
  for (const key of keys) {
    const s = m.services[key];
    if (!s) continue;
    const growth = requirementMW(s, inp.year, inp.renewablesGW) / requirementMW(s, BASE_YEAR);
    const sat = saturation(inp.baseBatteryGW, inp.batteryGW, growth, (s.otherSupplyMW ?? 0) / 1000);
    const rng = new Rng(hashSeed("service", inp.region, key, inp.year, inp.seed));
    const blockHours = s.blockHours ?? m.blockHours;
    const blockIntervals =
      blockHours > 0 ? Math.max(1, Math.round((blockHours * 60) / inp.intervalMinutes)) : 1;
    // block noise: AR(1) across blocks (persistence 0.6), constant within a block
    const nBlocks = Math.ceil(n / blockIntervals) + 2;
    const z = ar1(nBlocks, 0.6, rng);
    const offset =
      blockHours >= 1 ? Math.round((((24 - m.blockStartHour) % blockHours) * 60) / inp.intervalMinutes) : 0;
    // upward/discharge-side services forgo the full arbitrage opportunity, downward ones about half,
    // in proportion to the energy the reservation ties up (its delivery duration, up to an hour:
    // NEM contingency FCAS held for minutes costs a battery almost nothing); a service whose stack
    // reaches below zero has no such floor (it clears negative in the data)
    const rule = rules.get(key);
    const floorShare =
      s.floor < 0 ? 0 : (rule?.direction === "down" ? 0.5 : 1) * Math.min(1, rule?.durationHours ?? 1);
    const scarcityK = s.scarcityWeight * inp.priceCap;
    const arr = new Float64Array(n);
    const mult = new Float64Array(nBlocks);
    for (let b = 0; b < nBlocks; b++)
      mult[b] = s.level * sat * Math.exp(s.sigma * z[b] - 0.5 * s.sigma * s.sigma);
    for (let i = 0; i < n; i++) {
      const b = Math.floor((i + offset) / blockIntervals);
      const band = Math.min(5, Math.floor(inp.grid.hour[i] / 4));
      const base = s.floor + mult[b] * s.shape[band];
      arr[i] = (floorShare > 0 ? Math.max(floor[i] * floorShare, base) : base) + scarcityK * inp.scarcity[i];
    }
    out[key] = arr;
  }
  return out;
}

/**
 * The most a battery can sell into each service in a year, as a share of its power: its pro-rata
 * share of the year's mean requirement when the whole storage fleet offers (requirement ÷ fleet
 * MW, at most 1). `year` defaults to the base year.
 */
export function serviceVolumeShares(
  region: MarketRegion,
  batteryGW: number,
  services?: ServiceKey[],
  year: number = BASE_YEAR,
  renewablesGW?: (year: number) => number,
): Partial<Record<ServiceKey, number>> {
  const m = SERVICE_LEVELS[region];
  const out: Partial<Record<ServiceKey, number>> = {};
  for (const key of services ?? (Object.keys(m.services) as ServiceKey[])) {
    const s = m.services[key];
    if (s) out[key] = Math.min(1, requirementMW(s, year, renewablesGW) / Math.max(1, batteryGW * 1000));
  }
  return out;
}

/**
 * The same per interval for services whose requirement varies by 4-hour block (GB: per EFA block,
 * from 23:00 UK time): constant within each block, so within each contracted block.
 */
export function serviceVolumeSharesByInterval(
  region: MarketRegion,
  batteryGW: number,
  year: number,
  grid: LocalGrid,
  services?: ServiceKey[],
  renewablesGW?: (year: number) => number,
): Partial<Record<ServiceKey, Float64Array>> {
  const m = SERVICE_LEVELS[region];
  const fleetMW = Math.max(1, batteryGW * 1000);
  const out: Partial<Record<ServiceKey, Float64Array>> = {};
  for (const key of services ?? (Object.keys(m.services) as ServiceKey[])) {
    const s = m.services[key];
    const byBlock = s?.requirement.byBlock;
    if (!s || !byBlock) continue;
    const mw = requirementMW(s, year, renewablesGW);
    const share = byBlock.map((f) => Math.min(1, (mw * f) / fleetMW));
    const arr = new Float64Array(grid.hour.length);
    for (let i = 0; i < arr.length; i++) arr[i] = share[blockOfDay(grid.hour[i], m.blockStartHour)];
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
