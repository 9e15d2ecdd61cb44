// Market clocks at their clock changes (issue 28 item 13): the importers read the markets' own local
// times, the engine counts trading days and prints local times, the charts draw market time. The
// dates: GB and Spain change on the last Sundays of March and October (2026: 29 March, 25 October),
// ERCOT (US Central) on the second Sunday of March and the first of November (8 March, 1 November),
// New South Wales and South Australia on the first Sundays of April and October (5 April, 4 October);
// Queensland (the NEM's market time) keeps UTC+10 all year.
import { describe, expect, it } from "vitest";
import { localMidnightUtc, localToUtc } from "../../../api/datasets/time.ts";
import { detectFormat, splitLine } from "../../../api/datasets/formats.ts";
import { utcOffsetMs } from "../../../engine/dispatch/formulation.ts";
import { localTimeFormatter } from "../../../engine/markets/market-time.ts";
import { timeParts, zoneOffsetMs } from "../../../app/components/chartRules.ts";

const iso = (t: number) => new Date(t).toISOString();
const HOUR = 3_600_000;

describe("local midnight in UTC", () => {
  it("GB clock-change days have 46 and 50 half-hours; other days 48", () => {
    const day = (m: number, d: number) =>
      (localMidnightUtc("Europe/London", 2026, m, d + 1) - localMidnightUtc("Europe/London", 2026, m, d)) /
      (30 * 60_000);
    expect(iso(localMidnightUtc("Europe/London", 2026, 3, 29))).toBe("2026-03-29T00:00:00.000Z");
    expect(iso(localMidnightUtc("Europe/London", 2026, 3, 30))).toBe("2026-03-29T23:00:00.000Z");
    expect(day(3, 29)).toBe(46);
    expect(day(10, 25)).toBe(50);
    expect(day(3, 28)).toBe(48);
    expect(day(7, 1)).toBe(48);
  });

  it("Spain: the OMIE day starts at 23:00 UTC in winter and 22:00 UTC in summer", () => {
    expect(iso(localMidnightUtc("Europe/Madrid", 2026, 1, 15))).toBe("2026-01-14T23:00:00.000Z");
    expect(iso(localMidnightUtc("Europe/Madrid", 2026, 3, 30))).toBe("2026-03-29T22:00:00.000Z");
    expect(iso(localMidnightUtc("Europe/Madrid", 2026, 10, 26))).toBe("2026-10-25T23:00:00.000Z");
  });
});

describe("a local wall-clock time in UTC", () => {
  it("ERCOT: the repeated 01:00 of 1 November is its first occurrence (CDT); 03:00 of 8 March is CDT", () => {
    expect(iso(localToUtc("America/Chicago", 2026, 11, 1, 1, 0))).toBe("2026-11-01T06:00:00.000Z");
    expect(iso(localToUtc("America/Chicago", 2026, 11, 1, 2, 0))).toBe("2026-11-01T08:00:00.000Z");
    expect(iso(localToUtc("America/Chicago", 2026, 3, 8, 1, 0))).toBe("2026-03-08T07:00:00.000Z");
    expect(iso(localToUtc("America/Chicago", 2026, 3, 8, 3, 0))).toBe("2026-03-08T08:00:00.000Z");
  });

  it("an ambiguous time east of UTC is its first occurrence too (London, Sydney)", () => {
    expect(iso(localToUtc("Europe/London", 2026, 10, 25, 1, 30))).toBe("2026-10-25T00:30:00.000Z");
    expect(iso(localToUtc("Europe/London", 2026, 10, 25, 2, 0))).toBe("2026-10-25T02:00:00.000Z");
    expect(iso(localToUtc("Australia/Sydney", 2026, 4, 5, 2, 30))).toBe("2026-04-04T15:30:00.000Z");
    expect(iso(localToUtc("Australia/Brisbane", 2026, 10, 4, 2, 30))).toBe("2026-10-03T16:30:00.000Z");
  });

  it("a time the spring change skips is read on the clock after the change: the hour before it in UTC", () => {
    expect(iso(localToUtc("America/Chicago", 2026, 3, 8, 2, 0))).toBe("2026-03-08T07:00:00.000Z");
    expect(iso(localToUtc("Europe/London", 2026, 3, 29, 1, 30))).toBe("2026-03-29T00:30:00.000Z");
  });

  it("ERCOT's spring clock-change day runs hours ending 01, 03, 04 (02:00 never shows): consecutive UTC hours", () => {
    const format = detectFormat("delivery_date,hour_ending,settlement_point,dam_price_usd_per_mwh")!;
    const sink = format.create(["delivery_date", "hour_ending", "settlement_point", "dam_price_usd_per_mwh"]);
    for (const line of ["2024-03-10,1,HB_NORTH,20", "2024-03-10,3,HB_NORTH,21", "2024-03-10,4,HB_NORTH,22"])
      sink.row(splitLine(line, ","));
    const [dam] = sink.finish();
    const points = Array.from(dam.series.ts, (t, i) => [iso(t), dam.series.values[i]]);
    expect(points).toEqual([
      ["2024-03-10T06:00:00.000Z", 20], // 00:00 CST
      ["2024-03-10T07:00:00.000Z", 21], // 01:00 CST, ending 03:00 CDT
      ["2024-03-10T08:00:00.000Z", 22], // 03:00 CDT
    ]);
  });
});

describe("a zone's offset at an instant", () => {
  it("South Australia moves to +10:30 at 16:30 UTC on 3 October 2026, within a UTC hour", () => {
    const off = utcOffsetMs("Australia/Adelaide");
    expect(off(Date.UTC(2026, 9, 3, 16, 15)) / HOUR).toBe(9.5);
    expect(off(Date.UTC(2026, 9, 3, 16, 45)) / HOUR).toBe(10.5);
    expect(localTimeFormatter("Australia/Adelaide")(Date.UTC(2026, 9, 3, 16, 45))).toBe(
      "2026-10-04T03:15:00+10:30",
    );
  });

  it("GB, ERCOT, NSW and Queensland offsets either side of their changes", () => {
    expect(utcOffsetMs("Europe/London")(Date.UTC(2026, 2, 29, 0, 59)) / HOUR).toBe(0);
    expect(utcOffsetMs("Europe/London")(Date.UTC(2026, 2, 29, 1, 0)) / HOUR).toBe(1);
    expect(utcOffsetMs("America/Chicago")(Date.UTC(2026, 10, 1, 6, 59)) / HOUR).toBe(-5);
    expect(utcOffsetMs("America/Chicago")(Date.UTC(2026, 10, 1, 7, 0)) / HOUR).toBe(-6);
    expect(utcOffsetMs("Australia/Sydney")(Date.UTC(2026, 9, 3, 16, 0)) / HOUR).toBe(11);
    expect(utcOffsetMs("Australia/Sydney")(Date.UTC(2026, 9, 3, 15, 59)) / HOUR).toBe(10);
    expect(utcOffsetMs("Australia/Brisbane")(Date.UTC(2026, 9, 3, 16, 0)) / HOUR).toBe(10);
    expect(localTimeFormatter("Europe/London")(Date.UTC(2026, 9, 25, 0, 30))).toBe(
      "2026-10-25T01:30:00+01:00",
    );
    expect(localTimeFormatter("Europe/London")(Date.UTC(2026, 9, 25, 1, 30))).toBe(
      "2026-10-25T01:30:00+00:00",
    );
  });

  it("charts: market time parts and offsets at the GB autumn change", () => {
    expect(timeParts(Date.UTC(2026, 9, 25, 0, 30), "Europe/London")).toEqual({
      yyyy: "2026",
      MM: "10",
      MMM: "Oct",
      dd: "25",
      HH: "01",
      mm: "30",
    });
    expect(zoneOffsetMs(Date.UTC(2026, 9, 25, 0, 30), "Europe/London")).toBe(HOUR);
    expect(zoneOffsetMs(Date.UTC(2026, 9, 25, 1, 30), "Europe/London")).toBe(0);
    expect(timeParts(Date.UTC(2026, 0, 1, 13, 59), "Australia/Brisbane").HH).toBe("23");
  });
});
