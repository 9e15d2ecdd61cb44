// How Voltcast's workbooks look (the run workbook, the databooks): one table per sheet, a bold
// shaded header row that says each column's unit and stays in view, numbers as numbers with a
// format per column, columns as wide as what they hold, and a print set-up that fits the columns
// to the page's width, repeats the header on every page and turns wide tables to landscape.
// One place for that look, so every workbook an analyst prints reads alike.
import type ExcelJS from "exceljs";

/** Number formats: whole numbers with thousands separators, one and two decimals. */
export const WHOLE = "#,##0";
export const ONE_DECIMAL = "#,##0.0";
export const TWO_DECIMALS = "#,##0.00";
/** A value as typed (50, 1.5, 0.25): decimals only where it has them. */
export const AS_TYPED = "#,##0.###";

const HEADER_FILL: ExcelJS.Fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFEEF1F5" } };
/** Points per printed line of 11-pt Calibri. */
const LINE_HEIGHT = 15;
/** Characters of a column (Excel's width unit) that fit on an A4 page printed portrait (with room for wider fonts than Calibri). */
const PORTRAIT_CHARACTERS = 85;

export interface Column {
  /** With its unit: "Baseload (GBP/MWh)". */
  header: string;
  key?: string;
  numFmt?: string;
  /** Years and codes: centred (numbers that are not amounts). */
  centred?: boolean;
  /** Long text: wrapped within the column, the row as tall as its lines. */
  wrap?: boolean;
  /** At least this wide (characters); otherwise as wide as the header or the widest value. */
  width?: number;
  /** At most this wide (characters); longer text wraps when `wrap`. */
  maxWidth?: number;
}

/**
 * A sheet of one table: bold shaded header row that stays in view (frozen, with the first
 * `frozenColumns` columns), numbers formatted per column, printed one page wide with the header on
 * every page. Add the rows, then call `finishTable`.
 */
export function tableSheet(
  wb: ExcelJS.Workbook,
  name: string,
  columns: Column[],
  frozenColumns = 0,
): ExcelJS.Worksheet {
  const ws = wb.addWorksheet(name, {
    views: [{ state: "frozen", xSplit: frozenColumns, ySplit: 1, activeCell: "A2" }],
    pageSetup: {
      paperSize: 9, // A4
      orientation: "portrait",
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: "1:1",
      margins: { left: 0.5, right: 0.5, top: 0.6, bottom: 0.6, header: 0.3, footer: 0.3 },
    },
    headerFooter: { oddFooter: `&L${name}&RPage &P of &N` },
  });
  ws.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    // Every cell at the top of its row, so a row made tall by wrapped text reads across.
    style: {
      ...(c.numFmt ? { numFmt: c.numFmt } : {}),
      alignment: {
        vertical: "top",
        ...(c.centred ? { horizontal: "center" as const } : {}),
        ...(c.wrap ? { wrapText: true } : {}),
      },
    },
  }));
  const header = ws.getRow(1);
  columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.font = { name: "Calibri", size: 11, bold: true };
    // Headers of number columns sit over their numbers (right); others left.
    cell.alignment = {
      vertical: "middle",
      wrapText: true,
      horizontal: c.numFmt ? "right" : c.centred ? "center" : "left",
    };
    cell.fill = HEADER_FILL;
    cell.border = { bottom: { style: "thin", color: { argb: "FFB8C0CC" } } };
  });
  return ws;
}

/** How a value reads in its cell, to size its column. */
function shown(v: ExcelJS.CellValue): string {
  if (typeof v === "number") return v.toLocaleString("en-GB", { maximumFractionDigits: 2 });
  if (v instanceof Date) return "01 Jan 2025";
  return String(v ?? "");
}

/** Printed lines of a text in a column of `width` characters, wrapping between words. */
export function linesOf(text: string, width: number): number {
  let lines = 0;
  for (const paragraph of text.split("\n")) {
    let line = 0;
    lines++;
    for (const word of paragraph.split(/\s+/)) {
      const add = line === 0 ? word.length : line + 1 + word.length;
      if (add > width && line > 0) {
        lines++;
        line = word.length;
      } else line = add;
    }
  }
  return lines;
}

/**
 * Sizes the table once its rows are in: each column as wide as its widest value (headers on two
 * lines at most, never a word broken), wrapped rows as tall as their lines (spreadsheets do not all
 * size them: LibreOffice prints a wrapped row at one line's height, over the next row), and the page
 * turned to landscape when the columns are wider than a portrait page.
 */
export function finishTable(ws: ExcelJS.Worksheet, columns: Column[]): void {
  let total = 0;
  columns.forEach((c, i) => {
    const col = ws.getColumn(i + 1);
    // The header on two lines (three when long), never a word broken; bold is wider than plain.
    const longestWord = Math.max(...c.header.split(/\s+/).map((w) => w.length));
    const lines = c.header.length > 36 ? 3 : 2;
    let widest = Math.ceil(1.15 * Math.max(c.header.length / lines, longestWord)) + 2;
    col.eachCell({ includeEmpty: false }, (cell, row) => {
      if (row > 1) widest = Math.max(widest, shown(cell.value).length + 2);
    });
    col.width = Math.min(c.maxWidth ?? 60, Math.max(c.width ?? 8, widest));
    total += col.width;
  });
  const header = ws.getRow(1);
  header.height =
    LINE_HEIGHT * Math.max(1, ...columns.map((c, i) => linesOf(c.header, ws.getColumn(i + 1).width! - 1))) +
    4;
  const wrapped = columns.flatMap((c, i) => (c.wrap ? [i + 1] : []));
  if (wrapped.length)
    ws.eachRow((row, n) => {
      if (n === 1) return;
      const lines = Math.max(
        1,
        ...wrapped.map((i) => linesOf(shown(row.getCell(i).value), ws.getColumn(i).width! - 1)),
      );
      if (lines > 1) row.height = LINE_HEIGHT * lines + 3;
    });
  if (total > PORTRAIT_CHARACTERS) ws.pageSetup.orientation = "landscape";
}

/** A sheet of one table from its rows (values in column order), sized and set up for print. */
export function addTable(
  wb: ExcelJS.Workbook,
  name: string,
  columns: Column[],
  rows: ExcelJS.CellValue[][],
  frozenColumns = 0,
): ExcelJS.Worksheet {
  const ws = tableSheet(wb, name, columns, frozenColumns);
  for (const r of rows) ws.addRow(r);
  finishTable(ws, columns);
  return ws;
}
