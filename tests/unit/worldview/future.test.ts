// Acceptance 2 of issue 17: a future that behaves like real markets. In every Central world view
// (each NEM region on its own), as wind and solar grow the share of negative prices in 2035 is at
// least the base year's, and no year has runs of exactly-zero prices (at most 5 % of hours).
// Prices are the product's own: the market's clearing interval (NEM: the half-hourly clearing).
import { describe, expect, it } from "vitest";
import { computeMarketYear, getScenario } from "../../../engine/worldview/index.ts";
import type { MarketRegion } from "../../../engine/types.ts";

const CASES: Array<[MarketRegion, string | undefined]> = [
  ["GB", undefined],
  ["DE", undefined],
  ["ES", undefined],
  ["ERCOT", undefined],
  ["NEM", "NSW1"],
  ["NEM", "QLD1"],
  ["NEM", "VIC1"],
  ["NEM", "SA1"],
  ["NEM", "TAS1"],
];

function year(region: MarketRegion, zone: string | undefined, y: number) {
  const d = computeMarketYear(region, getScenario(`${region.toLowerCase()}-central`)!, y, {
    zone,
    intervalMinutes: region === "NEM" ? 30 : undefined,
  });
  const p = d.marketYear.energyPrice;
  let neg = 0;
  let zero = 0;
  for (const x of p) {
    if (x < 0) neg++;
    else if (x === 0) zero++;
  }
  let re = 0;
  let demand = 0;
  const dr = d.run.drivers;
  for (let i = 0; i < dr.demandMW.length; i++) {
    re += dr.windMW[i] + dr.solarMW[i];
    demand += dr.demandMW[i];
  }
  return { negativeShare: neg / p.length, zeroShare: zero / p.length, renewableShare: re / demand };
}

describe("world-view futures", () => {
  it.each(CASES)(
    "%s %s: never more than 5 % of intervals at exactly zero in any year 2024-2050",
    (region, zone) => {
      for (let y = 2024; y <= 2050; y += 1)
        expect(year(region, zone, y).zeroShare, `${y} share at exactly zero`).toBeLessThanOrEqual(0.05);
    },
    120_000,
  );

  const growth = (region: MarketRegion, zone: string | undefined) => {
    const base = year(region, zone, 2024);
    const y2035 = year(region, zone, 2035);
    expect(y2035.renewableShare).toBeGreaterThan(base.renewableShare);
    expect(y2035.negativeShare, "negative share 2035 vs 2024").toBeGreaterThanOrEqual(base.negativeShare);
  };

  // SA1 was a known miss from decision 0249 (25.8 % of negative half-hours in 2035 against 26.1 % in
  // 2024); met since decision 0136: storage entry re-derived on the spread skill builds less NEM
  // storage by 2035 (15.8 GW against 20.0 GW), and SA1's 2035 share is 26.8 %.
  it.each(CASES)(
    "%s %s: wind and solar grow to 2035 and so does the share of negative prices",
    growth,
    60_000,
  );
});
