// One scenario × one revenue strategy over the asset life: year by year, the state of charge
// carried across years, capacity fading with the cycles done, repowering when due.
import type { MarketYear, ServiceKey } from "../types.ts";
import type { DispatchProblem, DispatchResult, ServiceSpec } from "../dispatch/types.ts";
import { solveBest } from "../dispatch/solve.ts";
import { solveRolling } from "../dispatch/rolling.ts";
import { handedOnReservation } from "../dispatch/formulation.ts";
import {
  servicesFor,
  strategyPlan,
  gbCapacityDerating,
  type RevenueStrategy,
} from "../markets/services/rules.ts";
import { DegradationState, type DegradationCount } from "../degradation/index.ts";
import { solarProfile, resampleProfile, DEFAULT_DC_AC_RATIO } from "../solar/index.ts";
import { windProfile } from "../wind/index.ts";
import { duosCharges, duosFixedCost, tnuosAnnualCharge } from "../tariffs/index.ts";
import type { DayDispatch, ForecastParams, ScenarioResult, Stream, YearResult } from "./types.ts";

export interface AssetModel {
  battery?: {
    powerMW: number;
    energyMWh: number;
    eta: number;
    importMW: number;
    exportMW: number;
    maxCycles: number;
  };
  generation?: { kind: "solar" | "wind"; ratedMW: number; coupling: "AC" | "DC" };
  siteImportMW: number;
  siteExportMW: number;
  /** MW used for the per-MW units. */
  unitMW: number;
}

const pick = (v: number | "same" | "other", other: number | undefined, same: number) =>
  v === "same" ? same : v === "other" ? (other ?? same) : v;

export function assetModel(p: ForecastParams): AssetModel {
  const etaRaw = p.efficiency === "other" ? p.o_efficiency! : p.efficiency;
  const eta = etaRaw > 1 ? etaRaw / 100 : etaRaw;
  const cfg = p.configuration;
  const hasBattery =
    cfg === "bess" ||
    cfg === "solarACcoupling" ||
    cfg === "solarDCcoupling" ||
    (cfg === "wind" && p.windRatedPower !== undefined);
  const imp = pick(p.maxImport, p.o_maxImport, p.ratedPower);
  const exp = pick(p.maxExport, p.o_maxExport, p.ratedPower);
  if (!hasBattery) {
    const rated = cfg === "wind" ? (p.windRatedPower ?? p.ratedPower) : (p.solarRatedPower ?? p.ratedPower);
    const siteExport = p.maxExport === "same" ? rated : exp;
    return {
      generation: { kind: cfg === "wind" ? "wind" : "solar", ratedMW: rated, coupling: "AC" },
      siteImportMW: 0,
      siteExportMW: siteExport,
      unitMW: rated,
    };
  }
  const battery = {
    powerMW: p.ratedPower,
    energyMWh: p.ratedPower * p.duration,
    eta,
    importMW: Math.min(p.ratedPower, imp),
    exportMW: Math.min(p.ratedPower, exp),
    maxCycles: p.maxCycles,
  };
  let generation: AssetModel["generation"];
  if (cfg === "solarACcoupling" || cfg === "solarDCcoupling")
    generation = {
      kind: "solar",
      ratedMW: p.solarRatedPower ?? p.ratedPower,
      coupling: cfg === "solarDCcoupling" ? "DC" : "AC",
    };
  if (cfg === "wind") generation = { kind: "wind", ratedMW: p.windRatedPower!, coupling: "AC" };
  return { battery, generation, siteImportMW: imp, siteExportMW: exp, unitMW: p.ratedPower };
}

function generationSeries(p: ForecastParams, a: AssetModel, my: MarketYear): Float64Array | undefined {
  const g = a.generation;
  if (!g) return undefined;
  const n = my.energyPrice.length;
  if (p.generationProfile) {
    const vals = Float64Array.from(p.generationProfile.values);
    const isFactor = vals.every((v) => v <= 1);
    const mw = isFactor ? vals.map((v) => v * g.ratedMW) : vals;
    return resampleProfile(mw, p.generationProfile.intervalMinutes, my.intervalMinutes, n);
  }
  if (g.kind === "wind")
    return windProfile(
      { region: my.region, latitude: p.latitude!, longitude: p.longitude!, ratedPowerMW: g.ratedMW },
      my.startUtc,
      my.intervalMinutes,
      n,
    );
  return solarProfile(
    {
      region: my.region,
      latitude: p.latitude!,
      longitude: p.longitude!,
      ratedPowerMW: g.ratedMW,
      // DC coupling: the PV output on the DC bus is not clipped by a PV inverter (the shared one limits it)
      inverterMW: g.coupling === "DC" ? Infinity : g.ratedMW / DEFAULT_DC_AC_RATIO,
    },
    my.startUtc,
    my.intervalMinutes,
    n,
  );
}

function serviceSpecs(my: MarketYear): ServiceSpec[] {
  const startMin = Math.round((Date.parse(my.startUtc) % 86_400_000) / 60_000);
  const out: ServiceSpec[] = [];
  for (const rule of servicesFor(my.region)) {
    const price = my.servicePrices[rule.key as ServiceKey];
    if (!price) continue;
    const blockIntervals = Math.max(1, Math.round((rule.blockHours * 60) / my.intervalMinutes));
    const alignMin = rule.blockAlignUtcHour * 60;
    const blockOffset =
      ((Math.round((alignMin - startMin) / my.intervalMinutes) % blockIntervals) + blockIntervals) %
      blockIntervals;
    out.push({
      key: rule.key,
      direction: rule.direction,
      durationHours: rule.durationHours,
      price,
      blockIntervals,
      blockOffset,
    });
  }
  return out;
}

export interface YearRunOptions {
  /** ISO dates (YYYY-MM-DD) whose dispatch is returned for charts. */
  days?: string[];
}

export function buildYearProblem(
  p: ForecastParams,
  strategy: RevenueStrategy,
  my: MarketYear,
  retention: number,
  initialSoc: number,
) {
  const a = assetModel(p);
  const n = my.energyPrice.length;
  const plan = strategyPlan(my.region, strategy);
  const gen = generationSeries(p, a, my);
  const problem: DispatchProblem = {
    intervalMinutes: my.intervalMinutes,
    startUtc: my.startUtc,
    price: my.energyPrice,
  };
  if (a.battery) {
    const E = a.battery.energyMWh * retention;
    problem.battery = {
      powerMW: a.battery.powerMW,
      energyMWh: E,
      roundTripEfficiency: a.battery.eta,
      importLimitMW: a.battery.importMW,
      exportLimitMW: a.battery.exportMW,
      maxCyclesPerDay: a.battery.maxCycles,
      initialSocMWh: Math.min(initialSoc, E),
    };
  }
  if (gen && a.generation) {
    problem.generation = { profileMW: gen, coupling: a.generation.coupling, inverterMW: a.siteExportMW };
    problem.siteExportLimitMW = a.siteExportMW;
    problem.siteImportLimitMW = a.battery ? a.siteImportMW : 0;
  } else if (a.battery) {
    problem.siteExportLimitMW = a.siteExportMW;
    problem.siteImportLimitMW = a.siteImportMW;
  }
  if (p.duos && p.duosTariff && my.region === "GB") {
    const { importCharge, exportCharge } = duosCharges(p.duosTariff, my.startUtc, my.intervalMinutes, n);
    problem.importCharge = importCharge;
    problem.exportCharge = exportCharge;
  }
  if (plan.services && a.battery) problem.services = serviceSpecs(my);
  return { problem, plan, asset: a };
}

function solve(p: ForecastParams, problem: DispatchProblem): DispatchResult {
  if (p.dispatchMode === "monthly") return solveRolling(problem, { windowDays: 31, lookaheadDays: 2 });
  if (p.dispatchMode === "daily") return solveRolling(problem, { windowDays: 1, lookaheadDays: 1 });
  // Whole year: the dynamic programme where it applies (battery arbitrage, grid charges, fixed
  // service reservations — decision 0107), else the exact interior-point LP (0110).
  return solveBest(problem);
}

/**
 * Dispatch of one year. Two strategies are two stages:
 *  - services first (GB ancillaries): services alone, then arbitrage around the fixed reservations;
 *  - merchant (GB): the day-ahead position is traded first (perfect foresight of day-ahead
 *    prices), then the physical schedule is re-optimised against the imbalance price, the
 *    deviation from the position settling at that price. Each stage settles one price per
 *    interval, so no stage can import and export at once for profit (decision 0109).
 * `position` is the day-ahead schedule when it differs from the physical one.
 */
export function dispatchYear(
  p: ForecastParams,
  strategy: RevenueStrategy,
  my: MarketYear,
  retention: number,
  initialSoc: number,
): { result: DispatchResult; position?: DispatchResult; problem: DispatchProblem; asset: AssetModel } {
  const { problem, plan, asset } = buildYearProblem(p, strategy, my, retention, initialSoc);
  if (plan.imbalance && my.imbalancePrice) {
    const position = solve(p, problem);
    const result = solve(p, { ...problem, price: my.imbalancePrice });
    return { result, position, problem, asset };
  }
  let result: DispatchResult;
  if (plan.servicesFirst && problem.services?.length) {
    // Stage 1: services only (energy prices ignored), stage 2: arbitrage around the fixed reservations.
    const zero = new Float64Array(problem.price.length);
    const stage1 = solve(p, {
      ...problem,
      price: zero,
      exportPrice: undefined,
      importPrice: undefined,
      importCharge: undefined,
      exportCharge: undefined,
      generation: undefined,
    });
    const power = problem.battery?.powerMW ?? 1;
    const services = problem.services.map((s, k) => ({
      ...s,
      fixedMW: stage1.services[k].mw.map((v) => handedOnReservation(v, power)),
    }));
    result = solve(p, { ...problem, services });
  } else result = solve(p, problem);
  return { result, problem, asset };
}

function monthOf(ms: number) {
  return new Date(ms).getUTCMonth();
}

/** What one year hands to the next: the state of charge and the degradation count. Plain data. */
export interface ScenarioState {
  soc: number;
  degradation: DegradationCount;
}

export const initialScenarioState = (): ScenarioState => ({
  soc: 0,
  degradation: { cyclesSinceRepower: 0, yearsSinceRepower: 0, totalCycles: 0, repoweringEvents: [] },
});

const degradationSettings = (p: ForecastParams) => ({
  kind: p.degradation,
  customCurve: p.customDegradationCurve,
  repoweringCycles: p.repowering,
});

/**
 * One year of a scenario from the state the previous year left: its dispatch, revenues by stream,
 * the requested days' dispatch, and the state for the next year. Years of one scenario must run
 * in order; years of different scenarios are independent (the forecast pool interleaves them).
 */
export function runYear(
  p: ForecastParams,
  scenarioId: string,
  strategy: RevenueStrategy,
  my: MarketYear,
  state: ScenarioState,
  opts: YearRunOptions = {},
): { year: YearResult; days: DayDispatch[]; state: ScenarioState } {
  const deg = new DegradationState(degradationSettings(p), state.degradation);
  const days: DayDispatch[] = [];
  const retention = deg.retention();
  const { result: r, position, problem, asset } = dispatchYear(p, strategy, my, retention, state.soc);
  const n = my.energyPrice.length;
  const dt = my.intervalMinutes / 60;
  const t0 = Date.parse(my.startUtc);
  const monthly = new Array(12).fill(0);
  const streams: Partial<Record<Stream, number>> = {};
  const add = (k: Stream, v: number) => (streams[k] = (streams[k] ?? 0) + v);
  const imb = my.imbalancePrice;
  for (let t = 0; t < n; t++) {
    const e = r.exportMW[t];
    const i = r.importMW[t];
    const g = r.generationMW ? r.generationMW[t] : 0;
    const da = problem.price[t];
    // the day-ahead position (merchant) or the physical net position otherwise
    const net = e - i;
    const traded = position ? position.exportMW[t] - position.importMW[t] : net;
    const wholesale = da * traded * dt;
    // merchant: the deviation of the physical position from the traded one, at the imbalance price
    const imbalance = position && imb ? imb[t] * (net - traded) * dt : 0;
    const genValue = Math.min(g, e) * da * dt;
    const charges = ((problem.importCharge?.[t] ?? 0) * i + (problem.exportCharge?.[t] ?? 0) * e) * dt;
    let svc = 0;
    problem.services?.forEach((s, k) => (svc += s.price[t] * r.services[k].mw[t] * dt));
    if (asset.generation) {
      add("generation", genValue);
      add("wholesale", wholesale - genValue);
    } else add("wholesale", wholesale);
    if (position) add("imbalance", imbalance);
    add("services", svc);
    add("duosUnitCharges", -charges);
    monthly[monthOf(t0 + t * my.intervalMinutes * 60_000)] += wholesale + imbalance - charges + svc;
  }
  // fixed annual items, spread over the months by their share of intervals
  const monthShare = new Array(12).fill(0);
  for (let t = 0; t < n; t++) monthShare[monthOf(t0 + t * my.intervalMinutes * 60_000)] += 1 / n;
  let fixed = 0;
  if (my.region === "GB" && asset.battery && my.capacityPricePerKWYear) {
    const cm =
      my.capacityPricePerKWYear *
      1000 *
      asset.battery.powerMW *
      gbCapacityDerating(p.duration) *
      ((n * dt) / 8760);
    add("capacityMarket", cm);
    fixed += cm;
  }
  if (my.region === "GB" && p.duos && p.duosTariff) {
    const c = -duosFixedCost(p.duosTariff, (n * dt) / 24, asset.siteImportMW || asset.siteExportMW);
    add("duosFixedCharges", c);
    fixed += c;
  }
  if (
    my.region === "GB" &&
    p.tnuosGenerationZone !== undefined &&
    (p.connectionType === "transmission" || p.ratedPower >= 100)
  ) {
    const c = -tnuosAnnualCharge(p.tnuosGenerationZone, asset.siteExportMW) * ((n * dt) / 8760);
    add("tnuos", c);
    fixed += c;
  }
  for (let m = 0; m < 12; m++) monthly[m] += fixed * monthShare[m];
  const total = Object.values(streams).reduce((a, b) => a + (b ?? 0), 0);
  const serviceBreakdown: Record<string, number> = {};
  r.services.forEach((s) => (serviceBreakdown[s.key] = s.revenue));
  const repowered = deg.addYear(my.year, r.cycles);
  const yr: YearResult = {
    scenarioId,
    strategy,
    year: my.year,
    currency: my.currency,
    streams,
    serviceBreakdown,
    total,
    perMWYear: total / asset.unitMW,
    monthly,
    monthlyPerMW: monthly.map((v) => v / asset.unitMW),
    cycles: r.cycles,
    throughputMWh: r.throughputMWh,
    capacityRetention: retention,
    repowered,
    synthetic: my.synthetic,
    solveMs: r.solveMs,
  };
  for (const day of opts.days ?? []) {
    const d0 = Date.parse(`${day}T00:00:00Z`);
    const a = Math.round((d0 - t0) / (my.intervalMinutes * 60_000));
    const b = a + Math.round(1440 / my.intervalMinutes);
    if (a < 0 || a >= n) continue;
    const sl = (x: Float64Array) => Array.from(x.subarray(a, Math.min(b, n)));
    days.push({
      timestamps: sl(problem.price).map((_, k) =>
        new Date(d0 + k * my.intervalMinutes * 60_000).toISOString(),
      ),
      price: sl(problem.price),
      chargeMW: sl(r.chargeMW),
      dischargeMW: sl(r.dischargeMW),
      socMWh: sl(r.socMWh),
    });
  }
  let soc = r.socMWh[n - 1] ?? 0;
  if (repowered) soc = Math.min(soc, asset.battery?.energyMWh ?? 0);
  return { year: yr, days, state: { soc, degradation: deg.count() } };
}

/** A scenario's totals from its years, in order. */
export function scenarioResult(
  p: ForecastParams,
  scenarioId: string,
  strategy: RevenueStrategy,
  years: YearResult[],
  state: ScenarioState,
): ScenarioResult {
  const currency = years[0]?.currency ?? "GBP";
  const total = years.reduce((a, y) => a + y.total, 0);
  const unitMW = assetModel(p).unitMW;
  return {
    scenarioId,
    strategy,
    currency,
    unitYear: `${currency}/MW/year`,
    unitMonth: `${currency}/MW/month`,
    years,
    total,
    totalPerMW: total / unitMW,
    averagePerMWYear: years.length ? total / unitMW / years.length : 0,
    repoweringEvents: state.degradation.repoweringEvents,
  };
}

/** A whole scenario in this thread, year after year. */
export function runScenario(
  p: ForecastParams,
  scenarioId: string,
  strategy: RevenueStrategy,
  years: MarketYear[],
  onYear?: (y: YearResult) => void,
  opts: YearRunOptions = {},
): ScenarioResult & { days: DayDispatch[] } {
  let state = initialScenarioState();
  const out: YearResult[] = [];
  const days: DayDispatch[] = [];
  for (const my of years) {
    const step = runYear(p, scenarioId, strategy, my, state, opts);
    state = step.state;
    out.push(step.year);
    days.push(...step.days);
    onYear?.(step.year);
  }
  return { ...scenarioResult(p, scenarioId, strategy, out, state), days };
}
