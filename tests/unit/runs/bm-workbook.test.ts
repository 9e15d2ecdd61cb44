// The run workbook carries the GB Balancing Mechanism as its own column and names its dispatch rate
// and price sources (issue 25, acceptance 4; decision 0140). The year is the engine's own: ten days
// of a GB energy_with_as year on the synthetic series.
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { buildResultWorkbook } from "../../../api/forecasts/resultFile.ts";
import type { RunResult } from "../../../api/forecasts/runs.ts";
import { initialScenarioState, runYear } from "../../../engine/forecast/scenario.ts";
import { parseForecastInput } from "../../../engine/forecast/index.ts";
import { syntheticDays } from "../engine/support/market-years.ts";

describe("the Balancing Mechanism in the result workbook", () => {
  it("a column of its own, and the Inputs sheet names the dispatch rate and price sources", async () => {
    const p = parseForecastInput({
      configuration: "bess",
      region: "GB",
      ratedPower: 20,
      duration: 2,
      startDate: "2026-01-01",
      assetLifeYears: 1,
      revenueStrategies: ["energy_with_as"],
      macroScenarios: ["central"],
    });
    const my = syntheticDays("GB", 10, { intervalMinutes: 30 });
    const y = runYear(p, "central", "energy_with_as", my, initialScenarioState()).year;
    const forecastUsed = { region: "GB", configuration: "bess", ratedPower: 20, duration: 2 };
    const result: RunResult = {
      modelVersion: "wv-1.0.0",
      currency: "GBP",
      unitYear: "GBP/MW/year",
      unitMonth: "GBP/MW/month",
      moneyBasis: "real 2024 GBP",
      forecastUsed,
      strategies: [{ strategy: "energy_with_as", total: y.total, averagePerMWYear: y.perMWYear, years: [y] }],
      revenuePerMWYear: y.perMWYear,
      foresight: "realistic",
    };
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(
      new Uint8Array(await buildResultWorkbook({ runName: "BM", scenarioName: "Central", result })).buffer,
    );
    const yearly = wb.getWorksheet("Yearly revenues")!;
    const headers = Array.from(yearly.getRow(1).values as unknown[], (v) => String(v ?? ""));
    const col = headers.findIndex((h) => h.startsWith("Balancing Mechanism (GBP"));
    expect(col, headers.join(" | ")).toBeGreaterThan(0);
    expect(Number(yearly.getRow(2).getCell(col).value)).toBeCloseTo(y.streams.bm!, 6);
    const inputs: Record<string, string> = {};
    wb.getWorksheet("Inputs")!.eachRow(
      (row) => (inputs[String(row.getCell(1).value)] = String(row.getCell(2).value)),
    );
    const note = inputs["Balancing Mechanism: Energy with AS"];
    expect(note).toMatch(/dispatch rate of 9 %/);
    expect(note).toMatch(/Modo Energy forecast changelog/);
    expect(note).toMatch(/BM price: Modelled/);
  });
});
