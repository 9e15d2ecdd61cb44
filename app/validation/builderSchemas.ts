// Composition of the shared forecast rules (./forecast.ts) for the builder's screens: which fields each
// canvas drawer and stepper step shows, and a schema that reports the rules of exactly those fields.
// No rule or message is defined here: they all come from forecast.ts, as the API uses them.
import { z } from "zod";
import {
  draftSchema,
  drawerFields,
  forecastDrawerSchemas,
  forecastStepSchemas,
  hasBattery,
  hasSolar,
  isCoupled,
  stepFields,
  TARIFF_FIXED_FIELDS,
  TARIFF_PRICE_FIELDS,
  TARIFF_TIME_FIELDS,
  type Configuration,
  type ForecastContext,
  type ForecastFieldName,
  type StepName,
} from "./forecast.ts";

export const DRAWER_KINDS = [
  "bessDetails",
  "gridConnection",
  "solarGridConnection",
  "solarDetails",
  "windDetails",
  "draft",
  "run",
  "finance",
] as const;
export type DrawerKind = (typeof DRAWER_KINDS)[number];
export const isDrawerKind = (v: unknown): v is DrawerKind =>
  typeof v === "string" && (DRAWER_KINDS as readonly string[]).includes(v);

/** Where the asset sits: edited in the grid-connection drawer (and the stepper's first step). */
export const LOCATION_FIELDS = [
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
  "nodeName",
] as const;
export const TARIFF_FIELDS = [
  "duos",
  ...TARIFF_PRICE_FIELDS,
  ...TARIFF_TIME_FIELDS,
  ...TARIFF_FIXED_FIELDS,
] as const;
/** Behind 'Advanced details' (spec §4): opened only once the core fields are valid. */
export const ADVANCED_FIELDS = new Set<string>([...TARIFF_FIELDS, "horizonYears"]);

/** The settings blocks of a configuration, in board order. */
export function blocksFor(configuration: Configuration): DrawerKind[] {
  if (configuration === "bess") return ["bessDetails", "gridConnection"];
  if (isCoupled(configuration)) return ["solarDetails", "bessDetails", "gridConnection"];
  if (configuration === "solar") return ["solarDetails", "solarGridConnection"];
  return ["windDetails", "solarGridConnection"];
}

/** The fields a drawer shows and posts (its form owns them: absent ones read as cleared). */
export function drawerOwnedFields(kind: DrawerKind, configuration: Configuration): string[] {
  switch (kind) {
    case "bessDetails":
      return [...drawerFields("bessDetails"), "customDegradationCurveFileName"];
    case "gridConnection": {
      const base = drawerFields("gridConnection").filter(
        (f) => !(isCoupled(configuration) && f === "coLocation"),
      );
      return [...LOCATION_FIELDS, ...base];
    }
    case "solarGridConnection":
      return [...LOCATION_FIELDS, ...drawerFields("solarGridConnection")];
    case "solarDetails":
      return [...drawerFields("solarDetails"), "solarProfileFileName"];
    case "windDetails":
      return [...drawerFields("windDetails")];
    case "draft":
      return ["assetName"];
    case "run":
      return ["revenueStrategies", "foresight", "macroScenarios", "runName"];
    case "finance":
      // Optional (issue 30 item 4): the forecast's finance inputs, as one map of the fields given.
      return ["finance"];
  }
}

/** The fields of a stepper step (the first step holds every asset field of the configuration). */
export function stepOwnedFields(step: StepName, configuration: Configuration): string[] {
  if (step !== "assetDetails") return [...stepFields(step)];
  return [
    ...stepFields("assetDetails"),
    "nodeName",
    "customDegradationCurveFileName",
    "solarProfileId",
    "solarProfileFileName",
  ].filter((f) => {
    if (isCoupled(configuration) && f === "coLocation") return false;
    if (
      !hasBattery(configuration) &&
      [
        "maxCycles",
        "duration",
        "ratedPower",
        "efficiency",
        "o_efficiency",
        "maxImport",
        "o_maxImport",
        "coLocation",
        "coupling",
        "degradation",
        "customDegradationCurveId",
        "customDegradationCurveFileName",
        "repowering",
      ].includes(f)
    )
      return false;
    if (!hasSolar(configuration) && (f === "solarProfileId" || f === "solarProfileFileName")) return false;
    if (configuration !== "wind" && f === "windRatedPower") return false;
    return true;
  });
}

type Schema = z.ZodTypeAny;

/**
 * What a builder form holds: some of the forecast's fields, as typed (a text, the choices of a
 * list, or the run names by scenario). Typed forms check a field's name against the forecast's.
 */
export type BuilderFormValues = {
  [K in ForecastFieldName]?: string | string[] | Record<string, string>;
};

/**
 * Reports the issues of `schemas` whose field is one of `fields` (each once). The input is the
 * whole forecast (the rules need other fields, e.g. rated power for the TNUoS zone); the output is
 * the input unchanged, since the builder keeps what was typed and the API re-validates.
 */
export function scopedSchema(
  schemas: Schema[],
  fields: readonly string[],
): z.ZodType<BuilderFormValues, z.ZodTypeDef, BuilderFormValues> {
  const shown = new Set(fields);
  return z.any().superRefine((input, ctx) => {
    const seen = new Set<string>();
    for (const s of schemas) {
      const r = s.safeParse(input ?? {});
      if (r.success) continue;
      for (const issue of r.error.issues) {
        const key = `${issue.path.join(".")}|${issue.message}`;
        if (seen.has(key) || !shown.has(String(issue.path[0]))) continue;
        seen.add(key);
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: issue.path, message: issue.message });
      }
    }
  });
}

export function drawerSchema(kind: DrawerKind, configuration: Configuration, ctx: ForecastContext) {
  const d = forecastDrawerSchemas(ctx);
  const owned = drawerOwnedFields(kind, configuration);
  switch (kind) {
    case "bessDetails":
      return scopedSchema([d.bessDetails], owned);
    case "gridConnection":
      return scopedSchema([d.assetInfo, d.gridConnection], owned);
    case "solarGridConnection":
      return scopedSchema([d.assetInfo, d.solarGridConnection], owned);
    case "solarDetails":
      return scopedSchema([d.solarDetails], owned);
    case "windDetails":
      return scopedSchema([d.windDetails], owned);
    case "draft":
      return scopedSchema([draftSchema(ctx), forecastDrawerSchemas(ctx).assetInfo], ["assetName"]);
    case "run": {
      const s = forecastStepSchemas(ctx);
      return scopedSchema([s.revenueStrategies, s.worldView, s.outputNames], owned);
    }
    case "finance":
      // The forecast's own finance rules (forecast.ts → finance.ts), nothing else required.
      return scopedSchema([draftSchema(ctx)], owned);
  }
}

export function stepSchema(step: StepName, configuration: Configuration, ctx: ForecastContext) {
  return scopedSchema([forecastStepSchemas(ctx)[step]], stepOwnedFields(step, configuration));
}

/** Which drawer (or step) a field is edited in, to link the run drawer's missing-field list. */
export function drawerOfField(field: string, configuration: Configuration): DrawerKind | "asset" {
  const top = field.split(".")[0];
  for (const kind of blocksFor(configuration))
    if (drawerOwnedFields(kind, configuration).includes(top)) return kind;
  if (["revenueStrategies", "foresight", "macroScenarios", "runName"].includes(top)) return "run";
  if (top === "finance") return "finance";
  return "asset";
}

export function stepOfField(field: string, configuration: Configuration): StepName {
  const top = field.split(".")[0];
  for (const s of ["assetDetails", "revenueStrategies", "worldView", "outputNames"] as StepName[]) {
    if (stepOwnedFields(s, configuration).includes(top)) return s;
  }
  return "assetDetails";
}

/** Plain-language names of the fields, for lists of missing fields and the summary panel. */
export const FIELD_LABELS: Record<string, string> = {
  region: "Region",
  foresight: "Foresight",
  configuration: "Configuration",
  assetName: "Asset name",
  addressLine1: "Address line 1",
  addressLine2: "Address line 2",
  city: "City",
  zipCode: "Zip / postcode",
  latitude: "Latitude",
  longitude: "Longitude",
  gspGroup: "GSP group",
  ercotZone: "ERCOT zone",
  nemRegion: "NEM region",
  nodeId: "Node",
  nodeName: "Node",
  tnuosGenerationZone: "TNUoS generation zone",
  maxCycles: "Max cycles per day",
  startDate: "Start date",
  ratedPower: "Rated power",
  duration: "Duration",
  energyCapacity: "Energy capacity",
  connectionType: "Connection type",
  efficiency: "Round-trip efficiency",
  o_efficiency: "Other efficiency",
  maxImport: "Import limit",
  o_maxImport: "Other import limit",
  maxExport: "Export limit",
  o_maxExport: "Other export limit",
  coLocation: "Co-location",
  coupling: "Coupling",
  solarRatedPower: "Solar rated power",
  solarProfileId: "Solar profile",
  windRatedPower: "Wind rated power",
  duos: "DUoS tariffs",
  redBandImportPrice: "Red band import price",
  redBandExportPrice: "Red band export price",
  amberBandImportPrice: "Amber band import price",
  amberBandExportPrice: "Amber band export price",
  greenBandImportPrice: "Green band import price",
  greenBandExportPrice: "Green band export price",
  redBandStartTime: "Red band start",
  redBandEndTime: "Red band end",
  amberBandMorningStartTime: "Amber band morning start",
  amberBandMorningEndTime: "Amber band morning end",
  amberBandEveningStartTime: "Amber band evening start",
  amberBandEveningEndTime: "Amber band evening end",
  amberBandWeekendStartTime: "Amber band weekend start",
  amberBandWeekendEndTime: "Amber band weekend end",
  fixedDailyCharges: "Fixed daily charges",
  dailyFixedCapacityCharges: "Daily fixed capacity charges",
  degradation: "Degradation",
  customDegradationCurveId: "Custom degradation curve",
  repowering: "Re-powering",
  revenueStrategies: "Revenue strategy",
  macroScenarios: "World view",
  runName: "Output file name",
  horizonYears: "Years modelled",
};
