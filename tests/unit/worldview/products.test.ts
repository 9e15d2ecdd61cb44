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
import { parsePriceCsv } from "../../../engine/dispatch/price-csv.ts";

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
    // the money basis is stated once, from engine/markets/money.ts (issue 17)
    const about = wb.getWorksheet("About")!.getSheetValues() as unknown[][];
    const basis = about.find((r) => r?.[1] === "Money basis");
    expect(String(basis?.[2])).toMatch(/^Prices and revenues are in real 2024 money \(GBP/);
    // issue 17: negative-price hours, top-bottom daily spreads and solar capture, per year
    const neg = wb.getWorksheet("Negative prices")!;
    expect(neg.getRow(1).values).toEqual(
      expect.arrayContaining(["Negative-price hours (h)", "Negative share (%)", "Hours at exactly zero (h)"]),
    );
    expect(neg.rowCount).toBe(1 + 26);
    const tb = wb.getWorksheet("Daily spreads")!;
    expect(tb.getRow(1).getCell(3).value).toBe("TB1 (real 2024 GBP/MWh)");
    for (let r = 2; r <= tb.rowCount; r++) {
      const [tb1, tb2, tb4] = [3, 4, 5].map((c) => tb.getRow(r).getCell(c).value as number);
      expect(tb1).toBeGreaterThanOrEqual(tb2);
      expect(tb2).toBeGreaterThanOrEqual(tb4);
      expect(tb4).toBeGreaterThan(0);
    }
    const sol = wb.getWorksheet("Solar capture")!;
    expect(sol.getRow(1).getCell(4).value).toBe("Solar capture price (real 2024 GBP/MWh)");
    const ratio = sol.getRow(2).getCell(5).value as number;
    expect(ratio).toBeGreaterThan(0.3);
    expect(ratio).toBeLessThan(1.2);
    // technologies named as an analyst reads them, not by the model's keys (windOnshore, ror, gasCcs)
    const mix = wb.getWorksheet("Capacity mix")!.getRow(1).values as string[];
    expect(mix).toEqual(
      expect.arrayContaining(["Onshore wind (GW)", "Gas CCGT (GW)", "Battery storage (GW)"]),
    );
    expect(mix.filter((h) => typeof h === "string" && /^[a-z]|[a-z][A-Z]/.test(h))).toEqual([]);
    // scarcity follows the capacity margin the world view builds, year by year
    const cm = wb.getWorksheet("Capacity margin")!;
    expect(cm.getRow(1).values).toEqual(
      expect.arrayContaining([
        "Firm capacity ÷ peak demand (%)",
        "New-entrant peakers (GW)",
        "Hours above 150 GBP/MWh",
      ]),
    );
    expect(cm.rowCount).toBe(1 + 26);
    for (let r = 2; r <= cm.rowCount; r++)
      expect(cm.getRow(r).getCell(3).value as number).toBeGreaterThan(80);
  }, 120_000);
});

describe("power prices", () => {
  it("is a CSV of timestamp,price for every interval of every requested year, its header naming unit, currency, basis and resolution", async () => {
    const csv = (await buildPowerPriceCsv("es-central", { fromYear: 2025, toYear: 2026 })).toString("utf8");
    const lines = csv.trim().split("\n");
    expect(lines[0]).toBe(
      "timestamp,local time [Europe/Madrid],price [EUR/MWh; real 2024 money; 15-minute intervals; timestamp = interval start in UTC]",
    );
    expect(lines.length - 1).toBe(intervalsInYear(2025, 15) + intervalsInYear(2026, 15));
    const [t0, local0, p0] = lines[1].split(",");
    expect(t0).toBe("2025-01-01T00:00:00Z");
    // The same instant on the market's clock (Madrid, UTC+1 in winter, UTC+2 in summer).
    expect(local0).toBe("2025-01-01T01:00:00+01:00");
    expect(lines.find((l) => l.startsWith("2025-07-01T00:00:00Z,"))?.split(",")[1]).toBe(
      "2025-07-01T02:00:00+02:00",
    );
    expect(Number.isFinite(Number(p0))).toBe(true);
    let prev = 0;
    for (const l of lines.slice(1, 2000)) {
      const [t, , p] = l.split(",");
      const ms = Date.parse(t);
      expect(ms).toBeGreaterThan(prev);
      expect(Number.isFinite(Number(p))).toBe(true);
      prev = ms;
    }
  }, 60_000);

  it("is read back by the engine CLI's price-file parser (engine -- dispatch --prices)", () => {
    const text = [
      ...powerPriceCsvChunks("gb-low", { fromYear: 2030, toYear: 2030, intervalMinutes: 60 }),
    ].join("");
    const series = parsePriceCsv(text);
    expect(series.intervalMinutes).toBe(60);
    expect(series.price.length).toBe(intervalsInYear(2030, 60));
    expect(series.startUtc).toMatch(/^2030-01-01T00:00/);
  });

  it("streams one chunk per year and zips into a valid archive", () => {
    const chunks = [...powerPriceCsvChunks("gb-low", { fromYear: 2030, toYear: 2031, intervalMinutes: 60 })];
    expect(chunks.length).toBe(3);
    const zip = zipFiles([{ name: "gb-low.csv", data: chunks.join("") }]);
    const files = unzipSync(new Uint8Array(zip));
    expect(Object.keys(files)).toEqual(["gb-low.csv"]);
    expect(
      strFromU8(files["gb-low.csv"]).startsWith(
        "timestamp,local time [Europe/London],price [GBP/MWh; real 2024 money; 60-minute intervals; timestamp = interval start in UTC]\n2030-01-01T00:00:00Z,",
      ),
    ).toBe(true);
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
