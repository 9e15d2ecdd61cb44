// Coupling that matters (issue 16 item 4, decision 0119): DC coupling recaptures the PV that AC
// coupling's own PV inverter clips, and charges from the PV without a second conversion; AC
// coupling is limited by the grid connection and pays both conversions.
import { describe, expect, it } from "vitest";
import { parseForecastInput, runForecast, syntheticMarketYear } from "../../../engine/forecast/index.ts";
import { solveDispatch, solveDispatchOracle } from "../../../engine/dispatch/solve.ts";
import { checkSchedule } from "../../../engine/dispatch/checks.ts";
import type { DispatchProblem } from "../../../engine/dispatch/types.ts";
import type { MarketYear } from "../../../engine/types.ts";

/** Two sunny weeks of June, hourly. */
function june(year: number, scenario: string): MarketYear {
  const my = syntheticMarketYear("ES", year, scenario, 60);
  const from = 151 * 24;
  const cut = (x: Float64Array) => x.slice(from, from + 14 * 24);
  return {
    ...my,
    startUtc: new Date(Date.parse(my.startUtc) + from * 3_600_000).toISOString(),
    energyPrice: cut(my.energyPrice),
    imbalancePrice: my.imbalancePrice && cut(my.imbalancePrice),
    servicePrices: Object.fromEntries(Object.entries(my.servicePrices).map(([k, v]) => [k, cut(v!)])),
  };
}

describe("coupling", () => {
  // one day: cheap midday, dear evening; 30 MWp of PV. AC: the PV's own inverter clips at 25 MW
  // (DC/AC 1.2); DC: the shared inverter is the 30 MW grid connection
  const n = 48;
  const price = Float64Array.from({ length: n }, (_, t) => (t >= 36 ? 120 : 40));
  const pvDc = Float64Array.from({ length: n }, (_, t) => (t >= 20 && t < 28 ? 30 : 0));
  const common = {
    intervalMinutes: 30,
    startUtc: "2026-06-01T00:00:00Z",
    price,
    battery: { powerMW: 10, energyMWh: 20, roundTripEfficiency: 0.88, maxCyclesPerDay: 1 },
    siteExportLimitMW: 30,
    siteImportLimitMW: 10,
  };
  const ac: DispatchProblem = {
    ...common,
    generation: { profileMW: pvDc.map((v) => Math.min(v, 25)), coupling: "AC" },
  };
  const dc: DispatchProblem = {
    ...common,
    generation: { profileMW: pvDc, coupling: "DC", inverterMW: 30, inverterEfficiency: 0.98 },
  };

  it("DC stores PV without the second conversion; a MW from the grid pays the same as AC", () => {
    // 5 MW for 2 h of PV, no import: all of it is stored for the evening
    const small = Float64Array.from({ length: n }, (_, t) => (t >= 20 && t < 24 ? 5 : 0));
    const only = { ...common, siteImportLimitMW: 0 };
    const rAc = solveDispatch({ ...only, generation: { profileMW: small, coupling: "AC" } });
    const rDc = solveDispatch({ ...only, generation: { ...dc.generation!, profileMW: small } });
    const stored = (r: typeof rAc) => Math.max(...r.socMWh);
    // AC keeps √0.88 of the PV's AC output; DC skips one conversion: √0.88 ÷ 0.98²
    expect(stored(rAc)).toBeCloseTo(10 * Math.sqrt(0.88), 3);
    expect(stored(rDc)).toBeCloseTo((10 * Math.sqrt(0.88)) / 0.98 ** 2, 3);
    expect(rDc.revenue).toBeGreaterThan(rAc.revenue * 1.03);
    // grid to grid through the shared inverter: the battery's round-trip efficiency, as AC
    const noPv = { ...dc, generation: { ...dc.generation!, profileMW: new Float64Array(n) } };
    const rGrid = solveDispatch(noPv);
    const imported = rGrid.importMW.reduce((a, b) => a + b, 0);
    const exported = rGrid.exportMW.reduce((a, b) => a + b, 0);
    expect(imported).toBeGreaterThan(0);
    expect(exported / imported).toBeCloseTo(0.88, 3);
  });

  it("DC earns strictly more than AC when the PV clips, and the two solvers agree", async () => {
    const rAc = solveDispatch(ac);
    const rDc = solveDispatch(dc);
    expect(checkSchedule(ac, rAc).violations).toEqual([]);
    expect(checkSchedule(dc, rDc).violations).toEqual([]);
    for (const x of [...rAc.exportMW, ...rDc.exportMW]) expect(x).toBeLessThanOrEqual(30 + 1e-6);
    // the clipped 5 MW × 4 h, sold or stored
    expect(rDc.revenue).toBeGreaterThan(rAc.revenue + 700);
    // the interior point and HiGHS model the shared inverter's losses alike
    const oDc = await solveDispatchOracle(dc);
    expect(rDc.revenue).toBeCloseTo(oDc.revenue, 1);
  });

  it("a forecast of a clipping hybrid: DC above AC in total, and different stream by stream", async () => {
    const run = (configuration: "solarACcoupling" | "solarDCcoupling") =>
      runForecast(
        parseForecastInput({
          configuration,
          region: "ES",
          ratedPower: 10,
          duration: 2,
          efficiency: 88,
          maxCycles: 1,
          startDate: "2026-01-01",
          assetLifeYears: 1,
          macroScenarios: ["central"],
          revenueStrategies: ["energy_only"],
          // 30 MWp: the AC PV inverter clips at 25 MW, the 10 MW grid connection (shared
          // inverter) at 10
          solarRatedPower: 30,
          maxExport: "other",
          o_maxExport: 10,
          latitude: 37.4,
          longitude: -5.9,
        }),
        (s, y) => june(y, s),
        { workers: 0 },
      );
    const [yAc, yDc] = [
      (await run("solarACcoupling")).scenarios[0],
      (await run("solarDCcoupling")).scenarios[0],
    ];
    expect(yDc.total).toBeGreaterThan(yAc.total);
    const sAc = yAc.years[0].streams;
    const sDc = yDc.years[0].streams;
    const names = Object.keys({ ...sAc, ...sDc }).filter(
      (k) => Math.abs(sAc[k as keyof typeof sAc] ?? 0) + Math.abs(sDc[k as keyof typeof sDc] ?? 0) > 1e-6,
    );
    expect(names).toContain("generation");
    expect(names).toContain("wholesale");
    for (const k of names)
      expect(sDc[k as keyof typeof sDc], k).not.toBeCloseTo(sAc[k as keyof typeof sAc] ?? 0, 0);
  }, 60_000);
});
