// The result workbook of a run (xlsx): readable inputs, yearly revenues by stream, monthly revenues,
// cycles and degradation (battery runs only), methodology — one row per year and revenue
// strategy; numbers formatted with thousands separators, units in the headers, headers frozen.
import ExcelJS from "exceljs";
import type { RunResult } from "./runs.ts";
import { availabilityText, foresightLabel, hasBattery } from "../../app/validation/forecast.ts";
import {
  STREAM_LABELS,
  configurationOf,
  forecastInputRows,
  strategyLabel,
} from "../../app/validation/runLabels.ts";
import { SERVICE_LEVELS } from "../../engine/worldview/ancillary.ts";
import type { MarketRegion, ServiceKey } from "../../engine/types.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** How the dispatch was decided (decision 0117), for the workbook's Methodology sheet. */
export function methodologyLines(foresight: "realistic" | "perfect"): string[] {
  const common = [
    "Revenues come from optimising the battery's dispatch (charge, discharge, service reservations) against the world view's prices, year by year, in monthly windows with a two-day look-ahead, under the daily cycle cap, round-trip efficiency and grid limits.",
    "Streams: wholesale energy at the day-ahead price; GB merchant adds the imbalance (cash-out) price; services are availability payments per MW per hour reserved; the GB Capacity Market is paid on de-rated capacity.",
  ];
  if (foresight === "perfect")
    return [
      `Foresight: ${foresightLabel("perfect")}.`,
      "Every decision is taken knowing every price of the year in advance. This is the upper bound of what the battery could earn; real trading earns less.",
      ...common,
    ];
  return [
    `Foresight: ${foresightLabel("realistic")} — the default.`,
    "Each decision uses only what is known when it is taken, and is settled at the actual prices:",
    "1. Day-ahead position and services committed ahead (GB EFA blocks, ERCOT day-ahead ancillary services, NEM FCAS, EU FCR/aFRR): decided at gate closure on a forecast of each day's prices built from the days before it — for every interval, half yesterday's price and half the mean of the same interval over the last seven days — then settled at the actual day-ahead and service prices.",
    "2. Where a later price exists (GB imbalance for the merchant strategy): the physical schedule is re-optimised around the committed services on a forecast of that price made once day-ahead prices are known (the day-ahead price plus the mean later-minus-day-ahead deviation of the same interval over the last seven days, kept only where it exceeds its own spread over those days: a re-trade needs an edge over the risk of trading on it); the deviation from the day-ahead position is settled at the actual later price.",
    "Prices finer than half-hourly (NEM 5 minutes): the plan is made on half-hour averages of the forecast, as pre-dispatch does, held through each half hour, and settled at the actual 5-minute prices.",
    "The size of these forecast errors is that of the rule on the real price series (../shared/data): on real prices it captures 75–86 % of the perfect-foresight wholesale revenue in GB, DE and ES day-ahead, 34–80 % in NEM regions at 5 minutes, and little of GB imbalance — see the backtest page (data library) for every market and year.",
    "Each forecast costs one extra pass over the prices and no extra optimisation: the same solves run on the forecast instead of the actual prices.",
    ...common,
  ];
}

export function resultFileName(runName: string, createdAt: Date): string {
  const safe =
    runName
      .replace(/[^\w .-]+/g, "_")
      .trim()
      .slice(0, 80) || "forecast";
  const d = createdAt.toISOString().slice(0, 10).split("-").reverse().join("_");
  return `${safe}_${d}.xlsx`;
}

/** Number formats: whole money with thousands separators, and two decimals. */
const WHOLE = "#,##0";
const TWO_DECIMALS = "#,##0.00";
const HEADER_FILL: ExcelJS.Fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFEEF1F5" } };

interface Column {
  header: string;
  key: string;
  numFmt?: string;
  /** Years: centred (a number that is not an amount). */
  centred?: boolean;
  /** At least this wide (characters); otherwise as wide as the header or the widest value. */
  width?: number;
}

/**
 * A sheet of one table: bold shaded header row that stays in view (frozen, with the first
 * `frozenColumns` columns), numbers formatted per column, each column as wide as what it holds.
 */
function tableSheet(wb: ExcelJS.Workbook, name: string, columns: Column[], frozenColumns: number) {
  const ws = wb.addWorksheet(name, {
    views: [{ state: "frozen", xSplit: frozenColumns, ySplit: 1, activeCell: "A2" }],
    // Printed (or saved as PDF) landscape, all columns on one page wide, the header on every page.
    pageSetup: {
      orientation: "landscape",
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: "1:1",
    },
  });
  ws.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    style: c.numFmt ? { numFmt: c.numFmt } : c.centred ? { alignment: { horizontal: "center" } } : {},
  }));
  const header = ws.getRow(1);
  header.height = 32;
  columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.font = { name: "Calibri", size: 11, bold: true };
    // Headers of number columns sit over their numbers (right); others left.
    cell.alignment = {
      vertical: "middle",
      wrapText: true,
      horizontal: c.numFmt ? "right" : c.centred ? "center" : "left",
    };
    cell.fill = HEADER_FILL;
    cell.border = { bottom: { style: "thin", color: { argb: "FFB8C0CC" } } };
  });
  return ws;
}

/** Each column as wide as its widest value (headers wrap on two lines at most), within bounds. */
function fitColumns(ws: ExcelJS.Worksheet, columns: Column[], max = 60) {
  columns.forEach((c, i) => {
    const col = ws.getColumn(i + 1);
    // The header on two lines at most, never a word broken.
    const longestWord = Math.max(...c.header.split(/\s+/).map((w) => w.length));
    let widest = Math.max(Math.ceil(c.header.length / 2), longestWord) + 2;
    col.eachCell({ includeEmpty: false }, (cell, row) => {
      if (row === 1) return;
      const v = cell.value;
      const text =
        typeof v === "number" ? v.toLocaleString("en-GB", { maximumFractionDigits: 2 }) : String(v ?? "");
      widest = Math.max(widest, text.length + 2);
    });
    col.width = Math.min(max, Math.max(c.width ?? 8, widest));
  });
}

export async function buildResultWorkbook(run: {
  runName: string;
  scenarioName: string;
  result: RunResult;
}): Promise<Buffer> {
  const { result } = run;
  const used = result.forecastUsed;
  const region = String(used.region ?? "");
  const battery = hasBattery(configurationOf(used) ?? "bess");
  const wb = new ExcelJS.Workbook();
  wb.creator = "Voltcast";
  wb.created = new Date(0);

  // Inputs: what the run was and what it was computed with, as labels and values (no codes, no JSON).
  const inputColumns: Column[] = [
    { header: "Field", key: "field", width: 28 },
    { header: "Value", key: "value", width: 40 },
  ];
  const inputs = tableSheet(wb, "Inputs", inputColumns, 1);
  const input = (field: string, value: string | number) =>
    (inputs.addRow({ field, value }).getCell(2).alignment = { wrapText: true, horizontal: "left" });
  input("Run name", run.runName);
  input("World view", run.scenarioName);
  input("Model version", result.modelVersion);
  input("Currency", result.currency);
  if (result.moneyBasis) input("Money basis", result.moneyBasis);
  const foresight = result.foresight ?? "perfect";
  input("Foresight", foresightLabel(foresight));
  if (battery) {
    input("Availability", availabilityText(result.availability));
    for (const s of result.strategies)
      for (const e of s.repoweringEvents ?? [])
        input(
          `Re-powering, ${strategyLabel(s.strategy, region)}`,
          `end of ${e.year}: capacity restored after ${Math.round(e.cyclesBefore)} cycles` +
            (e.restoredMWh !== undefined ? ` (${e.restoredMWh.toFixed(1)} MWh)` : "") +
            `; cost ${typeof e.cost === "number" ? e.cost.toFixed(0) : "not priced in the revenue forecast (the investment case prices it)"}`,
        );
  }
  // what each service price rests on: real clearing prices, or an estimate and its published figure
  const levels = SERVICE_LEVELS[region as MarketRegion]?.services ?? {};
  const services = new Set(
    result.strategies.flatMap((s) => s.years.flatMap((y) => Object.keys(y.serviceBreakdown ?? {}))),
  );
  for (const k of services) {
    const basis = levels[k as ServiceKey]?.basis;
    if (basis) input(`Service price basis: ${k}`, basis);
  }
  if (result.perMW) {
    input("Per-MW figures", `per MW of ${result.perMW.of} (${result.perMW.mw} MW)`);
    const g = result.perMW.generation;
    if (g)
      input(
        `Average revenue per MW of ${g.of} (${g.mw} MW)`,
        `${Math.round(g.averagePerMWYear).toLocaleString("en-GB")} ${result.unitYear}`,
      );
  }
  if (result.synthetic) input("Market data", "synthetic scenario series");
  for (const row of forecastInputRows(used)) input(row.label, row.value);
  fitColumns(inputs, inputColumns, 90);

  const streams = [
    ...new Set(result.strategies.flatMap((s) => s.years.flatMap((y) => Object.keys(y.streams)))),
  ];
  // money columns say their basis (e.g. "GBP, real 2024") where the run recorded it
  const basis = result.moneyBasis ? `, ${result.moneyBasis.replace(` ${result.currency}`, "")}` : "";
  // per-MW columns say what the MW is: battery MW, or the solar/wind plant's (decision 0116)
  const of = result.perMW ? `, per MW of ${result.perMW.of}` : "";
  const strategyName = (k: string) => strategyLabel(k, region);

  const yearlyColumns: Column[] = [
    { header: "Strategy", key: "strategy", width: 14 },
    { header: "Year", key: "year", width: 6, centred: true },
    ...streams.map((s) => ({
      header: `${STREAM_LABELS[s] ?? s} (${result.currency}${basis})`,
      key: s,
      numFmt: WHOLE,
      width: 12,
    })),
    { header: `Total (${result.currency}${basis})`, key: "total", numFmt: WHOLE, width: 12 },
    { header: `Total (${result.unitYear}${of}${basis})`, key: "perMW", numFmt: WHOLE, width: 14 },
  ];
  const yearly = tableSheet(wb, "Yearly revenues", yearlyColumns, 2);
  for (const s of result.strategies)
    for (const y of s.years)
      yearly.addRow({
        strategy: strategyName(s.strategy),
        year: y.year,
        ...y.streams,
        total: y.total,
        perMW: y.perMWYear,
      });
  fitColumns(yearly, yearlyColumns);

  const monthlyColumns: Column[] = [
    { header: "Strategy", key: "strategy", width: 14 },
    { header: "Year", key: "year", width: 6, centred: true },
    { header: "Month", key: "month", width: 6 },
    { header: `Revenue (${result.currency}${basis})`, key: "total", numFmt: WHOLE, width: 12 },
    { header: `Revenue (${result.unitMonth}${of}${basis})`, key: "perMW", numFmt: WHOLE, width: 14 },
  ];
  const monthly = tableSheet(wb, "Monthly revenues", monthlyColumns, 3);
  for (const s of result.strategies)
    for (const y of s.years)
      y.monthly.forEach((v, m) =>
        monthly.addRow({
          strategy: strategyName(s.strategy),
          year: y.year,
          month: MONTHS[m],
          total: v,
          perMW: y.monthlyPerMW?.[m] ?? null,
        }),
      );
  fitColumns(monthly, monthlyColumns);

  // Cycles and degradation are the battery's: a run without one has no such sheet.
  if (battery) {
    const cycleColumns: Column[] = [
      { header: "Strategy", key: "strategy", width: 14 },
      { header: "Year", key: "year", width: 6, centred: true },
      { header: "Cycles (full equivalent)", key: "cycles", numFmt: TWO_DECIMALS, width: 10 },
      { header: "Throughput (MWh)", key: "throughput", numFmt: WHOLE, width: 10 },
      { header: "Capacity retention (%)", key: "retention", numFmt: "0.0", width: 10 },
      { header: "Repowered", key: "repowered", width: 10 },
      { header: "Outage days", key: "outageDays", numFmt: "0", width: 8 },
      { header: "CM de-rating duration (h)", key: "cmDuration", numFmt: TWO_DECIMALS, width: 10 },
    ];
    const cycles = tableSheet(wb, "Cycles and degradation", cycleColumns, 2);
    for (const s of result.strategies)
      for (const y of s.years)
        cycles.addRow({
          strategy: strategyName(s.strategy),
          year: y.year,
          cycles: y.cycles,
          throughput: y.throughputMWh ?? null,
          retention: y.capacityRetention * 100,
          repowered: y.repowered ? "yes" : "",
          outageDays: y.outageDays ?? null,
          cmDuration: y.capacityMarketDurationHours ?? null,
        });
    fitColumns(cycles, cycleColumns);
  }

  const method = wb.addWorksheet("Methodology", {
    views: [{ state: "frozen", ySplit: 1 }],
    pageSetup: { orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  const METHOD_WIDTH = 90;
  method.columns = [{ header: "Methodology", key: "text", width: METHOD_WIDTH }];
  method.getRow(1).font = { name: "Calibri", size: 11, bold: true };
  method.getRow(1).getCell(1).fill = HEADER_FILL;
  const lines = battery
    ? methodologyLines(foresight)
    : [
        "This plant has no battery: its revenue is its generation, interval by interval (from the site's solar or wind profile), sold at the world view's prices. The lines below say how those prices and the foresight are used where a battery trades.",
        ...methodologyLines(foresight),
      ];
  for (const line of lines) {
    const row = method.addRow({ text: line });
    row.alignment = { wrapText: true, vertical: "top" };
    // Tall enough for its wrapped lines (spreadsheets do not all size wrapped rows themselves).
    row.height = 15 * Math.ceil(line.length / (METHOD_WIDTH * 1.05)) + 3;
  }

  return Buffer.from(await wb.xlsx.writeBuffer());
}
