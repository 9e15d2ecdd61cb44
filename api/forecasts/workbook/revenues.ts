// The run workbook's revenue sheets: yearly revenues by stream and monthly revenues, one row per
// year (month) and revenue strategy, money in whole units with its currency and basis in the header.
import type ExcelJS from "exceljs";
import type { RunResult } from "../runs.ts";
import { STREAM_LABELS, strategyLabel } from "../../../app/validation/runLabels.ts";
import { WHOLE, finishTable, tableSheet, type Column } from "../../../engine/workbook/tableSheet.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** What a money column's header says after its currency: the basis (", real 2024") where recorded. */
export function moneyHeaderParts(result: RunResult) {
  const basis = result.moneyBasis ? `, ${result.moneyBasis.replace(` ${result.currency}`, "")}` : "";
  // per-MW columns say what the MW is: battery MW, or the solar/wind plant's (decision 0116)
  const of = result.perMW ? `, MW of ${result.perMW.of}` : "";
  // ("GBP/MW/year, MW of battery" as on the run page: "GBP/MW/year, per MW of battery" said "per MW" twice)
  return { basis, of };
}

export function addYearlyRevenuesSheet(
  wb: ExcelJS.Workbook,
  result: RunResult,
  region: string,
): ExcelJS.Worksheet {
  const { basis, of } = moneyHeaderParts(result);
  const streams = [
    ...new Set(result.strategies.flatMap((s) => s.years.flatMap((y) => Object.keys(y.streams)))),
  ];
  const columns: Column[] = [
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
  const ws = tableSheet(wb, "Yearly revenues", columns, 2);
  for (const s of result.strategies)
    for (const y of s.years)
      ws.addRow({
        strategy: strategyLabel(s.strategy, region),
        year: y.year,
        ...y.streams,
        total: y.total,
        perMW: y.perMWYear,
      });
  finishTable(ws, columns);
  return ws;
}

export function addMonthlyRevenuesSheet(wb: ExcelJS.Workbook, result: RunResult, region: string): void {
  const { basis, of } = moneyHeaderParts(result);
  const columns: Column[] = [
    { header: "Strategy", key: "strategy", width: 14 },
    { header: "Year", key: "year", width: 6, centred: true },
    { header: "Month", key: "month", width: 6 },
    { header: `Revenue (${result.currency}${basis})`, key: "total", numFmt: WHOLE, width: 12 },
    { header: `Revenue (${result.unitMonth}${of}${basis})`, key: "perMW", numFmt: WHOLE, width: 14 },
  ];
  const ws = tableSheet(wb, "Monthly revenues", columns, 3);
  for (const s of result.strategies)
    for (const y of s.years)
      y.monthly.forEach((v, m) =>
        ws.addRow({
          strategy: strategyLabel(s.strategy, region),
          year: y.year,
          month: MONTHS[m],
          total: v,
          perMW: y.monthlyPerMW?.[m] ?? null,
        }),
      );
  finishTable(ws, columns);
}
