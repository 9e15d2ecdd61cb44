import { describe, expect, it } from "vitest";
import { gapsOf } from "../../../api/plotting/series.ts";
import {
  chartTimeZone,
  crossesYears,
  niceTicks,
  withBreaks,
  formatValue,
  pointTime,
  showsPointMarkers,
  spanOf,
  tickFormat,
  usesTimestamps,
  alignedTicks,
  nearestIndex,
  timeAtX,
  xOfTime,
  zoomDates,
} from "../../../app/components/chartRules.ts";

const DAY = 86_400_000;

describe("date-span rules of spec §9", () => {
  it("uses actual timestamps up to 5 days, point markers up to 7 days", () => {
    expect(usesTimestamps(5 * DAY)).toBe(true);
    expect(usesTimestamps(5 * DAY + 1)).toBe(false);
    expect(showsPointMarkers(7 * DAY)).toBe(true);
    expect(showsPointMarkers(7 * DAY + 1)).toBe(false);
  });
  it("measures the span across every series and labels ticks accordingly (UTC)", () => {
    const t0 = Date.UTC(2024, 0, 1, 13, 30);
    const span = spanOf([
      {
        points: [
          [t0, 1],
          [t0 + DAY, 2],
        ],
      },
      { points: [[t0 + 2 * DAY, 3]] },
    ]);
    expect(span).toBe(2 * DAY);
    expect(tickFormat(span)(t0)).toBe("01 Jan 13:30");
    expect(tickFormat(30 * DAY)(t0)).toBe("01 Jan");
    expect(tickFormat(400 * DAY)(t0)).toBe("Jan 2024");
    expect(tickFormat(30 * DAY, "year")(t0)).toBe("2024");
    expect(tickFormat(2 * DAY, "day")(t0)).toBe("01 Jan");
    expect(pointTime(t0, 30 * DAY, "week")).toBe("01 Jan 2024");
  });
  it("names the year on every day label when the range crosses a year (issue 19)", () => {
    expect(tickFormat(300 * DAY, "day", "UTC", true)(Date.UTC(2025, 0, 1))).toBe("01 Jan 2025");
    expect(tickFormat(90 * DAY, null, "UTC", true)(Date.UTC(2025, 0, 1))).toBe("01 Jan 2025");
    expect(crossesYears(Date.UTC(2024, 11, 1), Date.UTC(2025, 1, 1))).toBe(true);
  });
  it("draws in the market's local time, or UTC on request (issue 19)", () => {
    const summer = Date.UTC(2024, 6, 1, 12, 0);
    expect(chartTimeZone([{ region: "great-britain" }])).toBe("Europe/London");
    expect(chartTimeZone([{ region: "great-britain" }], true)).toBe("UTC");
    expect(chartTimeZone([{ region: "great-britain" }, { region: "ercot" }])).toBe("UTC");
    expect(pointTime(summer, 2 * DAY, null, "Europe/London")).toBe("01 Jul 2024 13:00");
    expect(pointTime(summer, 2 * DAY, null, "UTC")).toBe("01 Jul 2024 12:00 UTC");
    expect(tickFormat(2 * DAY, null, "Australia/Brisbane")(summer)).toBe("01 Jul 22:00");
  });
  it("breaks a line in each gap, and gives axes nice ticks from zero (issue 19)", () => {
    const H = 3_600_000;
    const pts: [number, number][] = [
      [0, 1],
      [H, 2],
      [10 * H, 3],
      [11 * H, 4],
    ];
    expect(withBreaks(pts, [[H, 10 * H]])).toEqual([
      [0, 1],
      [H, 2],
      [5.5 * H, null],
      [10 * H, 3],
      [11 * H, 4],
    ]);
    expect(withBreaks(pts, [])).toEqual(pts);
    expect(gapsOf([0, H, 2 * H, 3 * H, 20 * H, 21 * H])).toEqual([[3 * H, 20 * H]]);
    expect(niceTicks(-23.4, 187)).toEqual([-50, 0, 50, 100, 150, 200]);
    expect(niceTicks(0, 1)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });
  it("formats values by unit", () => {
    expect(formatValue(12.345, "Percent")).toBe("12.3%");
    expect(formatValue(1950, "GBP/MWh")).toBe("1,950");
    expect(formatValue(85.26, "GBP/MWh")).toBe("85.3");
  });
});

describe("pointer: crosshair and brush (issue 19, item 13)", () => {
  const axis = {
    width: 900,
    left: 80,
    right: 24,
    pad: 0,
    from: Date.UTC(2024, 0, 1),
    to: Date.UTC(2024, 0, 11),
  };
  it("maps times to the plot's x and back", () => {
    expect(xOfTime(axis, axis.from)).toBe(80);
    expect(xOfTime(axis, axis.to)).toBe(876);
    expect(timeAtX(axis, 478)).toBe(Date.UTC(2024, 0, 6));
    // outside the plot: its ends
    expect(timeAtX(axis, 10)).toBe(axis.from);
    expect(timeAtX(axis, 899)).toBe(axis.to);
    // bars are padded inside the plot
    const bars = { ...axis, pad: 12 };
    expect(xOfTime(bars, bars.from)).toBe(92);
    expect(timeAtX(bars, xOfTime(bars, Date.UTC(2024, 0, 3)))).toBeCloseTo(Date.UTC(2024, 0, 3), -3);
  });
  it("finds the nearest point", () => {
    const pts: [number, number][] = [
      [0, 1],
      [10, 2],
      [20, 3],
    ];
    expect(nearestIndex(pts, -5)).toBe(0);
    expect(nearestIndex(pts, 6)).toBe(1);
    expect(nearestIndex(pts, 14)).toBe(1);
    expect(nearestIndex(pts, 16)).toBe(2);
    expect(nearestIndex(pts, 99)).toBe(2);
    expect(nearestIndex([], 1)).toBe(-1);
  });
  it("turns a brushed range into the query's UTC days, in order, the end included", () => {
    expect(zoomDates(Date.UTC(2024, 0, 9, 13), Date.UTC(2024, 0, 3, 2))).toEqual({
      start_date: "2024-01-03",
      end_date: "2024-01-09",
    });
  });
});

describe("two value axes", () => {
  it("share their zero and grid: as many steps below and above zero on each, each with its own step", () => {
    const [price, demand] = alignedTicks([
      [-50, 0, 50, 100, 150, 200],
      [0, 10_000, 20_000, 30_000, 40_000],
    ]);
    expect(price).toEqual([-50, 0, 50, 100, 150, 200]);
    expect(demand).toEqual([-10_000, 0, 10_000, 20_000, 30_000, 40_000]);
    // zero at the same height on both: the same share of the axis below it
    expect(-price[0] / (price.at(-1)! - price[0])).toBe(-demand[0] / (demand.at(-1)! - demand[0]));
    // one axis alone is left as it is
    expect(alignedTicks([[0, 1, 2]])).toEqual([[0, 1, 2]]);
  });
});
