// The importer's file formats on small files of each layout whose rows go through shared helpers
// (issue 21 item 6): which series a file makes, at which UTC instants, with which values, and
// which rows are passed over.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { detectFormat, splitLine } from "../../../api/datasets/formats.ts";
import { parseFile } from "../../../api/datasets/importer.ts";

function read(lines: string[]) {
  const format = detectFormat(lines[0]);
  if (!format) throw new Error(`no format for ${lines[0]}`);
  const sink = format.create(splitLine(lines[0], format.delimiter).map((x) => x.trim()));
  for (const line of lines.slice(1)) sink.row(splitLine(line, format.delimiter));
  const series = Object.fromEntries(
    sink.finish().map((s) => [
      s.meta.slug,
      {
        granularity: s.meta.granularity,
        title: s.meta.title,
        points: Array.from(s.series.ts, (t, i) => [new Date(t).toISOString(), s.series.values[i]]),
      },
    ]),
  );
  return { id: format.id, series };
}

describe("importer formats", () => {
  it("reads AEMO's own price-and-demand file like the reshaped one: interval ends in NEM time, the step per region", () => {
    const own = read([
      "REGION,SETTLEMENTDATE,TOTALDEMAND,RRP,PERIODTYPE",
      "SA1,2024/01/01 00:05:00,1200.5,55.2,TRADE",
      "SA1,2024/01/01 00:10:00,1210,60,TRADE",
      "VIC1,2024/01/01 00:30:00,5000,40,TRADE",
      "VIC1,2024/01/01 01:00:00,5100,41,TRADE",
    ]);
    expect(own.id).toBe("aemo-price-and-demand");
    expect(own.series["nem-sa1-rrp-5min"].points).toEqual([
      ["2023-12-31T14:00:00.000Z", 55.2],
      ["2023-12-31T14:05:00.000Z", 60],
    ]);
    expect(own.series["nem-sa1-rrp-5min"].title).toBe("SA1 price (RRP)");
    expect(own.series["nem-vic1-demand-30min"]).toEqual({
      granularity: "30 min",
      title: "VIC1 operational demand (30 min)",
      points: [
        ["2023-12-31T14:00:00.000Z", 5000],
        ["2023-12-31T14:30:00.000Z", 5100],
      ],
    });
    const reshaped = read([
      "region,settlement_date_nem,interval_start_utc,rrp_aud_per_mwh,total_demand_mw",
      "SA1,2024-01-01 00:05:00,2023-12-31T14:00:00Z,55.2,1200.5",
      "SA1,2024-01-01 00:10:00,2023-12-31T14:05:00Z,60,1210",
    ]);
    expect(reshaped.id).toBe("aemo-price-and-demand-reshaped");
    expect(reshaped.series["nem-sa1-rrp-5min"]).toEqual(own.series["nem-sa1-rrp-5min"]);
  });

  it("names a NEM region's hourly price apart from its 5-minute one: two datasets never share a name (issue 27 item 9)", () => {
    const hourly = read([
      "region,hour_start_nem,hour_start_utc,price_aud_per_mwh",
      "NSW1,2025-01-01 00:00,2024-12-31T14:00:00Z,80.5",
    ]);
    const fiveMinutes = read([
      "region,settlement_date_nem,interval_start_utc,rrp_aud_per_mwh,total_demand_mw",
      "NSW1,2025-01-01 00:05:00,2024-12-31T14:00:00Z,55.2,7000",
    ]);
    expect(hourly.series["nem-nsw1-rrp-hourly"].title).toBe("NSW1 price (RRP, hourly)");
    expect(fiveMinutes.series["nem-nsw1-rrp-5min"].title).toBe("NSW1 price (RRP)");
  });

  it("places ERCOT hours ending in Central time, the repeated hour of the clock change an hour later, and passes over unreadable rows", () => {
    const dam = read([
      "Delivery Date,Hour Ending,Repeated Hour Flag,Settlement Point,Settlement Point Price",
      "07/01/2024,01:00,N,HB_NORTH,25.5",
      "11/03/2024,02:00,N,LZ_WEST,30",
      "11/03/2024,02:00,Y,LZ_WEST,31",
      "07/01/2024,xx,N,HB_NORTH,9",
      "bad,01:00,N,HB_NORTH,9",
    ]);
    expect(dam.series["ercot-hb-north-dam"].points).toEqual([["2024-07-01T05:00:00.000Z", 25.5]]);
    expect(dam.series["ercot-lz-west-dam"].points).toEqual([
      ["2024-11-03T06:00:00.000Z", 30],
      ["2024-11-03T07:00:00.000Z", 31],
    ]);
    const rtm = read([
      "Delivery Date,Delivery Hour,Delivery Interval,Repeated Hour Flag,Settlement Point Name,Settlement Point Type,Settlement Point Price",
      "07/01/2024,1,1,N,HB_NORTH,HU,20",
      "07/01/2024,1,4,N,HB_NORTH,HU,23",
      "07/01/2024,1,x,N,HB_NORTH,HU,99",
    ]);
    expect(rtm.series["ercot-hb-north-rtm-15min"].points).toEqual([
      ["2024-07-01T05:00:00.000Z", 20],
      ["2024-07-01T05:45:00.000Z", 23],
    ]);
    const hubs = read([
      "delivery_date,hour_ending,settlement_point,dam_price_usd_per_mwh,rtm_price_usd_per_mwh",
      "07/01/2024,1,HB_NORTH,25,26",
      "07/01/2024,x,HB_NORTH,1,2",
    ]);
    expect(Object.keys(hubs.series)).toEqual(["ercot-hb-north-dam", "ercot-hb-north-rtm"]);
    expect(hubs.series["ercot-hb-north-rtm"].points).toEqual([["2024-07-01T05:00:00.000Z", 26]]);
  });

  it("reads a file through the CSV library: quoted header and cells, a line break inside quotes, gzip (issue 28 item 13)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "voltcast-formats-"));
    const text = [
      '\uFEFF"delivery_date","note","hour_ending","regup_mcpc_usd_per_mw_h"',
      '"07/01/2024","plain","1","5"',
      '07/01/2024,"two\r\nlines, and a ""quote""",2,5.5',
      "",
      "07/01/2024,,3,6",
    ].join("\r\n");
    const plain = path.join(dir, "as.csv");
    writeFileSync(plain, text);
    const gz = path.join(dir, "as.csv.gz");
    writeFileSync(gz, gzipSync(text));
    for (const f of [plain, gz]) {
      const { format, series } = await parseFile(f);
      expect(format?.id).toBe("ercot-as-mcpc");
      expect(series.map((s) => [s.meta.slug, Array.from(s.series.values)])).toEqual([
        ["ercot-as-regup-mcpc", [5, 5.5, 6]],
      ]);
    }
  });

  it("makes one series per column present in a wide file", () => {
    const as = read([
      "delivery_date,hour_ending,regup_mcpc_usd_per_mw_h,ecrs_mcpc_usd_per_mw_h",
      "07/01/2024,1,5,7",
      "07/01/2024,2,5.5,",
    ]);
    expect(Object.keys(as.series)).toEqual(["ercot-as-regup-mcpc", "ercot-as-ecrs-mcpc"]);
    expect(as.series["ercot-as-ecrs-mcpc"].points).toEqual([["2024-07-01T05:00:00.000Z", 7]]);
  });

  it("sends OMIE's 15-minute rows and hourly rows to their own series, Portugal only when its column is there", () => {
    const both = read([
      "delivery_date,period,resolution_minutes,interval_start_utc,price_es_eur_per_mwh,price_pt_eur_per_mwh",
      "2025-10-01,1,15,2025-09-30T22:00:00Z,50,51",
      "2025-10-01,1,60,2025-09-30T22:00:00Z,52,53",
    ]);
    expect(Object.keys(both.series).sort()).toEqual([
      "omie-es-day-ahead-price-15min",
      "omie-es-day-ahead-price-hourly",
      "omie-pt-day-ahead-price-15min",
      "omie-pt-day-ahead-price-hourly",
    ]);
    const spainOnly = read(["hour_start_utc,price_es_eur_per_mwh", "2024-01-01T00:00:00Z,40"]);
    expect(Object.keys(spainOnly.series)).toEqual(["omie-es-day-ahead-price-hourly"]);
  });
});
