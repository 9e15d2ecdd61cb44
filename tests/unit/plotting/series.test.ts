import { describe, expect, it } from "vitest";
import {
  movingAverage,
  movingAverageAvailable,
  percentShares,
  plotRange,
  thinMinMax,
} from "../../../api/plotting/series.ts";

const HALF_HOUR = 1_800_000;

/** A year of half-hourly values: a daily shape plus noise and a few sharp spikes. */
function halfHourlyYear(seed = 7) {
  let s = seed;
  const rand = () => (s = (s * 16807) % 2147483647) / 2147483647;
  const n = 17_520;
  const ts: number[] = [];
  const values: number[] = [];
  const start = Date.UTC(2023, 0, 1);
  for (let i = 0; i < n; i++) {
    ts.push(start + i * HALF_HOUR);
    values.push(80 + 30 * Math.sin((2 * Math.PI * (i % 48)) / 48) + 20 * (rand() - 0.5));
  }
  values[1234] = 1950; // scarcity spike
  values[9876] = -185; // negative price
  values[17_519] = 400; // on the last point
  return { ts, values };
}

describe("thinMinMax", () => {
  it("keeps the extremes of a year of half-hourly prices and stays within the point budget", () => {
    const raw = halfHourlyYear();
    const thin = thinMinMax(raw, 1000);
    expect(thin.ts.length).toBeLessThanOrEqual(1000);
    expect(thin.ts.length).toBeGreaterThan(900);
    expect(Math.max(...thin.values)).toBe(Math.max(...raw.values));
    expect(Math.min(...thin.values)).toBe(Math.min(...raw.values));
    // The spikes keep their own timestamps, and the series still spans the whole range.
    expect(thin.ts[thin.values.indexOf(1950)]).toBe(raw.ts[1234]);
    expect(thin.ts[thin.values.indexOf(-185)]).toBe(raw.ts[9876]);
    expect(thin.ts[0]).toBe(raw.ts[0]);
    expect(thin.ts.at(-1)).toBe(raw.ts.at(-1));
    // Time order is kept (a line chart needs it).
    for (let i = 1; i < thin.ts.length; i++) expect(thin.ts[i]).toBeGreaterThan(thin.ts[i - 1]);
  });

  it("keeps each window's local high and low, so the daily shape survives", () => {
    const raw = halfHourlyYear();
    const thin = thinMinMax(raw, 1000);
    // Any raw week: its max and min appear among the thinned points of that week (within one bucket's reach).
    const week = 7 * 48;
    for (const w of [3, 20, 40]) {
      const slice = raw.values.slice(w * week, (w + 1) * week);
      const from = raw.ts[w * week];
      const to = raw.ts[(w + 1) * week - 1];
      const kept = thin.values.filter((_, i) => thin.ts[i] >= from && thin.ts[i] <= to);
      expect(Math.max(...kept)).toBe(Math.max(...slice));
      expect(Math.min(...kept)).toBe(Math.min(...slice));
    }
  });

  it("leaves short series as they are", () => {
    const s = { ts: [1, 2, 3], values: [5, 6, 7] };
    expect(thinMinMax(s, 10)).toEqual(s);
  });
});

describe("movingAverage", () => {
  it("averages the trailing window and drops the points without a full window", () => {
    const s = { ts: [1, 2, 3, 4, 5], values: [2, 4, 6, 8, 10] };
    expect(movingAverage(s, 3)).toEqual({ ts: [3, 4, 5], values: [4, 6, 8] });
  });
  it("is available only when every series is longer than the window", () => {
    expect(movingAverageAvailable([10, 8], 7)).toBe(true);
    expect(movingAverageAvailable([10, 7], 7)).toBe(false);
    expect(movingAverageAvailable([], 7)).toBe(false);
  });
});

describe("percentShares", () => {
  it("gives each series its share of the total at each time", () => {
    const [a, b] = percentShares([
      { ts: [1, 2], values: [1, 3] },
      { ts: [1, 2], values: [3, 1] },
    ]);
    expect(a.values).toEqual([25, 75]);
    expect(b.values).toEqual([75, 25]);
  });
});

describe("plotRange", () => {
  it("includes the end date and counts shortcuts back from it", () => {
    expect(plotRange({ start_date: "2024-01-01", end_date: "2024-01-31" }, null)).toEqual({
      from: new Date("2024-01-01T00:00:00Z"),
      to: new Date("2024-02-01T00:00:00Z"),
    });
    expect(plotRange({ end_date: "2024-03-31", shortcut: "1M" }, null)!.from).toEqual(
      new Date("2024-03-01T00:00:00Z"),
    );
    expect(plotRange({ shortcut: "1W" }, new Date("2024-05-31T23:00:00Z"))).toEqual({
      from: new Date("2024-05-25T00:00:00Z"),
      to: new Date("2024-06-01T00:00:00Z"),
    });
  });
});
