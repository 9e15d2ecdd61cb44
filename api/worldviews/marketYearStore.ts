// World-view market years built once and kept (issue 29, decision 0509). A market year is a pure
// function of the world-view engine's sources and its options (world view, year, zone, interval,
// weather realisation: a price path's seed and index are in its weather key), so it is built the
// first time a run or a price path asks for it and read from a file after that, by every thread and
// worker process that shares the data folder:
//   VOLTCAST_DATA_DIR/worldviews/<model version>-<engine hash>/market-years/<hash of the key>.bin
// The model version and the hash of the engine's sources are in the folder and in the key, so a
// changed model never serves a stale year. A file is written under a temporary name and renamed
// (readers see a whole file or none; two workers building the same year write the same bytes), and
// the key is checked on reading. The folder is bounded: past VOLTCAST_MARKET_YEAR_STORE_MB the least
// recently used years (a read refreshes a file's time) are removed.
import { createHash } from "node:crypto";
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { endianness } from "node:os";
import path from "node:path";
import { threadId } from "node:worker_threads";
import { getScenario, marketYear, type MarketYearOptions } from "../../engine/worldview/index.ts";
import { REGIONS } from "../../engine/markets/regions.ts";
import type { MarketYear } from "../../engine/types.ts";
import { parseEnv } from "../config.ts";
import { worldViewDir, worldViewEngineHash } from "./files.ts";

const MAGIC = "VCMY1";

export interface MarketYearStore {
  /** The folder of the current model's years. */
  dir: string;
  /** Bytes the years of every model version may take together; 0: nothing is kept. */
  budgetBytes: number;
}

/** The store of this process: the data folder's, with the configured budget. */
export function defaultMarketYearStore(): MarketYearStore {
  const env = parseEnv();
  return {
    dir: marketYearsDir(worldViewDir(modelVersionOf())),
    budgetBytes: env.VOLTCAST_MARKET_YEAR_STORE_MB * 1024 * 1024,
  };
}

function modelVersionOf(): string {
  return getScenario("gb-central")!.modelVersion;
}

function marketYearsDir(worldViewFolder: string): string {
  return path.join(worldViewFolder, "market-years");
}

/**
 * Everything the year's prices depend on: the model (version and engine sources), the world view,
 * the year and the options as the engine resolves them (the interval defaults to the market's).
 */
export function marketYearKey(scenarioId: string, year: number, opts: MarketYearOptions = {}): string {
  const scen = getScenario(scenarioId);
  if (!scen) throw new Error(`Unknown world view ${scenarioId}`);
  const interval = opts.intervalMinutes ?? REGIONS[scen.marketRegion].settlementMinutes;
  return [
    scen.modelVersion,
    worldViewEngineHash(),
    scenarioId,
    year,
    (opts.zone ?? "").toUpperCase(),
    interval,
    opts.weatherKey ?? "wv",
  ].join("|");
}

/** The file that keeps the year of a key (the key is checked inside: a hash is not proof). */
export function marketYearFile(store: MarketYearStore, key: string): string {
  return path.join(store.dir, `${createHash("sha256").update(key).digest("hex").slice(0, 32)}.bin`);
}

/** What a lookup did (for the bench and the tests). */
export const storeCounts = { hits: 0, misses: 0 };

/**
 * The world view's market year (engine/worldview `marketYear`), from the store when it holds it,
 * else built and kept. Throws as `marketYear` does for an unknown world view or year.
 */
export function storedMarketYear(
  scenarioId: string,
  year: number,
  opts: MarketYearOptions = {},
  store: MarketYearStore = defaultMarketYearStore(),
): MarketYear {
  if (store.budgetBytes <= 0 || endianness() !== "LE") return marketYear(scenarioId, year, opts);
  const key = marketYearKey(scenarioId, year, opts);
  const file = marketYearFile(store, key);
  const kept = readYear(file, key);
  if (kept) {
    storeCounts.hits++;
    return kept;
  }
  storeCounts.misses++;
  const my = marketYear(scenarioId, year, opts);
  keep(store, file, key, my);
  return my;
}

// ------------------------------------------------------------------ file format
// MAGIC, a 4-byte header length, the header (JSON: key, the year's plain fields, the series' places
// and lengths), padding to 8 bytes, then each series as little-endian float64, in the header's order.

type SeriesPlace = [field: string, sub: string | null, length: number];

function encode(key: string, my: MarketYear): Uint8Array {
  const fields: Record<string, unknown> = {};
  const places: SeriesPlace[] = [];
  const series: Float64Array[] = [];
  for (const [field, v] of Object.entries(my)) {
    if (v instanceof Float64Array) {
      places.push([field, null, v.length]);
      series.push(v);
    } else if (v && typeof v === "object" && Object.values(v).some((x) => x instanceof Float64Array)) {
      for (const [sub, x] of Object.entries(v as Record<string, Float64Array | undefined>)) {
        if (!(x instanceof Float64Array)) continue; // an absent service
        places.push([field, sub, x.length]);
        series.push(x);
      }
    } else fields[field] = v;
  }
  const header = Buffer.from(JSON.stringify({ key, fields, places }), "utf8");
  const dataStart = align8(MAGIC.length + 4 + header.length);
  const total = dataStart + series.reduce((a, s) => a + s.byteLength, 0);
  const out = new Uint8Array(total);
  out.set(Buffer.from(MAGIC, "latin1"), 0);
  new DataView(out.buffer).setUint32(MAGIC.length, header.length, true);
  out.set(header, MAGIC.length + 4);
  let at = dataStart;
  for (const s of series) {
    out.set(new Uint8Array(s.buffer, s.byteOffset, s.byteLength), at);
    at += s.byteLength;
  }
  return out;
}

function decode(bytes: ArrayBuffer, key: string): MarketYear | null {
  const u8 = new Uint8Array(bytes);
  if (u8.length < MAGIC.length + 4 || Buffer.from(u8.subarray(0, MAGIC.length)).toString("latin1") !== MAGIC)
    return null;
  const headerLength = new DataView(bytes).getUint32(MAGIC.length, true);
  const header = JSON.parse(
    Buffer.from(u8.subarray(MAGIC.length + 4, MAGIC.length + 4 + headerLength)).toString("utf8"),
  ) as { key: string; fields: Record<string, unknown>; places: SeriesPlace[] };
  if (header.key !== key) return null; // another key with the same file name: never served
  let at = align8(MAGIC.length + 4 + headerLength);
  const my: Record<string, unknown> = { ...header.fields };
  for (const [field, sub, length] of header.places) {
    if (at + length * 8 > bytes.byteLength) return null; // a cut file
    const s = new Float64Array(bytes, at, length);
    at += length * 8;
    if (sub === null) my[field] = s;
    else ((my[field] ??= {}) as Record<string, Float64Array>)[sub] = s;
  }
  return at === bytes.byteLength ? (my as unknown as MarketYear) : null;
}

const align8 = (n: number) => Math.ceil(n / 8) * 8;

function readYear(file: string, key: string): MarketYear | null {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return null; // not built yet (or just evicted)
  }
  try {
    // read into a fresh buffer so that the series are aligned float64 views, not copies
    const bytes = new ArrayBuffer(fstatSync(fd).size);
    const u8 = new Uint8Array(bytes);
    for (let at = 0; at < u8.length; ) {
      const n = readSync(fd, u8, at, u8.length - at, at);
      if (n <= 0) return null;
      at += n;
    }
    const my = decode(bytes, key);
    if (my) touch(file);
    return my;
  } catch {
    return null; // unreadable: built again and written over
  } finally {
    closeSync(fd);
  }
}

function touch(file: string) {
  const now = new Date();
  try {
    utimesSync(file, now, now);
  } catch {
    // evicted meanwhile: nothing to refresh
  }
}

let writtenSinceTrim = Infinity;

function keep(store: MarketYearStore, file: string, key: string, my: MarketYear) {
  try {
    mkdirSync(store.dir, { recursive: true });
    const bytes = encode(key, my);
    const tmp = `${file}.${process.pid}-${threadId}-${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(tmp, bytes);
    renameSync(tmp, file);
    writtenSinceTrim += bytes.length;
    // the folder is measured again after each sixteenth of the budget written by this thread
    if (writtenSinceTrim > store.budgetBytes / 16) {
      writtenSinceTrim = 0;
      trimStore(store);
    }
  } catch (e) {
    // a full or read-only disk costs speed, never the run
    console.warn(`[worldview] market year not kept: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * Removes the least recently used years (of any model version: an old model's are never read
 * again) until the store is under its budget, and temporary files an interrupted write left.
 */
export function trimStore(store: MarketYearStore): void {
  const worldviews = path.dirname(path.dirname(store.dir));
  const files: { file: string; bytes: number; used: number }[] = [];
  let dirs: string[];
  try {
    dirs = readdirSync(worldviews);
  } catch {
    return;
  }
  const hourAgo = Date.now() - 3600_000;
  for (const d of dirs) {
    const years = marketYearsDir(path.join(worldviews, d));
    let names: string[];
    try {
      names = readdirSync(years);
    } catch {
      continue;
    }
    for (const name of names) {
      const file = path.join(years, name);
      try {
        const st = statSync(file);
        if (name.endsWith(".tmp")) {
          if (st.mtimeMs < hourAgo) unlinkSync(file);
          continue;
        }
        files.push({ file, bytes: st.size, used: st.mtimeMs });
      } catch {
        // removed by another worker meanwhile
      }
    }
  }
  let total = files.reduce((a, f) => a + f.bytes, 0);
  if (total <= store.budgetBytes) return;
  files.sort((a, b) => a.used - b.used);
  for (const f of files) {
    if (total <= store.budgetBytes * 0.9) break;
    try {
      unlinkSync(f.file);
    } catch {
      // another worker removed it
    }
    total -= f.bytes;
  }
}
