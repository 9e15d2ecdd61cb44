// The result workbook a user opens in Excel (issue 19, item 14): numbers formatted with thousands
// separators and units in the headers, header rows frozen, columns sized, a readable Inputs sheet
// (labels and values, no JSON, no codes), no battery columns on a solar-only run, a Methodology sheet.
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { buildResultWorkbook } from "../../../api/forecasts/resultFile.ts";
import type { RunResult } from "../../../api/forecasts/runs.ts";

function year(y: number, total: number, cycles: number) {
  return {
    year: y,
    streams: { wholesale: total * 0.7, capacityMarket: total * 0.3 },
    // GB's six Dynamic services, whose prices rest on one source
    serviceBreakdown: Object.fromEntries(["DCL", "DCH", "DML", "DMH", "DRL", "DRH"].map((k) => [k, 1000])),
    total,
    perMWYear: total / 50,
    monthly: Array.from({ length: 12 }, () => total / 12),
    monthlyPerMW: Array.from({ length: 12 }, () => total / 12 / 50),
    cycles,
    throughputMWh: cycles * 100,
    capacityRetention: 0.985,
  };
}

function resultFor(configuration: "bess" | "solar"): RunResult {
  const battery = configuration === "bess";
  const forecastUsed: Record<string, unknown> = {
    region: "GB",
    configuration,
    runName: { "gb-central": "Cornwall" },
    runAsset: { marketRegion: "GB", configuration },
    engineInput: { region: "GB", ratedPower: 50, duration: 2 },
    assetName: "Cornwall battery",
    zipCode: "TR1 1AA",
    gspGroup: "_L",
    startDate: "2025-01-01",
    horizonYears: 2,
    ratedPower: 50,
    duration: 2,
    maxCycles: 1.5,
    efficiency: "88",
    maxImport: "same",
    maxExport: "same",
    coLocation: "false",
    degradation: "standard_degradation_curve",
    repowering: 10000,
    connectionType: "distribution",
    revenueStrategies: ["energy_only"],
    ...(battery ? {} : { solarRatedPower: 15 }),
  };
  return {
    modelVersion: "wv-1.0.0",
    currency: "GBP",
    unitYear: "GBP/MW/year",
    unitMonth: "GBP/MW/month",
    moneyBasis: "real 2024 GBP",
    forecastUsed,
    strategies: [
      {
        strategy: "energy_only",
        total: 4_400_000,
        averagePerMWYear: 44_000,
        years: [year(2025, 2_250_000, battery ? 490 : 0), year(2026, 2_150_000, battery ? 480 : 0)],
      },
    ],
    revenuePerMWYear: 44_000,
    foresight: "realistic",
    perMW: { of: battery ? "battery" : "solar", mw: battery ? 50 : 15 },
  };
}

async function workbook(configuration: "bess" | "solar") {
  const wb = new ExcelJS.Workbook();
  const file = await buildResultWorkbook({
    runName: "Cornwall",
    scenarioName: "Central",
    result: resultFor(configuration),
  });
  await wb.xlsx.load(new Uint8Array(file).buffer);
  return wb;
}

/** The Inputs sheet as field → value. */
function inputsOf(wb: ExcelJS.Workbook) {
  const out = new Map<string, unknown>();
  wb.getWorksheet("Inputs")!.eachRow((row, i) => {
    if (i > 1) out.set(String(row.getCell(1).value), row.getCell(2).value);
  });
  return out;
}

/** The Inputs sheet as field → unit. */
function unitsOf(wb: ExcelJS.Workbook) {
  const out = new Map<string, unknown>();
  wb.getWorksheet("Inputs")!.eachRow((row, i) => {
    if (i > 1) out.set(String(row.getCell(1).value), row.getCell(3).value);
  });
  return out;
}

describe("the result workbook", () => {
  it("formats money with thousands separators, says the units in the headers and freezes the header rows", async () => {
    const wb = await workbook("bess");
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      "Inputs",
      "Yearly revenues",
      "Monthly revenues",
      "Cycles and degradation",
      "Finance",
      "Methodology",
    ]);
    const yearly = wb.getWorksheet("Yearly revenues")!;
    const headers = (yearly.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual([
      "Strategy",
      "Year",
      "Wholesale (GBP, real 2024)",
      "Capacity market (GBP, real 2024)",
      "Total (GBP, real 2024)",
      "Total (GBP/MW/year, MW of battery, real 2024)",
    ]);
    // The strategy as the builder names it; money as whole numbers with thousands separators.
    expect(yearly.getCell("A2").value).toBe("Energy Only");
    for (const c of ["C2", "D2", "E2", "F2"]) expect(yearly.getCell(c).numFmt).toBe("#,##0");
    expect(yearly.getCell("E2").value).toBe(2_250_000);
    for (const ws of wb.worksheets) {
      expect(ws.views[0], ws.name).toMatchObject({ state: "frozen", ySplit: 1 });
      expect(ws.getCell("A1").font?.bold, ws.name).toBe(true);
    }
    expect(yearly.views[0]).toMatchObject({ xSplit: 2 });
    // Columns wide enough for what they hold.
    expect(yearly.getColumn(5).width).toBeGreaterThanOrEqual("2,250,000".length);
    expect(wb.getWorksheet("Monthly revenues")!.getCell("D2").numFmt).toBe("#,##0");
    const cycles = wb.getWorksheet("Cycles and degradation")!;
    expect(cycles.getCell("C1").value).toBe("Cycles (full equivalent)");
    expect(cycles.getCell("E2").value).toBeCloseTo(98.5);
    expect(cycles.getCell("E1").value).toBe("Capacity retention (%)");
    expect(wb.getWorksheet("Methodology")!.rowCount).toBeGreaterThan(3);
  });

  it("has a readable Inputs sheet: labels and values, no JSON cells, no codes", async () => {
    const inputs = inputsOf(await workbook("bess"));
    for (const [field, value] of inputs) {
      expect(String(value), field).not.toMatch(/^[[{]/);
      expect(field).not.toMatch(/^(runName|runAsset|engineInput|forecastUsed)$/);
    }
    expect(inputs.get("Region")).toBe("Great Britain");
    expect(inputs.get("Configuration")).toBe("Stand-alone BESS");
    expect(inputs.get("GSP group")).toBe("South Western");
    expect(inputs.get("Start date")).toBe("01 Jan 2025");
    expect(inputs.get("Rated power")).toBe(50);
    expect(inputs.get("Degradation")).toBe("Standard degradation curve");
    expect(inputs.get("Revenue strategies")).toBe("Energy Only");
    expect(inputs.get("Money basis")).toBe("real 2024 GBP");
  });

  it("shows no battery columns or rows on a solar-only run", async () => {
    const wb = await workbook("solar");
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      "Inputs",
      "Yearly revenues",
      "Monthly revenues",
      "Methodology",
    ]);
    const inputs = inputsOf(wb);
    expect(inputs.get("Configuration")).toBe("Stand-alone Solar");
    expect(inputs.get("Solar rated power")).toBe(15);
    for (const battery of ["Rated power", "Duration", "Max cycles per day", "Efficiency", "Degradation"])
      expect(inputs.has(battery), battery).toBe(false);
    const headers = (wb.getWorksheet("Yearly revenues")!.getRow(1).values as unknown[]).join(" ");
    expect(headers).toContain("GBP/MW/year, MW of solar");
    expect(headers).not.toMatch(/cycle|battery/i);
  });

  // Issue 27 item 1: the Inputs sheet printed garbled (wrapped rows over the next row), values were
  // text ("50 MW", "88%"), six "Service price basis" rows repeated one source, and the Methodology
  // named a developer's folder.
  it("gives inputs as numbers with their unit in a column of its own", async () => {
    const wb = await workbook("bess");
    const ws = wb.getWorksheet("Inputs")!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(["Field", "Value", "Unit"]);
    const values = inputsOf(wb);
    const units = unitsOf(wb);
    const expected: Record<string, [number, string]> = {
      "Rated power": [50, "MW"],
      Duration: [2, "h"],
      "Energy capacity": [100, "MWh"],
      "Max cycles per day": [1.5, "cycles per day"],
      Efficiency: [88, "%"],
      "Forecast years": [2, "years"],
      "Re-powering": [10000, "cycles"],
    };
    for (const [field, [value, unit]] of Object.entries(expected)) {
      expect(values.get(field), field).toBe(value);
      expect(units.get(field), field).toBe(unit);
    }
    // No value is a number written as text with its unit.
    for (const [field, value] of values)
      expect(String(value), field).not.toMatch(/^-?[\d,.]+ ?(MW|MWh|h|%|cycles)$/);
  });

  it("says what the service prices rest on once per source, and sizes wrapped rows to their lines", async () => {
    const wb = await workbook("bess");
    const ws = wb.getWorksheet("Inputs")!;
    const basisRows: ExcelJS.Row[] = [];
    ws.eachRow((row) => {
      if (String(row.getCell(1).value).startsWith("Service price basis")) basisRows.push(row);
    });
    expect(basisRows).toHaveLength(1);
    expect(basisRows[0].getCell(1).value).toBe("Service price basis: DCL, DCH, DML, DMH, DRL, DRH");
    // A value longer than its column wraps, and its row is tall enough for its lines (LibreOffice
    // prints a wrapped row at one line's height otherwise, over the next one).
    const text = String(basisRows[0].getCell(2).value);
    const width = ws.getColumn(2).width!;
    expect(text.length).toBeGreaterThan(width);
    expect(basisRows[0].getCell(2).alignment?.wrapText).toBe(true);
    expect(basisRows[0].height).toBeGreaterThanOrEqual(15 * Math.ceil(text.length / width));
  });

  it("prints every sheet at most two pages wide with its header on each page", async () => {
    const wb = await workbook("bess");
    for (const ws of wb.worksheets) {
      // The Finance sheet's years are two landscape pages wide, Item and Unit repeated on each.
      const wide = ws.name === "Finance" ? 2 : 1;
      expect(ws.pageSetup, ws.name).toMatchObject({ fitToPage: true, fitToWidth: wide, fitToHeight: 0 });
      expect(ws.pageSetup.printTitlesRow, ws.name).toBe("1:1");
      if (wide === 2) expect(ws.pageSetup.printTitlesColumn, ws.name).toBe("A:B");
    }
  });

  it("names the data behind the methodology as a user would, not by a folder", async () => {
    const wb = await workbook("bess");
    const text: string[] = [];
    wb.getWorksheet("Methodology")!.eachRow((row) => text.push(String(row.getCell(1).value)));
    expect(text.join(" ")).not.toMatch(/shared\/data|\.\.\//);
    expect(text.join(" ")).toMatch(/Elexon/);
  });
});
