// The backtest (decision 0118): the engine run on the real historic prices of a market and year
// for a reference battery (1 MW, 1 h or 2 h, 88 %, the market's usual cycles), with realistic
// and perfect foresight, on every stream held for the period. Pure: the series come in as plain
// data (from files in bench/backtest.ts, from the database in api/backtest/).
import type { Currency, MarketRegion, MarketYear, ServiceKey } from "../types.ts";
import { parseForecastInput } from "../forecast/index.ts";
import { runYear, initialScenarioState } from "../forecast/scenario.ts";
import type { Foresight } from "../forecast/foresight.ts";
import { rowBenchmark } from "./benchmarks.ts";
import { BM_SOURCES } from "../markets/balancing-mechanism.ts";
import { gbImbalancePrice } from "../worldview/ancillary.ts";

export { BENCHMARKS } from "./benchmarks.ts";

/** A real series: interval starts (epoch ms, ascending) and values. */
export interface Series {
  ts: ArrayLike<number>;
  values: ArrayLike<number>;
}

/** Capacity Market revenue of a delivery year (1 October – 30 September), per kW of connection capacity. */
export interface CapacityYear {
  /** First day of the delivery year, "YYYY-10-01". */
  deliveryStart: string;
  /** Clearing price × the auction's de-rating factor for the battery's duration, currency/kW/year. */
  perKWYear: number;
  auction: string;
}

/** What a market holds for one year, as real series. */
export interface BacktestMarketData {
  market: MarketRegion;
  /** Price zone: "GB", "HB_HUBAVG", "NSW1", "DE-LU", "ES". */
  region: string;
  year: number;
  currency: Currency;
  intervalMinutes: number;
  /** Day-ahead (or the only) wholesale price, currency/MWh. */
  energy: Series;
  /** A later price the position is re-optimised against: GB imbalance, ERCOT real-time. */
  later?: { stream: "imbalance" | "realTime"; series: Series };
  /** Availability prices of services committed ahead, currency/MW/h. */
  services?: Partial<Record<ServiceKey, Series>>;
  /** Services launched during the period (first day, YYYY-MM-DD): nothing earned before. */
  serviceLaunched?: Partial<Record<ServiceKey, string>>;
  /** GB Capacity Market by delivery year, per duration (hours). */
  capacity?: Record<number, CapacityYear[]>;
  /**
   * The battery's share of each service's cleared volume (0–1): a fleet-average battery sells
   * at most cleared MW ÷ fleet MW of its power in a service (decision 0118).
   */
  serviceShare?: Partial<Record<ServiceKey, number>>;
}

export interface BacktestRow {
  market: MarketRegion;
  region: string;
  year: number;
  durationHours: number;
  foresight: Foresight;
  revenuePerMWYear: number;
  currency: Currency;
  streams: Record<string, number>;
  /** Share of the year's intervals with data for the wholesale price (1 = full year). */
  coverage: number;
  /** True when part of the year is missing and the figures are annualised. */
  annualised: boolean;
  /** The streams annualised from part of the year, with the share held. */
  partialStreams: Record<string, number>;
  /** Where a stream's prices or rates come from, where the row must say (GB `bm`, decision 0140). */
  sources: Record<string, string>;
  /** The benchmark shown beside the row (compare.ts rowBenchmark); every comparison: compareRows. */
  benchmark: number | null;
  /** False when the figure was derived by us: never shown as a published one. */
  benchmarkPublished: boolean | null;
  benchmarkSource: string | null;
  benchmarkDefinition: string | null;
  /** The streams the benchmark counts, summed (what `ratio` compares). */
  comparedRevenue: number | null;
  ratio: number | null;
  cyclesPerDay: number;
  /** Dispatch windows used (monthly unless the solver needed smaller or larger ones). */
  dispatchMode: "monthly" | "daily" | "year";
  /**
   * Revenue per MW by calendar month (UTC) as earned, not annualised: the dispatch's streams and the
   * Capacity Market of the month's days; `coverage` is the share of the month's intervals with a
   * real wholesale price. Months without any are left out.
   */
  months: { month: string; revenuePerMW: number; coverage: number }[];
}

/** The market's usual cycles per day for the reference battery. */
export const USUAL_CYCLES: Record<MarketRegion, number> = { GB: 1.5, ERCOT: 1, NEM: 1, DE: 1.5, ES: 1 };

export const REFERENCE_DURATIONS = [1, 2];

/**
 * A series on the year's grid: [Jan 1 00:00 UTC, next Jan 1) at `intervalMinutes`; each value
 * holds from its timestamp to the next one, up to its own step (a 4 h block fills 4 h). Gaps
 * (no value) are filled with `fill` ("hold": the last value, so nothing to trade there; or 0)
 * and counted: `held` is the share of the year with a value, `span` the share from the first
 * value to the last.
 */
export function onGrid(
  s: Series,
  year: number,
  intervalMinutes: number,
  fill: "hold" | "zero",
  stepMinutes?: number,
): { values: Float64Array; held: number; span: number; has: Uint8Array } {
  const t0 = Date.UTC(year, 0, 1);
  const step = intervalMinutes * 60_000;
  const n = Math.round((Date.UTC(year + 1, 0, 1) - t0) / step);
  const out = new Float64Array(n);
  const has = new Uint8Array(n);
  const len = s.ts.length;
  // a value holds to the next one, but not across a gap: at most 1.5 × the series' usual step
  const diffs: number[] = [];
  for (let i = 1; i < len; i += Math.max(1, Math.floor(len / 500))) diffs.push(s.ts[i] - s.ts[i - 1]);
  diffs.sort((a, b) => a - b);
  const usual = stepMinutes ? stepMinutes * 60_000 : (diffs[diffs.length >> 1] ?? step);
  for (let i = 0; i < len; i++) {
    const a = s.ts[i];
    const own = i + 1 < len ? Math.min(s.ts[i + 1] - a, 1.5 * usual) : usual;
    const b = a + Math.max(own, step);
    for (let t = Math.max(0, Math.floor((a - t0) / step)); t < n && t0 + t * step < b; t++) {
      if (t0 + t * step < a) continue;
      const v = s.values[i];
      if (!Number.isFinite(v)) continue;
      out[t] = v;
      has[t] = 1;
    }
  }
  let held = 0;
  let firstAt = -1;
  let lastAt = -1;
  for (let t = 0; t < n; t++)
    if (has[t]) {
      held++;
      if (firstAt < 0) firstAt = t;
      lastAt = t;
    }
  // fill gaps: before the first value with the first value, after with the last held
  let last = firstAt >= 0 ? out[firstAt] : 0;
  for (let t = 0; t < n; t++) {
    if (has[t]) last = out[t];
    else out[t] = fill === "hold" ? last : 0;
  }
  return { values: out, held: held / n, span: firstAt < 0 ? 0 : (lastAt - firstAt + 1) / n, has };
}

/** The real year as the engine's MarketYear, with each series' share of the year held. */
export function backtestMarketYear(d: BacktestMarketData): {
  marketYear: MarketYear;
  coverage: { energy: number; later: number; services: Record<string, number>; energyHeld: Uint8Array };
} {
  const energy = onGrid(d.energy, d.year, d.intervalMinutes, "hold");
  const later = d.later ? onGrid(d.later.series, d.year, d.intervalMinutes, "zero") : undefined;
  let imbalancePrice: Float64Array | undefined;
  if (later) {
    // where the later price is missing, it equals the day-ahead price: nothing to re-trade
    const hasLater = onGrid(
      { ts: d.later!.series.ts, values: Array.from({ length: d.later!.series.ts.length }, () => 1) },
      d.year,
      d.intervalMinutes,
      "zero",
    ).values;
    imbalancePrice = later.values.map((v, t) => (hasLater[t] ? v : energy.values[t]));
  }
  const balancing =
    d.market === "GB" ? balancingPrice(d, energy.values, imbalancePrice, later?.has) : undefined;
  const servicePrices: MarketYear["servicePrices"] = {};
  const services: Record<string, number> = {};
  const yearMs = Date.UTC(d.year + 1, 0, 1) - Date.UTC(d.year, 0, 1);
  for (const [k, s] of Object.entries(d.services ?? {})) {
    const g = onGrid(s, d.year, d.intervalMinutes, "zero");
    if (g.held === 0) continue;
    servicePrices[k as ServiceKey] = g.values;
    // blocks where nothing cleared have no price (and earn nothing): the span, not the count, is
    // held; a service launched during the year is held from its launch
    const launched = d.serviceLaunched?.[k as ServiceKey];
    const before = launched
      ? Math.min(1, Math.max(0, (Date.parse(`${launched}T00:00:00Z`) - Date.UTC(d.year, 0, 1)) / yearMs))
      : 0;
    services[k] = before < 1 ? Math.min(1, g.span / (1 - before)) : 0;
  }
  return {
    marketYear: {
      region: d.market,
      priceRegion: d.region,
      year: d.year,
      currency: d.currency,
      startUtc: new Date(Date.UTC(d.year, 0, 1)).toISOString(),
      intervalMinutes: d.intervalMinutes,
      energyPrice: energy.values,
      imbalancePrice,
      ...(balancing ? { balancingPrice: balancing.price, balancingPriceSource: balancing.source } : {}),
      servicePrices,
      synthetic: false,
    },
    coverage: { energy: energy.held, later: later?.held ?? 0, services, energyHeld: energy.has },
  };
}

/**
 * The GB Balancing Mechanism's price (decision 0140): the real system (cash-out) price where it is
 * held, else the world views' imbalance model on the real day-ahead price (the same rule as the
 * forecasts' years; seeded by the year, no scarcity adder). Labelled by which it is.
 */
export function balancingPrice(
  d: Pick<BacktestMarketData, "year" | "intervalMinutes">,
  energy: Float64Array,
  imbalance: Float64Array | undefined,
  held: Uint8Array | undefined,
): { price: Float64Array; source: string; realShare: number } {
  const modelled = gbImbalancePrice(energy, new Float64Array(energy.length), 0, d.intervalMinutes, d.year);
  let real = 0;
  const price = modelled.map((m, t) => {
    if (imbalance && held?.[t]) {
      real++;
      return imbalance[t];
    }
    return m;
  });
  const realShare = real / (energy.length || 1);
  const source =
    realShare >= 0.99
      ? BM_SOURCES.realPrice
      : realShare <= 0
        ? BM_SOURCES.modelledPrice
        : `${Math.round(realShare * 100)} % of the year real — ${BM_SOURCES.realPrice}; the rest ${BM_SOURCES.modelledPrice}`;
  return { price, source, realShare };
}

/**
 * Capacity Market revenue per MW of a calendar year, by month: each day at its delivery year's rate;
 * `held` is the share of the year's days with a rate.
 */
export function capacityByMonth(years: CapacityYear[], year: number): { months: number[]; held: number } {
  const days = Math.round((Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / 86_400_000);
  const months = new Array(12).fill(0);
  let held = 0;
  for (let d = 0; d < days; d++) {
    const t = Date.UTC(year, 0, 1) + d * 86_400_000;
    const dy = years.find((y) => {
      const a = Date.parse(`${y.deliveryStart}T00:00:00Z`);
      return t >= a && t < Date.UTC(new Date(a).getUTCFullYear() + 1, 9, 1);
    });
    if (!dy) continue;
    months[new Date(t).getUTCMonth()] += (dy.perKWYear * 1000) / days;
    held++;
  }
  return { months, held: held / days };
}

/** Capacity Market revenue of a calendar year per MW: each day at its delivery year's rate. */
export function capacityRevenue(years: CapacityYear[], year: number): { value: number; held: number } {
  const { months, held } = capacityByMonth(years, year);
  return { value: months.reduce((a, b) => a + b, 0), held };
}

/** Revenue per MW by month as earned (a 1 MW battery: the year's monthly figures are per MW). */
function monthsOf(
  d: BacktestMarketData,
  monthly: number[],
  energyHeld: Uint8Array,
  capacity: number[] | null,
): BacktestRow["months"] {
  const t0 = Date.UTC(d.year, 0, 1);
  const step = d.intervalMinutes * 60_000;
  const held = new Array(12).fill(0);
  const all = new Array(12).fill(0);
  for (let t = 0; t < energyHeld.length; t++) {
    const m = new Date(t0 + t * step).getUTCMonth();
    all[m]++;
    held[m] += energyHeld[t];
  }
  return monthly.flatMap((v, m) =>
    held[m] > 0
      ? [
          {
            month: `${d.year}-${String(m + 1).padStart(2, "0")}`,
            revenuePerMW: v + (capacity?.[m] ?? 0),
            coverage: held[m] / all[m],
          },
        ]
      : [],
  );
}

/** One row: a market-year, a duration and a foresight. */
export function backtestRow(
  d: BacktestMarketData,
  durationHours: number,
  foresight: Foresight,
  /**
   * retrade — realistic: the later market traded by the bidding policy (decision 0130; "scenarios":
   * the water-value policy, decision 0131; "value": answered against the value of stored energy,
   * decision 0133);
   * cyclesPerDay — a battery's own limit (default the market's usual); capacityDuration — the
   * Capacity Market de-rating class (hours) when it is not `durationHours` (a faded battery keeps
   * the class it was contracted in; the GB leaderboard, decision 0336).
   */
  opts: { retrade?: boolean | "scenarios" | "value"; cyclesPerDay?: number; capacityDuration?: number } = {},
): BacktestRow {
  const { marketYear, coverage } = backtestMarketYear(d);
  const cyclesPerDay = opts.cyclesPerDay ?? USUAL_CYCLES[d.market];
  const input = (dispatchMode: "monthly" | "daily" | "year") => ({
    configuration: "bess",
    region: d.market,
    ratedPower: 1,
    duration: durationHours,
    efficiency: 88,
    maxCycles: cyclesPerDay,
    startDate: `${d.year}-01-01`,
    assetLifeYears: 1,
    revenueStrategies: ["energy_with_as"],
    macroScenarios: ["backtest"],
    foresight,
    dispatchMode,
  });
  const hasServices = Object.keys(marketYear.servicePrices).length > 0;
  const run = (mode: "monthly" | "daily" | "year") =>
    runYear(
      parseForecastInput(input(mode)),
      "backtest",
      "energy_with_as",
      marketYear,
      initialScenarioState(),
      {
        plan: {
          energy: true,
          services: hasServices,
          servicesFirst: false,
          imbalance: !!marketYear.imbalancePrice,
          balancingMechanism: !!marketYear.balancingPrice,
        },
        serviceShare: d.serviceShare,
        retrade: opts.retrade,
      },
    );
  // monthly windows as the forecasts; a window the interior-point method cannot finish is
  // retried in daily windows, then as one year (until the solver recovers by itself, issue 16)
  let year: ReturnType<typeof run>["year"] | undefined;
  let dispatchMode: "monthly" | "daily" | "year" = "monthly";
  for (const mode of ["monthly", "daily", "year"] as const) {
    try {
      year = run(mode).year;
      dispatchMode = mode;
      break;
    } catch (e) {
      if (mode === "year") throw e;
    }
  }
  if (!year) throw new Error("backtest: no dispatch");
  const streams: Record<string, number> = {};
  const partialStreams: Record<string, number> = {};
  const put = (name: string, value: number, held: number) => {
    if (held <= 0) return;
    streams[name] = value / held;
    if (held < 0.99) partialStreams[name] = held;
  };
  put("wholesale", year.streams.wholesale ?? 0, coverage.energy);
  if (d.later) put(d.later.stream, year.streams.imbalance ?? 0, coverage.later);
  // the BM covers the whole year: real cash-out prices where held, modelled elsewhere (labelled)
  const sources: Record<string, string> = {};
  if (year.balancingMechanism) {
    put("bm", year.streams.bm ?? 0, coverage.energy);
    sources.bm = `${year.balancingMechanism.priceSource}. Dispatch rate ${Math.round(year.balancingMechanism.dispatchRate * 100)} %: ${year.balancingMechanism.dispatchRateSource}`;
  }
  for (const [k, v] of Object.entries(year.serviceBreakdown)) put(k, v, coverage.services[k] ?? 0);
  const cm = d.capacity?.[opts.capacityDuration ?? durationHours];
  if (cm) {
    const c = capacityRevenue(cm, d.year);
    put("capacityMarket", c.value, c.held);
  }
  const months = monthsOf(
    d,
    year.monthly,
    coverage.energyHeld,
    cm ? capacityByMonth(cm, d.year).months : null,
  );
  const revenuePerMWYear = Object.values(streams).reduce((a, b) => a + b, 0);
  const bm = rowBenchmark({ market: d.market, year: d.year, durationHours });
  const compared = bm ? bm.streams.reduce((a, s) => a + (streams[s] ?? 0), 0) : null;
  return {
    market: d.market,
    region: d.region,
    year: d.year,
    durationHours,
    foresight,
    revenuePerMWYear,
    currency: d.currency,
    streams,
    coverage: coverage.energy,
    annualised: coverage.energy < 0.99 || Object.keys(partialStreams).length > 0,
    partialStreams,
    sources,
    benchmark: bm?.value ?? null,
    benchmarkPublished: bm?.published ?? null,
    benchmarkSource: bm?.source ?? null,
    benchmarkDefinition: bm?.definition ?? null,
    comparedRevenue: compared,
    ratio: bm && compared !== null ? compared / bm.value : null,
    cyclesPerDay,
    dispatchMode,
    months,
  };
}
