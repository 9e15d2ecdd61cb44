import { SERVICE_LEVELS } from "../../../engine/worldview/ancillary.ts";
import { describe, expect, it } from "vitest";
import {
  listScenarios,
  getScenario,
  defaultScenario,
  marketYear,
  clearWorldviewCache,
  FIRST_YEAR,
  LAST_YEAR,
} from "../../../engine/worldview/index.ts";
import { REGIONS, MARKET_REGIONS } from "../../../engine/markets/regions.ts";
import { intervalsInYear } from "../../../engine/worldview/calendar.ts";
import type { MarketRegion } from "../../../engine/types.ts";

const mean = (a: Float64Array) => a.reduce((s, v) => s + v, 0) / a.length;

describe("world view catalogue", () => {
  it("has Central, High and Low for every region and a net-zero case for GB", () => {
    for (const r of MARKET_REGIONS) {
      const kinds = listScenarios(r).map((s) => s.kind);
      expect(kinds).toEqual(expect.arrayContaining(["central", "high", "low"]));
    }
    expect(getScenario("gb-net-zero")?.marketRegion).toBe("GB");
    expect(listScenarios("ERCOT").some((s) => s.kind === "net-zero")).toBe(false);
  });

  it("uses stable ids and carries id, name, modelVersion and marketRegion", () => {
    for (const id of [
      "gb-central",
      "gb-high",
      "gb-low",
      "gb-net-zero",
      "ercot-central",
      "nem-low",
      "de-high",
      "es-central",
    ]) {
      const s = getScenario(id)!;
      expect(s.id).toBe(id);
      expect(s.name).toMatch(/scenario/i);
      expect(s.modelVersion).toMatch(/^wv-/);
      expect(MARKET_REGIONS).toContain(s.marketRegion);
    }
    expect(getScenario("nope")).toBeUndefined();
  });

  it("offers only the Central scenario to solar configurations, and defaults to Central", () => {
    for (const r of MARKET_REGIONS) {
      expect(listScenarios(r, { solarOnly: true }).map((s) => s.kind)).toEqual(["central"]);
      expect(defaultScenario(r).kind).toBe("central");
    }
  });
});

describe("marketYear", () => {
  // every year of the Central case of every region, at the market's settlement interval
  for (const region of MARKET_REGIONS) {
    it(`${region}: every year ${FIRST_YEAR}-${LAST_YEAR} is a full series at the settlement interval with finite values`, () => {
      const id = defaultScenario(region).id;
      const info = REGIONS[region];
      for (let y = FIRST_YEAR; y <= LAST_YEAR; y++) {
        const my = marketYear(id, y);
        expect(my.region).toBe(region);
        expect(my.currency).toBe(info.currency);
        expect(my.intervalMinutes).toBe(info.settlementMinutes);
        expect(my.startUtc).toBe(`${y}-01-01T00:00:00.000Z`);
        expect(my.energyPrice.length).toBe(intervalsInYear(y, info.settlementMinutes));
        expect(my.energyPrice.every(Number.isFinite)).toBe(true);
        for (const k of info.services) {
          const s = my.servicePrices[k]!;
          expect(s, k).toBeDefined();
          expect(s.length).toBe(my.energyPrice.length);
          // negative only where the market clears below zero (GB DR-High, DM-High), never below its stack floor
          const floor = Math.min(0, SERVICE_LEVELS[region].services[k]!.floor);
          expect(s.every((v) => Number.isFinite(v) && v >= floor)).toBe(true);
        }
        expect(my.synthetic).toBe(true);
        if (region === "GB") {
          expect(my.imbalancePrice!.length).toBe(my.energyPrice.length);
          expect(my.capacityPricePerKWYear).toBeGreaterThan(0);
        } else {
          expect(my.imbalancePrice).toBeUndefined();
        }
      }
      clearWorldviewCache();
    }, 120_000);
  }

  it("ranks mean prices High > Central > Low in every region (2030 and 2045 together)", () => {
    for (const region of MARKET_REGIONS) {
      const m = (kind: string) => {
        const id = listScenarios(region as MarketRegion).find((s) => s.kind === kind)!.id;
        return [2030, 2045].reduce(
          (s, y) => s + mean(marketYear(id, y, { intervalMinutes: 60 }).energyPrice),
          0,
        );
      };
      const [hi, ce, lo] = [m("high"), m("central"), m("low")];
      expect(hi, region).toBeGreaterThan(ce);
      expect(ce, region).toBeGreaterThan(lo);
    }
    clearWorldviewCache();
  }, 180_000);

  it("is deterministic (same scenario and year → identical series)", () => {
    const a = Float64Array.from(marketYear("gb-central", 2031).energyPrice);
    clearWorldviewCache();
    const b = marketYear("gb-central", 2031).energyPrice;
    expect(Array.from(b)).toEqual(Array.from(a));
  });

  it("prices NEM regions and ERCOT zones separately, and rejects unknown scenarios and years", () => {
    // separate prices interval by interval (their annual means may happen to agree: decision 0249's
    // 2030 gives SA1 A$112.8 and QLD1 A$112.7)
    const sa = marketYear("nem-central", 2030, { zone: "SA1", intervalMinutes: 30 }).energyPrice;
    const qld = marketYear("nem-central", 2030, { zone: "QLD1", intervalMinutes: 30 }).energyPrice;
    expect(mean(sa.map((x, i) => Math.abs(x - qld[i])))).toBeGreaterThan(5);
    const west = mean(marketYear("ercot-central", 2030, { zone: "WEST", intervalMinutes: 60 }).energyPrice);
    const hub = mean(marketYear("ercot-central", 2030, { intervalMinutes: 60 }).energyPrice);
    expect(west).toBeGreaterThan(hub); // LZ_WEST traded at a premium to the hub average in 2024
    expect(() => marketYear("xx-central", 2030)).toThrow();
    expect(() => marketYear("gb-central", 2051)).toThrow();
  }, 60_000);
});
