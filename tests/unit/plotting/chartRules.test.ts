import { describe, expect, it } from "vitest";
import {
  formatValue,
  pointTime,
  showsPointMarkers,
  spanOf,
  tickFormat,
  usesTimestamps,
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
    expect(pointTime(t0, 30 * DAY, "week")).toBe("2024-01-01");
  });
  it("formats values by unit", () => {
    expect(formatValue(12.345, "Percent")).toBe("12.3%");
    expect(formatValue(1950, "GBP/MWh")).toBe("1,950");
    expect(formatValue(85.26, "GBP/MWh")).toBe("85.3");
  });
});
