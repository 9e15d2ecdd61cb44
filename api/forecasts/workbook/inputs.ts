// The run workbook's Inputs sheet: what the run was and what it was computed with. Numbers are
// numbers with their unit in a column of its own (an analyst sums and charts them); long text wraps
// within its row; what each service price rests on is said once per source, not once per service.
import type ExcelJS from "exceljs";
import type { RunResult } from "../runs.ts";
import { availabilityText, foresightLabel, hasBattery } from "../../../app/validation/forecast.ts";
import {
  balancingMechanismNote,
  configurationOf,
  forecastInputRows,
  strategyLabel,
} from "../../../app/validation/runLabels.ts";
import { SERVICE_LEVELS } from "../../../engine/worldview/ancillary.ts";
import type { MarketRegion, ServiceKey } from "../../../engine/types.ts";
import {
  AS_TYPED,
  WHOLE,
  finishTable,
  tableSheet,
  type Column,
} from "../../../engine/workbook/tableSheet.ts";

const COLUMNS: Column[] = [
  { header: "Field", key: "field", width: 26, maxWidth: 34, wrap: true },
  { header: "Value", key: "value", width: 14, maxWidth: 60, wrap: true },
  { header: "Unit", key: "unit", width: 10, maxWidth: 18 },
];

/** Services grouped by what their price rests on, in the order they first appear. */
export function serviceBases(
  region: string,
  services: Iterable<string>,
): { services: string[]; basis: string }[] {
  const levels = SERVICE_LEVELS[region as MarketRegion]?.services ?? {};
  const byBasis = new Map<string, string[]>();
  for (const k of services) {
    const basis = levels[k as ServiceKey]?.basis;
    if (basis) byBasis.set(basis, [...(byBasis.get(basis) ?? []), k]);
  }
  return [...byBasis].map(([basis, services]) => ({ services, basis }));
}

export function addInputsSheet(
  wb: ExcelJS.Workbook,
  run: { runName: string; scenarioName: string; result: RunResult },
): void {
  const { result } = run;
  const used = result.forecastUsed;
  const ws = tableSheet(wb, "Inputs", COLUMNS, 1);
  const input = (field: string, value: string | number, unit = "", numFmt = AS_TYPED) => {
    const row = ws.addRow({ field, value, unit });
    const cell = row.getCell(2);
    // A list of fields, not a column of figures: numbers sit left, beside their label, like text.
    if (typeof value === "number") cell.numFmt = numFmt;
    cell.alignment = { horizontal: "left", vertical: "top", wrapText: typeof value !== "number" };
    row.getCell(1).alignment = { vertical: "top", wrapText: true };
    row.getCell(3).alignment = { vertical: "top" };
  };
  input("Run name", run.runName);
  input("World view", run.scenarioName);
  input("Model version", result.modelVersion);
  input("Currency", result.currency);
  if (result.moneyBasis) input("Money basis", result.moneyBasis);
  input("Foresight", foresightLabel(result.foresight ?? "perfect"));
  const services = new Set(
    result.strategies.flatMap((s) => s.years.flatMap((y) => Object.keys(y.serviceBreakdown ?? {}))),
  );
  for (const b of serviceBases(String(used.region ?? ""), services))
    input(`Service price basis: ${b.services.join(", ")}`, b.basis);
  if (hasBattery(configurationOf(used) ?? "bess")) {
    const region = String(used.region ?? "");
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
  // the Balancing Mechanism's dispatch rate and price, with their sources (decision 0140)
  for (const s of result.strategies) {
    const note = balancingMechanismNote(s.years);
    if (note) input(`Balancing Mechanism: ${strategyLabel(s.strategy, String(used.region ?? ""))}`, note);
  }
  if (result.perMW) {
    input("Per-MW figures", `per MW of ${result.perMW.of}`);
    const g = result.perMW.generation;
    if (g) {
      input(`${g.of === "solar" ? "Solar" : "Wind"} plant power (per-MW basis)`, g.mw, "MW");
      input(`Average revenue per MW of ${g.of}`, Math.round(g.averagePerMWYear), result.unitYear, WHOLE);
    }
  }
  if (result.synthetic) input("Market data", "synthetic scenario series");
  for (const row of forecastInputRows(used))
    if (row.amount !== undefined) input(row.label, row.amount, row.unit);
    else input(row.label, row.value);
  finishTable(ws, COLUMNS);
}
