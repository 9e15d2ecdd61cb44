// Uploads are read by one CSV library (issue 28 item 13): a file with quoted cells, or saved by a
// decimal-comma spreadsheet (semicolons, "97,5"), is read as the same numbers as a plain one.
import { describe, expect, it } from "vitest";
import {
  parseClientRunUpload,
  parseDegradationUpload,
  parseSolarProfileUpload,
  type UploadedFile,
} from "../../../api/forecasts/uploads.ts";
import { delimiterOf, readCsvRows } from "../../../api/forecasts/csvUpload.ts";

const file = (text: string, fields: Record<string, string> = {}): UploadedFile => ({
  name: "upload.csv",
  type: "text/csv",
  size: text.length,
  text,
  fields,
});

describe("CSV uploads", () => {
  it("reads quoted cells, escaped quotes and line breaks inside quotes", async () => {
    expect(await readCsvRows('name,value\r\n"Site ""A"", North",1.5\n"two\nlines",2\n\n')).toEqual([
      ["name", "value"],
      ['Site "A", North', "1.5"],
      ["two\nlines", "2"],
    ]);
    expect(delimiterOf('"a;b",c\n')).toBe(",");
    expect(delimiterOf("a;b\n")).toBe(";");
    expect(delimiterOf("a\tb\n")).toBe("\t");
  });

  it("a degradation curve quoted, or with decimal commas, is the same curve", async () => {
    const plain = await parseDegradationUpload(file("cycles,retention\n0,100\n1000,97.5\n5000,88.25\n"));
    expect(plain).toEqual({ cycles: [0, 1000, 5000], retention: [1, 0.975, 0.8825] });
    const quoted = await parseDegradationUpload(
      file('"cycles","retention"\n"0","100"\n"1000","97.5"\n"5000","88.25"\n'),
    );
    expect(quoted).toEqual(plain);
    const decimalComma = await parseDegradationUpload(
      file("cycles;retention\n0;100\n1000;97,5\n5000;88,25\n"),
    );
    expect(decimalComma).toEqual(plain);
    const quotedComma = await parseDegradationUpload(
      file('cycles,retention\n0,100\n1000,"97,5"\n5000,"88,25"\n'),
    );
    expect(quotedComma).toEqual(plain);
  });

  it("a solar profile with a quoted timestamp column and decimal commas", async () => {
    const hours = Array.from({ length: 8760 }, (_, h) => (h % 24 >= 8 && h % 24 < 16 ? 0.25 : 0));
    const plain = await parseSolarProfileUpload(
      file(`time,cf\n${hours.map((v, h) => `${h},${v}`).join("\n")}\n`),
    );
    const excel = await parseSolarProfileUpload(
      file(
        `"time";"capacity factor"\r\n${hours.map((v, h) => `"2025-01-01 ${h}";${String(v).replace(".", ",")}`).join("\r\n")}\r\n`,
      ),
    );
    expect(excel.capacityFactors).toEqual(plain.capacityFactors);
    expect(plain.annualYield).toBeCloseTo(8760 * (8 / 24) * 0.25, 6);
  });

  it("a client's run results with quoted headers and decimal commas", async () => {
    const plain = await parseClientRunUpload(
      file("year,wholesale,capacityMarket\n2026,1000.5,200\n2027,900,210.25\n", { runName: "Mine" }),
    );
    const excel = await parseClientRunUpload(
      file('"year";"wholesale";"capacityMarket"\n2026;"1000,5";200\n2027;900;210,25\n', { runName: "Mine" }),
    );
    expect(excel.result).toEqual(plain.result);
    expect(plain.result.strategies[0].years[0].streams.wholesale).toBe(1000.5);
  });

  it("refuses a row of text where numbers belong, naming its line", async () => {
    await expect(
      parseClientRunUpload(file("year,wholesale\n2026,lots\n", { runName: "Mine" })),
    ).rejects.toMatchObject({ body: { errors: { file: [expect.stringMatching(/Line 2/)] } } });
  });
});
