// World views as the library shows them: a databook (xlsx) and a power-price file (csv) per
// scenario of engine/worldview, each gated by its region's world-view subscription.
// Default tier rule (spec §6): the GB forecasted power prices world view — the GB Central
// scenario, its databook and its power prices — is open to everyone, logged in or not.
import { SUBSCRIPTIONS, type SubscriptionKey } from "../access/catalog.ts";
import { listScenarios, getScenario, type Scenario } from "../../engine/worldview/scenarios.ts";
import type { MarketRegion } from "../../engine/types.ts";

export const DEFAULT_TIER: SubscriptionKey = "world_view_gb_power_prices";

const REGION_SUBSCRIPTION: Record<MarketRegion, SubscriptionKey> = {
  GB: "world_view_gb",
  ERCOT: "world_view_ercot",
  NEM: "world_view_nem",
  DE: "world_view_europe",
  ES: "world_view_europe",
};

/** Region names users see, and the spec's region enumeration (great-britain, ercot, europe, aus-nem). */
export const REGION_LABEL: Record<MarketRegion, string> = {
  GB: "Great Britain",
  ERCOT: "ERCOT",
  NEM: "Australia (NEM)",
  DE: "Germany",
  ES: "Spain",
};

/** The subscription a scenario's databook and power prices need. */
export function subscriptionFor(s: Scenario): SubscriptionKey {
  return s.marketRegion === "GB" && s.kind === "central" ? DEFAULT_TIER : REGION_SUBSCRIPTION[s.marketRegion];
}

export function subscriptionName(key: string): string {
  return SUBSCRIPTIONS.find((s) => s.key === key)?.name ?? key;
}

/** Whether a caller with these subscriptions may download a scenario's files. */
export function mayUse(subscriptions: Set<string>, s: Scenario): boolean {
  const key = subscriptionFor(s);
  if (key === DEFAULT_TIER) return true; // the default tier: everyone
  return subscriptions.has(key);
}

export interface WorldViewItem {
  /** The scenario id; the databook and power-price ids are the same. */
  id: string;
  macroScenario: { id: string; name: string; modelVersion: string; marketRegion: MarketRegion };
  name: string;
  description: string;
  fundamentalsModelVersion: string;
  scenarioType: string;
  region: string;
  subscription: { key: string; name: string };
  /** True when the caller may download it. */
  hasAccess: boolean;
  /** File name of the databook / power-price file. */
  fileName: string;
}

function matches(s: Scenario, search?: string): boolean {
  const q = search?.trim().toLowerCase();
  if (!q) return true;
  return s.name.toLowerCase().includes(q) || s.description.toLowerCase().includes(q);
}

export function safeFileName(s: string): string {
  return s.replace(/[^\w.\- ]+/g, "").replace(/\s+/g, "_");
}

export function databookFileName(s: Scenario): string {
  return safeFileName(`${s.name} databook ${s.modelVersion}.xlsx`);
}

export function powerPriceFileName(s: Scenario): string {
  return safeFileName(`${s.name} power prices ${s.modelVersion}.csv`);
}

function item(s: Scenario, subscriptions: Set<string>, fileName: string): WorldViewItem {
  const key = subscriptionFor(s);
  return {
    id: s.id,
    macroScenario: { id: s.id, name: s.name, modelVersion: s.modelVersion, marketRegion: s.marketRegion },
    name: s.name,
    description: s.description,
    fundamentalsModelVersion: s.modelVersion,
    scenarioType: s.kind,
    region: REGION_LABEL[s.marketRegion],
    subscription: { key, name: subscriptionName(key) },
    hasAccess: mayUse(subscriptions, s),
    fileName,
  };
}

/** Databooks (one per world view) in the engine's order: region by region, Central first. */
export function databooks(subscriptions: Set<string>, search?: string): WorldViewItem[] {
  return listScenarios()
    .filter((s) => matches(s, search))
    .map((s) => item(s, subscriptions, databookFileName(s)));
}

/** Power prices (one per world view), sorted by the first letter of the scenario name (spec §2). */
export function powerPrices(subscriptions: Set<string>, search?: string): WorldViewItem[] {
  return listScenarios()
    .filter((s) => matches(s, search))
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.name[0].toUpperCase().localeCompare(b.s.name[0].toUpperCase()) || a.i - b.i)
    .map(({ s }) => item(s, subscriptions, powerPriceFileName(s)));
}

export { getScenario };
