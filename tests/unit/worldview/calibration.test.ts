// Base-year (2024) calibration error of the world-view price model against real prices.
// Needs ../shared/data; skipped politely when absent. Bounds are the ones stated in
// engine/worldview/README.md ("Calibration").
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  evaluateCases,
  calibrationError,
  correlation,
  priceStats,
} from "../../../engine/worldview/calibration.ts";
import { paramsFor } from "../../../engine/worldview/params.ts";
import { buildCase } from "../../../engine/worldview/cli/cases.ts";
import * as data from "../../../engine/worldview/cli/base-data.ts";

const hasData = existsSync(data.sharedDataDir());

describe("calibration metrics", () => {
  it("measure mean, daily spread, correlation and duration-curve error", () => {
    const obs = Float64Array.from({ length: 48 }, (_, i) => 50 + 10 * Math.sin(i / 3));
    const e = calibrationError(
      obs,
      obs,
      24,
      Float64Array.from({ length: 48 }, (_, i) => i % 24),
      new Uint8Array(48),
    );
    expect(e.meanError).toBeCloseTo(0);
    expect(e.correlation).toBeCloseTo(1);
    expect(e.pdcRmse).toBeCloseTo(0);
    const shifted = obs.map((v) => v + 5);
    expect(
      calibrationError(obs, shifted, 24, new Float64Array(48), new Uint8Array(48)).meanError,
    ).toBeCloseTo(5);
    expect(correlation([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1);
    expect(priceStats([1, -1, 3, NaN], 2).negativeShare).toBeCloseTo(1 / 3);
  });
});

describe.skipIf(!hasData)("base-year calibration (2024, real data)", () => {
  const bounds = { meanPct: 15, spreadPct: 35, pdcPct: 40 };

  it("GB, DE, ES and ERCOT: synthetic-weather base year within bounds", () => {
    const sets: Array<[string, ReturnType<typeof buildCase>]> = [];
    const gb = data.readGb(2024)!;
    sets.push(["GB", buildCase("GB", "GB", 60, gb.price.values, undefined, 1)]);
    const de = data.readDe(2024)!;
    sets.push(["DE", buildCase("DE", "DE", 60, de.price.values, undefined, 1)]);
    const es = data.readEs(2024)!;
    sets.push(["ES", buildCase("ES", "ES", 60, es.price.values, undefined, 1)]);
    const er = data.readErcot("HB_HUBAVG", 2024)!;
    sets.push(["ERCOT", buildCase("ERCOT", "ERCOT", 60, er.price.values, undefined, 1)]);
    for (const [sys, c] of sets) {
      const e = evaluateCases([c], paramsFor(sys)).errors[0];
      expect(Math.abs(e.meanErrorPct), `${sys} mean`).toBeLessThan(bounds.meanPct);
      expect(Math.abs(e.spreadErrorPct), `${sys} spread`).toBeLessThan(bounds.spreadPct);
      expect(e.pdcRmsePct, `${sys} PDC`).toBeLessThan(bounds.pdcPct);
      expect(e.profileCorrelation, `${sys} profile`).toBeGreaterThan(0.3);
    }
  }, 60_000);

  it("DE hindcast with observed load, wind and solar tracks real prices (correlation > 0.6)", () => {
    const de = data.readDe(2024)!;
    const windCf = de.windMW!.values.map((v) => v / 72_200);
    const c = buildCase(
      "DE",
      "DE",
      60,
      de.price.values,
      { demandMW: de.demand!.values, windMW: de.windMW!.values, solarMW: de.solarMW!.values, windCf },
      1,
      undefined,
      (r) => {
        r.sy.mustRunMW -= r.ya.capacityGW.ror * 1000 * r.table.rorCf;
        r.sy.thermal = r.sy.thermal.filter((b) => b.tech !== "biomass");
      },
    );
    const e = evaluateCases([c], paramsFor("DE")).errors[0];
    expect(e.correlation).toBeGreaterThan(0.6);
    expect(Math.abs(e.meanErrorPct)).toBeLessThan(10);
  }, 60_000);
});
