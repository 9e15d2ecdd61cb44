// CLI/test-only: a 2 h battery's 2024 revenue on the NEM Central world view beside Modo's NEM index
// (issue 26, acceptance 4; decisions 0242, 0248). `npx tsx engine/worldview/cli/nem-revenue.ts [YEAR]
// [--real] [--hours H] [--perfect]` prints it; `--real` runs the same battery on the year's real 5-minute
// energy prices (the world view's FCAS), `--hours` another duration (Modo's fleet averages about
// 1.5 h), `--perfect` with perfect foresight.
//
// Modo's index is the fleet's mean merchant revenue (energy + FCAS, with marginal loss factors) per MW
// of rated power, so the model's figure is the mainland regions' mean weighted by the world view's own
// 2024 battery fleet (Tasmania had none). The battery: 1 MW / 2 h, 88 % round trip, one cycle a day,
// Energy + FCAS co-optimised with realistic foresight (the forecast engine's defaults).
import { runForecast } from "../../forecast/index.ts";
import type { MarketYear } from "../../types.ts";
import { MARKET_TABLES } from "../assumptions.ts";
import { getScenario } from "../scenarios.ts";
import { yearAssumptions } from "../system-year.ts";
import { marketYear } from "../world-view.ts";
import { nem5, nemFiveMinuteFile } from "./targets.ts";

/**
 * Modo, "Australia NEM battery energy storage revenues 2024" (shared/data/benchmarks): A$148k/MW in
 * 2024, energy trading A$102k, so FCAS ≈ A$46k (derived); January 2025's split of the index:
 * 84 % energy, 12 % contingency FCAS, 4 % regulation FCAS (Modo, January 2025).
 */
export const NEM_PUBLISHED_2024 = {
  totalPerMW: 148_000,
  energyPerMW: 102_000,
  fcasPerMW: 46_000,
  /** Shares of the FCAS part (January 2025: 12 and 4 points of the index). */
  contingencyShareOfFcas: 12 / 16,
  regulationShareOfFcas: 4 / 16,
  source: "Modo Energy, NEM BESS index 2024 and January 2025 (shared/data/benchmarks)",
} as const;

/** Issue 26, acceptance 4: fixed in advance, never widened. */
export const NEM_REVENUE_BOUNDS = { fcasPct: 30, energyPct: 20 } as const;

const REGULATION = new Set(["RAISEREG", "LOWERREG"]);
const ONE_SECOND = new Set(["RAISE1SEC", "LOWER1SEC"]);

interface NemRegionRevenue {
  region: string;
  fleetGW: number;
  energyPerMW: number;
  fcasPerMW: number;
  contingencyPerMW: number;
  regulationPerMW: number;
  /** The 1-second markets' part of contingency (0 where they are not modelled). */
  oneSecondPerMW: number;
  byService: Record<string, number>;
}

export interface NemFleetRevenue {
  regions: NemRegionRevenue[];
  energyPerMW: number;
  fcasPerMW: number;
  contingencyPerMW: number;
  regulationPerMW: number;
  oneSecondPerMW: number;
}

/**
 * The world view's year with its energy price replaced by the real 5-minute prices of the year (the
 * FCAS prices and requirements stay the world view's: no full year of real FCAS prices is held).
 * Intervals without a real price keep the world view's. Run by `prices: "real"` to tell the price
 * shape from the dispatch (decision 0248).
 */
function withRealEnergyPrice(my: MarketYear, system: string): MarketYear {
  const file = nemFiveMinuteFile(system, my.year);
  const real = file ? nem5(file, system, my.year) : null;
  if (!real || my.intervalMinutes !== 5 || real.length !== my.energyPrice.length)
    throw new Error(`No real 5-minute ${system} prices of ${my.year} on the world view's grid`);
  return {
    ...my,
    energyPrice: Float64Array.from(my.energyPrice, (p, i) => (Number.isFinite(real[i]) ? real[i] : p)),
  };
}

/**
 * The 2 h battery's 2024 revenue per region and the fleet-weighted mean, on the world view's prices
 * or (`prices: "real"`) on the real energy prices of the year with the world view's FCAS.
 */
export async function nemFleetRevenue2024({
  year = 2024,
  prices = "world view",
  durationHours = 2,
  foresight = "realistic",
}: {
  year?: number;
  prices?: "world view" | "real";
  durationHours?: number;
  foresight?: "realistic" | "perfect";
} = {}): Promise<NemFleetRevenue> {
  const scen = getScenario("nem-central")!;
  const regions: NemRegionRevenue[] = [];
  for (const sys of MARKET_TABLES.NEM.systems) {
    const fleetGW = yearAssumptions(MARKET_TABLES.NEM, sys, scen, year).batteryGW;
    if (fleetGW <= 0) continue;
    const r = await runForecast(
      {
        configuration: "bess",
        region: "NEM",
        ratedPower: 1,
        duration: durationHours,
        efficiency: 88,
        maxCycles: 1,
        startDate: `${year}-01-01`,
        assetLifeYears: 1,
        revenueStrategies: ["ancillaries"],
        foresight,
        macroScenarios: [scen.id],
      },
      (s, y) => {
        const my = marketYear(s, y, { zone: sys.system });
        return prices === "real" ? withRealEnergyPrice(my, sys.system) : my;
      },
      { workers: 0 },
    );
    const y = r.scenarios[0].years[0];
    const sb = y.serviceBreakdown;
    const sum = (f: (k: string) => boolean) =>
      Object.entries(sb).reduce((a, [k, v]) => a + (f(k) ? v : 0), 0);
    regions.push({
      region: sys.system,
      fleetGW,
      energyPerMW: y.streams.wholesale ?? 0,
      fcasPerMW: sum(() => true),
      contingencyPerMW: sum((k) => !REGULATION.has(k)),
      regulationPerMW: sum((k) => REGULATION.has(k)),
      oneSecondPerMW: sum((k) => ONE_SECOND.has(k)),
      byService: sb,
    });
  }
  const w = regions.reduce((a, r) => a + r.fleetGW, 0);
  const mean = (f: (r: NemRegionRevenue) => number) => regions.reduce((a, r) => a + f(r) * r.fleetGW, 0) / w;
  return {
    regions,
    energyPerMW: mean((r) => r.energyPerMW),
    fcasPerMW: mean((r) => r.fcasPerMW),
    contingencyPerMW: mean((r) => r.contingencyPerMW),
    regulationPerMW: mean((r) => r.regulationPerMW),
    oneSecondPerMW: mean((r) => r.oneSecondPerMW),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `-- --real`: the same battery on the year's real energy prices (the world view's FCAS)
  const real = process.argv.includes("--real");
  const yearArg = process.argv.slice(2).find((a) => /^\d{4}$/.test(a));
  const at = process.argv.indexOf("--hours");
  const hours = at > 0 ? Number(process.argv[at + 1]) : 2;
  if (!(hours > 0)) {
    console.error(`--hours needs a positive duration, got ${process.argv[at + 1]}`);
    process.exit(2);
  }
  void nemFleetRevenue2024({
    year: Number(yearArg ?? 2024),
    prices: real ? "real" : "world view",
    durationHours: hours,
    foresight: process.argv.includes("--perfect") ? "perfect" : "realistic",
  }).then((r) => {
    const k = (x: number) => `${(x / 1000).toFixed(1)}k`;
    const p = NEM_PUBLISHED_2024;
    const line = (name: string, x: NemFleetRevenue | NemRegionRevenue) =>
      `${name.padEnd(6)} energy ${k(x.energyPerMW)}  FCAS ${k(x.fcasPerMW)} (contingency ${k(x.contingencyPerMW)}, of which 1 s ${k(x.oneSecondPerMW)}; regulation ${k(x.regulationPerMW)})`;
    console.log(
      `NEM ${hours} h battery, Central world view, ${yearArg ?? 2024}${real ? ", energy at the real 5-minute prices of the year" : ""}, A$/MW (Energy + FCAS, ${process.argv.includes("--perfect") ? "perfect" : "realistic"} foresight)`,
    );
    for (const x of r.regions) console.log(line(x.region, x) + `  fleet ${x.fleetGW.toFixed(2)} GW`);
    console.log(line("fleet", r));
    const e = (m: number, ref: number) => `${m >= ref ? "+" : ""}${((100 * (m - ref)) / ref).toFixed(1)} %`;
    console.log(
      `published (${p.source}): energy ${k(p.energyPerMW)}, FCAS ${k(p.fcasPerMW)} (contingency ${(100 * p.contingencyShareOfFcas).toFixed(0)} %, regulation ${(100 * p.regulationShareOfFcas).toFixed(0)} %)`,
    );
    console.log(
      `acceptance 4: FCAS ${e(r.fcasPerMW, p.fcasPerMW)} (±${NEM_REVENUE_BOUNDS.fcasPct} %), energy ${e(r.energyPerMW, p.energyPerMW)} (±${NEM_REVENUE_BOUNDS.energyPct} %); FCAS split contingency ${((100 * r.contingencyPerMW) / r.fcasPerMW).toFixed(0)} %, regulation ${((100 * r.regulationPerMW) / r.fcasPerMW).toFixed(0)} %`,
    );
  });
}
