// The result workbook of a run (xlsx): inputs, yearly revenues by stream, monthly revenues,
// cycles and degradation — one row per year and revenue strategy.
import ExcelJS from "exceljs";
import type { RunResult } from "./runs.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export const STREAM_LABELS: Record<string, string> = {
  wholesale: "Wholesale",
  imbalance: "Imbalance",
  services: "Ancillary services",
  capacityMarket: "Capacity market",
  generation: "Generation",
  duosUnitCharges: "DUoS unit charges",
  duosFixedCharges: "DUoS fixed charges",
  tnuos: "TNUoS",
};

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
  const wb = new ExcelJS.Workbook();
  wb.creator = "Voltcast";
  wb.created = new Date(0);

  const inputs = wb.addWorksheet("Inputs");
  inputs.columns = [
    { header: "Field", key: "field", width: 34 },
    { header: "Value", key: "value", width: 48 },
  ];
  inputs.addRow({ field: "Run name", value: run.runName });
  inputs.addRow({ field: "World view", value: run.scenarioName });
  inputs.addRow({ field: "Model version", value: result.modelVersion });
  inputs.addRow({ field: "Currency", value: result.currency });
  if (result.synthetic) inputs.addRow({ field: "Market data", value: "synthetic scenario series" });
  for (const [k, v] of Object.entries(result.forecastUsed)) {
    if (v === undefined || v === null || k === "customDegradationCurve" || k === "generationProfile")
      continue;
    inputs.addRow({ field: k, value: typeof v === "object" ? JSON.stringify(v) : v });
  }

  const streams = [
    ...new Set(result.strategies.flatMap((s) => s.years.flatMap((y) => Object.keys(y.streams)))),
  ];
  const yearly = wb.addWorksheet("Yearly revenues");
  yearly.columns = [
    { header: "Strategy", key: "strategy", width: 18 },
    { header: "Year", key: "year", width: 8 },
    ...streams.map((s) => ({ header: `${STREAM_LABELS[s] ?? s} (${result.currency})`, key: s, width: 20 })),
    { header: `Total (${result.currency})`, key: "total", width: 18 },
    { header: `Total (${result.unitYear})`, key: "perMW", width: 20 },
  ];
  for (const s of result.strategies)
    for (const y of s.years)
      yearly.addRow({ strategy: s.strategy, year: y.year, ...y.streams, total: y.total, perMW: y.perMWYear });

  const monthly = wb.addWorksheet("Monthly revenues");
  monthly.columns = [
    { header: "Strategy", key: "strategy", width: 18 },
    { header: "Year", key: "year", width: 8 },
    { header: "Month", key: "month", width: 8 },
    { header: `Revenue (${result.currency})`, key: "total", width: 18 },
    { header: `Revenue (${result.unitMonth})`, key: "perMW", width: 20 },
  ];
  for (const s of result.strategies)
    for (const y of s.years)
      y.monthly.forEach((v, m) =>
        monthly.addRow({
          strategy: s.strategy,
          year: y.year,
          month: MONTHS[m],
          total: v,
          perMW: y.monthlyPerMW?.[m] ?? null,
        }),
      );

  const cycles = wb.addWorksheet("Cycles and degradation");
  cycles.columns = [
    { header: "Strategy", key: "strategy", width: 18 },
    { header: "Year", key: "year", width: 8 },
    { header: "Cycles", key: "cycles", width: 12 },
    { header: "Throughput (MWh)", key: "throughput", width: 18 },
    { header: "Capacity retention (%)", key: "retention", width: 22 },
    { header: "Repowered", key: "repowered", width: 12 },
  ];
  for (const s of result.strategies)
    for (const y of s.years)
      cycles.addRow({
        strategy: s.strategy,
        year: y.year,
        cycles: Math.round(y.cycles * 100) / 100,
        throughput: y.throughputMWh ?? null,
        retention: Math.round(y.capacityRetention * 10000) / 100,
        repowered: y.repowered ? "yes" : "",
      });

  for (const ws of wb.worksheets) ws.getRow(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
