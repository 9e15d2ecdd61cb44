// The databook an analyst opens and prints (issue 27 item 2): formatted like the run workbook —
// units in the headers, the header row frozen, every column sized, numbers as numbers with a
// format, and a print set-up (one page wide, header on every page, landscape where wide).
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { buildDatabookXlsx } from "../../../engine/worldview/index.ts";

let wb: ExcelJS.Workbook;
beforeAll(async () => {
  wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await buildDatabookXlsx("gb-central")) as unknown as ArrayBuffer);
}, 120_000);

const headersOf = (ws: ExcelJS.Worksheet) => (ws.getRow(1).values as unknown[]).slice(1).map(String);

describe("the databook's format", () => {
  it("freezes a bold header row on every sheet, and Year and System on the yearly tables", () => {
    for (const ws of wb.worksheets) {
      expect(ws.views[0], ws.name).toMatchObject({ state: "frozen", ySplit: 1 });
      expect(ws.getCell("A1").font?.bold, ws.name).toBe(true);
      if (headersOf(ws)[1] === "System") expect(ws.views[0], ws.name).toMatchObject({ xSplit: 2 });
    }
  });

  it("sizes every column to its header's longest word at least", () => {
    for (const ws of wb.worksheets)
      headersOf(ws).forEach((h, i) => {
        const longest = Math.max(...h.split(/\s+/).map((w) => w.length));
        expect(ws.getColumn(i + 1).width, `${ws.name}: ${h}`).toBeGreaterThanOrEqual(longest);
      });
  });

  it("gives every number a format and every number column its unit in the header", () => {
    for (const ws of wb.worksheets) {
      const headers = headersOf(ws);
      ws.eachRow((row, r) => {
        if (r === 1) return;
        row.eachCell((cell, c) => {
          if (typeof cell.value !== "number" || headers[c - 1] === "Year") return;
          expect(cell.numFmt, `${ws.name} ${cell.address}`).toMatch(/^#,##0/);
          // a unit in brackets, or a count of hours named as such
          expect(headers[c - 1], `${ws.name} ${cell.address}`).toMatch(/\(.+\)|^Hours /);
        });
      });
    }
  });

  it("prints one page wide, the header on every page, landscape where the table is wide", () => {
    for (const ws of wb.worksheets) {
      expect(ws.pageSetup, ws.name).toMatchObject({ fitToPage: true, fitToWidth: 1, fitToHeight: 0 });
      expect(ws.pageSetup.printTitlesRow, ws.name).toBe("1:1");
      const width = headersOf(ws).reduce((sum, _, i) => sum + (ws.getColumn(i + 1).width ?? 0), 0);
      if (width > 120) expect(ws.pageSetup.orientation, ws.name).toBe("landscape");
    }
  });

  it("keeps each table on a sheet of its own and names no developer folder", () => {
    expect(wb.worksheets.map((w) => w.name)).toContain("Service volumes");
    for (const ws of wb.worksheets)
      ws.eachRow((row) =>
        row.eachCell((cell) => expect(String(cell.value), ws.name).not.toMatch(/\.\.\/|shared\/data|README/)),
      );
  });
});
