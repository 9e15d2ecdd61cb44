// Issue 25 acceptance 2, the bound stated before measuring: on the real series of ../shared/data,
// realistic ÷ perfect capture of the later-market stream is at least 50 % for ERCOT real time and
// for every NEM region at 5 minutes (both reference durations); GB imbalance capture is printed.
// Rows below the bound with today's dispatch are NOT hidden and the bound is not loosened: each is
// listed below with its measured capture and shown as a todo (decision 0132). Skips without the data.
import { beforeAll, describe, expect, it } from "vitest";
import { backtestRow, REFERENCE_DURATIONS } from "../../../engine/backtest/index.ts";
import { loadBacktestData, sharedDataPresent } from "../../../bench/backtest-data.ts";

const BOUND = 0.5;

/** Rows below the bound, measured 2026-12-07 on this branch (decision 0132). Key: market region year h. */
const STILL_BELOW: Record<string, string> = {
  "ERCOT HB_HUBAVG 2024 1":
    "14 %: real time kept by the plan on the day-ahead price (offers at prices lost more; the value-of-storage policy of 0133, opt-in, 13 %)",
  "ERCOT HB_HUBAVG 2024 2": "33 % (0133: 35 %)",
  "ERCOT HB_HUBAVG 2025 1": "14 % (0133: 3 %)",
  "ERCOT HB_HUBAVG 2025 2": "40 % (0133: 42 %)",
  "NEM SA1 2024 1": "48 %: SA1's value is in rare spikes (58 % of perfect from prices above A$1,000/MWh)",
};

interface Capture {
  key: string;
  market: string;
  perfect: number;
  realistic: number;
}

describe.skipIf(!sharedDataPresent())("capture of the later-market stream on the real prices", () => {
  const captures: Capture[] = [];
  beforeAll(async () => {
    const data = await loadBacktestData(
      (m) => m.market === "NEM" || m.market === "ERCOT" || m.market === "GB",
    );
    for (const d of data) {
      // GB: the years its imbalance (system) prices are held
      if (d.market === "GB" && !(d.later?.series.ts.length && d.year >= 2023 && d.year <= 2024)) continue;
      const stream = d.later?.stream ?? "wholesale";
      for (const h of REFERENCE_DURATIONS) {
        const perfect = backtestRow(d, h, "perfect").streams[stream] ?? 0;
        const realistic = backtestRow(d, h, "realistic").streams[stream] ?? 0;
        captures.push({
          key: `${d.market} ${d.region} ${d.year} ${h}`,
          market: d.market,
          perfect,
          realistic,
        });
      }
    }
    for (const c of captures)
      console.log(
        `${c.key} h: realistic ${(c.realistic / 1000).toFixed(1)}k of perfect ${(c.perfect / 1000).toFixed(1)}k = ${((100 * c.realistic) / c.perfect).toFixed(0)} %`,
      );
  }, 1_800_000);

  it("keeps at least half of perfect foresight's later-market stream (ERCOT real time, NEM 5 minutes)", () => {
    const bounded = captures.filter((c) => c.market !== "GB");
    // not vacuous: every NEM region and ERCOT are there
    for (const r of ["NEM NSW1", "NEM QLD1", "NEM SA1", "NEM VIC1", "ERCOT HB_HUBAVG"])
      expect(
        bounded.some((c) => c.key.startsWith(r)),
        r,
      ).toBe(true);
    for (const c of bounded) {
      expect(c.perfect, c.key).toBeGreaterThan(0);
      // a listed row is still below (the list is cleared as rows rise)
      if (STILL_BELOW[c.key]) expect(c.realistic / c.perfect, c.key).toBeLessThan(BOUND);
      else expect(c.realistic / c.perfect, c.key).toBeGreaterThanOrEqual(BOUND);
    }
  });

  it("prints GB imbalance capture", () => {
    expect(captures.some((c) => c.market === "GB")).toBe(true);
  });

  for (const [key, measured] of Object.entries(STILL_BELOW))
    it.todo(`${key} h: below ${BOUND * 100} % (${measured})`);
});
