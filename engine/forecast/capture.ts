// Forecast skill per stage (issue 25 item 2, decision 0136): realistic ÷ perfect revenue of each
// stage of a forecast's years on the world view, beside the same capture measured by the backtest
// on the base year's real prices. The forecast is the engine's own (runScenario, the years of one
// scenario in order); only the plan is the backtest's, so that both compare the same streams.
import type { MarketRegion, MarketYear } from "../types.ts";
import type { StrategyPlan } from "../markets/services/rules.ts";
import { servicesFor } from "../markets/services/rules.ts";
import type { Foresight } from "./foresight.ts";
import { parseForecastInput } from "./index.ts";
import { runScenario } from "./scenario.ts";

/**
 * The stages a capture is measured on:
 *  - dayAhead: the position decided at gate closure on the lagged day-ahead forecast (the NEM has
 *    no day-ahead market: its one 5-minute energy price, planned on half hours and offered at
 *    prices, decision 0132);
 *  - later: the later market re-traded once the day-ahead prices are known (GB imbalance; ERCOT
 *    real time in the backtest — the world views model no ERCOT real-time price, so none there);
 *  - services: reservations committed at gate closure on lagged service prices. Not a trade on a
 *    price forecast's error size (their prices are availability prices, forecast as they are):
 *    shown, and held like the others.
 */
export type CaptureStage = "dayAhead" | "later" | "services";
export const CAPTURE_STAGES: readonly CaptureStage[] = ["dayAhead", "later", "services"];

export const STAGE_LABELS: Record<MarketRegion, Partial<Record<CaptureStage, string>>> = {
  GB: { dayAhead: "day-ahead", later: "imbalance", services: "services (reservations)" },
  ERCOT: { dayAhead: "day-ahead", later: "real time", services: "services (reservations)" },
  NEM: { dayAhead: "5-minute energy", services: "FCAS (reservations)" },
  DE: { dayAhead: "day-ahead", services: "services (reservations)" },
  ES: { dayAhead: "day-ahead", services: "services (reservations)" },
};

/** The reference battery of the issue: 50 MW / 2 h, 88 %, the market's usual cycles. */
export const CAPTURE_BATTERY = { ratedPower: 50, duration: 2, efficiency: 88 } as const;

/**
 * What is traded: every stream the year holds, stacked as the backtest stacks them (energy,
 * services where priced, the later market where a later price exists). The GB Balancing Mechanism
 * is left out: its acceptances come from the headroom the positions leave and are priced alike
 * under both foresights, so it is no forecast stage (and it leaves the stages' streams unchanged).
 */
export function capturePlan(my: MarketYear): StrategyPlan {
  return {
    energy: true,
    services: Object.keys(my.servicePrices).length > 0,
    servicesFirst: false,
    imbalance: !!my.imbalancePrice,
    balancingMechanism: false,
  };
}

/** A year's (or a backtest row's) streams as stages. */
export function stagesOf(market: MarketRegion, streams: Record<string, number | undefined>) {
  const out: Partial<Record<CaptureStage, number>> = {};
  if (streams.wholesale !== undefined) out.dayAhead = streams.wholesale;
  const later = streams.imbalance ?? streams.realTime;
  if (later !== undefined) out.later = later;
  // a forecast year sums its services; a backtest row lists them by service
  let services = streams.services;
  if (services === undefined)
    for (const r of servicesFor(market))
      if (streams[r.key] !== undefined) services = (services ?? 0) + streams[r.key]!;
  if (services !== undefined) out.services = services;
  return out;
}

/** realistic ÷ perfect, or undefined where perfect foresight earns nothing on the stage. */
export function capture(realistic: number | undefined, perfect: number | undefined): number | undefined {
  if (realistic === undefined || perfect === undefined || !(perfect > 0)) return undefined;
  return realistic / perfect;
}

export interface CaptureYear {
  year: number;
  /** Per MW of the battery, the year's currency. */
  realistic: Partial<Record<CaptureStage, number>>;
  perfect: Partial<Record<CaptureStage, number>>;
  capture: Partial<Record<CaptureStage, number>>;
}

/**
 * The forecast's years on `marketYears` (one scenario, in order: the state of charge carried),
 * with realistic and with perfect foresight, and each stage's capture.
 */
export function forecastCapture(
  market: MarketRegion,
  marketYears: MarketYear[],
  cyclesPerDay: number,
): CaptureYear[] {
  const run = (foresight: Foresight) => {
    const p = parseForecastInput({
      configuration: "bess",
      region: market,
      ...CAPTURE_BATTERY,
      maxCycles: cyclesPerDay,
      startDate: `${marketYears[0]?.year ?? 2025}-01-01`,
      assetLifeYears: Math.max(1, marketYears.length),
      revenueStrategies: ["energy_with_as"],
      macroScenarios: ["central"],
      foresight,
    });
    // a world view's years hold the same series: the first year's plan is every year's
    return runScenario(p, "central", "energy_with_as", marketYears, undefined, {
      plan: capturePlan(marketYears[0]),
    });
  };
  const r = run("realistic");
  const q = run("perfect");
  return r.years.map((y, k) => {
    const per = (s: Record<string, number | undefined>) =>
      Object.fromEntries(
        Object.entries(stagesOf(market, s)).map(([st, v]) => [st, v! / CAPTURE_BATTERY.ratedPower]),
      ) as Partial<Record<CaptureStage, number>>;
    const realistic = per(y.streams);
    const perfect = per(q.years[k].streams);
    const cap: Partial<Record<CaptureStage, number>> = {};
    for (const s of CAPTURE_STAGES) {
      const c = capture(realistic[s], perfect[s]);
      if (c !== undefined) cap[s] = c;
    }
    return { year: y.year, realistic, perfect, capture: cap };
  });
}

/** The base year's real series the forecast's capture is set beside: the world view's own zone. */
export const BASE_REGION: Record<MarketRegion, string> = {
  GB: "GB",
  ERCOT: "HB_HUBAVG",
  NEM: "NSW1",
  DE: "DE-LU",
  ES: "ES",
};

/** The bound: a forecast year's capture within ±10 points of the base year's backtest. */
export const CAPTURE_BOUND_POINTS = 10;

export interface CaptureRow {
  market: MarketRegion;
  year: number;
  stage: CaptureStage;
  label: string;
  realistic: number;
  perfect: number;
  capture: number | null;
  baseCapture: number | null;
  /** (capture − base capture) × 100, points. */
  differencePoints: number | null;
}

/**
 * Rows of market × year × stage: a forecast year's capture beside the base year's backtest
 * capture of the same stage (`base`: the backtest's realistic and perfect streams at 2 h).
 */
export function captureRows(
  market: MarketRegion,
  years: CaptureYear[],
  base: { realistic: Record<string, number>; perfect: Record<string, number> } | undefined,
): CaptureRow[] {
  const b = base && { realistic: stagesOf(market, base.realistic), perfect: stagesOf(market, base.perfect) };
  const rows: CaptureRow[] = [];
  for (const y of years)
    for (const stage of CAPTURE_STAGES) {
      if (y.perfect[stage] === undefined) continue;
      const c = y.capture[stage];
      const bc = b ? capture(b.realistic[stage], b.perfect[stage]) : undefined;
      rows.push({
        market,
        year: y.year,
        stage,
        label: STAGE_LABELS[market][stage] ?? stage,
        realistic: y.realistic[stage] ?? 0,
        perfect: y.perfect[stage]!,
        capture: c ?? null,
        baseCapture: bc ?? null,
        differencePoints: c !== undefined && bc !== undefined ? (c - bc) * 100 : null,
      });
    }
  return rows;
}
