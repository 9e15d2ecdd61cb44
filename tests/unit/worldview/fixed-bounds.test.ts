// Issue 26 (acceptances 2 and 3, item 4): 2025 out of sample against bounds fixed in advance, not
// derived from the year's own change (decision 0231). They replace decision 0216's derived bounds for
// ERCOT. Stated before measuring: hourly means of the Central power-price download against real 2025
// — mean ±10 %, mean daily max−min spread ±20 %, negative-hour share ±2 points; ERCOT's real-time
// tail (hourly means of its 15-minute prices, the only real series held) — standard deviation
// ±25 %, hours above $500 ±50 %, 99.9th percentile ±40 %. Never widened. Needs ../shared/data;
// skipped politely without it.
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as data from "../../../engine/worldview/cli/base-data.ts";
import {
  ercotRealTimeTail,
  ercotWinterTail,
  FIXED_BOUNDS,
  hourlyDownloadRows,
  type ErcotTail,
  type FixedRow,
} from "../../../engine/worldview/cli/fixed-bounds.ts";

const hasData = existsSync(data.sharedDataDir());

describe("fixed bounds are the issue's", () => {
  it("acceptance 2 and 3 as written", () => {
    expect(FIXED_BOUNDS).toEqual({
      fullYear: { meanPct: 10, spreadPct: 20, negativeHoursPp: 2 },
      nemFiveMinute: { spreadPct: 25, negativeHoursPp: 4 },
      ercotRealTime: { stdPct: 25, above500Pct: 50, p999Pct: 40 },
    });
  });
});

describe.skipIf(!hasData)("ERCOT 2025 out of sample, fixed bounds", () => {
  let row: FixedRow;
  let tail: ErcotTail;
  const msg = (c: { metric: string; real: number; model: number; error: number; bound?: number }) =>
    `${c.metric}: real ${c.real.toFixed(1)}, model ${c.model.toFixed(1)}, error ${c.error.toFixed(1)} against ±${c.bound}`;

  it("reads real 2025 ERCOT prices", () => {
    row = hourlyDownloadRows("ERCOT")[0];
    tail = ercotRealTimeTail()!;
    expect(row.system).toBe("ERCOT");
    expect(tail.real.n).toBeGreaterThan(8000);
  }, 120_000);

  it.each(["mean", "daily spread", "negative hours %"])(
    "acceptance 2: the Central download's %s within its bound",
    (metric) => {
      const c = row.checks.find((x) => x.metric === metric)!;
      expect(c.bound).toBeDefined();
      expect(c.ok, msg(c)).toBe(true);
    },
  );

  it.each(["std", "p99.9"])("acceptance 3: the real-time %s within its bound", (metric) => {
    const c = tail.checks.find((x) => x.metric === metric)!;
    expect(c.ok, msg(c)).toBe(true);
  });

  // Issue 26 item 3: the tail added "while routine daily spreads stay right". Held with acceptance 2's
  // daily-spread bound (±20 %, the issue's, not chosen from a result) on the median day, which spike
  // days do not move. Was +32 % (decision 0246); the routine day fitted on two price levels, 0247.
  it("item 3: the routine day, the median daily spread within ±20 %", () => {
    const c = tail.checks.find((x) => x.metric === "median daily spread")!;
    expect(c.bound).toBe(FIXED_BOUNDS.fullYear.spreadPct);
    expect(c.ok, msg(c)).toBe(true);
  });

  // Was a known miss (decision 0230: 0 hours against 3); the realised shortfall events (decision 0246) meet it.
  it("acceptance 3: hours above $500 within ±50 %", () => {
    const c = tail.checks.find((x) => x.metric === "hours above $500")!;
    expect(c.ok, msg(c)).toBe(true);
  });

  // Known miss (decisions 0246, 0247, 0250): the model has no winter scarcity. Real 2026 January–March
  // had 7 hours above $500 (winter storm, 25–28 January); the shortfall hazard follows the summer
  // peak's margins (the model's winter reserve margins stay above 20 % of peak). A sourced winter-storm
  // rule (winter-storms.ts) meets it (4 hours) but breaks 2025's tail bounds, so it is not switched on
  // (0250). Acceptance 3's bound (±50 %) on that quarter; it stays in force and fails the day the
  // model meets it.
  it.fails(
    "winter: hours above $500 in 2026 January–March within ±50 %",
    () => {
      const w = ercotWinterTail()!;
      expect(w.check.ok, msg(w.check)).toBe(true);
    },
    120_000,
  );
});
