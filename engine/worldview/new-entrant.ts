// New-entrant economics of a world view (issue 26 item 1, decision 0240): what a new battery
// earns in a world-view year (the forecast engine's own dispatch: realistic foresight, every stream
// the market's fullest revenue strategy models), what it costs (entrant-costs.ts), its IRR over its
// life through engine/finance, and the entry rule that sets the Central world views' storage
// build-out: storage is added while the marginal new battery clears the hurdle, never beyond the
// published plan. Pure: the derivation (cli/derive-entry.ts) caches its results in
// storage-entry.generated.ts, which the world views and the economics report read.
import type { MarketRegion, MarketYear } from "../types.ts";
import type { RevenueStrategy } from "../markets/services/rules.ts";
import { parseForecastInput, runYear } from "../forecast/index.ts";
import { initialScenarioState } from "../forecast/scenario.ts";
import { standardRetention } from "../degradation/index.ts";
import { financeModel } from "../finance/index.ts";
import type { OperatingYear } from "../finance/model.ts";
import { ENTRANT_LIFE_YEARS, capexIndex, entrantTerms } from "./entrant-costs.ts";
import { LAST_YEAR } from "./scenarios.ts";

/** Durations a new battery is modelled at: the world views' fleets run from ~1.5–2 h (2024) to 3.5–4 h (2050). */
type EntrantDuration = 2 | 4;

/** The stream set a new battery earns from: the market's fullest revenue strategy (GB: with the BM and Capacity Market). */
export const ENTRANT_STRATEGY: Record<MarketRegion, RevenueStrategy> = {
  GB: "energy_with_as",
  DE: "energy_with_as",
  ES: "energy_with_as",
  ERCOT: "energy_with_as",
  NEM: "ancillaries", // "Energy + FCAS", co-optimised
};

/**
 * Where and at what interval the entrant is dispatched. NEM: NSW1 at 30 minutes — the 5-minute
 * run is six times the work for every trial of the entry search; half-hourly prices understate a
 * battery's 5-minute spread revenue, so the NEM entrant is on the cautious side.
 */
export const ENTRANT_MARKET_YEAR: Record<MarketRegion, { zone?: string; intervalMinutes?: number }> = {
  GB: {},
  DE: {},
  ES: {},
  ERCOT: {},
  NEM: { zone: "NSW1", intervalMinutes: 30 },
};

/** The duration the marginal new battery has in a year: the modelled one nearest the fleet's average duration. */
export function marginalDuration(fleetHours: number): EntrantDuration {
  return fleetHours < 3 ? 2 : 4;
}

/** One year of a new 1 MW battery's revenue (per MW, real money), fresh (no degradation). */
export interface EntrantYearRevenue {
  year: number;
  durationHours: number;
  /** Revenue (+) and network cost (−) by stream, per MW. */
  streamsPerMW: Record<string, number>;
  /** Full cycles in the year. */
  cycles: number;
}

/** A new battery's revenue in one market year: the forecast engine's year, 1 MW, 88 %, one cycle a day, realistic foresight. */
export function entrantYearRevenue(my: MarketYear, durationHours: number): EntrantYearRevenue {
  const strategy = ENTRANT_STRATEGY[my.region];
  const p = parseForecastInput({
    configuration: "bess",
    region: my.region,
    ratedPower: 1,
    duration: durationHours,
    efficiency: 88,
    maxCycles: 1,
    startDate: `${my.year}-01-01`,
    assetLifeYears: 1,
    revenueStrategies: [strategy],
    macroScenarios: ["entrant"],
    degradation: "no_degradation",
    foresight: "realistic",
  });
  const { year } = runYear(p, "entrant", strategy, my, initialScenarioState());
  const streamsPerMW: Record<string, number> = {};
  for (const [k, v] of Object.entries(year.streams)) if (v) streamsPerMW[k] = Math.round(v);
  return { year: my.year, durationHours, streamsPerMW, cycles: +year.cycles.toFixed(1) };
}

/** Streams earned by shifting stored energy (they shrink with capacity fade). */
const ENERGY_STREAMS = new Set(["wholesale", "imbalance", "bm"]);

export interface EntrantCase {
  /** Real post-tax unlevered project IRR (fraction); null when the flows never pay back anything. */
  irr: number | null;
  hurdle: number;
  capexPerMW: number;
  /** First operating year's revenue per MW (after the optimiser fee is a cost, not deducted here). */
  revenuePerMW: number;
  /** First operating year's operating costs per MW (fixed, variable, optimiser fee, insurance, network). */
  costsPerMWYear: number;
  /** Mean yearly revenue over the life, per MW. */
  lifetimeRevenuePerMWYear: number;
}

/**
 * The case of a battery that starts operating on 1 January of `entryYear`: revenue of each year of
 * its life from `revenueOf` (years after the last world-view year take that year's), its energy
 * streams scaled by the standard degradation curve's retention at its age and cycling; costs and
 * IRR by engine/finance.
 */
export function entrantCase(
  region: MarketRegion,
  entryYear: number,
  durationHours: number,
  revenueOf: (year: number) => EntrantYearRevenue,
): EntrantCase {
  const terms = entrantTerms(region, entryYear, durationHours);
  const years: OperatingYear[] = [];
  for (let age = 0; age < ENTRANT_LIFE_YEARS; age++) {
    const year = entryYear + age;
    const r = revenueOf(Math.min(year, LAST_YEAR));
    const retention = standardRetention(r.cycles * age, age);
    const streamsPerMW: Record<string, number> = {};
    // fade shrinks the energy a battery can shift, not the power it offers: energy streams scale
    // with retention, service availability and the Capacity Market payment do not
    for (const [k, v] of Object.entries(r.streamsPerMW))
      streamsPerMW[k] = ENERGY_STREAMS.has(k) ? v * retention : v;
    years.push({ year, streamsPerMW, dischargedMWh: r.cycles * durationHours * retention });
  }
  const f = financeModel(terms.inputs, {
    ratedPowerMW: 1,
    energyMWh: durationHours,
    currency: "",
    years,
  });
  const operating = f.years.slice(1);
  return {
    irr: f.projectIrr,
    hurdle: terms.hurdle,
    capexPerMW: terms.capexPerMW,
    revenuePerMW: operating[0].revenue,
    costsPerMWYear: operating[0].costs,
    lifetimeRevenuePerMWYear: operating.reduce((a, y) => a + y.revenue, 0) / operating.length,
  };
}

/**
 * The entry test an investor applies in `year` (decision 0240): this year's revenue, expected to
 * fall in real terms at the rate build costs fall (the revenue a long-run market pays storage
 * follows its cost), over the battery's life. Its IRR against the hurdle decides entry.
 */
export function entryTestCase(region: MarketRegion, rev: EntrantYearRevenue): EntrantCase {
  return entrantCase(region, rev.year, rev.durationHours, (y) => {
    const k = capexIndex(y) / capexIndex(rev.year);
    const streamsPerMW: Record<string, number> = {};
    for (const [s, v] of Object.entries(rev.streamsPerMW)) streamsPerMW[s] = v * k;
    return { ...rev, year: y, streamsPerMW };
  });
}

/** How the year's storage was decided. */
export type EntryRule =
  /** Projects already built or under construction: the published figure, a policy input. */
  | "committed"
  /** Entry stopped where the marginal battery's IRR meets the hurdle. */
  | "entry"
  /** The marginal battery clears the hurdle even with the whole published plan built: the plan binds. */
  | "plan-cap"
  /** Even one more battery would not clear the hurdle: nothing added. */
  | "no-entry"
  /** The published plan adds nothing this year. */
  | "no-plan";

/**
 * The entry rule in one year: the share x ∈ [0, 1] of the year's planned addition that is built.
 * `irrAt(x)` is the marginal battery's entry-test IRR with that share built (it falls with x:
 * cannibalisation). Bisection until the IRR is within `tolerance` of the hurdle (or 6 halvings).
 */
export function entryShare(
  irrAt: (x: number) => number | null,
  hurdle: number,
  tolerance = 0.01,
): { share: number; irr: number | null; rule: EntryRule } {
  const at = (x: number) => irrAt(x) ?? -1;
  // the first battery first: where it does not clear the hurdle (most years of most markets), one trial
  const none = at(0);
  if (none <= hurdle) return { share: 0, irr: none, rule: "no-entry" };
  const full = at(1);
  if (full >= hurdle - tolerance)
    return { share: 1, irr: full, rule: full > hurdle + tolerance ? "plan-cap" : "entry" };
  let lo = 0;
  let hi = 1;
  let best = { share: 0, irr: none };
  for (let k = 0; k < 6; k++) {
    const x = (lo + hi) / 2;
    const v = at(x);
    if (v >= hurdle) {
      lo = x;
      best = { share: x, irr: v };
    } else hi = x;
    if (Math.abs(v - hurdle) <= tolerance) return { share: x, irr: v, rule: "entry" };
  }
  return { ...best, rule: "entry" };
}
