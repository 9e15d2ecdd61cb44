// Realised shortfall events (decision 0246): ERCOT's scarcity adder paid by events rather than by the
// expected shortfall probability. What a caller relies on: the same inputs give the same events; the
// year's expected adder (and so its mean price) is the ORDC's own; the count of events is its
// expectation within one, not a lottery; an event pays within the stated severity.
import { describe, expect, it } from "vitest";
import { meanSeverity, realiseShortfalls } from "../../../engine/worldview/shortfall-events.ts";

const severity = { min: 0.2, max: 0.7 };
// a year of quarter-hours with a few tight evenings
const lolp = Float64Array.from({ length: 35_040 }, (_, i) => {
  const day = Math.floor(i / 96);
  const q = i % 96;
  return day % 40 === 7 && q >= 72 && q < 80 ? 0.05 + 0.02 * (q - 72) : 0;
});
const expectedEvents = lolp.reduce((a, b) => a + b, 0) / meanSeverity(severity);

describe("realised shortfall events", () => {
  it("are reproducible for a seed and differ between seeds", () => {
    const a = realiseShortfalls(lolp, severity, 42);
    expect(Array.from(realiseShortfalls(lolp, severity, 42))).toEqual(Array.from(a));
    expect(Array.from(realiseShortfalls(lolp, severity, 43))).not.toEqual(Array.from(a));
  });

  it("number their events at the expectation within one, in the tight intervals only", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const s = realiseShortfalls(lolp, severity, seed);
      const events = s.filter((x) => x > 0).length;
      expect(Math.abs(events - expectedEvents)).toBeLessThanOrEqual(1);
      expect(s.filter((x, i) => lolp[i] === 0 && x !== 0).length).toBe(0);
    }
  });

  it("pay within the severity range and keep the expected adder over many seeds", () => {
    let total = 0;
    const seeds = 400;
    for (let seed = 0; seed < seeds; seed++) {
      const s = realiseShortfalls(lolp, severity, seed);
      expect(s.filter((x) => x > 0 && (x < severity.min || x > 1)).length).toBe(0);
      for (const x of s) total += x;
    }
    const expected = lolp.reduce((a, b) => a + b, 0);
    expect(Math.abs(total / seeds - expected) / expected).toBeLessThan(0.03);
  });

  it("refuses a severity outside 0..1 by name", () => {
    expect(() => realiseShortfalls(lolp, { min: 0, max: 0.5 }, 1)).toThrow(/shortfall severity/);
    expect(() => realiseShortfalls(lolp, { min: 0.5, max: 1.5 }, 1)).toThrow(/shortfall severity/);
  });
});
