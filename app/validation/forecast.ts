// The forecast object (spec §3 "Forecast form fields") and every rule of spec §5 "Asset details",
// "Grid and connection", "Tariffs" and "Other". One source of truth: the builder forms (Conform,
// fields arrive as strings) and the forecast API (JSON) both validate with these schemas.
//
//   forecastSchema(ctx)            the whole forecast (run / draft body)
//   forecastStepSchemas(ctx).x     one stepper step: assetDetails, revenueStrategies, worldView, outputNames
//   forecastDrawerSchemas(ctx).x   one canvas drawer: bessDetails, gridConnection, solarGridConnection,
//                                  solarDetails, windDetails (plus assetInfo: the create modal's fields)
//   draftSchema(ctx)               a draft: only the shape and ranges of what is filled in
//
// Numeric fields that cannot be read as numbers are treated as empty (spec §5), so "abc" in a
// required numeric field reads as missing, and in an optional one as not given. What reads as a
// number but is not typed as digits and one decimal point ("1e2", "0x10"), or has more decimals
// than the field allows (DECIMALS), is refused with a message (spec §5, issue 19 item 16).
import { z } from "zod";
import { financeRequestSchema, financeSchema, type FinanceRequest } from "./finance.ts";

// ── Enumerations ─────────────────────────────────────────────────────────────────────────────

export const FORECAST_REGIONS = ["GB", "ERCOT", "NEM", "DE", "ES"] as const;
export type ForecastRegion = (typeof FORECAST_REGIONS)[number];
export const isForecastRegion = (v: unknown): v is ForecastRegion =>
  (FORECAST_REGIONS as readonly unknown[]).includes(v);
export const REGION_LABELS: Record<ForecastRegion, string> = {
  GB: "Great Britain",
  ERCOT: "ERCOT (Texas)",
  NEM: "Australia (NEM)",
  DE: "Germany",
  ES: "Spain",
};

export const CONFIGURATIONS = ["bess", "solar", "solarDCcoupling", "solarACcoupling", "wind"] as const;
export type Configuration = (typeof CONFIGURATIONS)[number];
export const CONFIGURATION_LABELS: Record<Configuration, string> = {
  bess: "Stand-alone BESS",
  solarDCcoupling: "BESS + Solar (DC coupling)",
  solarACcoupling: "BESS + Solar (AC coupling)",
  solar: "Stand-alone Solar",
  wind: "Stand-alone Wind",
};
/** Run-asset codes (spec §3) and the configuration each maps to. */
export const RUN_ASSET_CODES = {
  stand_alone_bess: "bess",
  bess_and_solar_ac: "solarACcoupling",
  bess_and_solar_dc: "solarDCcoupling",
  stand_alone_solar: "solar",
} as const satisfies Record<string, Configuration>;

/** Which configurations the builder offers in each region (spec §1, §6). */
export const CONFIGURATIONS_BY_REGION: Record<ForecastRegion, Configuration[]> = {
  GB: ["bess", "solarDCcoupling", "solarACcoupling", "solar"],
  ERCOT: ["bess"],
  NEM: ["bess"],
  DE: ["bess", "solar", "wind"],
  ES: ["bess", "solar", "wind"],
};

export const hasBattery = (c: Configuration) =>
  c === "bess" || c === "solarACcoupling" || c === "solarDCcoupling";
export const hasSolar = (c: Configuration) =>
  c === "solar" || c === "solarACcoupling" || c === "solarDCcoupling";
export const isCoupled = (c: Configuration) => c === "solarACcoupling" || c === "solarDCcoupling";

export const REVENUE_STRATEGIES: Record<ForecastRegion, { value: string; label: string }[]> = {
  GB: [
    { value: "energy_with_as", label: "Energy with AS" },
    { value: "energy_only", label: "Energy Only" },
    { value: "merchant", label: "Merchant/energy focus" },
    { value: "ancillaries", label: "Ancillary services focus" },
  ],
  NEM: [
    { value: "ancillaries", label: "Energy + FCAS" },
    { value: "merchant", label: "Energy Only" },
  ],
  ERCOT: [
    { value: "energy_with_as", label: "Energy with AS" },
    { value: "energy_only", label: "Energy Only" },
  ],
  DE: [
    { value: "energy_with_as", label: "Energy with AS" },
    { value: "energy_only", label: "Energy Only" },
  ],
  ES: [
    { value: "energy_with_as", label: "Energy with AS" },
    { value: "energy_only", label: "Energy Only" },
  ],
};
/** Stand-alone solar and wind sell energy only. */
export const GENERATION_ONLY_STRATEGIES = [{ value: "energy_only", label: "Energy Only" }];

export function revenueStrategiesFor(region: ForecastRegion, configuration: Configuration) {
  return hasBattery(configuration) ? REVENUE_STRATEGIES[region] : GENERATION_ONLY_STRATEGIES;
}

/**
 * What the dispatch knows (decision 0117). Realistic, the default: each decision is taken on a
 * forecast of what is known at its gate and settled at the actual prices. Perfect foresight
 * (every price known in advance) is the upper bound, and says so wherever a user sees it.
 */
export const FORESIGHTS = [
  { value: "realistic", label: "Realistic foresight (decisions on forecasts)" },
  { value: "perfect", label: "Perfect foresight (upper bound)" },
] as const;
export type Foresight = (typeof FORESIGHTS)[number]["value"];
export const DEFAULT_FORESIGHT: Foresight = "realistic";
export const foresightLabel = (f: unknown) => (FORESIGHTS.find((x) => x.value === f) ?? FORESIGHTS[0]).label;

/** How a run's availability reads on the run page and in the xlsx (decision 0121); older runs: 100 %. */
export function availabilityText(availability: number | undefined): string {
  if (availability === undefined || availability >= 100)
    return "100 % — the battery is never out of service (runs made before availability was modelled)";
  const days = Math.round(((100 - availability) / 100) * 365);
  return (
    `${availability} % — about ${days} whole days a year out of service, drawn by a seeded rule, earn nothing` +
    (availability === 97
      ? " (the default: an assumption — suppliers guarantee about 98.5 % excluding planned maintenance)"
      : "")
  );
}

export const ERCOT_ZONES = ["West", "North", "South", "Houston"] as const;
export const NEM_REGIONS = [
  "Central New South Wales",
  "Central Queensland",
  "North New South Wales",
  "North Queensland",
  "South New South Wales",
  "South Australia",
  "South Queensland",
  "Tasmania",
  "Victoria",
] as const;
/** GB GSP groups (distribution network areas, letter codes _A … _P). */
export const GSP_GROUPS = [
  { id: "_A", name: "Eastern" },
  { id: "_B", name: "East Midlands" },
  { id: "_C", name: "London" },
  { id: "_D", name: "Merseyside and North Wales" },
  { id: "_E", name: "Midlands" },
  { id: "_F", name: "Northern" },
  { id: "_G", name: "North Western" },
  { id: "_H", name: "Southern" },
  { id: "_J", name: "South Eastern" },
  { id: "_K", name: "South Wales" },
  { id: "_L", name: "South Western" },
  { id: "_M", name: "Yorkshire" },
  { id: "_N", name: "South Scotland" },
  { id: "_P", name: "North Scotland" },
] as const;
/** TNUoS generation zones 1–27 (GB). */
export const TNUOS_GENERATION_ZONES = Array.from({ length: 27 }, (_, i) => String(i + 1));

export const CONNECTION_TYPES = [
  { value: "distribution", label: "Distribution" },
  { value: "transmission", label: "Transmission" },
] as const;
export const DEGRADATIONS = [
  { value: "no_degradation", label: "No degradation applied" },
  { value: "standard_degradation_curve", label: "Standard degradation curve" },
  { value: "custom_degradation_curve", label: "Custom degradation curve" },
] as const;
export type Degradation = (typeof DEGRADATIONS)[number]["value"];
/** A custom degradation curve is offered only for ERCOT (spec §5). */
export function degradationsFor(region: ForecastRegion | undefined) {
  return DEGRADATIONS.filter((d) => d.value !== "custom_degradation_curve" || region === "ERCOT");
}

export const TARIFF_PRICE_FIELDS = [
  "redBandImportPrice",
  "redBandExportPrice",
  "amberBandImportPrice",
  "amberBandExportPrice",
  "greenBandImportPrice",
  "greenBandExportPrice",
] as const;
export const TARIFF_TIME_FIELDS = [
  "redBandStartTime",
  "redBandEndTime",
  "amberBandMorningStartTime",
  "amberBandMorningEndTime",
  "amberBandEveningStartTime",
  "amberBandEveningEndTime",
  "amberBandWeekendStartTime",
  "amberBandWeekendEndTime",
] as const;
export const TARIFF_FIXED_FIELDS = ["fixedDailyCharges", "dailyFixedCapacityCharges"] as const;

// ── Limits and messages (spec §5, §9) ───────────────────────────────────────────────────────

export const LIMITS = {
  assetName: 100,
  address: 250,
  city: 100,
  zipCode: 8,
  runName: 100,
  maxCycles: [1, 5],
  ratedPower: [1, 500],
  duration: [0.5, 6],
  durationWithFlag: [0.5, 8],
  efficiency: [10, 100],
  defaultEfficiency: 88,
  importExport: [1, 1000],
  solarRatedPower: [1, 1000],
  windRatedPower: [1, 1000],
  repoweringStandard: [1, 12000],
  repoweringCustom: [1, 50000],
  defaultRepowering: 10000,
  /** Percent of the year in service (decision 0121): default 97, an assumption stated in engine/forecast/availability.ts. */
  availability: [50, 100],
  defaultAvailability: 97,
  tariffPrice: [0.001, 999999],
  fixedCharge: [0.01, 999999],
  transmissionFromMW: 100,
  minStartDate: "2025-01-01",
  endBoundStartDate: "2026-01-01",
  horizonYears: [1, 30],
  defaultHorizonYears: 15,
  uploadBytes: 2097152,
} as const;

export const MESSAGES = {
  required: "This field is required.",
  assetNameRequired: "Please enter the asset name.",
  assetNameMax: "The asset name should be 100 characters or less.",
  addressMax: "Address should be 250 characters or less.",
  cityMax: "The city name should be 100 characters or less.",
  zipCode: "Please enter a valid Postcode.",
  maxCycles: "Please enter a value between 1 - 5.",
  ratedPower: "Please enter a value between 1 - 500 MW.",
  duration6: "Please enter a value between 0.5 - 6h.",
  duration8: "Please enter a value between 0.5 - 8h.",
  efficiency: "The efficiency should be between 10-100%.",
  importExport: "Please enter a value between 1 - 1000 MW.",
  solarRatedPower: "Please enter a value between 1 - 1000 MW.",
  windRatedPower: "Please enter a value between 1 - 1000 MW.",
  repoweringCustom: "Please enter a value between 1 - 50 000 cycles.",
  repoweringStandard: "Please enter a value between 1 - 12 000 cycles.",
  availability: "Please enter an availability between 50 - 100 %.",
  tariffPrice: "Please enter a value between 0.001 - 999 999 p/kWh.",
  fixedDailyCharges: "Please enter a value between 0.01 - 999 999 p/MPAN/day.",
  dailyFixedCapacityCharges: "Please enter a value between 0.01 - 999 999 p/kVA/day.",
  time: "Please enter a time as HH:MM.",
  startDate: "Please choose a start date.",
  startDateMin: "The start date should be on or after 01 Jan 2025.",
  gspGroup: "Please choose a GSP group.",
  ercotZone: "Please choose an ERCOT zone.",
  nemRegion: "Please choose a NEM region.",
  region: "Please choose a region.",
  configuration: "Please choose a configuration.",
  configurationRegion: "This configuration is not available in the chosen region.",
  tnuosGenerationZone: "Please choose a TNUoS generation zone.",
  coupling: "Please choose AC or DC coupling.",
  customDegradationCurveId: "Please upload a custom degradation curve.",
  customDegradationOnlyErcot: "A custom degradation curve is only available for ERCOT.",
  revenueStrategies: "Please select at least one revenue strategy.",
  revenueStrategyRegion: "This revenue strategy is not offered for the chosen region.",
  macroScenarios: "Please select at least one world view.",
  macroScenarioRegion: "This world view is not available for the chosen region and configuration.",
  runNameRequired: "Please enter a forecast name.",
  runNameMax: "The forecast name should be 100 characters or less.",
  horizonYears: "Please enter a value between 1 - 30 years.",
  latitude: "Please enter a latitude between -90 and 90.",
  longitude: "Please enter a longitude between -180 and 180.",
  finance: "finance should be an object of finance inputs.",
  uploadUnsupported: "Looks like the format you are trying to upload is not supported",
  /** The rejection texts: the spec's fixed text followed by a period, then what to do. */
  uploadWrongType:
    "Looks like the format you are trying to upload is not supported. Please upload a .csv file.",
  uploadTooLarge:
    "Looks like the format you are trying to upload is not supported. The file should be 2 MB (2 097 152 bytes) or less.",
} as const;

// ── Readers: form strings or JSON values → typed, or undefined when empty ───────────────────

function readNumber(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  if (typeof v !== "string") return undefined;
  const t = v.trim();
  if (t === "") return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}
function readString(v: unknown): string | undefined {
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (typeof v !== "string") return undefined;
  const t = v.trim();
  return t === "" ? undefined : t;
}
function readBoolString(v: unknown): "true" | "false" | undefined | string {
  if (v === true || v === "on") return "true";
  if (v === false) return "false";
  return readString(v);
}
function readList(v: unknown): string[] {
  if (v === undefined || v === null || v === "") return [];
  const arr = Array.isArray(v) ? v : [v];
  return arr.map((x) => readString(x)).filter((x): x is string => !!x);
}

/** A number as typed: digits with at most one decimal point (and a sign); no exponent, no spaces inside. */
const AS_TYPED = /^-?(\d+\.?\d*|\.\d+)$/;

export const numberMessages = {
  format: "Please enter a number using digits and at most one decimal point.",
  decimals: (n: number) =>
    n === 0 ? "Please enter a whole number." : `Please enter at most ${n} decimal${n === 1 ? "" : "s"}.`,
};

/** How many decimals a number as written has, or null when it is not written as digits and a point. */
export function decimalsOf(v: string | number): number | null {
  const t = typeof v === "number" ? String(v) : v.trim();
  if (!AS_TYPED.test(t)) return null;
  const point = t.indexOf(".");
  return point < 0 ? 0 : t.length - point - 1;
}

/**
 * A numeric field of spec §5: only digits and one decimal point, at most `decimals` decimals.
 * "1e2", "0x10" or "1.123456789" are refused with a message (not read as 100 or silently rounded);
 * an empty value is absent (the rules say whether it is required).
 */
const num = (decimals: number) =>
  z.preprocess((v, c) => {
    if (v === undefined || v === null || (typeof v === "string" && v.trim() === "")) return undefined;
    // what cannot be read as a number at all is treated as empty (spec §5)
    if (readNumber(v) === undefined) return undefined;
    const d = decimalsOf(v as string | number);
    // refused, but the value read is kept so the rules do not add "required" on top
    if (d === null) c.addIssue({ code: z.ZodIssueCode.custom, message: numberMessages.format });
    else if (d > decimals)
      c.addIssue({ code: z.ZodIssueCode.custom, message: numberMessages.decimals(decimals) });
    return readNumber(v);
  }, z.number().optional());

/** Decimals allowed per numeric field (spec §5: "a limited number of decimals"; fixed charges 2). */
export const DECIMALS = {
  latitude: 6,
  longitude: 6,
  maxCycles: 2,
  ratedPower: 2,
  duration: 2,
  energyCapacity: 3,
  o_efficiency: 2,
  o_maxImport: 2,
  o_maxExport: 2,
  solarRatedPower: 2,
  windRatedPower: 2,
  tariffPrice: 3,
  fixedCharge: 2,
  repowering: 0,
  availability: 1,
  horizonYears: 0,
} as const;

const str = z.preprocess(readString, z.string().optional());
const boolStr = z.preprocess(
  readBoolString,
  z.enum(["true", "false"], { message: "Please choose yes or no." }).optional(),
);
const list = z.preprocess(readList, z.array(z.string()));
const oneOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(readString, z.enum(values, { errorMap: () => ({ message }) }).optional());

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

// ── The request body, field by field ──────────────────────────────────────────────────────────
// What a caller sends: each field's type, range, choices and the message it gets back. This is the
// documented request body of the API (OpenAPI) and the source of the readers below, so the two
// cannot differ. Ranges are those of the rules (`checkForecast`); conditions are in the texts.

const between$ = (lo: number, hi: number) => z.number().min(lo).max(hi);
const yesNo = z.enum(["true", "false"]);
const hhmm = (what: string) =>
  z.string().regex(TIME).describe(`${what} (HH:MM, with DUoS tariffs). Error: "${MESSAGES.time}"`);
const tariffPrice = (what: string) =>
  between$(...LIMITS.tariffPrice).describe(
    `${what}, p/kWh (with DUoS tariffs). Error: "${MESSAGES.tariffPrice}"`,
  );
const forBattery = "Battery configurations (bess, solarACcoupling, solarDCcoupling)";

const REQUEST_FIELDS = {
  id: z.string().describe("Ignored (a draft's id is its path)"),
  region: z
    .enum(FORECAST_REGIONS)
    .describe(`Market region; fixed by per-region paths. Error: "${MESSAGES.region}"`),
  configuration: z
    .enum(CONFIGURATIONS)
    .describe(`Asset configuration (default bess). Error: "${MESSAGES.configurationRegion}"`),
  runAsset: z
    .object({ marketRegion: z.enum(FORECAST_REGIONS), configuration: z.enum(CONFIGURATIONS) })
    .partial()
    .describe("The same as region and configuration (read when those are absent)"),
  assetName: z
    .string()
    .min(1)
    .max(LIMITS.assetName)
    .describe(`Required. Errors: "${MESSAGES.assetNameRequired}", "${MESSAGES.assetNameMax}"`),
  addressLine1: z.string().max(LIMITS.address).describe(`Error: "${MESSAGES.addressMax}"`),
  addressLine2: z.string().max(LIMITS.address).describe(`Error: "${MESSAGES.addressMax}"`),
  city: z.string().max(LIMITS.city).describe(`Error: "${MESSAGES.cityMax}"`),
  zipCode: z.string().min(1).max(LIMITS.zipCode).describe(`Required. Error: "${MESSAGES.zipCode}"`),
  latitude: between$(-90, 90).describe(
    `Required for solar, wind and co-located assets without an uploaded profile. Error: "${MESSAGES.latitude}"`,
  ),
  longitude: between$(-180, 180).describe(`Required with latitude. Error: "${MESSAGES.longitude}"`),
  gspGroup: z
    .enum(GSP_GROUPS.map((g) => g.id) as [string, ...string[]])
    .describe(`GB: required. Error: "${MESSAGES.gspGroup}"`),
  ercotZone: z.enum(ERCOT_ZONES).describe(`ERCOT: required. Error: "${MESSAGES.ercotZone}"`),
  nemRegion: z.enum(NEM_REGIONS).describe(`NEM: required. Error: "${MESSAGES.nemRegion}"`),
  nodeId: z.string().describe("ERCOT settlement point id (from /forecast/run-library/ercot-node/)"),
  nodeName: z.string(),
  tnuosGenerationZone: z
    .enum(TNUOS_GENERATION_ZONES as [string, ...string[]])
    .describe(
      `GB, transmission-connected or ≥ ${LIMITS.transmissionFromMW} MW: required. Error: "${MESSAGES.tnuosGenerationZone}"`,
    ),
  maxCycles: between$(...LIMITS.maxCycles).describe(
    `Cycles per day. ${forBattery}: required. Error: "${MESSAGES.maxCycles}"`,
  ),
  startDate: z
    .string()
    .regex(DATE)
    .describe(
      `Required, YYYY-MM-DD, on or after ${LIMITS.minStartDate}. Errors: "${MESSAGES.startDate}", "${MESSAGES.startDateMin}"`,
    ),
  ratedPower: between$(...LIMITS.ratedPower).describe(
    `MW. ${forBattery}: required. Error: "${MESSAGES.ratedPower}"`,
  ),
  duration: between$(...LIMITS.durationWithFlag).describe(
    `Hours (up to 6, or 8 with the extended-duration feature). ${forBattery}: required. Errors: "${MESSAGES.duration6}", "${MESSAGES.duration8}"`,
  ),
  energyCapacity: z.number().describe("MWh; derived: ratedPower × duration"),
  connectionType: z
    .enum(["distribution", "transmission"])
    .describe(`Required. Error: "${MESSAGES.required}"`),
  efficiency: z
    .enum(["88", "other"])
    .describe(`Round-trip efficiency: 88 % or other (o_efficiency). ${forBattery}: required`),
  o_efficiency: between$(...LIMITS.efficiency).describe(
    `Percent, when efficiency is other. Error: "${MESSAGES.efficiency}"`,
  ),
  maxImport: z
    .enum(["same", "other"])
    .describe(`Same as rated power, or other (o_maxImport). ${forBattery}: required`),
  o_maxImport: between$(...LIMITS.importExport).describe(
    `MW, when maxImport is other. Error: "${MESSAGES.importExport}"`,
  ),
  maxExport: z.enum(["same", "other"]).describe("Required: same as rated power, or other (o_maxExport)"),
  o_maxExport: between$(...LIMITS.importExport).describe(
    `MW, when maxExport is other. Error: "${MESSAGES.importExport}"`,
  ),
  coLocation: yesNo.describe(`Co-located with solar ("true"/"false"; a boolean is read too). bess: required`),
  coupling: yesNo.describe(
    `"true" = AC, "false" = DC coupling; co-located: required. Error: "${MESSAGES.coupling}"`,
  ),
  solarRatedPower: between$(...LIMITS.solarRatedPower).describe(
    `MWp; solar and co-located: required. Error: "${MESSAGES.solarRatedPower}"`,
  ),
  solarProfileId: z.string().describe("An uploaded solar profile (/forecast/run-library/solar-profile/)"),
  windRatedPower: between$(...LIMITS.windRatedPower).describe(
    `MW; wind: required. Error: "${MESSAGES.windRatedPower}"`,
  ),
  duos: yesNo.describe("Apply DUoS tariffs (GB): the band prices and times below are then required"),
  redBandImportPrice: tariffPrice("Red band import price"),
  redBandExportPrice: tariffPrice("Red band export price"),
  amberBandImportPrice: tariffPrice("Amber band import price"),
  amberBandExportPrice: tariffPrice("Amber band export price"),
  greenBandImportPrice: tariffPrice("Green band import price"),
  greenBandExportPrice: tariffPrice("Green band export price"),
  redBandStartTime: hhmm("Red band start"),
  redBandEndTime: hhmm("Red band end"),
  amberBandMorningStartTime: hhmm("Amber band morning start"),
  amberBandMorningEndTime: hhmm("Amber band morning end"),
  amberBandEveningStartTime: hhmm("Amber band evening start"),
  amberBandEveningEndTime: hhmm("Amber band evening end"),
  amberBandWeekendStartTime: hhmm("Amber band weekend start"),
  amberBandWeekendEndTime: hhmm("Amber band weekend end"),
  fixedDailyCharges: between$(...LIMITS.fixedCharge).describe(
    `p/MPAN/day. Error: "${MESSAGES.fixedDailyCharges}"`,
  ),
  dailyFixedCapacityCharges: between$(...LIMITS.fixedCharge).describe(
    `p/kVA/day. Error: "${MESSAGES.dailyFixedCapacityCharges}"`,
  ),
  degradation: z
    .enum(["no_degradation", "standard_degradation_curve", "custom_degradation_curve"])
    .describe(
      `${forBattery}: required; custom only for ERCOT. Error: "${MESSAGES.customDegradationOnlyErcot}"`,
    ),
  customDegradationCurveId: z
    .string()
    .describe(
      `An uploaded curve, with custom_degradation_curve. Error: "${MESSAGES.customDegradationCurveId}"`,
    ),
  customDegradationCurveFileName: z.string().describe("Set by the API from the upload"),
  repowering: between$(...LIMITS.repoweringCustom).describe(
    `Cycles before repowering (standard curve: up to ${LIMITS.repoweringStandard[1]}). Errors: "${MESSAGES.repoweringStandard}", "${MESSAGES.repoweringCustom}"`,
  ),
  availability: between$(...LIMITS.availability).describe(
    `Percent of the year the battery is in service (default ${LIMITS.defaultAvailability}): whole outage days drawn by a seeded rule earn nothing (decision 0121). Error: "${MESSAGES.availability}"`,
  ),
  revenueStrategies: z
    .array(z.enum(["energy_with_as", "energy_only", "merchant", "ancillaries"]))
    .min(1)
    .describe(
      `Required; those the region offers (see REVENUE_STRATEGIES). Errors: "${MESSAGES.revenueStrategies}", "${MESSAGES.revenueStrategyRegion}"`,
    ),
  foresight: z
    .enum(["realistic", "perfect"])
    .optional()
    .describe(
      'What the dispatch knows (decision 0117): "realistic" (default) decides on forecasts of what is known at each gate and settles at the actual prices; "perfect" knows every price in advance — the upper bound.',
    ),
  macroScenarios: z
    .array(z.string())
    .min(1)
    .describe(
      `Required: world view ids (/forecast/macro-scenarios/); one run per id. Errors: "${MESSAGES.macroScenarios}", "${MESSAGES.macroScenarioRegion}"`,
    ),
  runName: z
    .record(z.string().min(1).max(LIMITS.runName))
    .describe(
      `Required: the run's name per selected world view id. Errors (at runName.<id>): "${MESSAGES.runNameRequired}", "${MESSAGES.runNameMax}"`,
    ),
  horizonYears: between$(...LIMITS.horizonYears).describe(
    `Years modelled from the start date (default ${LIMITS.defaultHorizonYears}). Error: "${MESSAGES.horizonYears}"`,
  ),
  selectedAssetId: z.string().describe("The asset-library asset it started from"),
  portfolioId: z.string(),
  forecastUpdateDurationValidation: yesNo,
  finance: financeRequestSchema.describe(
    "Optional finance inputs (issue 30): capex, opex, tax, inflation, discount rate, asset life and debt. Every field is optional; a missing one takes the market's default (shown with its source in the run result's finance.defaults). Rates and shares are fractions. Errors are named at finance.<field>.",
  ),
};

/** Always required in a run (others depend on the region and configuration: see their texts). */
const REQUIRED_FIELDS = [
  "assetName",
  "zipCode",
  "startDate",
  "connectionType",
  "maxExport",
  "revenueStrategies",
  "macroScenarios",
  "runName",
] as const;

/** The forecast request body as documented (a run's; a draft's is the same with nothing required). */
export const forecastRequestSchema = z
  .object(REQUEST_FIELDS)
  .partial()
  .required(
    Object.fromEntries(REQUIRED_FIELDS.map((k) => [k, true])) as {
      [K in (typeof REQUIRED_FIELDS)[number]]: true;
    },
  );
export const forecastDraftRequestSchema = z.object(REQUEST_FIELDS).partial();

/** The forecast object's fields, read loosely (the rules live in `checkForecast`). */
const ForecastFields = z.object({
  id: str,
  region: oneOf(FORECAST_REGIONS, MESSAGES.region),
  configuration: oneOf(CONFIGURATIONS, MESSAGES.configuration),
  runAsset: z
    .object({
      marketRegion: oneOf(FORECAST_REGIONS, MESSAGES.region),
      configuration: oneOf(CONFIGURATIONS, MESSAGES.configuration),
    })
    .partial()
    .optional()
    .catch(undefined),
  assetName: str,
  addressLine1: str,
  addressLine2: str,
  city: str,
  zipCode: str,
  latitude: num(DECIMALS.latitude),
  longitude: num(DECIMALS.longitude),
  gspGroup: str,
  ercotZone: str,
  nemRegion: str,
  nodeId: str,
  nodeName: str,
  tnuosGenerationZone: str,
  maxCycles: num(DECIMALS.maxCycles),
  startDate: str,
  ratedPower: num(DECIMALS.ratedPower),
  duration: num(DECIMALS.duration),
  energyCapacity: num(DECIMALS.energyCapacity),
  connectionType: oneOf(["distribution", "transmission"], MESSAGES.required),
  efficiency: oneOf(["88", "other"], MESSAGES.required),
  o_efficiency: num(DECIMALS.o_efficiency),
  maxImport: oneOf(["same", "other"], MESSAGES.required),
  o_maxImport: num(DECIMALS.o_maxImport),
  maxExport: oneOf(["same", "other"], MESSAGES.required),
  o_maxExport: num(DECIMALS.o_maxExport),
  coLocation: boolStr,
  coupling: boolStr,
  solarRatedPower: num(DECIMALS.solarRatedPower),
  solarProfileId: str,
  windRatedPower: num(DECIMALS.windRatedPower),
  duos: boolStr,
  redBandImportPrice: num(DECIMALS.tariffPrice),
  redBandExportPrice: num(DECIMALS.tariffPrice),
  amberBandImportPrice: num(DECIMALS.tariffPrice),
  amberBandExportPrice: num(DECIMALS.tariffPrice),
  greenBandImportPrice: num(DECIMALS.tariffPrice),
  greenBandExportPrice: num(DECIMALS.tariffPrice),
  redBandStartTime: str,
  redBandEndTime: str,
  amberBandMorningStartTime: str,
  amberBandMorningEndTime: str,
  amberBandEveningStartTime: str,
  amberBandEveningEndTime: str,
  amberBandWeekendStartTime: str,
  amberBandWeekendEndTime: str,
  fixedDailyCharges: num(DECIMALS.fixedCharge),
  dailyFixedCapacityCharges: num(DECIMALS.fixedCharge),
  degradation: oneOf(
    ["no_degradation", "standard_degradation_curve", "custom_degradation_curve"],
    MESSAGES.required,
  ),
  customDegradationCurveId: str,
  customDegradationCurveFileName: str,
  repowering: num(DECIMALS.repowering),
  availability: num(DECIMALS.availability),
  revenueStrategies: list,
  foresight: oneOf(["realistic", "perfect"], "Please choose realistic or perfect foresight."),
  macroScenarios: list,
  runName: z.preprocess(
    (v) => (v && typeof v === "object" && !Array.isArray(v) ? v : {}),
    z.record(z.unknown()),
  ),
  horizonYears: num(DECIMALS.horizonYears),
  selectedAssetId: str,
  portfolioId: str,
  forecastUpdateDurationValidation: boolStr,
  // read as given; checked by financeSchema in the rules (so its errors follow the scope of a step)
  finance: z.unknown(),
});
// The readers and the documented fields name the same fields (a compile error otherwise).
type Same<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never]
  ? true
  : never;
const sameFields: Same<typeof REQUEST_FIELDS, typeof ForecastFields.shape> = true;
void sameFields;

type Fields = z.infer<typeof ForecastFields>;

// ── The rules ───────────────────────────────────────────────────────────────────────────────

/** A forecast whose years run past the world views' last one cannot be computed: say so up front. */
export const horizonBeyondWorldView = (firstYear: number, lastYear: number) =>
  `The world views run to ${lastYear}: starting in ${firstYear}, the asset life can be at most ${Math.max(0, lastYear - firstYear + 1)} years.`;

export interface ForecastContext {
  /** The caller's feature flags (forecast_update_duration_validation allows 8 h). */
  flags?: Partial<Record<string, boolean>>;
  /** Fixed by the page or the endpoint (e.g. /gb/bess-simulation/): overrides the body. */
  region?: ForecastRegion;
  configuration?: Configuration;
  /** World views that may be chosen: scenario ids with their region and whether solar may use them. */
  scenarios?: { id: string; marketRegion: string; solarAvailable?: boolean }[];
  /** The last year the world views cover: the asset life must end by then. */
  worldViewLastYear?: number;
}

type Add = (field: string, message: string) => void;

function between(
  add: Add,
  field: string,
  v: number | undefined,
  [lo, hi]: readonly [number, number],
  message: string,
  required: boolean,
) {
  if (v === undefined) {
    if (required) add(field, message);
    return;
  }
  if (v < lo || v > hi) add(field, message);
}

export function effectiveRegion(
  d: Pick<Fields, "region" | "runAsset">,
  ctx: ForecastContext,
): ForecastRegion | undefined {
  return ctx.region ?? d.region ?? d.runAsset?.marketRegion;
}
export function effectiveConfiguration(
  d: Pick<Fields, "configuration" | "runAsset">,
  ctx: ForecastContext,
): Configuration | undefined {
  return ctx.configuration ?? d.configuration ?? d.runAsset?.configuration;
}

/** Apply the rules of spec §5 to the fields in `scope` (all when omitted). */
function checkForecast(
  d: Fields,
  ctx: ForecastContext,
  add: Add,
  scope?: ReadonlySet<string>,
  draft = false,
) {
  const inScope = (f: string) => !scope || scope.has(f);
  const out: Add = (f, m) => {
    if (inScope(f.split(".")[0])) add(f, m);
  };
  // In a draft only what is filled in is checked (shape and ranges), nothing is required.
  const req = (cond: boolean) => cond && !draft;
  const region = effectiveRegion(d, ctx);
  const configuration = effectiveConfiguration(d, ctx) ?? "bess";
  const battery = hasBattery(configuration);
  const coLocated = isCoupled(configuration) || d.coLocation === "true";

  // Region and configuration
  if (!region) {
    if (req(true)) out("region", MESSAGES.region);
  } else if (!CONFIGURATIONS_BY_REGION[region].includes(configuration)) {
    out("configuration", MESSAGES.configurationRegion);
  }

  // Asset details
  if (!d.assetName) {
    if (req(true)) out("assetName", MESSAGES.assetNameRequired);
  } else if (d.assetName.length > LIMITS.assetName) out("assetName", MESSAGES.assetNameMax);
  if (d.addressLine1 && d.addressLine1.length > LIMITS.address) out("addressLine1", MESSAGES.addressMax);
  if (d.addressLine2 && d.addressLine2.length > LIMITS.address) out("addressLine2", MESSAGES.addressMax);
  if (d.city && d.city.length > LIMITS.city) out("city", MESSAGES.cityMax);
  if (!d.zipCode) {
    if (req(true)) out("zipCode", MESSAGES.zipCode);
  } else if (d.zipCode.length > LIMITS.zipCode) out("zipCode", MESSAGES.zipCode);
  // Solar and wind output is modelled at the site: its coordinates are needed (or an uploaded profile).
  const generationModelled =
    configuration === "wind" ||
    hasSolar(configuration) ||
    (configuration === "bess" && d.coLocation === "true");
  const needsSite = generationModelled && !d.solarProfileId;
  if (d.latitude === undefined ? req(needsSite) : d.latitude < -90 || d.latitude > 90)
    out("latitude", MESSAGES.latitude);
  if (d.longitude === undefined ? req(needsSite) : d.longitude < -180 || d.longitude > 180)
    out("longitude", MESSAGES.longitude);
  if (region === "GB") {
    if (!d.gspGroup) {
      if (req(true)) out("gspGroup", MESSAGES.gspGroup);
    } else if (!GSP_GROUPS.some((g) => g.id === d.gspGroup)) out("gspGroup", MESSAGES.gspGroup);
  }
  if (region === "ERCOT") {
    if (!d.ercotZone) {
      if (req(true)) out("ercotZone", MESSAGES.ercotZone);
    } else if (!(ERCOT_ZONES as readonly string[]).includes(d.ercotZone))
      out("ercotZone", MESSAGES.ercotZone);
  }
  if (region === "NEM") {
    if (!d.nemRegion) {
      if (req(true)) out("nemRegion", MESSAGES.nemRegion);
    } else if (!(NEM_REGIONS as readonly string[]).includes(d.nemRegion))
      out("nemRegion", MESSAGES.nemRegion);
  }
  if (!d.startDate) {
    if (req(true)) out("startDate", MESSAGES.startDate);
  } else if (!DATE.test(d.startDate) || Number.isNaN(Date.parse(d.startDate)))
    out("startDate", MESSAGES.startDate);
  else if (d.startDate < LIMITS.minStartDate) out("startDate", MESSAGES.startDateMin);
  between(out, "horizonYears", d.horizonYears, LIMITS.horizonYears, MESSAGES.horizonYears, false);
  const firstYear = d.startDate && DATE.test(d.startDate) ? Number(d.startDate.slice(0, 4)) : undefined;
  const last = ctx.worldViewLastYear;
  if (last && firstYear && d.horizonYears !== undefined && firstYear + d.horizonYears - 1 > last) {
    out("horizonYears", horizonBeyondWorldView(firstYear, last));
  }

  if (battery) {
    between(out, "maxCycles", d.maxCycles, LIMITS.maxCycles, MESSAGES.maxCycles, req(true));
    between(out, "ratedPower", d.ratedPower, LIMITS.ratedPower, MESSAGES.ratedPower, req(true));
    const eight = !!ctx.flags?.forecast_update_duration_validation;
    between(
      out,
      "duration",
      d.duration,
      eight ? LIMITS.durationWithFlag : LIMITS.duration,
      eight ? MESSAGES.duration8 : MESSAGES.duration6,
      req(true),
    );
  }

  // Grid and connection
  if (!d.connectionType && req(true)) out("connectionType", MESSAGES.required);
  if (battery) {
    if (!d.efficiency && req(true)) out("efficiency", MESSAGES.required);
    if (d.efficiency === "other")
      between(out, "o_efficiency", d.o_efficiency, LIMITS.efficiency, MESSAGES.efficiency, req(true));
    if (!d.maxImport && req(true)) out("maxImport", MESSAGES.required);
    if (d.maxImport === "other")
      between(out, "o_maxImport", d.o_maxImport, LIMITS.importExport, MESSAGES.importExport, req(true));
    if (!d.coLocation && req(!isCoupled(configuration))) out("coLocation", MESSAGES.required);
    if (!d.degradation && req(true)) out("degradation", MESSAGES.required);
    // optional: the default (97 %) when absent
    between(out, "availability", d.availability, LIMITS.availability, MESSAGES.availability, false);
  }
  if (!d.maxExport && req(true)) out("maxExport", MESSAGES.required);
  if (d.maxExport === "other")
    between(out, "o_maxExport", d.o_maxExport, LIMITS.importExport, MESSAGES.importExport, req(true));
  if (battery && coLocated) {
    if (!d.coupling && req(true)) out("coupling", MESSAGES.coupling);
  }
  if ((battery && coLocated) || configuration === "solar") {
    between(
      out,
      "solarRatedPower",
      d.solarRatedPower,
      LIMITS.solarRatedPower,
      MESSAGES.solarRatedPower,
      req(true),
    );
  } else {
    between(
      out,
      "solarRatedPower",
      d.solarRatedPower,
      LIMITS.solarRatedPower,
      MESSAGES.solarRatedPower,
      false,
    );
  }
  between(
    out,
    "windRatedPower",
    d.windRatedPower,
    LIMITS.windRatedPower,
    MESSAGES.windRatedPower,
    req(configuration === "wind"),
  );
  if (region === "GB") {
    const ratedPower = battery ? d.ratedPower : (d.solarRatedPower ?? d.windRatedPower);
    const needsZone =
      d.connectionType === "transmission" ||
      (d.connectionType === "distribution" && (ratedPower ?? 0) >= LIMITS.transmissionFromMW);
    if (!d.tnuosGenerationZone) {
      if (req(needsZone)) out("tnuosGenerationZone", MESSAGES.tnuosGenerationZone);
    } else if (!TNUOS_GENERATION_ZONES.includes(d.tnuosGenerationZone))
      out("tnuosGenerationZone", MESSAGES.tnuosGenerationZone);
  }
  if (battery && d.degradation === "custom_degradation_curve") {
    if (region && region !== "ERCOT") out("degradation", MESSAGES.customDegradationOnlyErcot);
    if (!d.customDegradationCurveId && req(true))
      out("customDegradationCurveId", MESSAGES.customDegradationCurveId);
    between(out, "repowering", d.repowering, LIMITS.repoweringCustom, MESSAGES.repoweringCustom, req(true));
  } else if (battery && d.degradation === "standard_degradation_curve") {
    between(
      out,
      "repowering",
      d.repowering,
      LIMITS.repoweringStandard,
      MESSAGES.repoweringStandard,
      req(true),
    );
  }

  // Tariffs (DUoS)
  if (d.duos === "true") {
    for (const f of TARIFF_PRICE_FIELDS)
      between(out, f, d[f], LIMITS.tariffPrice, MESSAGES.tariffPrice, req(true));
    for (const f of TARIFF_TIME_FIELDS) {
      const v = d[f];
      if (!v) {
        if (req(true)) out(f, MESSAGES.time);
      } else if (!TIME.test(v)) out(f, MESSAGES.time);
    }
    between(
      out,
      "fixedDailyCharges",
      d.fixedDailyCharges,
      LIMITS.fixedCharge,
      MESSAGES.fixedDailyCharges,
      false,
    );
    between(
      out,
      "dailyFixedCapacityCharges",
      d.dailyFixedCapacityCharges,
      LIMITS.fixedCharge,
      MESSAGES.dailyFixedCapacityCharges,
      false,
    );
  }

  // Other: revenue strategies, world views, output names
  if (d.revenueStrategies.length === 0) {
    if (req(true)) out("revenueStrategies", MESSAGES.revenueStrategies);
  } else if (region) {
    const offered = revenueStrategiesFor(region, configuration).map((s) => s.value);
    if (d.revenueStrategies.some((s) => !offered.includes(s)))
      out("revenueStrategies", MESSAGES.revenueStrategyRegion);
  }
  if (d.macroScenarios.length === 0) {
    if (req(true)) out("macroScenarios", MESSAGES.macroScenarios);
  } else if (ctx.scenarios && region) {
    const solarOnly = hasSolar(configuration);
    const ok = (id: string) =>
      ctx.scenarios!.some(
        (s) => s.id === id && s.marketRegion === region && (!solarOnly || s.solarAvailable !== false),
      );
    if (d.macroScenarios.some((id) => !ok(id))) out("macroScenarios", MESSAGES.macroScenarioRegion);
  }
  for (const id of d.macroScenarios) {
    const name = readString(d.runName[id]);
    if (!name) {
      if (req(true)) out(`runName.${id}`, MESSAGES.runNameRequired);
    } else if (name.length > LIMITS.runName) out(`runName.${id}`, MESSAGES.runNameMax);
  }

  // Finance (optional): each given input in range, the asset life within the run's years
  if (d.finance !== undefined && d.finance !== null) {
    if (typeof d.finance !== "object" || Array.isArray(d.finance)) out("finance", MESSAGES.finance);
    else {
      const r = financeSchema(financeContext(d)).safeParse(d.finance);
      if (!r.success) for (const i of r.error.issues) out(["finance", ...i.path].join("."), i.message);
    }
  }
}

/** What the finance inputs of a forecast are checked against: its years; no P90 case is computed yet. */
const financeContext = (d: Pick<Fields, "horizonYears">) => ({
  runYears: d.horizonYears ?? LIMITS.defaultHorizonYears,
  p90Available: false,
});

/** The validated forecast object: what drafts store and runs compute. */
export interface Forecast {
  region: ForecastRegion;
  configuration: Configuration;
  runAsset: { marketRegion: ForecastRegion; configuration: Configuration };
  assetName: string;
  addressLine1?: string;
  addressLine2?: string;
  city?: string;
  zipCode: string;
  latitude?: number;
  longitude?: number;
  gspGroup?: string;
  ercotZone?: string;
  nemRegion?: string;
  nodeId?: string;
  nodeName?: string;
  tnuosGenerationZone?: string;
  maxCycles?: number;
  startDate: string;
  ratedPower?: number;
  duration?: number;
  /** ratedPower × duration (MWh). */
  energyCapacity?: number;
  connectionType: "distribution" | "transmission";
  efficiency?: "88" | "other";
  o_efficiency?: number;
  maxImport?: "same" | "other";
  o_maxImport?: number;
  maxExport: "same" | "other";
  o_maxExport?: number;
  coLocation?: "true" | "false";
  /** "true" = AC, "false" = DC. */
  coupling?: "true" | "false";
  solarRatedPower?: number;
  solarProfileId?: string;
  windRatedPower?: number;
  duos?: "true" | "false";
  redBandImportPrice?: number;
  redBandExportPrice?: number;
  amberBandImportPrice?: number;
  amberBandExportPrice?: number;
  greenBandImportPrice?: number;
  greenBandExportPrice?: number;
  redBandStartTime?: string;
  redBandEndTime?: string;
  amberBandMorningStartTime?: string;
  amberBandMorningEndTime?: string;
  amberBandEveningStartTime?: string;
  amberBandEveningEndTime?: string;
  amberBandWeekendStartTime?: string;
  amberBandWeekendEndTime?: string;
  fixedDailyCharges?: number;
  dailyFixedCapacityCharges?: number;
  degradation?: Degradation;
  customDegradationCurveId?: string;
  customDegradationCurveFileName?: string;
  repowering?: number;
  /** Percent of the year in service; default 97 (decision 0121). */
  availability?: number;
  revenueStrategies: string[];
  /** Realistic (default) or perfect foresight — the upper bound (decision 0117). */
  foresight?: Foresight;
  macroScenarios: string[];
  /** Output name per selected scenario id. */
  runName: Record<string, string>;
  /** Years modelled from the start date (asset life); default 15. */
  horizonYears?: number;
  selectedAssetId?: string;
  portfolioId?: string;
  forecastUpdateDurationValidation?: "true" | "false";
  /** Finance inputs given (issue 30); missing ones take the market's defaults. */
  finance?: FinanceRequest;
}

/** A draft: any subset of the forecast, in range where filled in. */
export type ForecastDraft = Partial<Forecast>;

function normalise(d: Fields, ctx: ForecastContext): Record<string, unknown> {
  const region = effectiveRegion(d, ctx);
  const configuration = effectiveConfiguration(d, ctx);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(d)) {
    if (v === undefined || k === "id") continue;
    out[k] = v;
  }
  if (region) out.region = region;
  if (configuration) out.configuration = configuration;
  if (region || configuration) out.runAsset = { marketRegion: region, configuration };
  else delete out.runAsset;
  // Only the names of the selected scenarios are kept.
  const names: Record<string, string> = {};
  for (const id of d.macroScenarios) {
    const n = readString(d.runName[id]);
    if (n) names[id] = n;
  }
  out.runName = names;
  if (typeof d.ratedPower === "number" && typeof d.duration === "number") {
    out.energyCapacity = Math.round(d.ratedPower * d.duration * 1000) / 1000;
  }
  if (configuration && !hasBattery(configuration)) {
    for (const k of [
      "maxCycles",
      "duration",
      "energyCapacity",
      "efficiency",
      "o_efficiency",
      "maxImport",
      "o_maxImport",
      "degradation",
      "customDegradationCurveId",
      "customDegradationCurveFileName",
      "repowering",
      "availability",
      "coupling",
    ])
      delete out[k];
    if (configuration === "solar") delete out.windRatedPower;
    if (configuration === "wind") delete out.solarRatedPower;
  }
  if (d.efficiency !== "other") delete out.o_efficiency;
  if (d.maxImport !== "other") delete out.o_maxImport;
  if (d.maxExport !== "other") delete out.o_maxExport;
  if (d.degradation === "no_degradation") delete out.repowering;
  if (d.degradation !== "custom_degradation_curve") {
    delete out.customDegradationCurveId;
    delete out.customDegradationCurveFileName;
  }
  // Finance inputs as read (numbers from strings); dropped when empty or not an object
  const finance = financeSchema(financeContext(d)).safeParse(d.finance);
  if (finance.success && Object.keys(finance.data).length) out.finance = finance.data;
  else delete out.finance;
  return out;
}

function build(ctx: ForecastContext, scope: ReadonlySet<string> | undefined, draft: boolean) {
  return ForecastFields.superRefine((d, c) => {
    checkForecast(
      d,
      ctx,
      (field, message) => c.addIssue({ code: z.ZodIssueCode.custom, path: field.split("."), message }),
      scope,
      draft,
    );
  });
}

/** The names of the forecast's fields (the keys of the request body and of the builder's forms). */
export type ForecastFieldName = keyof z.infer<typeof ForecastFields>;

/** The whole forecast, as a run needs it. Output: `Forecast` (numbers read, derived fields set). */
export function forecastSchema(ctx: ForecastContext = {}) {
  return build(ctx, undefined, false).transform((d) => normalise(d, ctx) as unknown as Forecast);
}

/** A draft: nothing is required, but what is filled in obeys the same ranges and texts. */
export function draftSchema(ctx: ForecastContext = {}) {
  return build(ctx, undefined, true).transform((d) => normalise(d, ctx) as ForecastDraft);
}

const STEP_FIELDS = {
  assetDetails: [
    "region",
    "configuration",
    "assetName",
    "addressLine1",
    "addressLine2",
    "city",
    "zipCode",
    "latitude",
    "longitude",
    "gspGroup",
    "ercotZone",
    "nemRegion",
    "nodeId",
    "tnuosGenerationZone",
    "maxCycles",
    "startDate",
    "ratedPower",
    "duration",
    "connectionType",
    "efficiency",
    "o_efficiency",
    "maxImport",
    "o_maxImport",
    "maxExport",
    "o_maxExport",
    "coLocation",
    "coupling",
    "solarRatedPower",
    "windRatedPower",
    "duos",
    ...TARIFF_PRICE_FIELDS,
    ...TARIFF_TIME_FIELDS,
    ...TARIFF_FIXED_FIELDS,
    "degradation",
    "customDegradationCurveId",
    "repowering",
    "horizonYears",
  ],
  revenueStrategies: ["revenueStrategies", "foresight"],
  worldView: ["macroScenarios"],
  outputNames: ["runName"],
} as const;

const DRAWER_FIELDS = {
  assetInfo: [
    "region",
    "configuration",
    "assetName",
    "addressLine1",
    "addressLine2",
    "city",
    "zipCode",
    "latitude",
    "longitude",
    "gspGroup",
    "ercotZone",
    "nemRegion",
    "nodeId",
  ],
  bessDetails: [
    "ratedPower",
    "duration",
    "maxCycles",
    "startDate",
    "efficiency",
    "o_efficiency",
    "degradation",
    "customDegradationCurveId",
    "repowering",
    "horizonYears",
  ],
  gridConnection: [
    "connectionType",
    "maxImport",
    "o_maxImport",
    "maxExport",
    "o_maxExport",
    "coLocation",
    "coupling",
    "solarRatedPower",
    "tnuosGenerationZone",
    "duos",
    ...TARIFF_PRICE_FIELDS,
    ...TARIFF_TIME_FIELDS,
    ...TARIFF_FIXED_FIELDS,
  ],
  solarGridConnection: [
    "connectionType",
    "maxExport",
    "o_maxExport",
    "tnuosGenerationZone",
    "duos",
    ...TARIFF_PRICE_FIELDS,
    ...TARIFF_TIME_FIELDS,
    ...TARIFF_FIXED_FIELDS,
  ],
  solarDetails: ["solarRatedPower", "solarProfileId", "startDate", "horizonYears"],
  windDetails: ["windRatedPower", "startDate", "horizonYears"],
} as const;

export type StepName = keyof typeof STEP_FIELDS;
export type DrawerName = keyof typeof DRAWER_FIELDS;
export const STEPS: { name: StepName; label: string; slug: string }[] = [
  { name: "assetDetails", label: "Asset details", slug: "asset-details" },
  { name: "revenueStrategies", label: "Revenue strategy", slug: "revenue-strategy" },
  { name: "worldView", label: "World view", slug: "world-view" },
  { name: "outputNames", label: "Output file names", slug: "output-names" },
];
export const stepFields = (s: StepName): readonly string[] => STEP_FIELDS[s];
export const drawerFields = (d: DrawerName): readonly string[] => DRAWER_FIELDS[d];

/**
 * Per step: the fields of that step are checked with the full rules; the other fields of the form
 * (hidden inputs carrying earlier steps) are read but not reported. Output: the same as the parse.
 */
export function forecastStepSchemas(ctx: ForecastContext = {}) {
  const of = (fields: readonly string[]) => build(ctx, new Set(fields), false);
  return {
    assetDetails: of(STEP_FIELDS.assetDetails),
    revenueStrategies: of(STEP_FIELDS.revenueStrategies),
    worldView: of(STEP_FIELDS.worldView),
    outputNames: of(STEP_FIELDS.outputNames),
  };
}

export function forecastDrawerSchemas(ctx: ForecastContext = {}) {
  const of = (fields: readonly string[]) => build(ctx, new Set(fields), false);
  return {
    assetInfo: of(DRAWER_FIELDS.assetInfo),
    bessDetails: of(DRAWER_FIELDS.bessDetails),
    gridConnection: of(DRAWER_FIELDS.gridConnection),
    solarGridConnection: of(DRAWER_FIELDS.solarGridConnection),
    solarDetails: of(DRAWER_FIELDS.solarDetails),
    windDetails: of(DRAWER_FIELDS.windDetails),
  };
}

/**
 * The fields still missing or wrong, in form order, for the run drawer's 'Complete the required
 * fields' list: [{ field, message }]. Empty when the forecast can run.
 */
export function missingFields(
  data: unknown,
  ctx: ForecastContext = {},
): { field: string; message: string }[] {
  const r = forecastSchema(ctx).safeParse(data);
  if (r.success) return [];
  return r.error.issues.map((i) => ({ field: i.path.join("."), message: i.message }));
}

/** Suggested output name (spec §4): asset, scenario, duration and max cycles. */
export function defaultRunName(
  f: { assetName?: string; duration?: number; maxCycles?: number },
  scenarioName: string,
): string {
  const parts = [
    f.assetName,
    scenarioName,
    f.duration !== undefined ? `${f.duration}h` : undefined,
    f.maxCycles !== undefined ? `${f.maxCycles} cycle${f.maxCycles === 1 ? "" : "s"}` : undefined,
  ];
  return parts.filter(Boolean).join(" - ").slice(0, LIMITS.runName);
}

/** Connection type chosen by default for a rated power (spec §4). */
export const defaultConnectionType = (ratedPower: number | undefined) =>
  (ratedPower ?? 0) >= LIMITS.transmissionFromMW ? "transmission" : "distribution";

/** Uploads (degradation curve, solar profile, client runs): .csv only, 2 MB. Returns a message or null. */
export function checkUpload(file: { name: string; type?: string; size: number }): string | null {
  const csvName = /\.csv$/i.test(file.name);
  const csvType =
    !file.type ||
    [
      "text/csv",
      "application/csv",
      "application/vnd.ms-excel",
      "text/plain",
      "application/octet-stream",
    ].includes(file.type);
  if (!csvName || !csvType) return MESSAGES.uploadWrongType;
  if (file.size > LIMITS.uploadBytes) return MESSAGES.uploadTooLarge;
  return null;
}
