// CLI-only readers of the real base-year data in ../shared/data (or VOLTCAST_SHARED_DATA_DIR).
// The pure world-view modules never import this file: the calibration CLI reads the CSVs here
// and passes plain arrays into engine/worldview/calibration.ts.
import { existsSync, readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MS_DAY, MS_HOUR, utcOffsetHours } from "../calendar.ts";
import { parseEnv } from "../../../api/config.ts";

const here = path.dirname(fileURLToPath(import.meta.url));

/** The repository's root: a relative setting is read from there, wherever the CLI is started. */
const repoRoot = path.resolve(here, "../../..");

/** Folder of the shared real data: the setting VOLTCAST_SHARED_DATA_DIR (api/config.ts; default ../shared/data beside the repo). */
export function sharedDataDir(): string {
  return path.resolve(repoRoot, parseEnv().VOLTCAST_SHARED_DATA_DIR);
}

export function hasSharedData(): boolean {
  return existsSync(sharedDataDir());
}

export function readText(rel: string): string | null {
  const p = path.join(sharedDataDir(), rel);
  if (!existsSync(p)) return null;
  const buf = readFileSync(p);
  return (p.endsWith(".gz") ? gunzipSync(buf) : buf).toString("utf8");
}

function rows(text: string): { header: string[]; rows: string[][] } {
  const lines = text.split(/\r?\n/).filter((l) => l.length > 0);
  const header = lines[0].split(",").map((h) => h.replace(/"/g, "").trim());
  return { header, rows: lines.slice(1).map((l) => l.split(",")) };
}

/** A regular series on a fixed grid from startMs; NaN where missing. */
export interface GridSeries {
  startMs: number;
  intervalMinutes: number;
  values: Float64Array;
}

function emptyGrid(year: number, intervalMinutes: number): GridSeries {
  const startMs = Date.UTC(year, 0, 1);
  const n = (Date.UTC(year + 1, 0, 1) - startMs) / (intervalMinutes * 60_000);
  return { startMs, intervalMinutes, values: new Float64Array(n).fill(NaN) };
}

function put(g: GridSeries, ms: number, v: number): void {
  const i = Math.round((ms - g.startMs) / (g.intervalMinutes * 60_000));
  if (i >= 0 && i < g.values.length && Number.isFinite(v)) g.values[i] = v;
}

export interface BaseYearData {
  region: string;
  zone?: string;
  year: number;
  /** Observed energy price on its own grid (hourly for GB IMRP, ERCOT, DE, ES; 5-min for NEM). */
  price: GridSeries;
  /** Observed demand (MW) where the data has it, on the same grid as price. */
  demand?: GridSeries;
  /** Observed wind / solar generation (MW) where available. */
  windMW?: GridSeries;
  solarMW?: GridSeries;
  source: string;
}

/** GB: IMRP (GB day-ahead hourly, LCCC) and NESO demand (ND + embedded wind + embedded solar), 2024. */
export function readGb(year = 2024): BaseYearData | null {
  const t = readText("prices/gb/gb_day_ahead_hourly_imrp_lccc_2016-06_2025-11.csv");
  if (!t) return null;
  const price = emptyGrid(year, 60);
  for (const r of rows(t).rows) put(price, Date.parse(r[2]), Number(r[3]));
  const out: BaseYearData = { region: "GB", year, price, source: "LCCC IMRP (GB day-ahead hourly)" };
  const d = readText(`generation/gb/neso_historic_demand_halfhourly_${year}.csv`);
  if (d) {
    const demand = emptyGrid(year, 60);
    const wind = emptyGrid(year, 60);
    const solar = emptyGrid(year, 60);
    const acc = new Map<number, [number, number, number, number]>();
    const months: Record<string, number> = {
      Jan: 0,
      Feb: 1,
      Mar: 2,
      Apr: 3,
      May: 4,
      Jun: 5,
      Jul: 6,
      Aug: 7,
      Sep: 8,
      Oct: 9,
      Nov: 10,
      Dec: 11,
    };
    const { header, rows: rs } = rows(d);
    const iND = header.indexOf("ND");
    const iEW = header.indexOf("EMBEDDED_WIND_GENERATION");
    const iES = header.indexOf("EMBEDDED_SOLAR_GENERATION");
    for (const r of rs) {
      const [dd, mon, yy] = r[0].split("-");
      const y = 2000 + Number(yy);
      const midnightLocalGuess = Date.UTC(y, months[mon], Number(dd));
      const midnightUtc = midnightLocalGuess - utcOffsetHours("Europe/London", midnightLocalGuess) * MS_HOUR;
      const ms = midnightUtc + (Number(r[1]) - 1) * 30 * 60_000;
      const h = Math.floor(ms / MS_HOUR) * MS_HOUR;
      const a = acc.get(h) ?? [0, 0, 0, 0];
      a[0] += Number(r[iND]) + Number(r[iEW]) + Number(r[iES]);
      a[1] += Number(r[iEW]);
      a[2] += Number(r[iES]);
      a[3] += 1;
      acc.set(h, a);
    }
    for (const [h, a] of acc) {
      put(demand, h, a[0] / a[3]);
      put(wind, h, a[1] / a[3]);
      put(solar, h, a[2] / a[3]);
    }
    out.demand = demand;
    out.windMW = wind;
    out.solarMW = solar;
    out.source += "; NESO historic demand (ND + embedded wind + embedded solar)";
  }
  return out;
}

/** GB system (imbalance) price and Market Index Price, half-hourly, 2023-01..2024-05. */
export function readGbImbalance(): { system: Float64Array; mid: Float64Array } | null {
  const t = readText("prices/gb/gb_system_price_mid_halfhourly_2023-01_2024-05.csv");
  if (!t) return null;
  const sys: number[] = [];
  const mid: number[] = [];
  for (const r of rows(t).rows) {
    const s = Number(r[4]);
    const m = r[5] === "" ? NaN : Number(r[5]);
    if (Number.isFinite(s) && Number.isFinite(m)) {
      sys.push(s);
      mid.push(m);
    }
  }
  return { system: Float64Array.from(sys), mid: Float64Array.from(mid) };
}

/** DE-LU day-ahead with load, renewable and solar generation (Energy-Charts), hourly. */
export function readDe(year = 2024): BaseYearData | null {
  const t = readText("prices/germany/de_lu_day_ahead_hourly_with_load_res_2024-01_2026-01.csv");
  if (!t) return null;
  const price = emptyGrid(year, 60);
  const demand = emptyGrid(year, 60);
  const wind = emptyGrid(year, 60);
  const solar = emptyGrid(year, 60);
  for (const r of rows(t).rows) {
    const ms = Number(r[0]) * 1000;
    put(price, ms, Number(r[6]));
    put(demand, ms, Number(r[2]));
    // "renewable generation" includes solar, wind, hydro and biomass; the wind+other part is treated as wind here.
    put(wind, ms, Number(r[3]) - Number(r[4]));
    put(solar, ms, Number(r[4]));
  }
  return {
    region: "DE",
    year,
    price,
    demand,
    windMW: wind,
    solarMW: solar,
    source: "Energy-Charts DE-LU day-ahead, load, renewables",
  };
}

/** Spain: OMIE day-ahead, hourly (15-min averaged to the hour from 2025-10). */
export function readEs(year = 2024): BaseYearData | null {
  const t = readText("prices/spain/omie_day_ahead_es_pt_hourly_2023-04_2026-08.csv");
  if (!t) return null;
  const price = emptyGrid(year, 60);
  for (const r of rows(t).rows) put(price, Date.parse(r[0]), Number(r[2]));
  return { region: "ES", year, price, source: "OMIE day-ahead Spain" };
}

/** ERCOT real-time hub / load-zone price, hourly averages; hour ending in Central prevailing time. */
export function readErcot(point = "HB_HUBAVG", year = 2024): BaseYearData | null {
  return readErcotMarket(point, year, "rtm");
}

/** ERCOT day-ahead hub / load-zone price, hourly; hour ending in Central prevailing time. */
export function readErcotDayAhead(point = "HB_HUBAVG", year = 2024): BaseYearData | null {
  return readErcotMarket(point, year, "dam");
}

function readErcotMarket(point: string, year: number, market: "dam" | "rtm"): BaseYearData | null {
  const t = readText("prices/ercot/ercot_hub_lz_dam_rtm_hourly_2024_2026Q1.csv.gz");
  if (!t) return null;
  const price = emptyGrid(year, 60);
  for (const r of rows(t).rows) {
    if (r[2] !== point) continue;
    const [y, m, d] = r[0].split("-").map(Number);
    const localMidnight = Date.UTC(y, m - 1, d);
    const noonUtc = localMidnight + 18 * MS_HOUR;
    const off = utcOffsetHours("America/Chicago", noonUtc);
    const ms = localMidnight - off * MS_HOUR + (Number(r[1]) - 1) * MS_HOUR;
    if (r[market === "dam" ? 3 : 4] !== "") put(price, ms, Number(r[market === "dam" ? 3 : 4]));
  }
  const source = market === "dam" ? `ERCOT DAM SPP ${point}` : `ERCOT RTM SPP ${point} (hourly mean)`;
  return { region: "ERCOT", zone: point, year, price, source };
}

/** ERCOT DAM ancillary service MCPCs (USD/MW/h), hourly, by service. */
export function readErcotAs(year = 2024): Record<string, Float64Array> | null {
  const t = readText("ancillary/ercot/ercot_as_mcpc_hourly_2024_2026Q1.csv");
  if (!t) return null;
  const { header, rows: rs } = rows(t);
  const out: Record<string, number[]> = {};
  const names = ["REGUP", "REGDN", "RRS", "NSPIN", "ECRS"];
  names.forEach((n) => (out[n] = []));
  for (const r of rs) {
    if (!r[0].startsWith(String(year))) continue;
    names.forEach((n, k) => {
      const v = r[2 + k];
      if (v !== "" && v !== undefined) out[n].push(Number(v));
    });
  }
  void header;
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, Float64Array.from(v)]));
}

/** NEM regional 5-minute RRP and operational demand for a calendar year (UTC grid). */
export function readNem(region: string, year = 2024): BaseYearData | null {
  const t = readText("prices/nem/nem_rrp_demand_5min_2024.csv.gz");
  if (!t || year !== 2024) return null;
  const price = emptyGrid(year, 5);
  const demand = emptyGrid(year, 5);
  for (const r of rows(t).rows) {
    if (r[0] !== region) continue;
    const ms = Date.parse(r[2]);
    put(price, ms, Number(r[3]));
    put(demand, ms, Number(r[4]));
  }
  return {
    region: "NEM",
    zone: region,
    year,
    price,
    demand,
    source: "AEMO PRICE_AND_DEMAND (via cobleg/NEM_MKT)",
  };
}

/** NEM FCAS 5-minute sample (about 17 days): mean price per service and region. */
export function readNemFcas(): Record<string, Record<string, number>> | null {
  const t = readText("ancillary/nem/nem_fcas_energy_dispatch_prices_5min_2025-12-18_2026-01-04.csv");
  if (!t) return null;
  const { header, rows: rs } = rows(t);
  const services = [
    "raise6sec",
    "raise60sec",
    "raise5min",
    "raisereg",
    "lower6sec",
    "lower60sec",
    "lower5min",
    "lowerreg",
  ];
  const idx = services.map((s) => header.findIndex((h) => h.startsWith(s + "_")));
  const sum: Record<string, Record<string, number>> = {};
  const cnt: Record<string, number> = {};
  for (const r of rs) {
    const reg = r[0];
    sum[reg] ??= {};
    cnt[reg] = (cnt[reg] ?? 0) + 1;
    services.forEach((s, k) => (sum[reg][s] = (sum[reg][s] ?? 0) + Number(r[idx[k]])));
  }
  for (const reg of Object.keys(sum)) for (const s of services) sum[reg][s] /= cnt[reg];
  return sum;
}

export { MS_DAY };
