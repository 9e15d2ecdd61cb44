// CLI-only: the real price series each price system is calibrated on (base year 2024) and checked
// against out of sample (2025, the held-back year), read from ../shared/data on the grid the check
// uses: hourly for GB, DE, ES and ERCOT (the data are hourly), half-hourly for the NEM regions (the
// model clears half-hourly; real 5-minute prices averaged), hourly for NSW1 in 2025 (only
// OpenElectricity's hourly series covers the whole year).
import { existsSync, readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import path from "node:path";
import type { MarketRegion } from "../../types.ts";
import { resample, NEM_SYSTEMS } from "../model.ts";
import * as data from "./base-data.ts";

export interface PriceTarget {
  region: MarketRegion;
  /** Price system: GB, DE, ES, ERCOT, NSW1 … */
  system: string;
  year: number;
  kind: "base-year" | "out-of-sample";
  intervalMinutes: number;
  /** Observed price on the UTC calendar-year grid at intervalMinutes (NaN = no observation). */
  observed: Float64Array;
  /** Share of the year's intervals observed. */
  coverage: number;
  source: string;
  /**
   * Other full years of the same system on the same grid that the price shape is fitted on and
   * checked against beside `year` (NEM NSW1 and SA1: 2023; decision 0242).
   */
  shapeYears?: { year: number; observed: Float64Array }[];
}

function coverageOf(v: Float64Array): number {
  let c = 0;
  for (const x of v) if (Number.isFinite(x)) c++;
  return c / v.length;
}

function readGz(rel: string): string | null {
  const p = path.join(data.sharedDataDir(), rel);
  if (!existsSync(p)) return null;
  const b = readFileSync(p);
  return (p.endsWith(".gz") ? gunzipSync(b) : b).toString("utf8");
}

/** A 5-minute NEM file (region, settlement_date_nem, interval_start_utc, rrp, …) on a UTC-year 5-min grid. */
export function nem5(rel: string, region: string, year: number): Float64Array | null {
  const t = readGz(rel);
  if (!t) return null;
  const start = Date.UTC(year, 0, 1);
  const n = (Date.UTC(year + 1, 0, 1) - start) / 300_000;
  const out = new Float64Array(n).fill(NaN);
  let any = false;
  for (const line of t.split("\n")) {
    if (!line.startsWith(region + ",")) continue;
    const c = line.split(",");
    const i = Math.round((Date.parse(c[2]) - start) / 300_000);
    if (i >= 0 && i < n && c[3] !== "") {
      out[i] = Number(c[3]);
      any = true;
    }
  }
  return any ? out : null;
}

function nsw1Hourly2025(): Float64Array | null {
  const t = readGz("prices/nem/nem_nsw1_price_hourly_2025-01_2026-01_openelectricity.csv");
  if (!t) return null;
  const start = Date.UTC(2025, 0, 1);
  const n = (Date.UTC(2026, 0, 1) - start) / 3_600_000;
  const out = new Float64Array(n).fill(NaN);
  for (const line of t.split("\n").slice(1)) {
    const c = line.split(",");
    if (c.length < 4) continue;
    const i = Math.round((Date.parse(c[2]) - start) / 3_600_000);
    if (i >= 0 && i < n) out[i] = Number(c[3]);
  }
  return out;
}

function target(
  region: MarketRegion,
  system: string,
  year: number,
  intervalMinutes: number,
  observed: Float64Array | null | undefined,
  source: string,
): PriceTarget[] {
  if (!observed) return [];
  const coverage = coverageOf(observed);
  if (coverage < 0.2) return [];
  return [
    {
      region,
      system,
      year,
      kind: year === 2024 ? "base-year" : "out-of-sample",
      intervalMinutes,
      observed,
      coverage,
      source,
    },
  ];
}

/**
 * The other full calendar years of real 5-minute prices a NEM region's price shape is fitted on
 * beside the base year (decision 0242), half-hourly means on their own UTC-year grids: 2023 for NSW1
 * and SA1 (the only regions with a 2023 file). 2025 is held back for the out-of-sample check, so it
 * is never pooled.
 */
function nemShapeYears(system: string): { year: number; observed: Float64Array }[] {
  if (!data.hasSharedData() || !["NSW1", "SA1"].includes(system)) return [];
  const p = nem5(nemFiveMinuteFile(system, 2023)!, system, 2023);
  if (!p || coverageOf(p) < 0.95) return [];
  return [{ year: 2023, observed: resample(p, 5, 30, p.length / 6) }];
}

/** The real 5-minute file of a NEM region's year (2023: NSW1 and SA1 only; 2025: VIC1 whole, others January–April). */
export function nemFiveMinuteFile(system: string, year: number): string | undefined {
  if (year === 2023)
    return ["NSW1", "SA1"].includes(system)
      ? "prices/nem/nem_sa1_nsw1_rrp_demand_5min_2023.csv.gz"
      : undefined;
  if (year === 2024) return "prices/nem/nem_rrp_demand_5min_2024.csv.gz";
  if (year === 2025)
    return system === "VIC1"
      ? "prices/nem/nem_vic1_rrp_demand_5min_2024-01_2026-06.csv.gz"
      : "prices/nem/nem_rrp_demand_5min_2025-01_2025-04.csv.gz";
  return undefined;
}

/** Every real price series of `year` (2024 = base year, 2025 = held back) found in the data folder. */
export function priceTargets(year: 2024 | 2025, only?: string): PriceTarget[] {
  if (!data.hasSharedData()) return [];
  const want = (s: string, r: string) => !only || only === s || only === r;
  const out: PriceTarget[] = [];
  if (want("GB", "GB"))
    out.push(
      ...target("GB", "GB", year, 60, data.readGb(year)?.price.values, "LCCC IMRP (GB day-ahead, hourly)"),
    );
  if (want("DE", "DE"))
    out.push(
      ...target("DE", "DE", year, 60, data.readDe(year)?.price.values, "Energy-Charts DE-LU day-ahead"),
    );
  if (want("ES", "ES"))
    out.push(...target("ES", "ES", year, 60, data.readEs(year)?.price.values, "OMIE day-ahead Spain"));
  if (want("ERCOT", "ERCOT"))
    out.push(
      ...target(
        "ERCOT",
        "ERCOT",
        year,
        60,
        data.readErcot("HB_HUBAVG", year)?.price.values,
        "ERCOT RTM HB_HUBAVG (hourly mean)",
      ),
    );
  for (const r of NEM_SYSTEMS) {
    if (!want(r, "NEM")) continue;
    if (year === 2024) {
      const p = nem5(nemFiveMinuteFile(r, 2024)!, r, 2024);
      const shapeYears = nemShapeYears(r);
      if (p)
        out.push(
          ...target(
            "NEM",
            r,
            2024,
            30,
            resample(p, 5, 30, p.length / 6),
            "AEMO 5-minute RRP, half-hourly mean",
          ).map((t) => (shapeYears.length ? { ...t, shapeYears } : t)),
        );
    } else if (r === "NSW1") {
      out.push(...target("NEM", r, 2025, 60, nsw1Hourly2025(), "OpenElectricity NSW1 hourly"));
    } else {
      const p = nem5(nemFiveMinuteFile(r, 2025)!, r, 2025);
      if (p)
        out.push(
          ...target(
            "NEM",
            r,
            2025,
            30,
            resample(p, 5, 30, p.length / 6),
            `AEMO 5-minute RRP, half-hourly mean${r === "VIC1" ? "" : " (January–April only)"}`,
          ),
        );
    }
  }
  return out;
}
