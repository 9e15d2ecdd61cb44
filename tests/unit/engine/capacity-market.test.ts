// GB Capacity Market: a battery's de-rating is the factor NESO published for its duration class in
// the T-4 auction of the delivery year (source: NESO Capacity Market Register, de-rating factors,
// ../shared/data/capacity/gb/gb_cm_storage_derating_factors_by_duration_2016-17_2030-31.csv).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  gbCapacityDeliveryYear,
  gbCapacityDerating,
  gbCapacityMarketByMonth,
  GB_CM_T4_DERATING,
} from "../../../engine/markets/capacity-market.ts";
import { marketYear } from "../../../engine/worldview/index.ts";
import { parseForecastInput, runYear } from "../../../engine/forecast/index.ts";
import { initialScenarioState } from "../../../engine/forecast/scenario.ts";
import { syntheticDays } from "./support/market-years.ts";

const CSV = path.resolve(
  __dirname,
  "../../../../shared/data/capacity/gb/gb_cm_storage_derating_factors_by_duration_2016-17_2030-31.csv",
);

describe("GB Capacity Market de-rating (NESO CM Register, T-4 auctions)", () => {
  it("a 2 h battery gets the published factor of each T-4 auction: 0.4862 (2024/25), 0.1539 (2027/28), 0.2094 (2028/29)", () => {
    expect(gbCapacityDerating(2, 2024)).toBe(0.4862);
    expect(gbCapacityDerating(2, 2027)).toBe(0.1539);
    expect(gbCapacityDerating(2, 2028)).toBe(0.2094);
    expect(gbCapacityDerating(4, 2028)).toBe(0.4174);
    // a 2.3 h battery is in the 2 h class (durations round down to the half hour)
    expect(gbCapacityDerating(2.3, 2027)).toBe(0.1539);
    // after the last published auction (T-4 2030/31) the latest table holds
    expect(gbCapacityDerating(2, 2040)).toBe(0.2231);
  });

  const gbBattery = (startDate: string) =>
    parseForecastInput({
      configuration: "bess",
      region: "GB",
      revenueStrategies: ["energy_only"],
      ratedPower: 10,
      duration: 2,
      efficiency: 88,
      maxCycles: 1,
      startDate,
      assetLifeYears: 1,
      macroScenarios: ["central"],
      latitude: 51.5,
      longitude: -0.1,
    });

  it("a GB 2 h battery's Capacity Market revenue = clearing price × rated MW × the published factor", () => {
    // the first week of 2027 is in delivery year 2026/27: T-4 2026/27, £63.00/kW/yr, 2 h factor 0.2363
    const my = {
      ...syntheticDays("GB", 7, { year: 2027 }),
      capacityPricePerKWYear: 65,
      capacityPricePreviousDeliveryYear: 63,
    };
    const { year } = runYear(gbBattery("2027-01-01"), "central", "energy_only", my, initialScenarioState());
    expect(year.streams.capacityMarket).toBeCloseTo(63 * 1000 * 10 * 0.2363 * (7 / 365), 6);
  });

  it("January–September are paid in the delivery year that began the October before (2025: T-4 2024/25, 0.4862)", () => {
    // NESO CM Register: T-4 2024/25 cleared at £18.00/kW/yr with a 2 h storage factor of 0.4862;
    // T-4 2025/26 at £30.59 with 0.3973 — 2025 is nine months of the first and three of the second
    expect(gbCapacityDeliveryYear(Date.UTC(2025, 8, 30, 23))).toBe(2024);
    expect(gbCapacityDeliveryYear(Date.UTC(2025, 9, 1))).toBe(2025);
    const my = {
      year: 2025,
      startUtc: "2025-01-01T00:00:00.000Z",
      intervalMinutes: 60,
      energyPrice: new Float64Array(8760),
      capacityPricePerKWYear: 30.59,
      capacityPricePreviousDeliveryYear: 18,
    };
    const byMonth = gbCapacityMarketByMonth(my, 2, 10);
    const jan = (18 * 1000 * 10 * 0.4862 * (31 * 24)) / 8760;
    const dec = (30.59 * 1000 * 10 * 0.3973 * (31 * 24)) / 8760;
    expect(byMonth[0]).toBeCloseTo(jan, 6);
    expect(byMonth[11]).toBeCloseTo(dec, 6);
    const janToSep = 273 * 24;
    expect(byMonth.reduce((a, b) => a + b, 0)).toBeCloseTo(
      ((18 * 0.4862 * janToSep + 30.59 * 0.3973 * (8760 - janToSep)) * 1000 * 10) / 8760,
      6,
    );
  });

  it("the world view gives both delivery years' T-4 clearing prices (gb-central 2025: £18.00 to September, £30.59 from October)", () => {
    const ya = marketYear("gb-central", 2025);
    expect(ya.capacityPricePreviousDeliveryYear).toBe(18);
    expect(ya.capacityPricePerKWYear).toBe(30.59);
  }, 60_000);

  it.skipIf(!existsSync(CSV))("the table equals the NESO register's storage de-rating factors", () => {
    const lines = readFileSync(CSV, "utf8").trim().split("\n").slice(1);
    let checked = 0;
    for (const l of lines) {
      const [, type, deliveryYear, , duration, factor] = l.split(",");
      const y = Number(deliveryYear.slice(0, 4));
      const table = GB_CM_T4_DERATING[y];
      if (type !== "T-4" || !table || !duration) continue;
      const row = table.find(([h]) => h === Number(duration));
      if (!row) continue; // classes beyond the table's last (the factor is flat there)
      expect(row[1], `T-4 ${deliveryYear} ${duration} h`).toBe(Number(factor));
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });
});
