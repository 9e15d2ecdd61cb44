// A finished run's download as one zip (issue 19, item 14): the result workbook, and the first
// year's dispatch and prices at the market interval as CSV, one file per revenue strategy, with a
// README that says what each file holds. Under the run file's rule (spec §4): ready, and unlocked.
import express from "express";
import { Writable } from "node:stream";
import { zipSync, strToU8 } from "fflate";
import { describe } from "../openapi.ts";
import { z } from "../zod.ts";
import { route } from "../http/route.ts";
import type { ApiContext } from "../http/context.ts";
import { notFound } from "../http/errors.ts";
import { REGIONS } from "../../engine/markets/regions.ts";
import { buildResultWorkbook, resultFileName } from "../forecasts/resultFile.ts";
import { dispatchIndex, loadDispatch, writeDispatchCsv } from "../forecasts/dispatch.ts";
import { shownStatus } from "../forecasts/runs.ts";
import { scenarioById } from "../forecasts/scenarios.ts";
import { configurationOf, strategyLabel } from "../../app/validation/runLabels.ts";
import { hasBattery } from "../../app/validation/forecast.ts";
import { runFor } from "./forecastRuns.ts";

const PATH = "/forecast/run-library/:id([0-9a-fA-F-]{36})/result/download.zip";

describe({
  method: "get",
  path: "/forecast/run-library/:id/result/download.zip",
  operationId: "getRunDownloadZip",
  tag: "Run library",
  summary: "A finished run's download: its result workbook and its first year's dispatch as CSV, in one zip",
  description:
    "The zip holds `<run>.xlsx` (inputs, revenues by stream per year and month, cycles and degradation, methodology), `<run>_<strategy>_<year>_dispatch.csv` for the first year of each revenue strategy (one row per market interval, UTC; other years: `…/result/dispatch.csv?year=`), and README.txt. Same rule as the run file: the run is ready_for_review and the caller may download it (403 names the subscription a library run needs).",
  params: z.object({ id: z.string().uuid() }),
  response: { file: "application/zip", description: "A zip of the workbook, the CSVs and a README" },
  errors: [403],
});

/** A Writable that keeps what is written (one year's CSV: at most a few MB). */
function collector() {
  const parts: Buffer[] = [];
  const out = new Writable({
    highWaterMark: 1 << 22,
    write(chunk, _enc, done) {
      parts.push(Buffer.from(chunk));
      done();
    },
  });
  return { out, bytes: () => new Uint8Array(Buffer.concat(parts)) };
}

const safeName = (s: string) =>
  s
    .replace(/[^\w .-]+/g, "_")
    .trim()
    .slice(0, 80) || "run";

export function forecastRunDownloadRouter(ctx: ApiContext) {
  const r = express.Router();
  r.get(
    PATH,
    route(async (req, res) => {
      const { row } = await runFor(ctx, req, req.params.id, { unlocked: true });
      const result = row.result;
      if (shownStatus(row) !== "ready_for_review" || !result)
        throw notFound("This run has no results yet: it is not finished.");
      const region = String(result.forecastUsed.region ?? row.market_region);
      const battery = hasBattery(
        configurationOf({ configuration: row.configuration, ...result.forecastUsed }) ?? "bess",
      );
      const workbookName = resultFileName(row.run_name, row.created_at);
      const files: Record<string, Uint8Array> = {
        [workbookName]: new Uint8Array(
          await buildResultWorkbook({
            runName: row.run_name,
            scenarioName: scenarioById(row.macro_scenario_id ?? "")?.name ?? row.macro_scenario_id ?? "",
            result,
          }),
        ),
      };
      const index = await dispatchIndex(ctx.db, row.id);
      const firstYear = index.length ? Math.min(...index.map((d) => d.year)) : null;
      const csvLines: string[] = [];
      for (const s of result.strategies) {
        const kept = index.find((d) => d.strategy === s.strategy && d.year === firstYear);
        if (!kept) continue;
        const d = (await loadDispatch(ctx.db, row.id, s.strategy, kept.year))!;
        const csv = collector();
        await writeDispatchCsv(csv.out, d, { region: row.market_region, battery });
        const name = `${safeName(row.run_name)}_${s.strategy}_${kept.year}_dispatch.csv`;
        files[name] = csv.bytes();
        csvLines.push(
          `- ${name}: ${strategyLabel(s.strategy, region)}, ${kept.year}, one row per ${d.intervalMinutes}-minute interval (${d.intervals.toLocaleString("en-GB")} rows)`,
        );
      }
      files["README.txt"] = strToU8(
        [
          `Voltcast forecast run: ${row.run_name}`,
          "",
          `- ${workbookName}: inputs, revenues by stream per year and per month (${result.currency}${result.moneyBasis ? `, ${result.moneyBasis}` : ""}), ${battery ? "cycles and degradation, " : ""}methodology.`,
          ...(csvLines.length
            ? csvLines
            : ["- No interval dispatch was kept for this run (it was made before dispatch was kept)."]),
          "",
          csvLines.length
            ? `Dispatch columns: interval start (UTC), the same instant in market time (${REGIONS[row.market_region].timeZone}, with its UTC offset), price (${result.currency}/MWh)${battery ? ", charge, discharge, import and export (MW), state of charge (MWh)" : ", the site's import and export (MW)"}.`
            : "",
          `Other years' dispatch: GET /api/v1/forecast/run-library/${row.id}/result/dispatch.csv?year=YYYY&strategy=KEY`,
          "",
        ].join("\n"),
      );
      const zip = zipSync(files, { level: 6 });
      res.setHeader("content-type", "application/zip");
      res.setHeader(
        "content-disposition",
        `attachment; filename="${workbookName.replace(/\.xlsx$/, "").replace(/"/g, "")}.zip"`,
      );
      res.setHeader("content-length", String(zip.byteLength));
      res.end(Buffer.from(zip));
    }),
  );
  return r;
}
