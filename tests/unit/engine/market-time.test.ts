// Market time (issue 16 item 3, decision 0115): the daily cycle cap counts the market's trading
// day (GB Europe/London, ERCOT US Central, NEM market time UTC+10 all year, or a NEM price region's
// own clock, decision 0137; DE Europe/Berlin, ES Europe/Madrid), clock-change days have 23 or 25 hours, and GB EFA blocks start at 23:00 UK
// time (22:00 UTC in summer), with a 3- or 5-hour block on a clock-change day.
import { describe, expect, it } from "vitest";
import { solveBest, solveDispatch, solveDispatchOracle } from "../../../engine/dispatch/solve.ts";
import { solveRolling } from "../../../engine/dispatch/rolling.ts";
import { checkSchedule } from "../../../engine/dispatch/checks.ts";
import { tradingDayIndex } from "../../../engine/dispatch/formulation.ts";
import { buildYearProblem, parseForecastInput } from "../../../engine/forecast/index.ts";
import type { DispatchProblem } from "../../../engine/dispatch/types.ts";
import { tradingTimeZone } from "../../../engine/markets/market-time.ts";
import type { MarketRegion, MarketYear } from "../../../engine/types.ts";

/** Intervals per trading day, in order. */
function dayLengths(days: Int32Array): number[] {
  const out: number[] = [];
  for (let t = 0; t < days.length; t++)
    if (t === 0 || days[t] !== days[t - 1]) out.push(1);
    else out[out.length - 1]++;
  return out;
}

describe("trading days", () => {
  it("GB 2026: 46 half-hours on 29 March, 50 on 25 October, 48 on the other days", () => {
    const n = 365 * 48;
    const days = tradingDayIndex("2026-01-01T00:00:00Z", 30, n, "Europe/London");
    const len = dayLengths(days);
    expect(len.length).toBe(365);
    expect(len[87]).toBe(46); // 29 March (day 88 of the year)
    expect(len[297]).toBe(50); // 25 October
    expect(len.filter((l) => l === 48).length).toBe(363);
  });

  it("ERCOT days start at 06:00 UTC in winter and 05:00 UTC in summer; NEM at 14:00 UTC all year", () => {
    const ercot = tradingDayIndex("2026-01-10T00:00:00Z", 60, 24 * 200, "America/Chicago");
    expect(ercot[5]).toBe(ercot[0]); // 05:00 UTC = 23:00 CST, the day before
    expect(ercot[6]).toBe(ercot[0] + 1);
    const july = 24 * (31 + 28 + 31 + 30 + 31 + 30 - 9); // 1 July 00:00 UTC
    expect(ercot[july + 4]).toBe(ercot[july]); // 04:00 UTC = 23:00 CDT
    expect(ercot[july + 5]).toBe(ercot[july] + 1);
    const nem = tradingDayIndex("2026-01-01T00:00:00Z", 5, 288 * 200, "Australia/Brisbane");
    expect(nem[14 * 12 - 1]).toBe(nem[0]);
    expect(nem[14 * 12]).toBe(nem[0] + 1);
    const nemJuly = 288 * 181 + 14 * 12;
    expect(nem[nemJuly]).toBe(nem[nemJuly - 1] + 1);
  });
});

/** Two price spikes 6 hours apart, at 04:00 and 10:00 UTC: one UTC day, two ERCOT trading days. */
function twoSpikes(timeZone?: string): DispatchProblem {
  const price = Float64Array.from({ length: 48 }, (_, t) => {
    const h = t % 24;
    return h === 4 || h === 10 ? 200 : h === 2 || h === 8 ? 5 : 30;
  });
  return {
    intervalMinutes: 60,
    startUtc: "2026-01-10T00:00:00Z",
    timeZone,
    price,
    battery: { powerMW: 1, energyMWh: 1, roundTripEfficiency: 0.9, maxCyclesPerDay: 1 },
  };
}

describe("the daily cycle cap counts the market's trading day", () => {
  it("ERCOT: spikes at 22:00 and 04:00 Central time are on two trading days, so both are served", async () => {
    const utc = solveBest(twoSpikes());
    const ercot = solveBest(twoSpikes("America/Chicago"));
    // on UTC days the cap allows one of the two spikes a day; on Central days both
    expect(ercot.cycles).toBeGreaterThan(utc.cycles + 0.9);
    expect(ercot.revenue).toBeGreaterThan(utc.revenue);
    for (const solve of [solveDispatch, (p: DispatchProblem) => solveBest(p)]) {
      const r = solve(twoSpikes("America/Chicago"));
      expect(checkSchedule(twoSpikes("America/Chicago"), r).violations).toEqual([]);
      expect(r.revenue).toBeCloseTo(ercot.revenue, 4);
    }
    const oracle = await solveDispatchOracle(twoSpikes("America/Chicago"));
    expect(oracle.revenue).toBeCloseTo(ercot.revenue, 4);
  });

  it("rolling windows start at the market's midnight: the cap holds on every trading day", () => {
    const n = 24 * 12;
    const p: DispatchProblem = {
      intervalMinutes: 60,
      startUtc: "2026-03-01T00:00:00Z",
      timeZone: "America/Chicago",
      price: Float64Array.from({ length: n }, (_, t) => 40 + 35 * Math.sin((2 * Math.PI * t) / 6)),
      battery: { powerMW: 1, energyMWh: 1, roundTripEfficiency: 0.9, maxCyclesPerDay: 1 },
    };
    const r = solveRolling(p, { windowDays: 2, lookaheadDays: 1 });
    expect(checkSchedule(p, r).violations).toEqual([]);
  });

  it("the forecast sets each market's time zone", () => {
    const zones: Record<MarketRegion, string> = {
      GB: "Europe/London",
      ERCOT: "America/Chicago",
      NEM: "Australia/Brisbane",
      DE: "Europe/Berlin",
      ES: "Europe/Madrid",
    };
    for (const region of Object.keys(zones) as MarketRegion[]) {
      const p = parseForecastInput({
        configuration: "bess",
        region,
        ratedPower: 1,
        duration: 2,
        efficiency: 88,
        maxCycles: 1,
        startDate: "2026-01-01",
        revenueStrategies: ["energy_only"],
        macroScenarios: ["x"],
      });
      const my: MarketYear = {
        region,
        year: 2026,
        currency: "GBP",
        startUtc: "2026-01-01T00:00:00Z",
        intervalMinutes: 60,
        energyPrice: new Float64Array(48),
        servicePrices: {},
        synthetic: true,
      };
      expect(buildYearProblem(p, "energy_only", my, 1, 0).problem.timeZone).toBe(zones[region]);
    }
  });

  // decision 0137: a battery in one NEM price region counts its own state's day
  it("NEM: a price region's market year counts that region's day (SA1: Adelaide, not NEM market time)", () => {
    expect(tradingTimeZone("NEM", "SA1")).toBe("Australia/Adelaide");
    expect(tradingTimeZone("NEM", "nsw1")).toBe("Australia/Sydney");
    expect(tradingTimeZone("NEM", "VIC1")).toBe("Australia/Melbourne");
    expect(tradingTimeZone("NEM", "QLD1")).toBe("Australia/Brisbane");
    expect(tradingTimeZone("NEM", "TAS1")).toBe("Australia/Hobart");
    expect(tradingTimeZone("NEM")).toBe("Australia/Brisbane");
    expect(tradingTimeZone("ERCOT", "HB_HUBAVG")).toBe("America/Chicago");
    // January: Adelaide (UTC+10:30) turns the day at 13:30 UTC, NEM market time at 14:00 UTC.
    // Two half-hour spikes, 13:00 and 13:30 UTC: one day on market time, two in Adelaide. With
    // half a cycle a day, a full 1 h battery serves both only on Adelaide's days.
    const p = parseForecastInput({
      configuration: "bess",
      region: "NEM",
      ratedPower: 1,
      duration: 1,
      efficiency: 88,
      maxCycles: 0.5,
      startDate: "2026-01-10",
      revenueStrategies: ["energy_only"],
      macroScenarios: ["x"],
    });
    const perDay = 288;
    const price = Float64Array.from({ length: 2 * perDay }, (_, t) =>
      t % perDay >= 13 * 12 && t % perDay < 14 * 12 && t < perDay ? 300 : 30,
    );
    const yearOf = (priceRegion?: string): MarketYear => ({
      region: "NEM",
      ...(priceRegion ? { priceRegion } : {}),
      year: 2026,
      currency: "AUD",
      startUtc: "2026-01-10T00:00:00Z",
      intervalMinutes: 5,
      energyPrice: price,
      servicePrices: {},
      synthetic: false,
    });
    const solved = (priceRegion?: string) => {
      const { problem } = buildYearProblem(p, "energy_only", yearOf(priceRegion), 1, 1);
      const r = solveBest(problem);
      expect(checkSchedule(problem, r).violations).toEqual([]);
      return r;
    };
    const marketTime = solved();
    const adelaide = solved("SA1");
    const intoSpikes = (r: { dischargeMW: Float64Array }) =>
      r.dischargeMW.reduce((a, mw, t) => a + (price[t] > 100 ? mw / 12 : 0), 0);
    // market time: the cap lets about half the stored energy into the spikes; Adelaide: all of it
    expect(intoSpikes(marketTime)).toBeLessThan(0.5);
    expect(intoSpikes(adelaide)).toBeGreaterThan(intoSpikes(marketTime) + 0.4);
    expect(adelaide.revenue).toBeGreaterThan(marketTime.revenue + 100);
  });
});

describe("EFA blocks follow UK time", () => {
  const year = (startUtc: string, days: number): MarketYear => ({
    region: "GB",
    year: 2026,
    currency: "GBP",
    startUtc,
    intervalMinutes: 30,
    energyPrice: new Float64Array(days * 48).fill(50),
    servicePrices: { DCL: new Float64Array(days * 48).fill(5) },
    synthetic: true,
  });
  const p = parseForecastInput({
    configuration: "bess",
    region: "GB",
    ratedPower: 1,
    duration: 2,
    efficiency: 88,
    maxCycles: 1,
    startDate: "2026-01-01",
    revenueStrategies: ["energy_with_as"],
    macroScenarios: ["gb-central"],
  });
  const starts = (my: MarketYear) => {
    const sv = buildYearProblem(p, "energy_with_as", my, 1, 0).problem.services![0];
    const out: string[] = [];
    const t0 = Date.parse(my.startUtc);
    for (let t = 0; t < my.energyPrice.length; t++)
      if (sv.blockStarts?.[t]) out.push(new Date(t0 + t * 1_800_000).toISOString().slice(5, 16));
    return out;
  };

  it("in summer a block starts at 22:00, 02:00, … UTC", () => {
    expect(starts(year("2026-07-01T00:00:00Z", 1))).toEqual([
      "07-01T02:00",
      "07-01T06:00",
      "07-01T10:00",
      "07-01T14:00",
      "07-01T18:00",
      "07-01T22:00",
    ]);
  });

  it("clock-change days: the first block has 3 hours on 29 March and 5 hours on 25 October", () => {
    const march = starts(year("2026-03-28T00:00:00Z", 2));
    expect(march).toContain("03-28T23:00"); // 23:00 GMT
    expect(march).toContain("03-29T02:00"); // 03:00 BST: 3 hours later
    const october = starts(year("2026-10-24T00:00:00Z", 2));
    expect(october).toContain("10-24T22:00"); // 23:00 BST
    expect(october).toContain("10-25T03:00"); // 03:00 GMT: 5 hours later
    expect(october.filter((s) => s.startsWith("10-25")).length).toBe(6); // 03, 07, 11, 15, 19, 23 GMT
  });

  it("a forecast year across a clock change keeps each reservation whole within its UK-time block", () => {
    const my = year("2026-03-25T00:00:00Z", 8);
    const { problem } = buildYearProblem(p, "energy_with_as", my, 1, 0);
    const priced: DispatchProblem = {
      ...problem,
      price: Float64Array.from({ length: 8 * 48 }, (_, t) => 40 + 30 * Math.sin((2 * Math.PI * t) / 48)),
      services: problem.services!.map((sv) => ({
        ...sv,
        price: Float64Array.from({ length: 8 * 48 }, (_, t) => 3 + 4 * Math.cos((2 * Math.PI * t) / 17)),
      })),
    };
    const r = solveDispatch(priced);
    expect(checkSchedule(priced, r).violations).toEqual([]);
  });
});
