// Uploaded files (spec §5: .csv only, 2 097 152 bytes): read from a multipart body, checked,
// and parsed — custom degradation curves, solar profiles and a client's own run results.
import type { Request } from "express";
import { badRequest } from "../http/errors.ts";
import { NUL_MESSAGE } from "../http/input.ts";
import {
  checkUpload,
  LIMITS,
  MESSAGES,
  FORECAST_REGIONS,
  CONFIGURATIONS,
  type ForecastRegion,
  type Configuration,
} from "../../app/validation/forecast.ts";
import { degradationCurveFromRows, standardRetention, UploadError } from "../../engine/degradation/index.ts";
import { readCsvRows } from "./csvUpload.ts";
import { STREAM_LABELS } from "../../app/validation/runLabels.ts";
import type { RunResult } from "./runs.ts";

export interface UploadedFile {
  name: string;
  type: string;
  size: number;
  text: string;
  fields: Record<string, string>;
}

const CURRENCY: Record<ForecastRegion, string> = {
  GB: "GBP",
  ERCOT: "USD",
  NEM: "AUD",
  DE: "EUR",
  ES: "EUR",
};

/** Largest revenue a client upload may state for a stream and year: sums of such stay finite and exact enough. */
export const MAX_UPLOADED_REVENUE = 1e12;

/** The `file` part of a multipart/form-data body (raw body from express.raw), checked against spec §5. */
export async function readUpload(req: Request): Promise<UploadedFile> {
  const type = req.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data") || !Buffer.isBuffer(req.body)) {
    throw badRequest({ file: [MESSAGES.uploadWrongType] }, MESSAGES.uploadWrongType);
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(req.body), { headers: { "content-type": type } }).formData();
  } catch {
    throw badRequest({ file: [MESSAGES.uploadWrongType] }, MESSAGES.uploadWrongType);
  }
  const file = form.get("file");
  if (!file || typeof file === "string")
    throw badRequest({ file: ["Please choose a file to upload."] }, "Please choose a file to upload.");
  const problem = checkUpload({ name: file.name, type: file.type, size: file.size });
  if (problem) throw badRequest({ file: [problem] }, problem);
  if (file.name.includes("\u0000"))
    throw badRequest(
      { file: ["The file name may not contain a NUL character."] },
      "The file name may not contain a NUL character.",
    );
  const fields: Record<string, string> = {};
  for (const [k, v] of form.entries()) {
    if (typeof v !== "string") continue;
    if (v.includes("\u0000") || k.includes("\u0000"))
      throw badRequest({ [k.split("\u0000").join("")]: [NUL_MESSAGE] }, NUL_MESSAGE);
    fields[k] = v;
  }
  return { name: file.name, type: file.type, size: file.size, text: await file.text(), fields };
}

function unsupported(detail?: string): never {
  const message = detail ? `${MESSAGES.uploadUnsupported}. ${detail}` : `${MESSAGES.uploadUnsupported}.`;
  throw badRequest({ file: [message] }, message);
}

/** A degradation curve: cycles and retained capacity (fraction or %), checked by the engine's parser. */
export async function parseDegradationUpload(
  f: UploadedFile,
): Promise<{ cycles: number[]; retention: number[] }> {
  const rows = await readRows(f);
  try {
    return degradationCurveFromRows(rows);
  } catch (e) {
    if (e instanceof UploadError)
      unsupported("Each line needs cycles and the capacity retained (0–1 or %), with cycles increasing.");
    throw e;
  }
}

/** The template offered for download: the standard curve's cycle fade, as cycles and % retained. */
export function degradationTemplateCsv(): string {
  const lines = ["cycles,capacity_retention_percent"];
  for (const c of [0, 500, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000])
    lines.push(`${c},${(standardRetention(c, 0) * 100).toFixed(1)}`);
  return lines.join("\n") + "\n";
}

/** The file's rows (a file the CSV reader cannot read is not a supported format). */
async function readRows(f: UploadedFile): Promise<string[][]> {
  try {
    return await readCsvRows(f.text);
  } catch {
    return unsupported("The file is not readable as CSV.");
  }
}

/**
 * A solar profile: one hourly value per line for a year (8 760 lines; 8 784 for a leap year, whose
 * 29 February is dropped), as a capacity factor (0–1) or a percentage; an optional timestamp
 * column before the value and a header line are allowed.
 */
export async function parseSolarProfileUpload(
  f: UploadedFile,
): Promise<{ capacityFactors: number[]; annualYield: number }> {
  const values: number[] = [];
  const rows = await readRows(f);
  rows.forEach((cells, i) => {
    const v = Number(cells[cells.length - 1]);
    if (!Number.isFinite(v) || cells[cells.length - 1] === "") {
      if (i === 0) return; // header
      unsupported(`Line ${i + 1} has no number.`);
    }
    values.push(v);
  });
  if (values.length === 8784) values.splice(59 * 24, 24);
  if (values.length !== 8760)
    unsupported(`A solar profile has 8 760 hourly values (found ${values.length}).`);
  const max = Math.max(...values);
  if (Math.min(...values) < 0 || max > 100)
    unsupported("Values are capacity factors between 0 and 1 (or 0–100 %).");
  const factors = max > 1 ? values.map((v) => v / 100) : values;
  const annualYield = factors.reduce((a, b) => a + b, 0);
  if (annualYield <= 0) unsupported("The profile produces nothing.");
  return { capacityFactors: factors, annualYield };
}

const STREAM_KEYS: Record<string, string> = Object.fromEntries([
  ...Object.keys(STREAM_LABELS).map((k) => [k.toLowerCase(), k]),
  ...Object.entries(STREAM_LABELS).map(([k, label]) => [label.toLowerCase(), k]),
]);

/**
 * A client's own run results (forecasts-from-clients): a header `year,<stream>,…` (streams by key or
 * label: wholesale, services/Ancillary services, capacityMarket, …) then one row per year, in the
 * currency of the region. Form fields: runName (required), marketRegion, configuration, ratedPower (MW).
 */
export async function parseClientRunUpload(f: UploadedFile): Promise<{
  runName: string;
  region: ForecastRegion;
  configuration: Configuration;
  result: RunResult;
}> {
  const errors: Record<string, string[]> = {};
  const runName = (f.fields.runName ?? "").trim();
  if (!runName) errors.runName = [MESSAGES.runNameRequired];
  else if (runName.length > LIMITS.runName) errors.runName = [MESSAGES.runNameMax];
  const region = (f.fields.marketRegion ?? "GB") as ForecastRegion;
  if (!FORECAST_REGIONS.includes(region)) errors.marketRegion = [MESSAGES.region];
  const configuration = (f.fields.configuration ?? "bess") as Configuration;
  if (!CONFIGURATIONS.includes(configuration)) errors.configuration = [MESSAGES.configuration];
  const ratedPower = f.fields.ratedPower ? Number(f.fields.ratedPower) : undefined;
  if (ratedPower !== undefined && !(ratedPower >= LIMITS.ratedPower[0] && ratedPower <= LIMITS.ratedPower[1]))
    errors.ratedPower = [MESSAGES.ratedPower];
  if (Object.keys(errors).length) throw badRequest(errors);

  const rows = await readRows(f);
  if (rows.length < 2) unsupported("Expected a header line and one line per year.");
  const header = rows[0].map((h) => h.toLowerCase());
  if (header[0] !== "year") unsupported("The first column must be 'year'.");
  const streams = header.slice(1).map((h) => STREAM_KEYS[h.replace(/\s*\(.*\)$/, "")] ?? null);
  if (!streams.length || streams.some((s) => s === null)) {
    unsupported(`Columns after 'year' must be revenue streams: ${Object.keys(STREAM_LABELS).join(", ")}.`);
  }
  const years: RunResult["strategies"][number]["years"] = [];
  for (const [i, row] of rows.slice(1).entries()) {
    const cells = row.map((c) => (c === "" ? NaN : Number(c)));
    if (cells.length !== header.length || cells.some((c) => !Number.isFinite(c)))
      unsupported(`Line ${i + 2} is not a year followed by numbers.`);
    if (cells.some((c) => Math.abs(c) > MAX_UPLOADED_REVENUE))
      unsupported(
        `Line ${i + 2} has a revenue beyond ±${MAX_UPLOADED_REVENUE.toExponential()} (1e308 is not a revenue).`,
      );
    const [year, ...vals] = cells;
    if (!Number.isInteger(year) || year < 2000 || year > 2100)
      unsupported(`Line ${i + 2}: '${year}' is not a year.`);
    const s: Record<string, number> = {};
    streams.forEach((k, j) => (s[k!] = vals[j]));
    const total = vals.reduce((a, b) => a + b, 0);
    years.push({
      year,
      streams: s,
      total,
      perMWYear: ratedPower ? total / ratedPower : total,
      monthly: [],
      cycles: 0,
      capacityRetention: 1,
    });
  }
  if (new Set(years.map((y) => y.year)).size !== years.length) unsupported("Each year may appear once.");
  years.sort((a, b) => a.year - b.year);
  const total = years.reduce((a, y) => a + y.total, 0);
  const currency = CURRENCY[region];
  const averagePerMWYear = years.reduce((a, y) => a + y.perMWYear, 0) / years.length;
  return {
    runName,
    region,
    configuration,
    result: {
      modelVersion: "client upload",
      currency,
      unitYear: ratedPower ? `${currency}/MW/year` : `${currency}/year`,
      unitMonth: ratedPower ? `${currency}/MW/month` : `${currency}/month`,
      forecastUsed: { runName, marketRegion: region, configuration, ratedPower, fileName: f.name },
      revenuePerMWYear: averagePerMWYear,
      strategies: [{ strategy: "client", total, averagePerMWYear, years }],
    },
  };
}
