// World views (macro scenarios): ids, names, model version, market region, and how each case
// transforms the Central assumptions of assumptions.ts.
import type { MarketRegion } from "../types.ts";
import type { Anchors } from "./assumptions.ts";

export const MODEL_VERSION = "wv-1.0.0";
export const FIRST_YEAR = 2025;
export const LAST_YEAR = 2050;
/** Calibration base year: the year of real prices the price model is fitted to. */
export const BASE_YEAR = 2024;

export type ScenarioKind = "central" | "high" | "low" | "net-zero";

export interface ScenarioLevers {
  /** Multipliers reached from 2027 on (ramped linearly from 1 in 2024). */
  gas: number;
  carbon: number;
  demand: number;
  capacityPrice: number;
  /** Share of the Central build-out (beyond 2025) of wind/solar and of batteries realised. */
  renewableBuild: number;
  storageBuild: number;
}

export interface Scenario {
  /** Stable id, e.g. "gb-central". */
  id: string;
  name: string;
  description: string;
  modelVersion: string;
  marketRegion: MarketRegion;
  kind: ScenarioKind;
  /** Solar configurations may only use the Central scenario (spec §4). */
  solarAvailable: boolean;
  levers: ScenarioLevers;
  /** Explicit Central-table overrides (net-zero case): system → field → anchors. */
  overrides?: Record<string, Record<string, Anchors>>;
}

const LEVERS: Record<Exclude<ScenarioKind, "net-zero">, ScenarioLevers> = {
  central: { gas: 1, carbon: 1, demand: 1, capacityPrice: 1, renewableBuild: 1, storageBuild: 1 },
  // High: gas ~45% above Central (DESNZ high ≈ +40-60%), slower build-out, firmer demand.
  high: {
    gas: 1.45,
    carbon: 1.25,
    demand: 1.03,
    capacityPrice: 1.25,
    renewableBuild: 0.75,
    storageBuild: 0.8,
  },
  // Low: gas ~30% below Central (DESNZ low), faster build-out, softer demand.
  low: { gas: 0.7, carbon: 0.8, demand: 0.98, capacityPrice: 0.75, renewableBuild: 1.2, storageBuild: 1.25 },
};

const REGION_NAMES: Record<MarketRegion, { prefix: string; name: string }> = {
  GB: { prefix: "gb", name: "GB" },
  ERCOT: { prefix: "ercot", name: "ERCOT" },
  NEM: { prefix: "nem", name: "NEM" },
  DE: { prefix: "de", name: "Germany" },
  ES: { prefix: "es", name: "Spain" },
};

const DESCRIPTIONS: Record<ScenarioKind, string> = {
  central:
    "Central scenario: published central fuel and carbon paths, build-out to stated policy targets; storage is added only while a new battery clears its hurdle rate, up to the published plan.",
  high: "High scenario: higher gas and carbon prices, slower renewable and storage build-out, firmer demand.",
  low: "Low scenario: lower gas and carbon prices, faster renewable and storage build-out, softer demand.",
  "net-zero":
    "Net zero scenario: GB power sector decarbonised by 2035 (NESO FES Holistic Transition-like): high electrification, offshore wind, CCS and hydrogen, unabated gas as back-up only.",
};

function make(region: MarketRegion, kind: ScenarioKind, overrides?: Scenario["overrides"]): Scenario {
  const r = REGION_NAMES[region];
  const label =
    kind === "net-zero" ? "Net zero scenario" : `${kind[0].toUpperCase()}${kind.slice(1)} scenario`;
  return {
    id: `${r.prefix}-${kind}`,
    name: `${r.name} ${label}`,
    description: DESCRIPTIONS[kind],
    modelVersion: MODEL_VERSION,
    marketRegion: region,
    kind,
    solarAvailable: kind === "central",
    levers: kind === "net-zero" ? { ...LEVERS.central, carbon: 1.3, storageBuild: 1.3 } : LEVERS[kind],
    overrides,
  };
}

const GB_NET_ZERO: Scenario["overrides"] = {
  GB: {
    demandTWh: [
      [2024, 262],
      [2025, 265],
      [2030, 310],
      [2035, 380],
      [2040, 450],
      [2050, 560],
    ],
    "capacityGW.ccgt": [
      [2024, 30],
      [2025, 30],
      [2030, 24],
      [2035, 12],
      [2040, 8],
      [2050, 4],
    ],
    "capacityGW.gasCcs": [
      [2024, 0],
      [2028, 0],
      [2030, 1.5],
      [2035, 6],
      [2040, 10],
      [2050, 15],
    ],
    "capacityGW.hydrogen": [
      [2024, 0],
      [2030, 0],
      [2035, 2],
      [2040, 6],
      [2050, 12],
    ],
    "capacityGW.windOffshore": [
      [2024, 14.8],
      [2025, 16],
      [2030, 45],
      [2035, 70],
      [2040, 85],
      [2050, 110],
    ],
    "capacityGW.windOnshore": [
      [2024, 15],
      [2025, 15.8],
      [2030, 27],
      [2035, 33],
      [2040, 38],
      [2050, 45],
    ],
    "capacityGW.solar": [
      [2024, 18],
      [2025, 20],
      [2030, 45],
      [2035, 60],
      [2040, 75],
      [2050, 90],
    ],
    flexDemandGW: [
      [2024, 0],
      [2027, 0],
      [2030, 3],
      [2035, 10],
      [2040, 18],
      [2050, 30],
    ],
    interconnectorGW: [
      [2024, 10.3],
      [2025, 10.8],
      [2030, 18],
      [2035, 24],
      [2050, 30],
    ],
  },
};

export const SCENARIOS: Scenario[] = [
  make("GB", "central"),
  make("GB", "high"),
  make("GB", "low"),
  make("GB", "net-zero", GB_NET_ZERO),
  make("ERCOT", "central"),
  make("ERCOT", "high"),
  make("ERCOT", "low"),
  make("NEM", "central"),
  make("NEM", "high"),
  make("NEM", "low"),
  make("DE", "central"),
  make("DE", "high"),
  make("DE", "low"),
  make("ES", "central"),
  make("ES", "high"),
  make("ES", "low"),
];

/** World views, optionally of one region; `solarOnly` keeps those offered to solar configurations. */
export function listScenarios(region?: MarketRegion, opts: { solarOnly?: boolean } = {}): Scenario[] {
  return SCENARIOS.filter(
    (s) => (!region || s.marketRegion === region) && (!opts.solarOnly || s.solarAvailable),
  );
}

export function getScenario(id: string): Scenario | undefined {
  return SCENARIOS.find((s) => s.id === id);
}

/** The default (first) scenario of a region: its Central case. */
export function defaultScenario(region: MarketRegion): Scenario {
  return SCENARIOS.find((s) => s.marketRegion === region && s.kind === "central")!;
}

/** Lever ramp: 1 in the base year, full from 2027. */
export function ramp(mult: number, year: number): number {
  const f = Math.min(1, Math.max(0, (year - BASE_YEAR) / 3));
  return 1 + (mult - 1) * f;
}
