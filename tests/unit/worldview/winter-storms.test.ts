// Winter storms (decision 0250): the rule a caller relies on when it is switched on. Storms fall only
// in December–February, are reproducible for a weather seed, raise demand (never lower it) towards
// their share of the year's peak, put cold outages only on storm days within the rule's range, and
// arrive at the stated rate over many winters; in a storm a battery is reserve only for the energy
// it can hold over the storm's peak.
import { describe, expect, it } from "vitest";
import { intervalsInYear, localGrid, yearStartMs } from "../../../engine/worldview/calendar.ts";
import {
  applyWinterStorms,
  drawWinterStorms,
  ERCOT_WINTER_STORMS as rule,
} from "../../../engine/worldview/winter-storms.ts";
import { runSystem } from "../../../engine/worldview/model.ts";
import { getScenario } from "../../../engine/worldview/scenarios.ts";

const tz = "America/Chicago" as const;
const year = 2025;
const grid = localGrid(tz, yearStartMs(year), intervalsInYear(year, 60), 60);
const demand = () =>
  Float64Array.from(
    grid.hour,
    (h, i) => 50_000 + 20_000 * Math.sin((Math.PI * grid.dayOfYear[i]) / 365) + 500 * h,
  );

describe("winter storms", () => {
  it("are reproducible for a seed and fall only in December–February", () => {
    let seen = 0;
    for (let seed = 0; seed < 40; seed++) {
      const d = demand();
      const a = applyWinterStorms(rule, d, grid, seed);
      const b = applyWinterStorms(rule, demand(), grid, seed);
      expect(Array.from(b.coldOutageShare)).toEqual(Array.from(a.coldOutageShare));
      a.active.forEach((x, i) => {
        if (x) {
          seen++;
          // a storm starting in late February may run into the first days of March
          expect(grid.month[i] <= 2 || grid.month[i] === 11).toBe(true);
        }
      });
    }
    expect(seen).toBeGreaterThan(0);
  });

  it("raise demand on storm days only, towards their share of the year's peak, with bounded outages", () => {
    for (let seed = 0; seed < 40; seed++) {
      const base = demand();
      const d = demand();
      const peak = Math.max(...base);
      const s = applyWinterStorms(rule, d, grid, seed);
      const top = (rule.peakRatioLow + rule.peakRatioSpan) * peak + 1e-6;
      const wrong = Array.from(d).filter((v, i) =>
        s.active[i]
          ? v < base[i] || v > top || s.coldOutageShare[i] > rule.coldOutageMax
          : v !== base[i] || s.coldOutageShare[i] !== 0,
      );
      expect(wrong.length).toBe(0);
    }
  });

  it("arrive at the stated rate over many winters", () => {
    let n = 0;
    const draws = 400;
    for (let seed = 0; seed < draws; seed++) n += drawWinterStorms(rule, grid, seed).length;
    // a calendar year holds one winter's days (January–February and December): ±4 standard errors
    expect(Math.abs(n / draws - rule.stormsPerWinter)).toBeLessThan(
      4 * Math.sqrt(rule.stormsPerWinter / draws),
    );
  });

  it("tighten ERCOT's winter reserve margin when switched on; the committed world view has none", () => {
    const central = getScenario("ercot-central");
    const off = runSystem("ERCOT", "ERCOT", central, 2026, { intervalMinutes: 60, raw: true });
    const on = runSystem("ERCOT", "ERCOT", central, 2026, {
      intervalMinutes: 60,
      raw: true,
      winterStorms: rule,
    });
    expect(off.drivers.storm).toBeUndefined();
    const winterMin = (r: typeof off) =>
      Math.min(
        ...Array.from(r.clear.reserveMW).filter((_, i) => r.grid.month[i] <= 1 || r.grid.month[i] === 11),
      );
    if (on.drivers.storm!.storms.length > 0) expect(winterMin(on)).toBeLessThan(winterMin(off));
  }, 60_000);
});
