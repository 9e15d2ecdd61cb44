// Importers: a file (CSV, .csv.gz, OMIE's .N files) or a folder of them → datasets. The format is
// recognised from the header (formats.ts); each file is stored in ONE transaction, and importing the
// same file again replaces its values (upsert on (dataset, timestamp)), so re-imports are idempotent.
import { createReadStream, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { createGunzip } from "node:zlib";
import type { Db } from "../db/client.ts";
import { parse as parseCsv } from "@fast-csv/parse";
import { detectFormat, type Format } from "./formats.ts";
import { storeSeries, type StoredSeries } from "./store.ts";

export interface FileResult {
  file: string;
  format: string | null;
  /** Why a file was skipped (unknown format), when it was. */
  skipped?: string;
  datasets: { slug: string; id: number; points: number }[];
  points: number;
  ms: number;
}

const CANDIDATE = /(\.csv|\.csv\.gz|\.txt|^marginalpdbc_\d{8}\.\d+)$/i;

/**
 * Files whose terms allow internal model calibration only: they never enter the data library, which
 * users browse and download (the German FCR/aFRR capacity prices, see ../shared/data/SOURCES.md).
 */
export const INTERNAL_ONLY = /^de_fcr_afrr_/i;

/** Every importable file under `p` (itself when a file), in a stable order. */
export function filesUnder(p: string): string[] {
  const st = statSync(p);
  if (st.isFile()) return [p];
  const out: string[] = [];
  for (const name of readdirSync(p).sort()) {
    if (name.startsWith(".")) continue;
    const full = path.join(p, name);
    const s = statSync(full);
    if (s.isDirectory()) out.push(...filesUnder(full));
    else if (CANDIDATE.test(name)) out.push(full);
  }
  return out;
}

/**
 * The first line of a stream (to recognise the format) and a stream of all of it again, for the CSV
 * reader: the chunks read to find the line are put back in front of the rest.
 */
async function firstLineOf(input: Readable): Promise<{ firstLine: string; all: Readable }> {
  const chunks = input[Symbol.asyncIterator]();
  const decoder = new StringDecoder("utf8");
  const read: Buffer[] = [];
  let head = "";
  while (!/\r?\n/.test(head)) {
    const next = await chunks.next();
    if (next.done) break;
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    read.push(chunk);
    head += decoder.write(chunk);
  }
  async function* again() {
    yield* read;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  return { firstLine: head.split(/\r?\n/, 1)[0], all: Readable.from(again(), { objectMode: false }) };
}

/** Parse a file into series without touching the database. */
export async function parseFile(file: string): Promise<{ format: Format | null; series: StoredSeries[] }> {
  const raw = createReadStream(file);
  const input = file.toLowerCase().endsWith(".gz") ? raw.pipe(createGunzip()) : raw;
  try {
    const { firstLine, all } = await firstLineOf(input);
    const format = detectFormat(firstLine);
    if (!format) return { format: null, series: [] };
    let sink: ReturnType<Format["create"]> | null = null;
    // Rows by the CSV library (quotes, escaped quotes, line breaks inside quotes); blank lines and
    // AEMO's "*" end marker are passed over.
    for await (const row of all.pipe(parseCsv<string[], string[]>({ delimiter: format.delimiter }))) {
      const cells = row as string[];
      if (!sink) {
        sink = format.create(cells.map((x, i) => (i === 0 ? x.replace(/^\uFEFF/, "") : x).trim()));
        continue;
      }
      const joined = cells.join("").trim();
      if (!joined || (cells.length === 1 && joined === "*")) continue;
      sink.row(cells);
    }
    return { format, series: sink ? sink.finish() : [] };
  } finally {
    raw.destroy();
  }
}

/** Import one file; `origin` is how it is recorded (default: its path relative to `root`). */
export async function importFile(db: Db, file: string, opts: { root?: string } = {}): Promise<FileResult> {
  const started = Date.now();
  const origin = opts.root ? path.relative(opts.root, file) || path.basename(file) : path.basename(file);
  if (INTERNAL_ONLY.test(path.basename(file))) {
    const skipped = "internal calibration data: never imported into the library";
    return { file: origin, format: null, skipped, datasets: [], points: 0, ms: Date.now() - started };
  }
  const { format, series } = await parseFile(file);
  if (!format) {
    return {
      file: origin,
      format: null,
      skipped: "not a format Voltcast recognises",
      datasets: [],
      points: 0,
      ms: Date.now() - started,
    };
  }
  const datasets = await storeSeries(db, origin, format.id, series);
  return {
    file: origin,
    format: format.id,
    datasets,
    points: datasets.reduce((s, d) => s + d.points, 0),
    ms: Date.now() - started,
  };
}

/**
 * Import a file or every importable file under a folder. Files of unknown formats are skipped
 * (reported), except when a single file was named: then it is an error.
 */
export async function importPath(
  db: Db,
  p: string,
  opts: { onFile?: (r: FileResult, index: number, total: number) => void } = {},
): Promise<FileResult[]> {
  const abs = path.resolve(p);
  const single = statSync(abs).isFile();
  const files = filesUnder(abs);
  const root = single ? path.dirname(abs) : abs;
  const results: FileResult[] = [];
  for (const [i, f] of files.entries()) {
    const r = await importFile(db, f, { root });
    if (single && r.skipped) throw new Error(`${r.file}: ${r.skipped}`);
    results.push(r);
    opts.onFile?.(r, i + 1, files.length);
  }
  return results;
}
