import { describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { unzipSync, strFromU8 } from "fflate";
import {
  buildDatabookXlsx,
  buildPowerPriceCsv,
  forwardCurve,
  syntheticHistory,
  zipFiles,
  marketYear,
  powerPriceCsvChunks,
} from "../../../engine/worldview/index.ts";
import { intervalsInYear } from "../../../engine/worldview/calendar.ts";

describe("databook", () => {
  it("is an xlsx that exceljs opens, with assumptions, annual prices, capacity mix and methodology", async () => {
    const buf = await buildDatabookXlsx("gb-central");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const names = wb.worksheets.map((w) => w.name);
    expect(names).toEqual(
      expect.arrayContaining(["About", "Assumptions", "Capacity mix", "Annual prices", "Methodology"]),
    );
    const ap = wb.getWorksheet("Annual prices")!;
    expect(ap.rowCount).toBe(1 + 26);
    const years = ap.getColumn(1).values.slice(2) as number[];
    expect(years[0]).toBe(2025);
    expect(years[25]).toBe(2050);
    const baseload = ap.getRow(2).getCell(3).value as number;
    expect(baseload).toBeGreaterThan(0);
    expect(wb.getWorksheet("Assumptions")!.rowCount).toBe(27);
  }, 120_000);
});

describe("power prices", () => {
  it("is a CSV of timestamp,price for every interval of every requested year", async () => {
    const csv = (await buildPowerPriceCsv("es-central", { fromYear: 2025, toYear: 2026 })).toString("utf8");
    const lines = csv.trim().split("\n");
    expect(lines[0]).toBe("timestamp,price");
    expect(lines.length - 1).toBe(intervalsInYear(2025, 15) + intervalsInYear(2026, 15));
    const [t0, p0] = lines[1].split(",");
    expect(t0).toBe("2025-01-01T00:00:00Z");
    expect(Number.isFinite(Number(p0))).toBe(true);
    let prev = 0;
    for (const l of lines.slice(1, 2000)) {
      const [t, p] = l.split(",");
      const ms = Date.parse(t);
      expect(ms).toBeGreaterThan(prev);
      expect(Number.isFinite(Number(p))).toBe(true);
      prev = ms;
    }
  }, 60_000);

  it("streams one chunk per year and zips into a valid archive", () => {
    const chunks = [...powerPriceCsvChunks("gb-low", { fromYear: 2030, toYear: 2031, intervalMinutes: 60 })];
    expect(chunks.length).toBe(3);
    const zip = zipFiles([{ name: "gb-low.csv", data: chunks.join("") }]);
    const files = unzipSync(new Uint8Array(zip));
    expect(Object.keys(files)).toEqual(["gb-low.csv"]);
    expect(strFromU8(files["gb-low.csv"]).startsWith("timestamp,price\n2030-01-01T00:00:00Z,")).toBe(true);
  }, 60_000);
});

describe("forward curve", () => {
  it("is hourly, derived from the Central world view, with baseload and peakload per year", () => {
    const fc = forwardCurve("DE", { fromYear: 2026, toYear: 2027 });
    expect(fc.scenarioId).toBe("de-central");
    expect(fc.years.map((y) => y.year)).toEqual([2026, 2027]);
    const y = fc.years[0];
    expect(y.hourly.length).toBe(8760);
    const central = marketYear("de-central", 2026).energyPrice;
    const m = central.reduce((s, v) => s + v, 0) / central.length;
    expect(y.baseload).toBeCloseTo(m, 6);
    expect(Number.isFinite(y.peakload)).toBe(true);
    expect(y.monthlyBaseload).toHaveLength(12);
  }, 60_000);
});

describe("synthetic history", () => {
  it("covers the range at the settlement interval and is labelled synthetic", () => {
    const h = syntheticHistory("GB", "2024-11-30T00:00:00Z", "2025-01-02T00:00:00Z");
    expect(h.source).toBe("synthetic");
    expect(h.synthetic).toBe(true);
    expect(h.intervalMinutes).toBe(30);
    expect(h.values.length).toBe(33 * 48);
    expect(h.values.every(Number.isFinite)).toBe(true);
    const mean = h.values.reduce((s, v) => s + v, 0) / h.values.length;
    expect(mean).toBeGreaterThan(20);
    expect(mean).toBeLessThan(250);
    const ercot = syntheticHistory("ERCOT", "2023-06-01T00:00:00Z", "2023-06-08T00:00:00Z", {
      series: "REGUP",
    });
    expect(ercot.values.length).toBe(7 * 96);
    expect(() => syntheticHistory("DE", "2024-01-02", "2024-01-01")).toThrow();
  }, 60_000);
});
