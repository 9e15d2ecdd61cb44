// The new-entrant economics report of a world view (issue 26 items 1 and 5, decision 0240): per
// year and duration, what a new battery earns by stream, what it costs, its IRR over its life
// against the hurdle, the storage built, and — where the build-out is not the entry rule's — the
// policy input that holds it. Read from the cached derivation (storage-entry.generated.ts);
// `npm run worldview:economics` prints it, the databook shows it.
import type { MarketRegion } from "../types.ts";
import { REGIONS } from "../markets/regions.ts";
import { MARKET_TABLES } from "./assumptions.ts";
import { FIRST_YEAR, MODEL_VERSION, getScenario, type Scenario } from "./scenarios.ts";
import { publishedBatteryGW, yearAssumptions } from "./system-year.ts";
import { DERIVED_ENTRY } from "./storage-entry.generated.ts";
import { capexIndex, entrantTerms } from "./entrant-costs.ts";
import { entrantCase, entryTestCase, type EntrantYearRevenue, type EntryRule } from "./new-entrant.ts";

/** Years whose storage is already built or under construction: the published plan (a policy input). */
export const COMMITTED_UNTIL = 2026;

/** Within this many IRR points of the hurdle the marginal entrant is "at the hurdle" (issue 26 acceptance 1). */
export const HURDLE_BAND = 0.03;

export interface EconomicsRow {
  market: MarketRegion;
  worldView: string;
  year: number;
  durationHours: number;
  /** This duration is the year's marginal new build (the one the entry rule tests). */
  marginal: boolean;
  currency: string;
  /** Real post-tax project IRR over the battery's life on this world view (fraction). */
  newEntrantIrr: number | null;
  /** The entry test's IRR (this year's revenue, expected to fall with build costs). */
  entryTestIrr: number | null;
  hurdle: number;
  /** Battery fleet of the world view in the year (GW, all price systems). */
  storageGW: number;
  /** The published plan's fleet (× the scenario's lever), the upper bound (GW). */
  plannedStorageGW: number;
  /** The policy input that holds the year's build-out, or null where the entry rule set it. */
  heldByPolicy: string | null;
  entryRule: EntryRule | "scenario-input";
  /** First-year revenue per MW by stream (network charges negative), real money. */
  revenueByStream: Record<string, number>;
  revenuePerMWYear: number;
  /** Mean yearly revenue over the battery's life (degraded), per MW. */
  lifetimeRevenuePerMWYear: number;
  capexPerMW: number;
  /** First-year operating costs per MW (fixed O&M, insurance, variable O&M, optimiser fee, network). */
  operatingCostsPerMWYear: number;
  cyclesPerYear: number;
}

export class EconomicsNotDerivedError extends Error {}

function fleet(scen: Scenario, year: number, f: typeof yearAssumptions | "planned"): number {
  const market = MARKET_TABLES[scen.marketRegion];
  return market.systems.reduce(
    (a, sys) =>
      a + (f === "planned" ? publishedBatteryGW(sys, scen, year) : f(market, sys, scen, year).batteryGW),
    0,
  );
}

function policyReason(
  scen: Scenario,
  rule: EntryRule | undefined,
  builtGW: number,
  plannedGW: number,
  aboveHurdle: boolean,
): string | null {
  if (scen.kind !== "central")
    return `Scenario input: the storage build-out is ${scen.levers.storageBuild}× the published plan's growth after 2025 (scenario lever), not the entry rule`;
  if (rule === "committed")
    return `Committed pipeline: storage built or under construction by ${COMMITTED_UNTIL} is the published plan (policy input)`;
  // the whole plan is built and the battery still earns more than the hurdle over its life (the
  // entry test, which expects revenue to fall with build costs, may sit at the hurdle): the plan binds
  if (rule === "plan-cap" || (rule === "entry" && builtGW >= plannedGW - 1e-6 && aboveHurdle))
    return `Published plan is the upper bound: ${plannedGW.toFixed(1)} GW built and the marginal battery still clears the hurdle`;
  return null;
}

/** Every year × duration of a world view's new-entrant economics. Throws when the derivation has not been run for it. */
export function newEntrantEconomics(scenarioId: string): EconomicsRow[] {
  const scen = getScenario(scenarioId);
  if (!scen) throw new Error(`Unknown world view ${scenarioId}`);
  const derived = DERIVED_ENTRY[scenarioId];
  if (!derived || derived.modelVersion !== MODEL_VERSION)
    throw new EconomicsNotDerivedError(
      `New-entrant economics of ${scenarioId} are not derived for model ${MODEL_VERSION}: run npx tsx engine/worldview/cli/derive-entry.ts --scenario ${scenarioId}`,
    );
  const region = scen.marketRegion;
  const byKey = new Map(derived.revenue.map((r) => [`${r.year}|${r.durationHours}`, r]));
  const marginalOf = new Map<number, number>();
  for (const r of derived.revenue)
    if (!marginalOf.has(r.year) || r.durationHours !== 2) marginalOf.set(r.year, r.durationHours);
  const rows: EconomicsRow[] = [];
  for (const rev of derived.revenue) {
    const { year, durationHours } = rev;
    // a later year without this duration: its last known revenue, falling with build costs
    let last = rev;
    const revenueOf = (y: number): EntrantYearRevenue => {
      const r = byKey.get(`${y}|${durationHours}`);
      if (r) return (last = r);
      const k = capexIndex(y) / capexIndex(last.year);
      return {
        ...last,
        year: y,
        streamsPerMW: Object.fromEntries(Object.entries(last.streamsPerMW).map(([s, v]) => [s, v * k])),
      };
    };
    const life = entrantCase(region, year, durationHours, revenueOf);
    const test = entryTestCase(region, rev);
    const terms = entrantTerms(region, year, durationHours);
    const rule = derived.rule?.[year - FIRST_YEAR];
    const planned = fleet(scen, year, "planned");
    const built = fleet(scen, year, yearAssumptions);
    rows.push({
      market: region,
      worldView: scenarioId,
      year,
      durationHours,
      marginal: marginalOf.get(year) === durationHours,
      currency: REGIONS[region].currency,
      newEntrantIrr: life.irr,
      entryTestIrr: test.irr,
      hurdle: terms.hurdle,
      storageGW: +built.toFixed(3),
      plannedStorageGW: +planned.toFixed(3),
      heldByPolicy: policyReason(scen, rule, built, planned, (life.irr ?? -1) > terms.hurdle + HURDLE_BAND),
      entryRule: scen.kind === "central" ? (rule ?? "no-plan") : "scenario-input",
      revenueByStream: rev.streamsPerMW,
      revenuePerMWYear: Object.values(rev.streamsPerMW).reduce((a, b) => a + b, 0),
      lifetimeRevenuePerMWYear: Math.round(life.lifetimeRevenuePerMWYear),
      capexPerMW: Math.round(life.capexPerMW),
      operatingCostsPerMWYear: Math.round(life.costsPerMWYear),
      cyclesPerYear: rev.cycles,
    });
  }
  return rows.sort((a, b) => a.year - b.year || a.durationHours - b.durationHours);
}

/**
 * Issue 26 acceptance 1 on one world view's rows: every year in which storage is added, the
 * marginal entrant's IRR is within HURDLE_BAND of the hurdle, or the year is held by a policy
 * input. Returns the years that break it (empty when it holds).
 */
export function entryEquilibriumBreaches(rows: EconomicsRow[]): EconomicsRow[] {
  const marginal = rows.filter((r) => r.marginal);
  return marginal.filter((r, i) => {
    const prev = i > 0 ? marginal[i - 1].storageGW : -Infinity;
    const added = r.storageGW > prev + 1e-6;
    if (!added || r.heldByPolicy) return false;
    return r.newEntrantIrr === null || Math.abs(r.newEntrantIrr - r.hurdle) > HURDLE_BAND;
  });
}
