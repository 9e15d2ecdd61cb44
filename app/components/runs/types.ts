// What the run screens show about a run: the API's run JSON (api/forecasts/runs.ts serializeRun,
// spec §3 "Run") read into one plain shape by app/services/runs.server.ts.
import type { ProgressEvent, RunStatus } from "./rules.ts";

export interface RunRow {
  id: string;
  runName: string;
  assetName: string | null;
  /** As the API shows it: failed when the latest event is a warning (spec §4). */
  status: RunStatus;
  createdAt: string;
  updatedAt: string | null;
  finishedAt: string | null;
  isCustom: boolean;
  marketRegion: string;
  configuration: string | null;
  /** The library subscription guarding the run (non-custom GB / ERCOT), its key and name. */
  subscription: { key: string; name: string } | null;
  /** The caller lacks the run's library subscription: results and file are withheld. */
  locked: boolean;
  hasFile: boolean;
  modelVersion: string | null;
  financeStatus: string;
  macroScenario: { id: string; name: string } | null;
  percentage: number | null;
  /** Processing, but no worker is computing it (none running, or its worker stopped): no ETA to show. */
  waitingForWorker: boolean;
  progressEvents: ProgressEvent[];
  createdBy: string | null;
  editedBy: string | null;
  startDate: string | null;
  /** Average revenue per MW per year, in the region's currency, when known and not locked. */
  revenue: number | null;
  error: string | null;
  /** Portfolio assets this run is linked to (spec §3 "Map of forecast to portfolio assets"). */
  portfolioAssets: { portfolioAssetId: string; assetName: string }[];
}

export interface YearResult {
  year: number;
  streams: Record<string, number>;
  total: number;
  perMWYear: number;
  monthly: number[];
  monthlyPerMW?: number[];
  cycles: number;
  capacityRetention: number;
  repowered?: boolean;
  /** GB Balancing Mechanism: dispatch rate and sources (decision 0140); absent on older runs. */
  balancingMechanism?: { dispatchRate: number; dispatchRateSource: string; priceSource: string };
}

export interface StrategyResult {
  strategy: string;
  total: number;
  averagePerMWYear: number;
  years: YearResult[];
  repoweringEvents?: {
    year: number;
    cyclesBefore: number;
    restoredMWh?: number;
    /** null: not priced in the revenue forecast (the investment case prices it). */
    cost?: number | null;
  }[];
}

export interface RunResult {
  modelVersion: string;
  currency: string;
  unitYear: string;
  unitMonth: string;
  forecastUsed: Record<string, unknown>;
  strategies: StrategyResult[];
  revenuePerMWYear: number;
  /** What the dispatch knew; absent on runs computed before foresight existed: perfect. */
  foresight?: "realistic" | "perfect";
  /** Percent of the year in service (decision 0121); absent on older runs: 100. */
  availability?: number;
  /** What the MW of per-MW figures is; a hybrid's average per MW of its solar/wind (decision 0116). */
  perMW?: {
    of: "battery" | "solar" | "wind";
    mw: number;
    generation?: { of: "solar" | "wind"; mw: number; averagePerMWYear: number };
  };
  synthetic?: boolean;
}

export interface DispatchDay {
  date: string;
  intervalMinutes: number;
  points: { time: string; price: number; charge: number; discharge: number; stateOfCharge: number }[];
}

export interface RunDetail extends RunRow {
  forecast: Record<string, unknown>;
  result: RunResult | null;
}
