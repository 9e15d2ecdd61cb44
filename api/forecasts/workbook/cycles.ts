// The run workbook's "Cycles and degradation" sheet: the battery's, so a run without one has none.
import type ExcelJS from "exceljs";
import type { RunResult } from "../runs.ts";
import { strategyLabel } from "../../../app/validation/runLabels.ts";
import {
  ONE_DECIMAL,
  TWO_DECIMALS,
  WHOLE,
  finishTable,
  tableSheet,
  type Column,
} from "../../../engine/workbook/tableSheet.ts";

const COLUMNS: Column[] = [
  { header: "Strategy", key: "strategy", width: 14 },
  { header: "Year", key: "year", width: 6, centred: true },
  { header: "Cycles (full equivalent)", key: "cycles", numFmt: TWO_DECIMALS, width: 10 },
  { header: "Throughput (MWh)", key: "throughput", numFmt: WHOLE, width: 10 },
  { header: "Capacity retention (%)", key: "retention", numFmt: ONE_DECIMAL, width: 10 },
  { header: "Repowered", key: "repowered", width: 10 },
  { header: "Outage days", key: "outageDays", numFmt: "0", width: 8 },
  { header: "CM de-rating duration (h)", key: "cmDuration", numFmt: TWO_DECIMALS, width: 10 },
];

export function addCyclesSheet(wb: ExcelJS.Workbook, result: RunResult, region: string): void {
  const ws = tableSheet(wb, "Cycles and degradation", COLUMNS, 2);
  for (const s of result.strategies)
    for (const y of s.years)
      ws.addRow({
        strategy: strategyLabel(s.strategy, region),
        year: y.year,
        cycles: y.cycles,
        throughput: y.throughputMWh ?? null,
        retention: y.capacityRetention * 100,
        repowered: y.repowered ? "yes" : "",
        outageDays: y.outageDays ?? null,
        cmDuration: y.capacityMarketDurationHours ?? null,
      });
  finishTable(ws, COLUMNS);
}
