// The result workbook of a run (xlsx): Inputs, Yearly revenues, Monthly revenues, Cycles and
// degradation (battery runs only), Methodology. Each sheet is built by its own module in
// ./workbook/, all in the look of engine/workbook/tableSheet.ts (units in the headers, numbers as
// numbers, headers frozen, columns sized, printed one page wide with the header on every page).
import ExcelJS from "exceljs";
import type { RunResult } from "./runs.ts";
import { hasBattery } from "../../app/validation/forecast.ts";
import { configurationOf } from "../../app/validation/runLabels.ts";
import { addInputsSheet } from "./workbook/inputs.ts";
import { addMonthlyRevenuesSheet, addYearlyRevenuesSheet } from "./workbook/revenues.ts";
import { addCyclesSheet } from "./workbook/cycles.ts";
import { addMethodologySheet } from "./workbook/methodology.ts";

export function resultFileName(runName: string, createdAt: Date): string {
  const safe =
    runName
      .replace(/[^\w .-]+/g, "_")
      .trim()
      .slice(0, 80) || "forecast";
  const d = createdAt.toISOString().slice(0, 10).split("-").reverse().join("_");
  return `${safe}_${d}.xlsx`;
}

export async function buildResultWorkbook(run: {
  runName: string;
  scenarioName: string;
  result: RunResult;
}): Promise<Buffer> {
  const { result } = run;
  const region = String(result.forecastUsed.region ?? "");
  const battery = hasBattery(configurationOf(result.forecastUsed) ?? "bess");
  const wb = new ExcelJS.Workbook();
  wb.creator = "Voltcast";
  wb.created = new Date(0);

  addInputsSheet(wb, run);
  addYearlyRevenuesSheet(wb, result, region);
  addMonthlyRevenuesSheet(wb, result, region);
  if (battery) addCyclesSheet(wb, result, region);
  addMethodologySheet(wb, result.foresight ?? "perfect", battery);

  return Buffer.from(await wb.xlsx.writeBuffer());
}
