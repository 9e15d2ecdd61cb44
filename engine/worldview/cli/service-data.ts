// CLI/test-only: the real clearing prices each modelled service is calibrated on, as annual (or
// windowed) means, read from ../shared/data (SOURCES.md "Pass 3"), and the published figures the
// German estimates are cross-checked against. The DE auction files are internal calibration data:
// read here at fit and test time only; their values are never written into the repository or shown
// (targets from them are marked `internal`, and only relative errors are printed).
import type { MarketRegion, ServiceKey } from "../../types.ts";
import { readText } from "./base-data.ts";
import { blockOfDay } from "../ancillary.ts";
import { utcOffsetHours } from "../calendar.ts";

export interface ServiceTarget {
  region: MarketRegion;
  key: ServiceKey;
  /** World view and model year compared with the data. */
  scenarioId: string;
  year: number;
  /** UTC days of the model year compared (the data's own window of the year). */
  inWindow: (month0: number, day: number) => boolean;
  window: string;
  zone?: string;
  intervalMinutes?: number;
  /** Real mean clearing price, currency/MW/h. */
  mean: number;
  source: string;
  /** From internal calibration data (the DE auction files): fitted on, never shown; print relative errors only. */
  internal?: boolean;
}

const all = () => true;

function csv(rel: string): { col: (name: string) => number; rows: string[][] } | null {
  const t = readText(rel);
  if (!t) return null;
  const lines = t.split(/\r?\n/).filter((l) => l.length > 0);
  const header = lines[0].split(",");
  return {
    col: (name) => {
      const i = header.indexOf(name);
      if (i < 0) throw new Error(`${rel}: no column ${name}`);
      return i;
    },
    rows: lines.slice(1).map((l) => l.split(",")),
  };
}

/** Weighted mean of `price` over rows kept by `keep` (weight = hours, or 1). */
function mean(rows: string[][], keep: (r: string[]) => boolean, price: number, hours?: number): number {
  let s = 0;
  let w = 0;
  for (const r of rows) {
    if (!keep(r)) continue;
    const h = hours === undefined ? 1 : Number(r[hours]);
    s += Number(r[price]) * h;
    w += h;
  }
  return w > 0 ? s / w : NaN;
}

const monthOf = (iso: string) => Number(iso.slice(5, 7)) - 1;

/** The German FCR/aFRR auction results: internal calibration data, never shipped or shown. */
export const DE_AUCTIONS = "ancillary/de/de_fcr_afrr_capacity_prices_4h_2022_2024H1_2026.csv";

export function serviceTargets(): ServiceTarget[] {
  const out: ServiceTarget[] = [];
  // GB DC/DM/DR: pay-as-clear per EFA block, hour-weighted, blocks where nothing cleared excluded
  const fr = csv("ancillary/gb/gb_dc_dm_dr_clearing_prices_efa_2021-09_2026-08.csv.gz");
  if (fr) {
    const [svc, start, h, p, none] = [
      "service",
      "delivery_start_utc",
      "duration_h",
      "clearing_price_gbp_per_mw_h",
      "nothing_cleared",
    ].map(fr.col);
    for (const key of ["DCL", "DCH", "DML", "DMH", "DRL", "DRH"] as const)
      out.push({
        region: "GB",
        key,
        scenarioId: "gb-central",
        year: 2024,
        inWindow: all,
        window: "2024",
        mean: mean(fr.rows, (r) => r[svc] === key && r[start].startsWith("2024") && r[none] !== "True", p, h),
        source: "NESO DC/DM/DR EFA-block clearing prices",
      });
  }
  // GB reserve on EAC: half-hourly; Quick Reserve in its first full year, Balancing Reserve since it moved onto EAC
  const eac = csv("ancillary/gb/gb_eac_reserve_qr_br_sr_clearing_prices_halfhourly_2024-12_2026-08.csv.gz");
  if (eac) {
    const [svc, start, p, none] = [
      "service",
      "delivery_start_utc",
      "clearing_price_gbp_per_mw_h",
      "nothing_cleared",
    ].map(eac.col);
    for (const [key, year, months] of [
      ["PQR", 2025, 12],
      ["NQR", 2025, 12],
      ["PBR", 2026, 7],
    ] as const)
      out.push({
        region: "GB",
        key,
        scenarioId: "gb-central",
        year,
        inWindow: (m) => m < months,
        window: months === 12 ? `${year}` : `${year} January–July`,
        mean: mean(
          eac.rows,
          (r) =>
            r[svc] === key &&
            r[start].startsWith(String(year)) &&
            monthOf(r[start]) < months &&
            r[none] !== "True",
          p,
        ),
        source: "NESO EAC reserve clearing prices",
      });
  }
  const ercot = csv("ancillary/ercot/ercot_as_mcpc_hourly_2024_2026Q1.csv");
  if (ercot) {
    const date = ercot.col("delivery_date");
    for (const key of ["REGUP", "REGDN", "RRS", "ECRS", "NSPIN"] as const) {
      const c = ercot.col(`${key.toLowerCase()}_mcpc_usd_per_mw_h`);
      out.push({
        region: "ERCOT",
        key,
        scenarioId: "ercot-central",
        year: 2024,
        inWindow: all,
        window: "2024",
        mean: mean(ercot.rows, (r) => r[date].startsWith("2024") && r[c] !== "", c),
        source: "ERCOT DAM AS MCPC",
      });
    }
  }
  // NEM FCAS: a 17-day summer sample (18 Dec 2025 – 4 Jan 2026), compared with the same days of the model year
  const nem = csv("ancillary/nem/nem_fcas_energy_dispatch_prices_5min_2025-12-18_2026-01-04.csv");
  if (nem) {
    const region = nem.col("region");
    for (const key of [
      "RAISE6SEC",
      "RAISE60SEC",
      "RAISE5MIN",
      "RAISEREG",
      "LOWER6SEC",
      "LOWER60SEC",
      "LOWER5MIN",
      "LOWERREG",
    ] as const) {
      const c = nem.col(`${key.toLowerCase()}_aud_per_mw_h`);
      out.push({
        region: "NEM",
        key,
        scenarioId: "nem-central",
        year: 2025,
        inWindow: (m, d) => (m === 11 && d >= 18) || (m === 0 && d <= 4),
        window: "18 Dec – 4 Jan",
        zone: "NSW1",
        intervalMinutes: 30,
        mean: mean(nem.rows, (r) => r[region] === "NSW1", c),
        source: "AEMO DISPATCHPRICE FCAS sample, NSW1",
      });
    }
  }
  // DE: regelleistung.net auction results, internal calibration data (never shown: `internal`).
  // FCR (pay-as-clear) in 2026 January–July, its only recent window; aFRR (average accepted,
  // pay-as-bid) in the base year, January–August 2024
  const de = csv(DE_AUCTIONS);
  if (de) {
    const [product, dir, start, h, p] = [
      "product",
      "direction",
      "block_start_utc",
      "duration_h",
      "price_eur_per_mw_h",
    ].map(de.col);
    for (const [key, prod, direction, year, months] of [
      ["FCR", "FCR", "symmetric", 2026, 7],
      ["AFRR_UP", "aFRR", "up", 2024, 8],
      ["AFRR_DOWN", "aFRR", "down", 2024, 8],
    ] as const)
      out.push({
        region: "DE",
        key,
        scenarioId: "de-central",
        year,
        inWindow: (m) => m < months,
        window: `${year} January–${months === 7 ? "July" : "August"}`,
        mean: mean(
          de.rows,
          (r) =>
            r[product] === prod &&
            r[dir] === direction &&
            r[start].startsWith(String(year)) &&
            monthOf(r[start]) < months,
          p,
          h,
        ),
        source: "regelleistung.net German auction results (internal calibration data)",
        internal: true,
      });
  }
  return out;
}

/** Mean of a modelled price series over the target's window of its year. */
export function windowMean(
  price: Float64Array,
  startUtc: string,
  intervalMinutes: number,
  t: Pick<ServiceTarget, "inWindow">,
): number {
  const t0 = Date.parse(startUtc);
  let s = 0;
  let n = 0;
  for (let i = 0; i < price.length; i++) {
    const d = new Date(t0 + i * intervalMinutes * 60_000);
    if (!t.inWindow(d.getUTCMonth(), d.getUTCDate())) continue;
    s += price[i];
    n++;
  }
  return s / n;
}

/** What the GB data says a service's requirement is: mean cleared MW by year, and by EFA block. */
export interface ClearedRequirement {
  key: ServiceKey;
  /** Hour-weighted mean cleared MW by calendar year of the EFA day (UK local), every year held. */
  byYear: Record<number, number>;
  /** Mean cleared MW per EFA block (1–6, from 23:00 UK time) ÷ their mean, EFA days from `profileFrom`. */
  byBlock: number[];
}

/**
 * GB requirements from the NESO results: DC/DM/DR from the EFA-block file (its own `efa_date` and
 * `efa_block`), Quick and Balancing Reserve from the half-hourly EAC file (EFA block of the UK local
 * start). Blocks where nothing cleared count as 0 MW: that is what cleared.
 */
export function clearedRequirements(profileFrom = "2025-01-01"): ClearedRequirement[] {
  const acc = new Map<ServiceKey, { year: Map<number, [number, number]>; block: [number, number][] }>();
  const add = (key: ServiceKey, year: number, block: number, mw: number, h: number, inProfile: boolean) => {
    let a = acc.get(key);
    if (!a) acc.set(key, (a = { year: new Map(), block: Array.from({ length: 6 }, () => [0, 0]) }));
    const y = a.year.get(year) ?? [0, 0];
    a.year.set(year, [y[0] + mw * h, y[1] + h]);
    if (inProfile) {
      a.block[block - 1][0] += mw * h;
      a.block[block - 1][1] += h;
    }
  };
  const fr = csv("ancillary/gb/gb_dc_dm_dr_clearing_prices_efa_2021-09_2026-08.csv.gz");
  if (fr) {
    const [svc, date, block, h, mw] = [
      "service",
      "efa_date",
      "efa_block",
      "duration_h",
      "cleared_volume_mw",
    ].map(fr.col);
    for (const r of fr.rows)
      add(
        r[svc] as ServiceKey,
        Number(r[date].slice(0, 4)),
        Number(r[block]),
        Number(r[mw]),
        Number(r[h]),
        r[date] >= profileFrom,
      );
  }
  const eac = csv("ancillary/gb/gb_eac_reserve_qr_br_sr_clearing_prices_halfhourly_2024-12_2026-08.csv.gz");
  if (eac) {
    const [svc, start, mw] = ["service", "delivery_start_utc", "cleared_volume_mw"].map(eac.col);
    for (const r of eac.rows) {
      if (!["PQR", "NQR", "PBR"].includes(r[svc])) continue;
      const ms = Date.parse(r[start]);
      const local = new Date(ms + utcOffsetHours("Europe/London", ms) * 3_600_000);
      const day = local.toISOString().slice(0, 10);
      add(
        r[svc] as ServiceKey,
        local.getUTCFullYear(),
        blockOfDay(local.getUTCHours(), 23) + 1,
        Number(r[mw]),
        0.5,
        day >= profileFrom,
      );
    }
  }
  return [...acc.entries()].map(([key, a]) => {
    const perBlock = a.block.map(([s, h]) => (h > 0 ? s / h : NaN));
    const mean = perBlock.reduce((x, y) => x + y, 0) / 6;
    return {
      key,
      byYear: Object.fromEntries([...a.year.entries()].map(([y, [s, h]]) => [y, s / h])),
      byBlock: perBlock.map((v) => v / mean),
    };
  });
}

/**
 * The published figures the German estimates are cross-checked against (printed by
 * `npm run worldview:fit-services`, cited in the services README): the FCR Cooperation's price in
 * April and May 2026 (FlexPowerHub market analyses), which Germany clears at.
 */
export function publishedChecks(): ServiceTarget[] {
  return [
    {
      region: "DE",
      key: "FCR",
      scenarioId: "de-central",
      year: 2026,
      inWindow: (m) => m === 3 || m === 4,
      window: "2026 April–May",
      mean: (17.08 + 18.09) / 2,
      source: "FlexPowerHub market analyses, FCR Cooperation price April–May 2026 (published)",
    },
  ];
}
