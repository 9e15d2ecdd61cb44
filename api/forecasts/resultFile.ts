// The result workbook of a run (xlsx): Inputs, Yearly revenues, Monthly revenues, Cycles and
// degradation (battery runs only), Methodology. Each sheet is built by its own module in
// ./workbook/, all in the look of engine/workbook/tableSheet.ts (units in the headers, numbers as
// numbers, headers frozen, columns sized, printed one page wide with the header on every page).
import ExcelJS from "exceljs";
import type { RunResult } from "./runs.ts";
import { hasBattery } from "../../app/validation/forecast.ts";
import { configurationOf, strategyLabel } from "../../app/validation/runLabels.ts";
import type { MarketRegion } from "../../engine/types.ts";
import {
  MARKET_CURRENCY,
  defaultFinanceInputs,
  type FinanceDefaults,
  type FinanceInputs,
} from "../../engine/finance/index.ts";
import { addFinanceSheet } from "./financeSheet.ts";
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

/**
 * The finance a workbook is built with: the given inputs (the run's own, once runs carry them), else
 * the market's defaults for the run's years, with their sources. Only stand-alone batteries get
 * finance (decision 0401).
 */
function financeFor(
  result: RunResult,
  region: string,
  inputs?: FinanceInputs,
): (FinanceDefaults & { inputs: FinanceInputs }) | { inputs: FinanceInputs; sources?: undefined } | null {
  const used = result.forecastUsed;
  if ((configurationOf(used) ?? "bess") !== "bess" || !(region in MARKET_CURRENCY)) return null;
  const years = result.strategies[0]?.years.length ?? 0;
  if (!years) return null;
  if (inputs) return { inputs };
  return defaultFinanceInputs(region as MarketRegion, years);
}

export async function buildResultWorkbook(run: {
  runName: string;
  scenarioName: string;
  result: RunResult;
  /** Finance inputs; the market's defaults when absent. */
  finance?: FinanceInputs;
}): Promise<Buffer> {
  const { result } = run;
  const region = String(result.forecastUsed.region ?? "");
  const battery = hasBattery(configurationOf(result.forecastUsed) ?? "bess");
  const wb = new ExcelJS.Workbook();
  wb.creator = "Voltcast";
  wb.created = new Date(0);

  addInputsSheet(wb, run);
  const yearly = addYearlyRevenuesSheet(wb, result, region);
  addMonthlyRevenuesSheet(wb, result, region);
  if (battery) addCyclesSheet(wb, result, region);

  const used = result.forecastUsed;
  const finance = battery ? financeFor(result, region, run.finance) : null;
  const first = result.strategies[0];
  if (finance && first) {
    const ratedPowerMW = Number(used.ratedPower);
    const energyMWh = ratedPowerMW * Number(used.duration);
    const streams = [
      ...new Set(result.strategies.flatMap((s) => s.years.flatMap((y) => Object.keys(y.streams)))),
    ];
    // The first strategy's years sit from row 2 of the yearly and cycles sheets.
    const firstYearRow = 2;
    const columnOf = (s: string) => yearly.getColumn(s).letter;
    addFinanceSheet(wb, {
      currency: result.currency,
      strategyLabel: strategyLabel(first.strategy, region),
      ratedPowerMW,
      energyMWh,
      inputs: finance.inputs,
      sources: finance.sources,
      years: first.years.map((y, i) => ({
        year: y.year,
        streams: Object.fromEntries(
          streams.map((s) => [s, { value: y.streams[s] ?? 0, cell: `${columnOf(s)}${firstYearRow + i}` }]),
        ),
        // Cycles and degradation: throughput in D, repowered in F, same rows as the yearly sheet.
        discharged:
          y.throughputMWh !== undefined
            ? { value: y.throughputMWh, cell: `D${firstYearRow + i}` }
            : { value: y.cycles * energyMWh },
        repowered: { value: !!y.repowered, cell: `F${firstYearRow + i}` },
      })),
    });
  }
  addMethodologySheet(wb, result.foresight ?? "perfect", battery);

  return Buffer.from(await wb.xlsx.writeBuffer());
}
