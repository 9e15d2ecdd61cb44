// Derives the entry rule's storage build-out of the Central world views and every world view's
// new-battery revenue per year (decision 0240), and writes storage-entry.generated.ts.
//   npx tsx engine/worldview/cli/derive-entry.ts [--scenario gb-central,ercot-central] [--central]
//     [--out FILE] (write elsewhere, e.g. to derive in two processes) [--merge FILE] (fold FILE's
//     scenarios — those named by --scenario, else all — into the generated file, deriving nothing)
// Re-run after any change to the price model, its assumptions or the entrant's costs. Scenarios not
// named keep what the file holds. Each Central year: the planned addition is bisected on the share
// built until the marginal battery's entry-test IRR meets the hurdle (new-entrant.ts).
import { writeFileSync } from "node:fs";
import { format, resolveConfig } from "prettier";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";
import type { Scenario } from "../scenarios.ts";
import { FIRST_YEAR, LAST_YEAR, MODEL_VERSION, SCENARIOS, BASE_YEAR } from "../scenarios.ts";
import { MARKET_TABLES } from "../assumptions.ts";
import { publishedBatteryGW, yearAssumptions } from "../system-year.ts";
import { computeMarketYear, marketYear } from "../world-view.ts";
import { DERIVED_ENTRY, type DerivedEntry } from "../storage-entry.generated.ts";
import {
  ENTRANT_MARKET_YEAR,
  entrantYearRevenue,
  entryShare,
  entryTestCase,
  marginalDuration,
  type EntrantYearRevenue,
  type EntryRule,
} from "../new-entrant.ts";
import { entrantTerms } from "../entrant-costs.ts";
import { COMMITTED_UNTIL } from "../economics.ts";

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const only = arg("--scenario")?.split(",");
const centralOnly = process.argv.includes("--central");
const OUT = arg("--out") ?? fileURLToPath(new URL("../storage-entry.generated.ts", import.meta.url));
const merge = arg("--merge");

const out: Record<string, DerivedEntry> = { ...DERIVED_ENTRY };

/** The fleet's average duration in a year (the market's first price system: NEM NSW1). */
function fleetHours(scen: Scenario, year: number): number {
  const market = MARKET_TABLES[scen.marketRegion];
  const sys = market.systems.find(
    (s) => s.system === (ENTRANT_MARKET_YEAR[scen.marketRegion].zone ?? s.system),
  )!;
  return yearAssumptions(market, sys, scen, year).batteryHours;
}

/** A copy of the scenario whose battery fleet follows `gw` (per system, years FIRST_YEAR..year). */
function withFleet(scen: Scenario, gw: Record<string, number[]>, year: number, tag: string): Scenario {
  const overrides: Record<string, Record<string, ReadonlyArray<readonly [number, number]>>> = {
    ...(scen.overrides ?? {}),
  };
  for (const sys of MARKET_TABLES[scen.marketRegion].systems) {
    const anchors: [number, number][] = [[BASE_YEAR, publishedBatteryGW(sys, scen, BASE_YEAR)]];
    for (let y = FIRST_YEAR; y <= year; y++) anchors.push([y, gw[sys.system][y - FIRST_YEAR]]);
    overrides[sys.system] = { ...(overrides[sys.system] ?? {}), batteryGW: anchors };
  }
  return { ...scen, id: `${scen.id}~entry-${tag}`, overrides };
}

function deriveCentral(scen: Scenario): DerivedEntry {
  const region = scen.marketRegion;
  const systems = MARKET_TABLES[region].systems;
  const gw: Record<string, number[]> = Object.fromEntries(systems.map((s) => [s.system, [] as number[]]));
  const rule: EntryRule[] = [];
  const revenue: EntrantYearRevenue[] = [];
  const opts = ENTRANT_MARKET_YEAR[region];
  for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) {
    const t0 = performance.now();
    const i = year - FIRST_YEAR;
    const prev = (s: string) => (i === 0 ? Infinity : gw[s][i - 1]);
    const planned = Object.fromEntries(systems.map((s) => [s.system, publishedBatteryGW(s, scen, year)]));
    const d = marginalDuration(fleetHours(scen, year));
    const hurdle = entrantTerms(region, year, d).hurdle;
    const setShare = (x: number) => {
      for (const s of systems) {
        const p = prev(s.system);
        gw[s.system][i] =
          p === Infinity ? planned[s.system] : +(p + x * Math.max(0, planned[s.system] - p)).toFixed(3);
      }
    };
    const trials = new Map<number, EntrantYearRevenue>();
    const revenueAt = (x: number, dur: number) => {
      setShare(x);
      const my = computeMarketYear(region, withFleet(scen, gw, year, `${year}-${x}`), year, opts).marketYear;
      return entrantYearRevenue(my, dur);
    };
    let r: EntryRule;
    let share = 1;
    const added = systems.some((s) => planned[s.system] > prev(s.system) + 1e-6);
    if (year <= COMMITTED_UNTIL) r = "committed";
    else if (!added) r = "no-plan";
    else {
      const e = entryShare((x) => {
        const rev = revenueAt(x, d);
        trials.set(x, rev);
        return entryTestCase(region, rev).irr;
      }, hurdle);
      share = e.share;
      r = e.rule;
    }
    setShare(share);
    rule.push(r);
    const durations = new Set<number>([d]);
    if (scen.kind === "central") durations.add(2);
    for (const dur of durations)
      revenue.push(dur === d && trials.has(share) ? trials.get(share)! : revenueAt(share, dur));
    const sum = systems.reduce((a, s) => a + gw[s.system][i], 0);
    const plan = systems.reduce((a, s) => a + planned[s.system], 0);
    console.error(
      `${scen.id} ${year}: ${r}, share ${share.toFixed(3)}, storage ${sum.toFixed(2)} GW (plan ${plan.toFixed(2)}), ${trials.size} trials, ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
  return { modelVersion: MODEL_VERSION, batteryGW: gw, rule, revenue };
}

/** A scenario whose build-out is a scenario input: its new battery's revenue on the world view as built. */
function deriveRevenue(scen: Scenario): DerivedEntry {
  const opts = ENTRANT_MARKET_YEAR[scen.marketRegion];
  const revenue: EntrantYearRevenue[] = [];
  for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) {
    const my = marketYear(scen.id, year, opts);
    revenue.push(entrantYearRevenue(my, marginalDuration(fleetHours(scen, year))));
  }
  console.error(`${scen.id}: ${revenue.length} years`);
  return { modelVersion: MODEL_VERSION, revenue };
}

async function write(): Promise<void> {
  const body = JSON.stringify(out, null, 1);
  const head = `// Generated by \`npx tsx engine/worldview/cli/derive-entry.ts\` (decision 0240): do not edit.
// The Central world views' storage build-out after the entry rule, and every world view's new
// battery revenue per year, cached because deriving them dispatches a battery on every trial year.
import type { EntrantYearRevenue, EntryRule } from "./new-entrant.ts";

export interface DerivedEntry {
  modelVersion: string;
  /** Battery GW per price system, one per year from 2025. */
  batteryGW?: Record<string, number[]>;
  /** How each year's storage was decided (Central), one per year from 2025. */
  rule?: EntryRule[];
  /** The new battery's revenue per year and duration, on the world view as built. */
  revenue: EntrantYearRevenue[];
}

export const DERIVED_ENTRY: Record<string, DerivedEntry> = ${body};
`;
  writeFileSync(OUT, await format(head, { ...(await resolveConfig(OUT)), filepath: OUT }));
}

if (merge) {
  const other = (await import(pathToFileURL(path.resolve(merge)).href)) as {
    DERIVED_ENTRY: Record<string, DerivedEntry>;
  };
  // only the named scenarios (--scenario), else all of them
  for (const [id, d] of Object.entries(other.DERIVED_ENTRY)) if (!only || only.includes(id)) out[id] = d;
  await write();
  process.exit(0);
}

const todo = SCENARIOS.filter(
  (s) => (only ? only.includes(s.id) : true) && (!centralOnly || s.kind === "central"),
).sort((a, b) => (a.kind === "central" ? 0 : 1) - (b.kind === "central" ? 0 : 1));
for (const scen of todo) {
  out[scen.id] = scen.kind === "central" ? deriveCentral(scen) : deriveRevenue(scen);
  await write();
}
