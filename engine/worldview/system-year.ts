// Resolves the assumptions of one price system, scenario and year into the plain inputs of the
// merit-order model (SystemYear) plus the annual figures the databook reports.
import {
  at,
  MARKET_TABLES,
  TECH_PARAMS,
  THERMAL_TECHS,
  type Anchors,
  type MarketTable,
  type SystemTable,
  type Tech,
} from "./assumptions.ts";
import { ROOFTOP_CF_RATIO, type SystemYear, type ThermalBlock, type PriceParams } from "./merit-order.ts";
import { paramsFor } from "./params.ts";
import { BASE_YEAR, ramp, type Scenario } from "./scenarios.ts";
import { demandProfile } from "./profiles.ts";
import { entryBatteryGW } from "./storage-entry.ts";
import type { MarketRegion } from "../types.ts";

const BLOCKS_PER_TECH = 6;

/**
 * NEM rooftop (distributed) PV, GW, NEM-wide: AEMO 2024 ISP Step Change (rounded), and each
 * region's approximate share of the installed fleet (Clean Energy Regulator postcode data, 2024).
 * Operational demand — the basis of the NEM demand profiles — already nets the base year's rooftop
 * output; the growth after it reshapes demand (merit-order.ts).
 */
const NEM_ROOFTOP_GW: Anchors = [
  [2024, 22],
  [2030, 36],
  [2035, 50],
  [2040, 63],
  [2050, 86],
];
const NEM_ROOFTOP_SHARE: Record<string, number> = {
  NSW1: 0.3,
  QLD1: 0.32,
  VIC1: 0.23,
  SA1: 0.12,
  TAS1: 0.03,
};

function nemRooftopGrowthMW(system: string, year: number): number {
  const growth = at(NEM_ROOFTOP_GW, year) - at(NEM_ROOFTOP_GW, BASE_YEAR);
  return Math.max(0, growth) * 1000 * (NEM_ROOFTOP_SHARE[system] ?? 0);
}

export interface YearAssumptions {
  year: number;
  system: string;
  demandTWh: number;
  capacityGW: Record<Tech, number>;
  batteryGW: number;
  batteryHours: number;
  pumpedGW: number;
  interconnectorGW: number;
  flexDemandGW: number;
  /** Fuel prices in currency/MWh fuel, carbon in currency/t. */
  gas: number;
  gasNative: number;
  coal: number;
  carbon: number;
  hydrogen: number;
  priceCap: number;
  /** Capacity clearing price of the delivery year starting in October of the year (GB). */
  capacityPricePerKWYear?: number;
  /** … and of the one that began in October of the year before (in force January–September). */
  capacityPricePreviousDeliveryYear?: number;
  /** New-entrant peaking capacity added by the adequacy rule (GW, gas OCGT; hydrogen in net-zero after 2035). */
  newEntrantGW: number;
}

function pick(
  sys: SystemTable,
  scen: Scenario | undefined,
  field: string,
  central: Anchors | undefined,
): Anchors | undefined {
  return scen?.overrides?.[sys.system]?.[field] ?? central;
}

/** Build-out lever: base level in 2025 plus `f` × the Central growth after 2025. */
function build(a: Anchors | undefined, year: number, f: number): number {
  if (!a) return 0;
  const v = at(a, year);
  if (f === 1 || year <= 2025) return v;
  const b = at(a, 2025);
  return Math.max(0, b + f * (v - b));
}

/** Capacity clearing price of the delivery year starting in October of `year`; the lever applies after the published auctions. */
function capacityPrice(market: MarketTable, scen: Scenario | undefined, year: number): number | undefined {
  if (!market.capacityPricePerKWYear) return undefined;
  const published = year <= (market.capacityPricePublishedUntil ?? 0);
  return (
    at(market.capacityPricePerKWYear, year) * (published ? 1 : ramp(scen?.levers?.capacityPrice ?? 1, year))
  );
}

/** The battery fleet (GW) of the published plan × the scenario's storage lever (or an explicit override), before the entry rule. */
export function publishedBatteryGW(sys: SystemTable, scen: Scenario | undefined, year: number): number {
  return build(pick(sys, scen, "batteryGW", sys.batteryGW), year, scen?.levers?.storageBuild ?? 1);
}

export function yearAssumptions(
  market: MarketTable,
  sys: SystemTable,
  scen: Scenario | undefined,
  year: number,
): YearAssumptions {
  const L = scen?.levers;
  const lev = (m: number | undefined) => ramp(m ?? 1, year);
  const capacityGW = {} as Record<Tech, number>;
  const techs: Tech[] = ["nuclear", ...THERMAL_TECHS, "hydro", "ror", "windOnshore", "windOffshore", "solar"];
  for (const t of techs) {
    const a = pick(sys, scen, `capacityGW.${t}`, sys.capacityGW[t]);
    const f = t === "windOnshore" || t === "windOffshore" || t === "solar" ? (L?.renewableBuild ?? 1) : 1;
    capacityGW[t] = build(a, year, f);
  }
  const gas = at(market.fuel.gas, year) * lev(L?.gas);
  return {
    year,
    system: sys.system,
    demandTWh: at(pick(sys, scen, "demandTWh", sys.demandTWh)!, year) * lev(L?.demand),
    capacityGW,
    // an explicit override (net zero, or a trial of the entry rule) wins; then the Central view's
    // build-out after the entry rule (decision 0240); else the published plan × the scenario's lever
    batteryGW:
      (scen?.overrides?.[sys.system]?.batteryGW ? undefined : entryBatteryGW(scen?.id, sys.system, year)) ??
      publishedBatteryGW(sys, scen, year),
    batteryHours: at(sys.batteryHours, year),
    pumpedGW: at(sys.pumpedGW, year),
    interconnectorGW: at(pick(sys, scen, "interconnectorGW", sys.interconnectorGW)!, year),
    flexDemandGW: at(pick(sys, scen, "flexDemandGW", sys.flexDemandGW)!, year),
    gas,
    gasNative: gas * market.gasToNative,
    coal: at(market.fuel.coal, year),
    carbon: at(market.carbon, year) * lev(L?.carbon),
    hydrogen: at(market.fuel.hydrogen, year),
    priceCap: at(market.priceCap, year),
    capacityPricePerKWYear: capacityPrice(market, scen, year),
    capacityPricePreviousDeliveryYear: capacityPrice(market, scen, year - 1),
    newEntrantGW: 0,
  };
}

/** Peak-to-mean demand ratio implied by a system's demand profile (shape × month × 2.5σ weather). */
export function peakFactor(system: string, table: SystemTable): number {
  const p = demandProfile(system);
  const shapeMax = Math.max(...p.shapeJan.weekday, ...p.shapeJul.weekday);
  const sens = Math.max(table.weather.demandWeatherWinter, table.weather.demandWeatherSummer);
  return shapeMax * Math.max(...p.monthly) * (1 + 2.5 * sens);
}

/** Firm capacity (MW) counted towards adequacy, excluding the thermal stack. */
function firmNonThermal(sy: SystemYear, windMW: number): number {
  // storage and reservoir hydro are energy-limited: credited at half their power (duration-scaled),
  // consistent with the scarcity margin of merit-order.ts
  const storage = sy.storage.reduce((a, s) => a + s.mw * Math.min(1, s.hours / 4) * 0.5, 0);
  return sy.mustRunMW + sy.hydroMW * 0.6 + storage + sy.interconnectorMW * 0.7 + windMW * 0.05;
}

function adequacyRatio(sy: SystemYear, windMW: number, peakMW: number): number {
  const thermal = sy.thermal.reduce((a, b) => a + b.mw * b.availability, 0);
  return (thermal + firmNonThermal(sy, windMW)) / peakMW;
}

const baseRatioCache = new Map<string, number>();

/** Short-run marginal cost of a thermal unit: fuel/eff + carbon × EF/eff + VOM. */
export function srmc(
  fuelPrice: number,
  efficiency: number,
  co2PerMWhFuel: number,
  carbon: number,
  vom: number,
): number {
  return fuelPrice / efficiency + (carbon * co2PerMWhFuel) / efficiency + vom;
}

export interface ResolvedSystem {
  sy: SystemYear;
  ya: YearAssumptions;
  /**
   * Firm capacity ÷ planning peak demand after the adequacy rule's new entrants (thermal at its
   * availability; storage, hydro, interconnectors and wind at their firm shares): the capacity
   * margin the scarcity adder responds to.
   */
  firmCapacityRatio: number;
  meanDemandMW: number;
  windOnshoreMW: number;
  windOffshoreMW: number;
  solarMW: number;
  table: SystemTable;
  market: MarketTable;
}

export function resolveSystem(
  region: MarketRegion,
  system: string,
  scen: Scenario | undefined,
  year: number,
  paramOverride?: Partial<PriceParams>,
): ResolvedSystem {
  const market = MARKET_TABLES[region];
  const table = market.systems.find((s) => s.system === system);
  if (!table) throw new Error(`Unknown price system ${system} in ${region}`);
  const ya = yearAssumptions(market, table, scen, year);
  const lev = (m: number | undefined) => ramp(m ?? 1, year);
  const fuelPrice = (f: keyof MarketTable["fuel"]) => (f === "gas" ? ya.gas : at(market.fuel[f], year));
  const mustRunThermal = at(table.mustRunThermalGW, year) * 1000;
  const thermal: ThermalBlock[] = [];
  // must-run thermal (CHP, minimum stable generation) comes out of the base-load fleet, cheapest first
  let mustLeft = mustRunThermal;
  const baseCut: Partial<Record<string, number>> = {};
  for (const tech of ["lignite", "coal", "ccgt", "biomass"] as const) {
    const cut = Math.min(mustLeft, ya.capacityGW[tech] * 1000 * 0.9);
    baseCut[tech] = cut;
    mustLeft -= cut;
  }
  for (const tech of THERMAL_TECHS) {
    const mw = ya.capacityGW[tech] * 1000 - (baseCut[tech] ?? 0);
    if (mw <= 0) continue;
    const tp = TECH_PARAMS[tech];
    for (let k = 0; k < BLOCKS_PER_TECH; k++) {
      const eff = tp.effBest + ((tp.effWorst - tp.effBest) * (k + 0.5)) / BLOCKS_PER_TECH;
      thermal.push({
        tech,
        mw: mw / BLOCKS_PER_TECH,
        availability: tp.availability,
        cost: srmc(fuelPrice(tp.fuel), eff, tp.co2PerMWhFuel, ya.carbon, tp.vom),
      });
    }
  }
  const meanDemandMW = (ya.demandTWh * 1e6) / (year % 4 === 0 ? 8784 : 8760);
  const ccgtRef = srmc(ya.gas, 0.55, 0.202, ya.carbon, 3);
  void lev;
  const sy: SystemYear = {
    system,
    year,
    peakDemandMW: meanDemandMW * 1.45, // replaced by the drivers' actual peak in model.ts
    inflexibleShare: at(table.inflexibleShare, year),
    subsidisedShare: at(table.subsidisedShare, year),
    subsidyBid: at(table.subsidyBid, year),
    mustRunMW:
      ya.capacityGW.nuclear * 1000 * table.nuclearAvailability +
      ya.capacityGW.ror * 1000 * table.rorCf +
      mustRunThermal,
    mustRunBid: -10,
    hydroMW: ya.capacityGW.hydro * 1000,
    hydroCf: table.hydroCf,
    storage: [
      { mw: ya.batteryGW * 1000, hours: ya.batteryHours, efficiency: 0.88, cycleFraction: 0.9 },
      { mw: ya.pumpedGW * 1000, hours: table.pumpedHours, efficiency: 0.75, cycleFraction: 0.35 },
    ],
    thermal,
    interconnectorMW: ya.interconnectorGW * 1000,
    neighbourRefCost: ccgtRef,
    neighbourWindCorr: table.neighbourWindCorr,
    flexDemandMW: ya.flexDemandGW * 1000,
    flexBid: table.flexBid,
    priceCap: ya.priceCap,
    priceFloor: market.priceFloor,
    rooftopGrowthMW: region === "NEM" ? nemRooftopGrowthMW(system, year) : 0,
    params: paramsFor(system, paramOverride),
  };
  // Adequacy rule (capacity market / reliability standard): from the first forecast year on, add
  // new-entrant peakers whenever firm capacity / peak demand falls below the base year's ratio
  // (capped at the calibrated scarcity threshold), so prices do not drift into permanent scarcity.
  // rooftop growth moves demand out of the sunny hours into the evening peak (merit-order.ts)
  const peak =
    meanDemandMW * peakFactor(system, table) + sy.rooftopGrowthMW * ROOFTOP_CF_RATIO * table.weather.solarCf;
  const windMW = ya.capacityGW.windOnshore * 1000 + ya.capacityGW.windOffshore * 1000;
  if (year > BASE_YEAR) {
    const key = `${region}|${system}|${scen?.id ?? "base"}`;
    let target = baseRatioCache.get(key);
    if (target === undefined) {
      const b = resolveSystem(region, system, scen, BASE_YEAR, paramOverride);
      target = adequacyRatio(
        b.sy,
        b.windOnshoreMW + b.windOffshoreMW,
        b.meanDemandMW * peakFactor(system, table),
      );
      baseRatioCache.set(key, target);
    }
    target = Math.min(target, 1 + sy.params.scarcityM0 + 2 * sy.params.scarcitySigma + 0.1);
    const ratio = adequacyRatio(sy, windMW, peak);
    if (ratio < target) {
      const tech = scen?.kind === "net-zero" && year >= 2035 ? "hydrogen" : "ocgt";
      const tp = TECH_PARAMS[tech];
      const addMW = ((target - ratio) * peak) / tp.availability;
      ya.newEntrantGW = addMW / 1000;
      const eff = tp.effBest;
      sy.thermal.push({
        tech: `${tech}-new`,
        mw: addMW,
        availability: tp.availability,
        cost: srmc(fuelPrice(tp.fuel), eff, tp.co2PerMWhFuel, ya.carbon, tp.vom),
      });
    }
  }
  return {
    sy,
    ya,
    firmCapacityRatio: adequacyRatio(sy, windMW, peak),
    meanDemandMW,
    windOnshoreMW: ya.capacityGW.windOnshore * 1000,
    windOffshoreMW: ya.capacityGW.windOffshore * 1000,
    solarMW: ya.capacityGW.solar * 1000,
    table,
    market,
  };
}

export { BASE_YEAR };
