// The GB leaderboard's model of one asset (decision 0336): what differs between assets — duration
// and its fade with age and cycling, cycles, location (TNUoS), commissioning — gives different
// figures, on a synthetic GB year (a documented daily price shape, labelled synthetic in the test's
// name; the real-data run is the e2e test). Bounds are stated before the run.
import { describe, expect, it } from "vitest";
import {
  assetMonths,
  assetYearProfile,
  type LeaderboardAssetSpec,
} from "../../../engine/backtest/leaderboard.ts";
import type { BacktestMarketData } from "../../../engine/backtest/index.ts";

const base: LeaderboardAssetSpec = {
  assetId: "a",
  name: "A",
  ratedPower: 50,
  energyCapacity: 50,
  operationalSince: "2024-01-01",
  cycles: 2,
  latitude: 51.62, // Minety, Wiltshire: a southern zone, where the generation tariff is a credit
  longitude: -1.98,
  gsp: "_H",
};

/** Synthetic GB 2023: half-hourly, £40/MWh overnight, £120/MWh 17:00–19:00 UTC, £70 otherwise. */
function syntheticGbYear(): BacktestMarketData {
  const ts: number[] = [];
  const values: number[] = [];
  for (let t = Date.UTC(2023, 0, 1); t < Date.UTC(2024, 0, 1); t += 1_800_000) {
    const h = new Date(t).getUTCHours();
    ts.push(t);
    values.push(h < 6 ? 40 : h >= 17 && h < 19 ? 120 : 70);
  }
  return {
    market: "GB",
    region: "GB",
    year: 2023,
    currency: "GBP",
    intervalMinutes: 30,
    energy: { ts, values },
  };
}

describe("assetYearProfile", () => {
  it("fades an older, harder-cycled battery more, and charges TNUoS only from 100 MW", () => {
    const young = assetYearProfile({ ...base, operationalSince: "2022-07-01" }, 2024);
    const old = assetYearProfile({ ...base, operationalSince: "2019-07-01" }, 2024);
    expect(young.ageYears).toBeCloseTo(2, 1);
    // standard curve: 1 − 0.2·EFC/6000 − 0.01·years; 2 years at 2 cycles → 1460 EFC → 0.931
    expect(young.retention).toBeCloseTo(
      1 - (0.2 * 2 * 365 * young.ageYears) / 6000 - 0.01 * young.ageYears,
      6,
    );
    expect(old.retention).toBeLessThan(young.retention);
    expect(old.durationHours).toBeLessThan(young.durationHours);
    const fewerCycles = assetYearProfile({ ...base, operationalSince: "2019-07-01", cycles: 1 }, 2024);
    expect(fewerCycles.retention).toBeGreaterThan(old.retention);
    expect(young.tnuosZone).not.toBeNull();
    expect(young.paysTnuos).toBe(false);
    expect(young.tnuosPerMWYear).toBe(0);
    const large = assetYearProfile({ ...base, ratedPower: 100, energyCapacity: 100 }, 2024);
    expect(large.paysTnuos).toBe(true);
    expect(large.tnuosPerMWYear).toBeLessThan(0); // a credit in the south
    const north = assetYearProfile({ ...base, ratedPower: 100, latitude: 57.48, longitude: -4.22 }, 2024);
    expect(north.tnuosPerMWYear).toBeGreaterThan(0); // a charge in the north of Scotland
  });
});

describe("assetMonths on a synthetic GB year", () => {
  const d = syntheticGbYear();
  it("gives assets that differ different figures", () => {
    const sum = (a: LeaderboardAssetSpec) => assetMonths(d, a).reduce((x, m) => x + m.revenuePerMW, 0);
    const newer = sum({ ...base, operationalSince: "2023-01-01" });
    const older = sum({ ...base, operationalSince: "2018-01-01" });
    const twoHour = sum({ ...base, energyCapacity: 100, cycles: 1.5, operationalSince: "2023-01-01" });
    // bounds stated before the run: a 5-year-older battery of the same shape earns less (it holds
    // less energy for the evening peak), and a 2 h battery more per MW than a 1 h one
    expect(older).toBeLessThan(newer);
    expect(twoHour).toBeGreaterThan(newer);
    // TNUoS: a 100 MW site in the south gets its zone's credit on top, month by month
    const big = assetMonths(d, {
      ...base,
      ratedPower: 100,
      energyCapacity: 100,
      operationalSince: "2023-01-01",
    });
    const small = assetMonths(d, { ...base, operationalSince: "2023-01-01" });
    const p = assetYearProfile({ ...base, ratedPower: 100, energyCapacity: 100 }, 2023);
    expect(big).toHaveLength(12);
    expect(big[0].tnuosPerMW).toBeCloseTo((p.tnuosPerMWYear * 31) / 365, 6);
    expect(big[0].revenuePerMW - small[0].revenuePerMW).toBeCloseTo(-big[0].tnuosPerMW, 0);
  }, 120_000);
});
