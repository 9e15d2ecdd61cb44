// One scenario × one revenue strategy over the asset life: year by year, the state of charge
// carried across years, capacity fading with the cycles done, repowering when due.
import type { MarketYear, ServiceKey } from "../types.ts";
import type { DispatchProblem, DispatchResult, ServiceSpec } from "../dispatch/types.ts";
import { solveBest } from "../dispatch/solve.ts";
import { forecastWindows, solveRolling } from "../dispatch/rolling.ts";
import { handedOnReservation, utcOffsetMs } from "../dispatch/formulation.ts";
import {
  servicesFor,
  strategyPlan,
  type RevenueStrategy,
  type StrategyPlan,
} from "../markets/services/rules.ts";
import { gbCapacityMarketByMonth } from "../markets/capacity-market.ts";
import { balancingMechanism, BM_DISPATCH_RATE, BM_SOURCES } from "../markets/balancing-mechanism.ts";
import { moneyBasisLabel } from "../markets/money.ts";
import { REGIONS } from "../markets/regions.ts";
import { tradingTimeZone } from "../markets/market-time.ts";
import {
  coarsen,
  DAY_AHEAD_KNOWN_HOUR,
  dayAheadKnownFrom,
  energyForecast,
  forecastProblem,
  modelledErrorScale,
  planningFactor,
  REAL_TIME_SPOT,
  refine,
  retrade,
  retradeOnScenarios,
  respondToPrices,
  settle,
  spreadForecast,
} from "./foresight.ts";
import { dpScope } from "../dispatch/fast.ts";
import { retradeRealTime } from "./real-time.ts";
import { DegradationState, type DegradationCount } from "../degradation/index.ts";
import { outageMask, withOutages } from "./availability.ts";
import { solarProfile, resampleProfile, DEFAULT_DC_AC_RATIO, INVERTER_EFFICIENCY } from "../solar/index.ts";
import { windProfile } from "../wind/index.ts";
import { duosCharges, duosFixedCost, tnuosAnnualCharge } from "../tariffs/index.ts";
import type { DayDispatch, ForecastParams, PerMWBasis, ScenarioResult, Stream, YearResult } from "./types.ts";

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

export function generationSeries(p: ForecastParams, a: AssetModel, my: MarketYear): Float64Array | undefined {
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

function serviceSpecs(my: MarketYear, powerMW: number): ServiceSpec[] {
  const n = my.energyPrice.length;
  const offset = utcOffsetMs(REGIONS[my.region].timeZone);
  const t0 = Date.parse(my.startUtc);
  const step = my.intervalMinutes * 60_000;
  // local clock time (ms) at the start of each interval
  const local = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    const at = t0 + t * step;
    local[t] = at + offset(at);
  }
  const masks = new Map<string, Uint8Array>();
  const out: ServiceSpec[] = [];
  for (const rule of servicesFor(my.region)) {
    const price = my.servicePrices[rule.key as ServiceKey];
    if (!price) continue;
    const share = my.serviceVolumeShare?.[rule.key as ServiceKey];
    const shareByInterval = my.serviceVolumeShareByInterval?.[rule.key as ServiceKey];
    const blockIntervals = Math.max(1, Math.round((rule.blockHours * 60) / my.intervalMinutes));
    const spec: ServiceSpec = {
      key: rule.key,
      direction: rule.direction,
      durationHours: rule.durationHours,
      price,
      blockIntervals,
      // the battery's pro-rata share of what clears (world views); no limit on plain price files
      maxMW: share === undefined ? undefined : share * powerMW,
      // … which varies by period where the requirement does (GB per EFA block)
      maxMWByInterval: shareByInterval?.map((v) => v * powerMW),
    };
    if (blockIntervals > 1) {
      // blocks follow the market's clock (EFA blocks from 23:00 UK time): on a clock-change day
      // one block has 3 or 5 hours (decision 0115)
      const key = `${rule.blockHours}|${rule.blockAlignLocalHour}`;
      let mask = masks.get(key);
      if (!mask) {
        const len = rule.blockHours * 3_600_000;
        const align = rule.blockAlignLocalHour * 3_600_000;
        mask = new Uint8Array(n);
        // a block starts where the local clock enters a later block than any before: the hour
        // the clocks skip stays inside its block, the hour they repeat starts nothing
        let last = Math.floor((local[0] - align) / len);
        mask[0] = (local[0] - align) % len === 0 ? 1 : 0;
        for (let t = 1; t < n; t++) {
          const id = Math.floor((local[t] - align) / len);
          if (id > last) {
            mask[t] = 1;
            last = id;
          }
        }
        masks.set(key, mask);
      }
      spec.blockStarts = mask;
    }
    out.push(spec);
  }
  return out;
}

export interface YearRunOptions {
  /** ISO dates (YYYY-MM-DD) whose dispatch is returned for charts. */
  days?: string[];
  /** Receives each year's whole interval dispatch (for the run's dispatch download). */
  onDispatch?: (d: YearDispatch) => void;
  /** What is traded, when it is not the strategy's own plan (the backtest stacks every stream held). */
  plan?: StrategyPlan;
  /** Most of its power a battery can sell in each service (its share of what clears, 0–1). */
  serviceShare?: Partial<Record<ServiceKey, number>>;
  /** GB Balancing Mechanism dispatch rate (default BM_DISPATCH_RATE, a published national rate). */
  bmDispatchRate?: number;
  /**
   * Realistic foresight: trade the later market (imbalance, real time, the NEM spot) by the
   * bidding policy as prices become known (decision 0130). Off by default: on the real series it
   * does not yet capture more than the plan (0130's table). "scenarios": the water-value policy
   * against the price's distribution (decision 0131), which does not either. "value": a later
   * market after a day-ahead position (ERCOT real time, GB imbalance) answered interval by
   * interval against the value of stored energy with the cycle cap in its state (decision 0133).
   */
  retrade?: boolean | "scenarios" | "value";
  /**
   * A sample of the year (the preview, forecast/preview.ts): each interval's weight in the
   * year's sums (0 for the days dispatched only as context) and the factor of the items priced
   * per day (capacity market, fixed charges). Default: every interval once.
   */
  weights?: { intervals: Float64Array; fixed: number };
  /**
   * Filled, when given, with each interval's revenue (unweighted; fixed annual items not in it):
   * how a year's value is spread over its days (the preview's measurement, decision 0520).
   */
  intervalRevenue?: Float64Array;
  /**
   * The scale of a modelled year's energy forecast errors (default: modelledErrorScale of the
   * year, the real skill). The preview sets its year's so that a few days are forecast as in it.
   */
  forecastErrorScale?: number;
  /** The plant's output, MW, by interval (default: modelled from the site, or the uploaded profile). */
  generationMW?: Float64Array;
}

/** One year's dispatch at the market interval: prices and the battery's and site's MW. */
export interface YearDispatch {
  scenarioId: string;
  strategy: string;
  year: number;
  startUtc: string;
  intervalMinutes: number;
  currency: string;
  /** The energy price the year was dispatched against, currency/MWh. */
  price: Float64Array;
  chargeMW: Float64Array;
  dischargeMW: Float64Array;
  importMW: Float64Array;
  exportMW: Float64Array;
  socMWh: Float64Array;
}

export function buildYearProblem(
  p: ForecastParams,
  strategy: RevenueStrategy,
  my: MarketYear,
  retention: number,
  initialSoc: number,
  plan: StrategyPlan = strategyPlan(my.region, strategy),
  /** The plant's output, MW, when the caller has it (the preview: its days' share of the year's). */
  generationMW?: Float64Array,
) {
  const a = assetModel(p);
  const n = my.energyPrice.length;
  const gen = generationMW ?? generationSeries(p, a, my);
  const problem: DispatchProblem = {
    intervalMinutes: my.intervalMinutes,
    startUtc: my.startUtc,
    // the cycle cap counts the trading days of the market, or of its price region (0115, 0137)
    timeZone: tradingTimeZone(my.region, my.priceRegion),
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
    // DC coupling: the battery and the PV share one inverter at the grid connection, whose
    // conversion the battery skips when it charges from the PV (decision 0119)
    problem.generation = {
      profileMW: gen,
      coupling: a.generation.coupling,
      inverterMW: a.siteExportMW,
      inverterEfficiency: INVERTER_EFFICIENCY,
    };
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
  if (plan.services && a.battery) problem.services = serviceSpecs(my, a.battery.powerMW);
  return { problem, plan, asset: a };
}

function solve(p: ForecastParams, problem: DispatchProblem): DispatchResult {
  if (p.dispatchMode === "monthly") return solveRolling(problem, forecastWindows(problem.intervalMinutes));
  if (p.dispatchMode === "daily") return solveRolling(problem, { windowDays: 1, lookaheadDays: 1 });
  // Whole year: the dynamic programme where it applies (battery arbitrage, grid charges, fixed
  // service reservations — decision 0107), else the exact interior-point LP (0110).
  return solveBest(problem);
}

/**
 * Dispatch of one year. Two strategies are two stages:
 *  - services first (GB ancillaries): services alone, then arbitrage around the fixed reservations;
 *  - imbalance (GB merchant): the day-ahead position (with any services, committed with it) is
 *    traded first, then the physical schedule is re-optimised against the imbalance price around
 *    the committed reservations, the deviation from the position settling at that price. Each
 *    stage settles one price per interval, so no stage can import and export at once for profit
 *    (decision 0109).
 * Foresight (decision 0117): "realistic" decides each stage on the forecast known at its gate
 * (lagged day-ahead prices; the imbalance forecast once day-ahead prices are known) and settles
 * it at the actual prices; "perfect" (the upper bound) decides on the actual prices.
 * `position` is the day-ahead schedule when it differs from the physical one.
 */
export function dispatchYear(
  p: ForecastParams,
  strategy: RevenueStrategy,
  my: MarketYear,
  retention: number,
  initialSoc: number,
  opts: Pick<
    YearRunOptions,
    "plan" | "serviceShare" | "retrade" | "forecastErrorScale" | "generationMW"
  > = {},
): {
  result: DispatchResult;
  position?: DispatchResult;
  problem: DispatchProblem;
  asset: AssetModel;
  plan: StrategyPlan;
} {
  const { problem, plan, asset } = buildYearProblem(
    p,
    strategy,
    my,
    retention,
    initialSoc,
    opts.plan,
    opts.generationMW,
  );
  const share = opts.serviceShare;
  if (share && problem.services && problem.battery)
    for (const s of problem.services)
      if (share[s.key] !== undefined)
        s.maxMW = Math.max(0, Math.min(1, share[s.key]!)) * problem.battery.powerMW;
  const realistic = p.foresight !== "perfect";
  const byValue = realistic && opts.retrade === "value";
  const bidding = realistic && !!opts.retrade && !byValue;
  // a modelled year's forecast has the skill measured on the real series (0117, 0136)
  const errorScale =
    my.synthetic && realistic
      ? (opts.forecastErrorScale ?? modelledErrorScale(my.region, my.energyPrice, my.intervalMinutes))
      : undefined;
  /** A realistic plan: finer than half-hourly, made on half-hour aggregates of the forecast (0119). */
  const planned = (decision: DispatchProblem) => {
    const k = planningFactor(decision);
    return k > 1 ? refine(solve(p, coarsen(decision, k)), k) : solve(p, decision);
  };
  /** The schedule decided on `decision` (default: the forecast of `actual`), settled at `actual`. */
  const decide = (actual: DispatchProblem, decision?: DispatchProblem) =>
    realistic
      ? settle(actual, planned(decision ?? forecastProblem(actual, undefined, errorScale)))
      : solve(p, actual);
  const power = problem.battery?.powerMW ?? 1;
  const fixedFrom = (services: DispatchProblem["services"], r: DispatchResult) =>
    services?.map((s, k) => ({ ...s, fixedMW: r.services[k].mw.map((v) => handedOnReservation(v, power)) }));
  let result: DispatchResult | undefined;
  // a real-time spot market (NEM) without services is traded by the bidding policy alone (0130)
  const spotOnly = bidding && REAL_TIME_SPOT.has(my.region) && !problem.services?.length;
  if (spotOnly) result = undefined;
  else if (plan.servicesFirst && problem.services?.length) {
    // Stage 1: services only (energy prices ignored), stage 2: arbitrage around the fixed reservations.
    const zero = new Float64Array(problem.price.length);
    const stage1 = decide({
      ...problem,
      price: zero,
      exportPrice: undefined,
      importPrice: undefined,
      importCharge: undefined,
      exportCharge: undefined,
      generation: undefined,
    });
    result = decide({ ...problem, services: fixedFrom(problem.services, stage1) });
  } else result = decide(problem);
  if (plan.imbalance && my.imbalancePrice) {
    const position = result!;
    const physical: DispatchProblem = {
      ...problem,
      price: my.imbalancePrice,
      services: fixedFrom(problem.services, position),
    };
    if (byValue && !dpScope(physical)) {
      // each later interval answered at its price against the value of stored energy (0133)
      const gate = energyForecast(problem.price, my.intervalMinutes, errorScale);
      const from = dayAheadKnownFrom(problem, DAY_AHEAD_KNOWN_HOUR[my.region] ?? 12);
      return { result: retradeRealTime(physical, problem.price, gate, from), position, problem, asset, plan };
    }
    if (bidding && !dpScope(physical)) {
      // re-decided as the imbalance (real-time) prices become known, on the later price's forecast
      // once the day-ahead prices are known, on the gate-closure forecast before (0130)
      const gate = energyForecast(problem.price, my.intervalMinutes, errorScale);
      const from = dayAheadKnownFrom(problem, DAY_AHEAD_KNOWN_HOUR[my.region] ?? 12);
      let traded: DispatchResult;
      if (opts.retrade === "scenarios")
        // against the price's distribution: the water-value policy (0131)
        traded = retradeOnScenarios(physical, { actual: problem.price, forecast: gate, from });
      else {
        const known = spreadForecast(problem.price, my.imbalancePrice, my.intervalMinutes);
        const before = { forecast: known.map((v, t) => v - problem.price[t] + gate[t]), from };
        traded = retrade(physical, { known, before }, position.socMWh);
      }
      return {
        result: traded,
        position,
        problem,
        asset,
        plan,
      };
    }
    // the imbalance price forecast once the day-ahead prices are known
    const decision = realistic
      ? { ...physical, price: spreadForecast(problem.price, my.imbalancePrice, my.intervalMinutes) }
      : undefined;
    return { result: decide(physical, decision), position, problem, asset, plan };
  }
  if (bidding && REAL_TIME_SPOT.has(my.region)) {
    // the spot market's energy re-decided every interval around the services committed ahead (0130)
    const physical: DispatchProblem = result
      ? { ...problem, services: fixedFrom(problem.services, result) }
      : problem;
    if (!dpScope(physical)) {
      result =
        opts.retrade === "scenarios"
          ? retradeOnScenarios(physical)
          : retrade(
              physical,
              { known: energyForecast(problem.price, my.intervalMinutes, errorScale) },
              result?.socMWh,
            );
    } else result ??= decide(problem);
  }
  if (realistic && !bidding && REAL_TIME_SPOT.has(my.region) && result && !dpScope(problem))
    // the spot market's plan offered at prices, each 5-minute interval answered as it clears (0132)
    result = respondToPrices(problem, result, energyForecast(problem.price, my.intervalMinutes, errorScale));
  return { result: result!, problem, asset, plan };
}

/** The UTC month (0–11) of each of n intervals from t0 (ms): month boundaries stepped, no Date per interval. */
function monthIndex(t0: number, intervalMinutes: number, n: number): Uint8Array {
  const out = new Uint8Array(n);
  const step = intervalMinutes * 60_000;
  let month = -1;
  let next = -Infinity;
  for (let t = 0; t < n; t++) {
    const ms = t0 + t * step;
    if (ms >= next) {
      const d = new Date(ms);
      month = d.getUTCMonth();
      next = Date.UTC(d.getUTCFullYear(), month + 1, 1);
    }
    out[t] = month;
  }
  return out;
}

/**
 * The year's revenue by stream and by month from its schedules: one pass over the intervals, in
 * its own function so that V8 optimises this loop alone (runYear runs once a year).
 */
function intervalSums(
  problem: DispatchProblem,
  asset: AssetModel,
  my: MarketYear,
  s: {
    r: DispatchResult;
    flows: DispatchResult;
    position?: DispatchResult;
    bm?: ReturnType<typeof balancingMechanism>;
    outages?: Uint8Array;
  },
  months: Uint8Array,
  opts: YearRunOptions,
): { streams: Partial<Record<Stream, number>>; monthly: number[] } {
  const { r, flows, position, bm, outages } = s;
  const n = my.energyPrice.length;
  const dt = my.intervalMinutes / 60;
  const monthly = new Array(12).fill(0);
  const imb = my.imbalancePrice;
  const w = opts.weights?.intervals;
  const services = problem.services ?? [];
  const svPrice = services.map((sv) => sv.price);
  const svMW = services.map((_, k) => r.services[k].mw);
  const nSv = services.length;
  const importCharge = problem.importCharge;
  const exportCharge = problem.exportCharge;
  let generation = 0;
  let wholesaleSum = 0;
  let imbalanceSum = 0;
  let bmSum = 0;
  let servicesSum = 0;
  let duosSum = 0;
  let any = false;
  for (let t = 0; t < n; t++) {
    const wt = w ? w[t] : 1;
    if (wt === 0) continue;
    any = true;
    // the positions' own flows: the BM's deviations from them are settled in its own stream
    const e = flows.exportMW[t];
    const i = flows.importMW[t];
    const g = r.generationMW ? r.generationMW[t] : 0;
    const da = problem.price[t];
    // the day-ahead position (merchant) or the physical net position otherwise
    const net = e - i;
    const traded = position ? position.exportMW[t] - position.importMW[t] : net;
    const wholesale = da * traded * dt;
    // merchant: the deviation of the physical position from the traded one, at the imbalance price
    const imbalance = position && imb ? imb[t] * (net - traded) * dt : 0;
    const genValue = Math.min(g, e) * da * dt;
    const charges = ((importCharge?.[t] ?? 0) * i + (exportCharge?.[t] ?? 0) * e) * dt;
    let svc = 0;
    for (let k = 0; k < nSv; k++) svc += svPrice[k][t] * svMW[k][t] * dt;
    if (asset.generation) {
      generation += wt * genValue;
      wholesaleSum += wt * (wholesale - genValue);
    } else wholesaleSum += wt * wholesale;
    if (position) imbalanceSum += wt * imbalance;
    const bmValue = bm && !outages?.[t] ? bm.revenueByInterval[t] : 0;
    if (bm) bmSum += wt * bmValue;
    servicesSum += wt * svc;
    duosSum += -wt * charges;
    monthly[months[t]] += wt * (wholesale + imbalance - charges + svc + bmValue);
    if (opts.intervalRevenue) opts.intervalRevenue[t] = wholesale + imbalance - charges + svc + bmValue;
  }
  // the streams in the order a year's results have always listed them
  const streams: Partial<Record<Stream, number>> = {};
  if (any) {
    if (asset.generation) streams.generation = generation;
    streams.wholesale = wholesaleSum;
    if (position) streams.imbalance = imbalanceSum;
    if (bm) streams.bm = bmSum;
    streams.services = servicesSum;
    streams.duosUnitCharges = duosSum;
  }
  return { streams, monthly };
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

export const degradationSettings = (p: ForecastParams) => ({
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
  const dispatched = dispatchYear(p, strategy, my, retention, state.soc, opts);
  const { problem, asset } = dispatched;
  const n = my.energyPrice.length;
  // GB Balancing Mechanism: acceptances from the headroom the positions leave (decision 0140);
  // the physical schedule (state of charge, cycles) is the one with the acceptances
  const bmPrice = my.balancingPrice ?? my.imbalancePrice;
  const bm =
    dispatched.plan.balancingMechanism && bmPrice && asset.battery && !asset.generation && problem.battery
      ? balancingMechanism(
          problem,
          dispatched.result,
          bmPrice,
          problem.price,
          opts.bmDispatchRate ?? BM_DISPATCH_RATE,
        )
      : undefined;
  const withBm: DispatchResult = bm
    ? {
        ...dispatched.result,
        chargeMW: bm.chargeMW,
        dischargeMW: bm.dischargeMW,
        socMWh: bm.socMWh,
        exportMW: bm.dischargeMW.map((d, t) => Math.max(0, d - bm.chargeMW[t])),
        importMW: bm.chargeMW.map((c, t) => Math.max(0, c - bm.dischargeMW[t])),
        throughputMWh: bm.throughputMWh,
        cycles: problem.battery!.energyMWh > 0 ? bm.throughputMWh / problem.battery!.energyMWh : 0,
      }
    : dispatched.result;
  // outage days earn nothing: their trades (and BM acceptances) are removed from the plan (decision 0121)
  const outages = asset.battery ? outageMask(my.year, n, my.intervalMinutes, p.availability) : undefined;
  const r = outages ? withOutages(withBm, problem, outages) : withBm;
  const position =
    dispatched.position && outages ? withOutages(dispatched.position, problem, outages) : dispatched.position;
  // the positions' own flows (without the BM's acceptances), outage days removed
  const flows = outages ? withOutages(dispatched.result, problem, outages) : dispatched.result;
  const dt = my.intervalMinutes / 60;
  const t0 = Date.parse(my.startUtc);
  const fixedWeight = opts.weights?.fixed ?? 1;
  const months = monthIndex(t0, my.intervalMinutes, n);
  const { streams, monthly } = intervalSums(
    problem,
    asset,
    my,
    { r, flows, position, bm, outages },
    months,
    opts,
  );
  const add = (k: Stream, v: number) => (streams[k] = (streams[k] ?? 0) + v);
  // fixed annual items, spread over the months by their share of intervals
  const monthShare = new Array(12).fill(0);
  for (let t = 0; t < n; t++) monthShare[months[t]] += 1 / n;
  let fixed = 0;
  // the de-rating of the duration the battery still has (rated × retention), each delivery year
  const cmDuration = p.duration * retention;
  if (my.region === "GB" && asset.battery && my.capacityPricePerKWYear) {
    // each month at its own delivery year's price and de-rating (a delivery year starts in October)
    const cm = gbCapacityMarketByMonth(my, cmDuration, asset.battery.powerMW).map((v) => v * fixedWeight);
    cm.forEach((v, m) => (monthly[m] += v));
    add(
      "capacityMarket",
      cm.reduce((a, b) => a + b, 0),
    );
  }
  if (my.region === "GB" && p.duos && p.duosTariff) {
    const c =
      -duosFixedCost(p.duosTariff, (n * dt) / 24, asset.siteImportMW || asset.siteExportMW) * fixedWeight;
    add("duosFixedCharges", c);
    fixed += c;
  }
  if (
    my.region === "GB" &&
    p.tnuosGenerationZone !== undefined &&
    (p.connectionType === "transmission" || p.ratedPower >= 100)
  ) {
    const c = -tnuosAnnualCharge(p.tnuosGenerationZone, asset.siteExportMW) * ((n * dt) / 8760) * fixedWeight;
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
    outageDays: outages ? outages.reduce((a, v) => a + v, 0) / Math.round(1440 / my.intervalMinutes) : 0,
    capacityMarketDurationHours:
      my.region === "GB" && asset.battery && my.capacityPricePerKWYear ? cmDuration : undefined,
    repowered,
    synthetic: my.synthetic,
    solveMs: r.solveMs,
    ...(bm
      ? {
          balancingMechanism: {
            offerMWh: bm.offerMWh,
            bidMWh: bm.bidMWh,
            dispatchRate: opts.bmDispatchRate ?? BM_DISPATCH_RATE,
            dispatchRateSource: BM_SOURCES.dispatchRate,
            priceSource:
              my.balancingPriceSource ?? (my.synthetic ? BM_SOURCES.modelledPrice : BM_SOURCES.realPrice),
          },
        }
      : {}),
  };
  opts.onDispatch?.({
    scenarioId,
    strategy,
    year: my.year,
    startUtc: my.startUtc,
    intervalMinutes: my.intervalMinutes,
    currency: my.currency,
    price: problem.price,
    chargeMW: r.chargeMW,
    dischargeMW: r.dischargeMW,
    importMW: r.importMW,
    exportMW: r.exportMW,
    socMWh: r.socMWh,
  });
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
  const asset = assetModel(p);
  const unitMW = asset.unitMW;
  const g = asset.generation;
  const perMW: PerMWBasis = asset.battery
    ? {
        of: "battery",
        mw: unitMW,
        generation: g
          ? {
              of: g.kind,
              mw: g.ratedMW,
              averagePerMWYear: years.length && g.ratedMW > 0 ? total / g.ratedMW / years.length : 0,
            }
          : undefined,
      }
    : { of: g?.kind ?? "solar", mw: unitMW };
  return {
    scenarioId,
    strategy,
    currency,
    unitYear: `${currency}/MW/year`,
    unitMonth: `${currency}/MW/month`,
    moneyBasis: moneyBasisLabel(currency),
    years,
    total,
    totalPerMW: total / unitMW,
    averagePerMWYear: years.length ? total / unitMW / years.length : 0,
    perMW,
    repoweringEvents: state.degradation.repoweringEvents.map((e) => ({
      ...e,
      restoredMWh: (asset.battery?.energyMWh ?? 0) * (1 - e.retentionBefore),
      cost: null,
    })),
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
