// The rows of an uploaded CSV file, read by one CSV library (@fast-csv/parse: quotes, escaped quotes,
// line breaks inside quotes), as spreadsheets write them: the delimiter is the first line's comma,
// semicolon or tab (a semicolon file is what a decimal-comma locale saves), and a number written
// with a decimal comma ("97,5", quoted in a comma file) is read as 97.5.
import { parseString } from "@fast-csv/parse";

/** The delimiter of a file: a semicolon or a tab on the first line (outside quotes) wins over a comma. */
export function delimiterOf(text: string): "," | ";" | "\t" {
  const firstLine = (text.split(/\r?\n/, 1)[0] ?? "").replace(/"[^"]*"/g, "");
  if (firstLine.includes(";")) return ";";
  if (firstLine.includes("\t")) return "\t";
  return ",";
}

/** A number written with a decimal comma (and at most a % after it), with a point instead. */
const DECIMAL_COMMA = /^([-+]?\d*),(\d+\s*%?)$/;
const withDecimalPoint = (cell: string) => cell.replace(DECIMAL_COMMA, "$1.$2");

/** The non-empty rows of an uploaded CSV, each cell trimmed and its decimal comma made a point. */
export function readCsvRows(text: string): Promise<string[][]> {
  const rows: string[][] = [];
  return new Promise((resolve, reject) => {
    parseString<string[], string[]>(text.replace(/^\uFEFF/, ""), {
      delimiter: delimiterOf(text),
      ignoreEmpty: true,
      trim: true,
    })
      .on("error", reject)
      .on("data", (row: string[]) => {
        const cells = row.map(withDecimalPoint);
        if (cells.some((c) => c !== "")) rows.push(cells);
      })
      .on("end", () => resolve(rows));
  });
}
