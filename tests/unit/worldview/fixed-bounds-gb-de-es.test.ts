// Issue 26 (acceptance 2, item 4) for GB, DE and ES: each market's Central power-price download as
// hourly means against real 2025 — mean ±10 %, mean daily max−min spread (local days) ±20 %,
// negative-hour share ±2 points. Bounds stated before measuring (FIXED_BOUNDS, decision 0231) and
// never widened; 2025 is held out of every fit. ERCOT and the NEM have their own blocks
// (fixed-bounds.test.ts). Needs ../shared/data; skipped politely without it.
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as data from "../../../engine/worldview/cli/base-data.ts";
import {
  FIXED_BOUNDS,
  hourlyDownloadRows,
  type FixedCheck,
} from "../../../engine/worldview/cli/fixed-bounds.ts";

const hasData = existsSync(data.sharedDataDir());
const msg = (c: FixedCheck) =>
  `${c.metric}: real ${c.real.toFixed(2)}, model ${c.model.toFixed(2)}, error ${c.error.toFixed(2)} against ±${c.bound}`;

describe.skipIf(!hasData)("GB, DE and ES 2025 out of sample, fixed bounds (acceptance 2)", () => {
  it.each(["GB", "DE", "ES"])(
    "%s: the Central download's mean, daily spread and negative hours within the issue's bounds",
    (system) => {
      const row = hourlyDownloadRows(system)[0];
      expect(row.system).toBe(system);
      expect(row.coverage).toBeGreaterThan(0.8);
      const bounds = {
        mean: FIXED_BOUNDS.fullYear.meanPct,
        "daily spread": FIXED_BOUNDS.fullYear.spreadPct,
        "negative hours %": FIXED_BOUNDS.fullYear.negativeHoursPp,
      };
      for (const [metric, bound] of Object.entries(bounds)) {
        const c = row.checks.find((x) => x.metric === metric)!;
        expect(c.bound).toBe(bound);
        expect(Math.abs(c.error), msg(c)).toBeLessThanOrEqual(bound);
      }
    },
    180_000,
  );
});
