// Issue 17, build item 2: a future that behaves like real markets, each mechanism driven by the
// world view's assumptions. Each test compares two world views that differ in one assumption only
// (same weather, same everything else), so it fails if the mechanism is taken out of the model.
import { describe, expect, it } from "vitest";
import { computeMarketYear, getScenario } from "../../../engine/worldview/index.ts";
import { MARKET_TABLES, at, type Anchors } from "../../../engine/worldview/assumptions.ts";
import { topBottomSpreads } from "../../../engine/worldview/files.ts";
import { resample } from "../../../engine/worldview/model.ts";
import { localGrid } from "../../../engine/worldview/calendar.ts";
import { clearPrices, type SystemYear } from "../../../engine/worldview/merit-order.ts";
import { paramsFor } from "../../../engine/worldview/params.ts";
import type { Scenario } from "../../../engine/worldview/scenarios.ts";

const gbCentral = getScenario("gb-central")!;

/** gb-central with one GB assumption changed from `fromYear` on (the scenario's own override mechanism). */
function variant(name: string, field: string, change: (v: number) => number, fromYear = 2026): Scenario {
  const sys = MARKET_TABLES.GB.systems[0];
  const [group, tech] = field.split(".");
  const table = sys as unknown as Record<string, Anchors & Record<string, Anchors>>;
  const anchors = (tech ? table[group][tech] : table[group]) as Anchors;
  const years = [2024, 2025, 2026, 2027, 2030, 2035, 2040, 2045, 2050];
  const changed: Anchors = years.map(
    (y) => [y, y >= fromYear ? change(at(anchors, y)) : at(anchors, y)] as const,
  );
  return { ...gbCentral, id: `gb-central-${name}`, overrides: { GB: { [field]: changed } } };
}

function measure(scen: Scenario, year: number) {
  const d = computeMarketYear("GB", scen, year);
  const p = d.marketYear.energyPrice;
  const solar = d.run.drivers.solarMW;
  let mean = 0;
  let solarValue = 0;
  let solarOut = 0;
  let lolp = 0;
  let spikes = 0;
  for (let i = 0; i < p.length; i++) {
    mean += p[i];
    solarValue += p[i] * solar[i];
    solarOut += solar[i];
    lolp += d.run.clear.scarcity[i];
    if (p[i] > 150) spikes++;
  }
  mean /= p.length;
  const hours = (p.length * d.marketYear.intervalMinutes) / 60;
  const hourly = resample(p, d.marketYear.intervalMinutes, 60, hours);
  const [, tb2] = topBottomSpreads(hourly, localGrid("Europe/London", d.run.startMs, hours, 60).dayIndex);
  return {
    captureRatio: solarValue / solarOut / mean,
    meanShortfallProbability: lolp / p.length,
    spikes,
    tb2,
    firmCapacityRatio: d.run.resolved.firmCapacityRatio,
  };
}

describe("world-view mechanisms, each driven by its assumption", () => {
  it("solar cannibalisation: with 1.5× the solar, GB solar's capture-price ratio is lower", () => {
    const central = measure(gbCentral, 2035);
    const more = measure(
      variant("solar", "capacityGW.solar", (v) => v * 1.5),
      2035,
    );
    // measured: 0.92 → 0.84
    expect(more.captureRatio).toBeLessThan(central.captureRatio - 0.04);
  }, 120_000);

  it("storage saturation: with twice the battery fleet, GB's mean top-2-hour daily spread is narrower", () => {
    const central = measure(gbCentral, 2035);
    const more = measure(
      variant("storage", "batteryGW", (v) => v * 2),
      2035,
    );
    // measured: £38.6 → £34.4/MWh
    expect(more.tb2).toBeLessThan(central.tb2 * 0.95);
  }, 120_000);

  it("scarcity follows the capacity margin: with 8 GW more CCGT, GB 2025 has fewer shortfall risks and spikes", () => {
    const central = measure(gbCentral, 2025);
    const firmer = measure(
      variant("ccgt", "capacityGW.ccgt", (v) => v + 8, 2025),
      2025,
    );
    expect(firmer.firmCapacityRatio).toBeGreaterThan(central.firmCapacityRatio + 0.1);
    // measured: mean shortfall probability 0.0009 → 0.0000, hours above £150 337 → 111
    expect(central.meanShortfallProbability).toBeGreaterThan(0);
    expect(firmer.meanShortfallProbability).toBeLessThan(0.5 * central.meanShortfallProbability);
    expect(firmer.spikes).toBeLessThan(central.spikes);
  }, 120_000);
});

describe("new-entrant peakers (decision 0214)", () => {
  // One flat day: 1.3 GW of demand, 1 GW of incumbent OCGT of which the calibrated NEM share (45 %)
  // is withheld at 4× and 8× its cost, and 1 GW of peakers the adequacy rule added.
  const n = 48;
  const demand = new Float64Array(n).fill(1300);
  const zero = new Float64Array(n);
  const grid = localGrid("Australia/Brisbane", Date.UTC(2030, 0, 1), n, 30);
  const system = (newEntrant: string): SystemYear => ({
    system: "TEST",
    year: 2030,
    peakDemandMW: 1300,
    inflexibleShare: 0,
    subsidisedShare: 0,
    subsidyBid: 0,
    mustRunMW: 0,
    mustRunBid: -10,
    hydroMW: 0,
    hydroCf: 0,
    storage: [],
    thermal: [
      { tech: "ocgt", mw: 1000, cost: 160, availability: 1 },
      { tech: newEntrant, mw: 1000, cost: 160, availability: 1 },
    ],
    interconnectorMW: 0,
    neighbourRefCost: 85,
    neighbourWindCorr: 0,
    flexDemandMW: 0,
    flexBid: 30,
    priceCap: 20_000,
    priceFloor: -1000,
    rooftopGrowthMW: 0,
    // no mark-up, noise or scarcity: the test is about which capacity is withheld
    params: {
      ...paramsFor("NEM"),
      markupA: 0,
      noiseSigma: 0,
      subHourlyNoise: 0,
      spreadNoise: 0,
      scarcityM0: -10,
    },
  });
  const price = (sy: SystemYear) =>
    Math.max(
      ...clearPrices(
        sy,
        { demandMW: demand, windMW: zero, solarMW: zero, windCf: zero, solarCf: zero },
        grid,
        30,
        1,
      ).price,
    );

  it("offer at cost: the peak clears on the peakers' offers, not at the withheld blocks' strategic price", () => {
    expect(paramsFor("NEM").withholdShare).toBeGreaterThan(0.4);
    // the same 1 GW as incumbent capacity is withheld like the rest: the peak clears strategically
    const incumbent = price(system("ocgt"));
    expect(incumbent).toBeGreaterThanOrEqual(4 * 160);
    // added by the adequacy rule ("-new"): 550 + 1,000 MW at cost cover the 1,300 MW; the stack's
    // smoothing towards the next (strategic) block lifts it above the bare A$160, not to A$640
    const added = price(system("ocgt-new"));
    expect(added).toBeLessThan(0.6 * incumbent);
    expect(added).toBeLessThan(2.5 * 160);
  });
});
