// Loads the real price series of ../shared/data/prices for tests and the bench (never copied
// into the repository). Each series is split into contiguous, equally spaced segments.
import { existsSync, readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const SHARED_DATA = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../../shared/data",
);
export const PRICES_DIR = path.join(SHARED_DATA, "prices");
export const hasSharedData = existsSync(PRICES_DIR);

export interface Segment {
  startUtc: string;
  intervalMinutes: number;
  price: Float64Array;
}
export interface RealSeries {
  id: string;
  file: string;
  currency: string;
  intervalMinutes: number;
  segments: Segment[];
  /** Number of intervals with a price. */
  count: number;
}

function readText(file: string): string {
  const buf = readFileSync(file);
  return file.endsWith(".gz") ? gunzipSync(buf).toString("utf8") : buf.toString("utf8");
}

function parseRows(text: string): { header: string[]; rows: string[][] } {
  const lines = text.split(/\r?\n/).filter((l) => l.length > 0);
  return { header: lines[0].split(","), rows: lines.slice(1).map((l) => l.split(",")) };
}

/** Builds contiguous segments from (time ms, price) points at a fixed step; duplicates keep the first. */
export function toSegments(points: { t: number; p: number }[], stepMin: number): Segment[] {
  points.sort((a, b) => a.t - b.t);
  const step = stepMin * 60000;
  const segs: Segment[] = [];
  let cur: number[] = [];
  let start = 0;
  let last = NaN;
  for (const { t, p } of points) {
    if (!Number.isFinite(p)) continue;
    if (t === last) continue;
    if (cur.length && t - last !== step) {
      segs.push({
        startUtc: new Date(start).toISOString(),
        intervalMinutes: stepMin,
        price: Float64Array.from(cur),
      });
      cur = [];
    }
    if (!cur.length) start = t;
    cur.push(p);
    last = t;
  }
  if (cur.length)
    segs.push({
      startUtc: new Date(start).toISOString(),
      intervalMinutes: stepMin,
      price: Float64Array.from(cur),
    });
  return segs;
}

function series(
  id: string,
  file: string,
  currency: string,
  stepMin: number,
  points: { t: number; p: number }[],
): RealSeries {
  const segments = toSegments(points, stepMin);
  return {
    id,
    file,
    currency,
    intervalMinutes: stepMin,
    segments,
    count: segments.reduce((a, s) => a + s.price.length, 0),
  };
}

const num = (s: string | undefined) => (s === undefined || s.trim() === "" ? NaN : Number(s));

/** Every real price series in ../shared/data/prices (one per file and region / settlement point). */
export function loadRealSeries(filter?: (id: string) => boolean): RealSeries[] {
  const out: RealSeries[] = [];
  const want = (id: string) => !filter || filter(id);
  const f = (rel: string) => path.join(PRICES_DIR, rel);
  if (want("gb-day-ahead-hourly")) {
    const { rows } = parseRows(readText(f("gb/gb_day_ahead_hourly_imrp_lccc_2016-06_2025-11.csv")));
    out.push(
      series(
        "gb-day-ahead-hourly",
        "gb/gb_day_ahead_hourly_imrp_lccc_2016-06_2025-11.csv",
        "GBP",
        60,
        rows.map((r) => ({ t: Date.parse(r[2]), p: num(r[3]) })),
      ),
    );
  }
  for (const [col, id] of [
    [4, "gb-system-price-halfhourly"],
    [5, "gb-market-index-halfhourly"],
  ] as const) {
    if (!want(id)) continue;
    const { rows } = parseRows(readText(f("gb/gb_system_price_mid_halfhourly_2023-01_2024-05.csv")));
    out.push(
      series(
        id,
        "gb/gb_system_price_mid_halfhourly_2023-01_2024-05.csv",
        "GBP",
        30,
        rows.map((r) => ({ t: Date.parse(r[2]), p: num(r[col]) })),
      ),
    );
  }
  if (want("de-day-ahead-hourly")) {
    const { rows } = parseRows(
      readText(f("germany/de_lu_day_ahead_hourly_with_load_res_2024-01_2026-01.csv")),
    );
    out.push(
      series(
        "de-day-ahead-hourly",
        "germany/de_lu_day_ahead_hourly_with_load_res_2024-01_2026-01.csv",
        "EUR",
        60,
        rows.map((r) => ({ t: Number(r[0]) * 1000, p: num(r[6]) })),
      ),
    );
  }
  if (want("es-day-ahead-hourly")) {
    const { rows } = parseRows(readText(f("spain/omie_day_ahead_es_pt_hourly_2023-04_2026-08.csv")));
    out.push(
      series(
        "es-day-ahead-hourly",
        "spain/omie_day_ahead_es_pt_hourly_2023-04_2026-08.csv",
        "EUR",
        60,
        rows.map((r) => ({ t: Date.parse(r[0]), p: num(r[2]) })),
      ),
    );
  }
  if (want("es-day-ahead-15min")) {
    // Mixed resolution file: the 15-minute part (from 2025-10-01).
    const { rows } = parseRows(readText(f("spain/omie_day_ahead_es_pt_2023-04_2026-08.csv")));
    const pts = rows.filter((r) => r[2] === "15").map((r) => ({ t: Date.parse(r[3]), p: num(r[5]) }));
    out.push(series("es-day-ahead-15min", "spain/omie_day_ahead_es_pt_2023-04_2026-08.csv", "EUR", 15, pts));
  }
  const nemFiles: [string, number, number, number][] = [
    ["nem/nem_rrp_demand_5min_2024.csv.gz", 5, 2, 3],
    ["nem/nem_rrp_demand_5min_2025-01_2025-04.csv.gz", 5, 2, 3],
    ["nem/nem_rrp_demand_30min_2021-01_2021-09.csv", 30, 2, 3],
    ["nem/nem_vic1_rrp_demand_5min_2024-01_2026-06.csv.gz", 5, 2, 3],
    ["nem/nem_nsw1_price_hourly_2025-01_2026-01_openelectricity.csv", 60, 2, 3],
  ];
  for (const [rel, step, tCol, pCol] of nemFiles) {
    const base = path.basename(rel).replace(/\.csv(\.gz)?$/, "");
    if (!want(`nem:${base}`) && !filter?.("nem")) {
      if (filter) continue;
    }
    if (!existsSync(f(rel))) continue;
    const { rows } = parseRows(readText(f(rel)));
    const byRegion = new Map<string, { t: number; p: number }[]>();
    for (const r of rows) {
      const list = byRegion.get(r[0]) ?? [];
      list.push({ t: Date.parse(r[tCol]), p: num(r[pCol]) });
      byRegion.set(r[0], list);
    }
    for (const [region, pts] of byRegion) {
      const id = `nem:${base}:${region}`;
      if (want(id)) out.push(series(id, rel, "AUD", step, pts));
    }
  }
  {
    const rel = "ercot/ercot_hub_lz_dam_rtm_hourly_2024_2026Q1.csv.gz";
    const ids = ["HB_HOUSTON", "HB_NORTH", "HB_SOUTH", "HB_WEST", "HB_BUSAVG"];
    if (ids.some((sp) => want(`ercot:${sp}:dam`) || want(`ercot:${sp}:rtm`)) && existsSync(f(rel))) {
      const { rows } = parseRows(readText(f(rel)));
      const dam = new Map<string, { t: number; p: number }[]>();
      const rtm = new Map<string, { t: number; p: number }[]>();
      for (const r of rows) {
        if (!ids.includes(r[2])) continue;
        // delivery_date + hour_ending (Central prevailing time) → UTC hour start (approximate CPT offset by month)
        const t = centralHourStartUtc(r[0], Number(r[1]));
        (dam.get(r[2]) ?? dam.set(r[2], []).get(r[2])!).push({ t, p: num(r[3]) });
        (rtm.get(r[2]) ?? rtm.set(r[2], []).get(r[2])!).push({ t, p: num(r[4]) });
      }
      for (const sp of ids) {
        if (want(`ercot:${sp}:dam`)) out.push(series(`ercot:${sp}:dam`, rel, "USD", 60, dam.get(sp) ?? []));
        if (want(`ercot:${sp}:rtm`)) out.push(series(`ercot:${sp}:rtm`, rel, "USD", 60, rtm.get(sp) ?? []));
      }
    }
  }
  return out;
}

/** Hour-ending h (1–24) of a US/Central day → UTC start of that hour (DST by the US rule). */
function centralHourStartUtc(date: string, hourEnding: number): number {
  const [y, m, d] = date.split("-").map(Number);
  const dstStart = nthSunday(y, 2, 2); // second Sunday of March
  const dstEnd = nthSunday(y, 10, 1); // first Sunday of November
  const day = Date.UTC(y, m - 1, d);
  const offset = day >= dstStart && day < dstEnd ? 5 : 6;
  return day + (hourEnding - 1 + offset) * 3600_000;
}
function nthSunday(y: number, month0: number, nth: number): number {
  const first = new Date(Date.UTC(y, month0, 1)).getUTCDay();
  return Date.UTC(y, month0, 1 + ((7 - first) % 7) + 7 * (nth - 1));
}

/** A window of `days` days from a segment, starting `offsetDays` in. */
export function window(seg: Segment, offsetDays: number, days: number): Segment {
  const per = (24 * 60) / seg.intervalMinutes;
  const a = Math.min(seg.price.length, Math.round(offsetDays * per));
  const b = Math.min(seg.price.length, a + Math.round(days * per));
  return {
    startUtc: new Date(Date.parse(seg.startUtc) + a * seg.intervalMinutes * 60000).toISOString(),
    intervalMinutes: seg.intervalMinutes,
    price: seg.price.slice(a, b),
  };
}
