// The run workbook's Finance sheet (issue 30 item 3, acceptance 2; decision 0410): its cells are
// formulas with their results cached, and LibreOffice, recalculating them, gets the model's IRR,
// NPV and DSCR — also after an analyst changes capex in the workbook.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { afterAll, describe, expect, it } from "vitest";
import { buildResultWorkbook } from "../../../api/forecasts/resultFile.ts";
import type { RunResult } from "../../../api/forecasts/runs.ts";
import {
  defaultFinanceInputs,
  financeModel,
  type FinanceInputs,
  type FinanceResult,
} from "../../../engine/finance/index.ts";

const MW = 50;
const YEARS = 15;
const SOFFICE = "/usr/bin/soffice";

/**
 * A realistic GB 50 MW / 2 h revenue profile (real 2024 GBP per MW): wholesale falling from ~70k to
 * ~45k, services ~20k falling, Capacity Market ~8k, TNUoS a small cost; ~1.1 cycles a day; a
 * re-powering after year 10.
 */
function gbYear(i: number) {
  const perMW = {
    wholesale: 70_000 - 1_800 * i,
    services: 20_000 - 800 * i,
    capacityMarket: 8_000,
    tnuos: -1_500,
  };
  const streams = Object.fromEntries(Object.entries(perMW).map(([k, v]) => [k, v * MW]));
  const total = Object.values(streams).reduce((a, b) => a + b, 0);
  const cycles = 400 - 2 * i;
  return {
    year: 2026 + i,
    streams,
    total,
    perMWYear: total / MW,
    monthly: Array.from({ length: 12 }, () => total / 12),
    monthlyPerMW: Array.from({ length: 12 }, () => total / 12 / MW),
    cycles,
    throughputMWh: cycles * 100 * 0.95,
    capacityRetention: 0.98,
    repowered: i === 9,
  };
}

function gbResult(): RunResult {
  const years = Array.from({ length: YEARS }, (_, i) => gbYear(i));
  return {
    modelVersion: "wv-1.0.0",
    currency: "GBP",
    unitYear: "GBP/MW/year",
    unitMonth: "GBP/MW/month",
    moneyBasis: "real 2024 GBP",
    forecastUsed: {
      region: "GB",
      configuration: "bess",
      startDate: "2026-01-01",
      horizonYears: YEARS,
      ratedPower: MW,
      duration: 2,
      revenueStrategies: ["merchant"],
    },
    strategies: [
      {
        strategy: "merchant",
        total: years.reduce((a, y) => a + y.total, 0),
        averagePerMWYear: years.reduce((a, y) => a + y.perMWYear, 0) / YEARS,
        years,
      },
    ],
    revenuePerMWYear: years.reduce((a, y) => a + y.perMWYear, 0) / YEARS,
    foresight: "realistic",
    perMW: { of: "battery", mw: MW },
  };
}

function modelFor(result: RunResult, inputs: FinanceInputs): FinanceResult {
  return financeModel(inputs, {
    ratedPowerMW: MW,
    energyMWh: MW * 2,
    currency: "GBP",
    years: result.strategies[0].years.map((y) => ({
      year: y.year,
      streamsPerMW: Object.fromEntries(Object.entries(y.streams).map(([k, v]) => [k, v / MW])),
      dischargedMWh: y.throughputMWh!,
      repowered: y.repowered,
    })),
  });
}

async function load(file: Buffer | Uint8Array) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(new Uint8Array(file).buffer as ArrayBuffer);
  return wb;
}

/** The Finance sheet's label (column A) → its column C cell. */
function measureCells(ws: ExcelJS.Worksheet) {
  const out = new Map<string, ExcelJS.Cell>();
  ws.eachRow((row) => {
    const label = row.getCell(1).value;
    if (typeof label === "string" && !out.has(label)) out.set(label, row.getCell(3));
  });
  return out;
}

const cached = (cell: ExcelJS.Cell) => (cell.value as { result?: unknown }).result;

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** LibreOffice headless recalculates the workbook (forced on load) and prints the Finance sheet as CSV: label → column C. */
function recalculatedByLibreOffice(file: Buffer | Uint8Array): Map<string, number> {
  const dir = mkdtempSync(join(tmpdir(), "voltcast-finance-"));
  dirs.push(dir);
  writeFileSync(join(dir, "run.xlsx"), file);
  // Its own profile, so a user's LibreOffice setting cannot change the test; recalculation of xlsx
  // files on load is forced there (the default asks, which headless answers "never").
  const profile = join(dir, "profile");
  mkdirSync(join(profile, "user"), { recursive: true });
  writeFileSync(
    join(profile, "user", "registrymodifications.xcu"),
    `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
`,
  );
  execFileSync(
    SOFFICE,
    [
      `-env:UserInstallation=file://${profile}`,
      "--headless",
      "--convert-to",
      // sheet -1: every sheet, one CSV each (run-SheetName.csv); formulas as values, full precision.
      "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1",
      "--outdir",
      dir,
      join(dir, "run.xlsx"),
    ],
    { stdio: "pipe", timeout: 120_000, env: { ...process.env, HOME: dir } },
  );
  const csv = readFileSync(join(dir, "run-Finance.csv"), "utf8");
  const out = new Map<string, number>();
  for (const line of csv.split("\n")) {
    const cells = parseCsvLine(line);
    const value = Number(cells[2]?.replace(/[,%]/g, ""));
    if (cells[0] && !out.has(cells[0]) && cells[2] !== "" && Number.isFinite(value))
      out.set(cells[0], cells[2].endsWith("%") ? value / 100 : value);
  }
  return out;
}

function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === "," && !quoted) {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

const within = (actual: number | undefined, expected: number, tolerance = 0.001) => {
  expect(actual).toBeDefined();
  expect(Math.abs(actual! - expected)).toBeLessThanOrEqual(Math.abs(expected) * tolerance);
};

describe("the Finance sheet of the run workbook", () => {
  const result = gbResult();
  const inputs = defaultFinanceInputs("GB", YEARS).inputs;
  const model = modelFor(result, inputs);

  it("holds the inputs and the measures as formulas over the revenue sheet, with the model's figures cached", async () => {
    const wb = await load(
      await buildResultWorkbook({ runName: "Cornwall", scenarioName: "Central", result }),
    );
    const ws = wb.getWorksheet("Finance")!;
    expect(ws).toBeDefined();
    const cells = measureCells(ws);
    // Inputs are values (an analyst types over them), with their sources.
    expect(cells.get("Capex, energy part")!.value).toBe(inputs.capexPerKWh);
    expect(String(ws.getRow(Number(cells.get("Capex, energy part")!.row)).getCell(4).value)).toMatch(/Modo/);
    const irr = cells.get("Project IRR, post-tax")!.value as ExcelJS.CellFormulaValue;
    expect(irr.formula).toMatch(/^IRR\(/);
    expect((cells.get("Equity IRR")!.value as ExcelJS.CellFormulaValue).formula).toMatch(/^IRR\(/);
    expect((cells.get("Project IRR, pre-tax")!.value as ExcelJS.CellFormulaValue).formula).toMatch(/^IRR\(/);
    expect(
      (cells.get("NPV (project, post-tax, at year 0)")!.value as ExcelJS.CellFormulaValue).formula,
    ).toMatch(/NPV\(/);
    expect((cells.get("Minimum DSCR")!.value as ExcelJS.CellFormulaValue).formula).toMatch(/MIN\(/);
    // Revenue is read from the Yearly revenues sheet, not copied.
    const wholesale = ws.getRow(Number(cells.get("Wholesale")?.row ?? cells.get("wholesale")!.row));
    expect((wholesale.getCell(4).value as ExcelJS.CellFormulaValue).formula).toMatch(/^'Yearly revenues'!/);
    // Every yearly cell of the cash flows is a formula.
    const equity = ws.getRow(Number(cells.get("Equity cash flow")!.row));
    for (let c = 3; c <= 3 + YEARS; c++) expect(equity.getCell(c).formula).toBeTruthy();
    // The cached results are the model's figures.
    within(cached(cells.get("Project IRR, post-tax")!) as number, model.projectIrr!);
    within(cached(cells.get("Project IRR, pre-tax")!) as number, model.projectIrrPreTax!);
    within(cached(cells.get("Equity IRR")!) as number, model.equityIrr!);
    within(cached(cells.get("NPV (project, post-tax, at year 0)")!) as number, model.npv);
    within(cached(cells.get("Minimum DSCR")!) as number, model.minDscr!);
    within(cached(cells.get("Average DSCR")!) as number, model.averageDscr!);
    within(cached(cells.get("Debt")!) as number, model.debt);
    within(cached(cells.get("LCOS")!) as number, model.lcos!);
  });

  it.skipIf(!existsSync(SOFFICE))(
    "recalculated by LibreOffice, gives the model's IRR, NPV and DSCR, and moves the IRR when capex changes",
    async () => {
      const file = await buildResultWorkbook({ runName: "Cornwall", scenarioName: "Central", result });
      const lo = recalculatedByLibreOffice(file);
      within(lo.get("Project IRR, post-tax"), model.projectIrr!);
      within(lo.get("Project IRR, pre-tax"), model.projectIrrPreTax!);
      within(lo.get("Equity IRR"), model.equityIrr!);
      within(lo.get("NPV (project, post-tax, at year 0)"), model.npv);
      within(lo.get("Minimum DSCR"), model.minDscr!);
      within(lo.get("Average DSCR"), model.averageDscr!);
      within(lo.get("Debt"), model.debt);

      // An analyst raises the energy capex by a quarter: exceljs writes the input, and drops every
      // cached result so nothing stale survives unless recalculated.
      const wb = await load(file);
      const ws = wb.getWorksheet("Finance")!;
      const capexCell = measureCells(ws).get("Capex, energy part")!;
      capexCell.value = inputs.capexPerKWh * 1.25;
      wb.eachSheet((sheet) =>
        sheet.eachRow((row) =>
          row.eachCell((cell) => {
            if (cell.formula) cell.value = { formula: cell.formula } as ExcelJS.CellFormulaValue;
          }),
        ),
      );
      const edited = Buffer.from(await wb.xlsx.writeBuffer());
      const after = recalculatedByLibreOffice(edited);
      const dearer = modelFor(result, { ...inputs, capexPerKWh: inputs.capexPerKWh * 1.25 });
      expect(after.get("Project IRR, post-tax")).not.toBeCloseTo(lo.get("Project IRR, post-tax")!, 3);
      within(after.get("Project IRR, post-tax"), dearer.projectIrr!);
      within(after.get("Equity IRR"), dearer.equityIrr!);
      within(after.get("NPV (project, post-tax, at year 0)"), dearer.npv);
      within(after.get("Minimum DSCR"), dearer.minDscr!);
      within(after.get("Debt"), dearer.debt);
    },
    600_000,
  );
});
