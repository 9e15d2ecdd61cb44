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

  // Was a known miss (decision 0230: 0 hours against 3); the realised shortfall events (decision 0246) meet it.
  it("acceptance 3: hours above $500 within ±50 %", () => {
    const c = tail.checks.find((x) => x.metric === "hours above $500")!;
    expect(c.ok, msg(c)).toBe(true);
  });
});
