// The forecast input (spec §3 "Forecast form fields", the parts the model needs) and results.
import { z } from "zod";
import { DEFAULT_AVAILABILITY } from "./availability.ts";

const num = z.coerce.number();
const strBool = z
  .union([z.boolean(), z.enum(["true", "false"])])
  .transform((v) => v === true || v === "true");

export const duosSchema = z.object({
  redBandImportPrice: num,
  redBandExportPrice: num,
  amberBandImportPrice: num,
  amberBandExportPrice: num,
  greenBandImportPrice: num,
  greenBandExportPrice: num,
  redBandStartTime: z.string(),
  redBandEndTime: z.string(),
  amberBandMorningStartTime: z.string(),
  amberBandMorningEndTime: z.string(),
  amberBandEveningStartTime: z.string(),
  amberBandEveningEndTime: z.string(),
  amberBandWeekendStartTime: z.string(),
  amberBandWeekendEndTime: z.string(),
  fixedDailyCharges: num.default(0),
  dailyFixedCapacityCharges: num.default(0),
});

export const forecastInputSchema = z
  .object({
    configuration: z.enum(["bess", "solar", "solarDCcoupling", "solarACcoupling", "wind"]),
    region: z.enum(["GB", "ERCOT", "NEM", "DE", "ES"]),
    ratedPower: num.positive(),
    duration: num.positive().default(2),
    efficiency: z.union([num, z.literal("other")]).default(88),
    o_efficiency: num.optional(),
    maxImport: z.union([z.literal("same"), z.literal("other"), num]).default("same"),
    o_maxImport: num.optional(),
    maxExport: z.union([z.literal("same"), z.literal("other"), num]).default("same"),
    o_maxExport: num.optional(),
    maxCycles: num.positive().default(1),
    startDate: z.string(),
    /** Asset life in years from startDate (default 20). */
    assetLifeYears: num.int().positive().default(20),
    revenueStrategies: z.array(z.enum(["energy_with_as", "energy_only", "merchant", "ancillaries"])).min(1),
    macroScenarios: z.array(z.string()).min(1),
    degradation: z
      .enum(["no_degradation", "standard_degradation_curve", "custom_degradation_curve"])
      .default("no_degradation"),
    customDegradationCurve: z.object({ cycles: z.array(num), retention: z.array(num) }).optional(),
    repowering: num.positive().default(10_000),
    coLocation: strBool.default(false),
    /** true = AC coupling, false = DC coupling. */
    coupling: strBool.optional(),
    solarRatedPower: num.positive().optional(),
    windRatedPower: num.positive().optional(),
    latitude: num.optional(),
    longitude: num.optional(),
    /** Uploaded generation profile (MW or capacity factor), replacing the modelled one. */
    generationProfile: z.object({ intervalMinutes: num.positive(), values: z.array(num) }).optional(),
    duos: strBool.default(false),
    duosTariff: duosSchema.optional(),
    connectionType: z.enum(["distribution", "transmission"]).optional(),
    tnuosGenerationZone: z.union([z.string(), num]).optional(),
    /**
     * Dispatch horizon: rolling monthly windows with a 2-day look-ahead (default: within 0.01 % of
     * the whole year and about twice as fast with services to choose, decision 0112), daily
     * windows with a 1-day look-ahead, or the whole year at once.
     */
    dispatchMode: z.enum(["year", "monthly", "daily"]).default("monthly"),
    /**
     * What the dispatch knows (decision 0117): "realistic" (default) decides on forecasts built
     * from what is known at each gate and settles at the actual prices; "perfect" decides on the
     * actual prices — the upper bound.
     */
    foresight: z.enum(["realistic", "perfect"]).default("realistic"),
    /**
     * Share of the year the battery is in service, percent (decision 0121; default 97, an
     * assumption stated in forecast/availability.ts): whole outage days drawn by a seeded rule.
     */
    availability: num.min(50).max(100).default(DEFAULT_AVAILABILITY),
  })
  .superRefine((v, ctx) => {
    if (v.efficiency === "other" && v.o_efficiency === undefined)
      ctx.addIssue({ code: "custom", path: ["o_efficiency"], message: "required" });
    if (v.degradation === "custom_degradation_curve" && !v.customDegradationCurve)
      ctx.addIssue({ code: "custom", path: ["customDegradationCurve"], message: "required" });
    if (
      (v.configuration === "solar" || v.configuration.startsWith("solar")) &&
      v.configuration !== "solar" &&
      v.solarRatedPower === undefined
    )
      ctx.addIssue({ code: "custom", path: ["solarRatedPower"], message: "required" });
    if (
      v.configuration !== "bess" &&
      (v.latitude === undefined || v.longitude === undefined) &&
      !v.generationProfile
    )
      ctx.addIssue({ code: "custom", path: ["latitude"], message: "location or profile required" });
    if (v.duos && !v.duosTariff)
      ctx.addIssue({ code: "custom", path: ["duosTariff"], message: "required when duos is true" });
  });

export type ForecastInput = z.input<typeof forecastInputSchema>;
export type ForecastParams = z.output<typeof forecastInputSchema>;

export type Stream =
  | "wholesale"
  | "imbalance"
  /** GB Balancing Mechanism: accepted offers and bids (decision 0140). */
  | "bm"
  | "services"
  | "capacityMarket"
  | "generation"
  | "duosUnitCharges"
  | "duosFixedCharges"
  | "tnuos";

export interface YearResult {
  scenarioId: string;
  strategy: string;
  year: number;
  currency: string;
  /** Revenue (+) and cost (−) by stream, currency. */
  streams: Partial<Record<Stream, number>>;
  /** Service revenue by service key. */
  serviceBreakdown: Record<string, number>;
  total: number;
  /** Total per MW of rated power (battery; generation for stand-alone solar/wind). */
  perMWYear: number;
  /** Monthly totals (12), currency, and per MW. */
  monthly: number[];
  monthlyPerMW: number[];
  cycles: number;
  throughputMWh: number;
  capacityRetention: number;
  /** Days of the year the battery was out of service (availability, decision 0121). */
  outageDays: number;
  /** GB: the degraded duration (rated duration × retention) the Capacity Market de-rating used. */
  capacityMarketDurationHours?: number;
  repowered: boolean;
  synthetic: boolean;
  solveMs: number;
  /** GB Balancing Mechanism of the year: volumes, the dispatch rate and the sources (0140). */
  balancingMechanism?: BalancingMechanismYear;
}

export interface BalancingMechanismYear {
  offerMWh: number;
  bidMWh: number;
  /** Share of the offered headroom accepted (0–1). */
  dispatchRate: number;
  dispatchRateSource: string;
  /** Where the BM price of the year comes from (real cash-out prices, or modelled). */
  priceSource: string;
}

export interface ScenarioResult {
  scenarioId: string;
  strategy: string;
  currency: string;
  /** Units as in spec §9, e.g. "GBP/MW/year". */
  unitYear: string;
  unitMonth: string;
  /** Money basis of every figure, e.g. "real 2024 GBP" (engine/markets/money.ts). */
  moneyBasis: string;
  years: YearResult[];
  total: number;
  totalPerMW: number;
  averagePerMWYear: number;
  /**
   * What "per MW" means: MW of battery (rated power) when there is a battery, else MW of the
   * solar or wind plant. A hybrid also gives its average per MW of its solar or wind (decision 0116).
   */
  perMW: PerMWBasis;
  repoweringEvents: RepoweringEventResult[];
}

/** Re-powering as an event of the result (decision 0121): what it restores and what it costs. */
export interface RepoweringEventResult {
  year: number;
  cyclesBefore: number;
  retentionBefore: number;
  /** Battery energy restored, MWh: rated energy × (1 − retention before). */
  restoredMWh: number;
  /** Cost in the result's currency; null: not priced here (the investment case, engine/finance, prices it). */
  cost: number | null;
}

export interface PerMWBasis {
  of: "battery" | "solar" | "wind";
  mw: number;
  /** Hybrids: the average revenue per MW of the plant beside the battery, per year. */
  generation?: { of: "solar" | "wind"; mw: number; averagePerMWYear: number };
}

export interface ForecastResult {
  scenarios: ScenarioResult[];
  elapsedMs: number;
}

export interface ProgressEvent {
  event: string;
  percentage: number;
  status: "success" | "warning";
}

export interface DayDispatch {
  timestamps: string[];
  price: number[];
  chargeMW: number[];
  dischargeMW: number[];
  socMWh: number[];
}
