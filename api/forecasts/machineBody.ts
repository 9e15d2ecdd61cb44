// The forecast body for machines (issue 28 item 8, decision 0020): one variant per region ×
// configuration, with real booleans and numbers, and every requirement that depends on the region or
// the configuration written into the variant's shape instead of the form's prose. A caller's typed
// client (generated from the served description) then compiles only bodies of a real variant.
// Each variant is mapped onto the web form's shape (`toFormBody`), so both go through the one set of
// rules (`forecastSchema`) and the one engine path.
import type { ZodTypeAny } from "zod";
import { z } from "../zod.ts";
import {
  CONFIGURATIONS_BY_REGION,
  ERCOT_ZONES,
  FORECAST_REGIONS,
  GSP_GROUPS,
  LIMITS,
  MESSAGES,
  NEM_REGIONS,
  TARIFF_FIXED_FIELDS,
  TARIFF_PRICE_FIELDS,
  TARIFF_TIME_FIELDS,
  hasBattery,
  hasSolar,
  isCoupled,
  revenueStrategiesFor,
  type Configuration,
  type ForecastRegion,
} from "../../app/validation/forecast.ts";
import { financeRequestSchema } from "../../app/validation/finance.ts";
import { scenariosFor } from "./scenarios.ts";

const between = (lo: number, hi: number) => z.number().min(lo).max(hi);
const enumOf = (values: readonly string[]) => z.enum(values as [string, ...string[]]);

/** Every region × configuration the builder offers: one body variant each. */
const MACHINE_VARIANTS: { region: ForecastRegion; configuration: Configuration }[] = FORECAST_REGIONS.flatMap(
  (region) => CONFIGURATIONS_BY_REGION[region].map((configuration) => ({ region, configuration })),
);

/** The component name of a variant in the description, e.g. ForecastRunGbSolarAcCoupling. */
const variantName = (region: ForecastRegion, configuration: Configuration) => {
  const words = configuration.replace("ACcoupling", "AcCoupling").replace("DCcoupling", "DcCoupling");
  return `ForecastRun${region[0]}${region.slice(1).toLowerCase()}${words[0].toUpperCase()}${words.slice(1)}`;
};

const site = z
  .object({
    latitude: between(-90, 90).describe(`Error: "${MESSAGES.latitude}"`),
    longitude: between(-180, 180).describe(`Error: "${MESSAGES.longitude}"`),
  })
  .describe("Where the asset stands: its solar or wind output is modelled there");

const degradation = (region: ForecastRegion) => {
  const none = z.object({ type: z.literal("none") });
  const standard = z.object({
    type: z.literal("standard"),
    repowering: z
      .number()
      .int()
      .min(LIMITS.repoweringStandard[0])
      .max(LIMITS.repoweringStandard[1])
      .describe(`Cycles before repowering. Error: "${MESSAGES.repoweringStandard}"`),
  });
  const custom = z.object({
    type: z.literal("custom"),
    curveId: z
      .string()
      .min(1)
      .describe("An uploaded curve of yours (POST /forecast/run-library/degradation-curve/)"),
    repowering: z
      .number()
      .int()
      .min(LIMITS.repoweringCustom[0])
      .max(LIMITS.repoweringCustom[1])
      .describe(`Cycles before repowering. Error: "${MESSAGES.repoweringCustom}"`),
  });
  // A custom curve is offered only for ERCOT (spec §5).
  return region === "ERCOT"
    ? z.discriminatedUnion("type", [none, standard, custom])
    : z.discriminatedUnion("type", [none, standard]);
};

const battery = (region: ForecastRegion) =>
  z
    .object({
      ratedPower: between(...LIMITS.ratedPower).describe(`MW. Error: "${MESSAGES.ratedPower}"`),
      duration: between(...LIMITS.durationWithFlag).describe(
        `Hours: up to 6, or 8 with the extended-duration feature. Errors: "${MESSAGES.duration6}", "${MESSAGES.duration8}"`,
      ),
      maxCycles: between(...LIMITS.maxCycles).describe(`Cycles per day. Error: "${MESSAGES.maxCycles}"`),
      efficiency: between(...LIMITS.efficiency)
        .optional()
        .describe(`Round-trip efficiency, percent (default ${LIMITS.defaultEfficiency})`),
      maxImport: between(...LIMITS.importExport)
        .optional()
        .describe("MW the site may import (default: the rated power)"),
      availability: between(...LIMITS.availability)
        .optional()
        .describe(`Percent of the year in service (default ${LIMITS.defaultAvailability})`),
      degradation: degradation(region),
    })
    .describe("The battery");

const duos = z
  .object({
    ...Object.fromEntries(
      TARIFF_PRICE_FIELDS.map((f) => [f, between(...LIMITS.tariffPrice).describe("p/kWh")]),
    ),
    ...Object.fromEntries(
      TARIFF_TIME_FIELDS.map((f) => [
        f,
        z
          .string()
          .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
          .describe("HH:MM"),
      ]),
    ),
    ...Object.fromEntries(TARIFF_FIXED_FIELDS.map((f) => [f, between(...LIMITS.fixedCharge).optional()])),
  } as Record<string, ZodTypeAny>)
  .describe("DUoS tariffs (GB): the band prices and times; absent = no DUoS");

/** The body of one region × configuration. */
function variant(region: ForecastRegion, configuration: Configuration) {
  const strategies = revenueStrategiesFor(region, configuration).map((s) => s.value);
  const worldViews = scenariosFor(region, configuration).map((s) => s.id);
  const generation = configuration !== "bess";
  return z
    .object({
      region: z.literal(region),
      configuration: z.literal(configuration),
      assetName: z.string().trim().min(1).max(LIMITS.assetName),
      addressLine1: z.string().max(LIMITS.address).optional(),
      addressLine2: z.string().max(LIMITS.address).optional(),
      city: z.string().max(LIMITS.city).optional(),
      zipCode: z.string().trim().min(1).max(LIMITS.zipCode),
      site: generation ? site : site.optional(),
      ...(region === "GB"
        ? {
            gspGroup: enumOf(GSP_GROUPS.map((g) => g.id)).describe(
              `GSP group: ${GSP_GROUPS.map((g) => `${g.id} ${g.name}`).join(", ")}`,
            ),
            tnuosGenerationZone: z
              .number()
              .int()
              .min(1)
              .max(27)
              .describe(
                `TNUoS generation zone (1–27); charged when transmission-connected or from ${LIMITS.transmissionFromMW} MW`,
              ),
            duos: duos.optional(),
          }
        : {}),
      ...(region === "ERCOT"
        ? {
            ercotZone: z.enum(ERCOT_ZONES),
            nodeId: z.string().optional().describe("A settlement point (/forecast/run-library/ercot-node/)"),
          }
        : {}),
      ...(region === "NEM" ? { nemRegion: z.enum(NEM_REGIONS) } : {}),
      startDate: z
        .string()
        .date()
        .describe(
          `YYYY-MM-DD, on or after ${LIMITS.minStartDate}; the years modelled must end within the world views`,
        ),
      horizonYears: z
        .number()
        .int()
        .min(LIMITS.horizonYears[0])
        .max(LIMITS.horizonYears[1])
        .optional()
        .describe(`Years modelled (default ${LIMITS.defaultHorizonYears})`),
      connectionType: z.enum(["distribution", "transmission"]),
      maxExport: between(...LIMITS.importExport)
        .optional()
        .describe("MW the site may export (default: the rated power)"),
      ...(hasBattery(configuration) ? { battery: battery(region) } : {}),
      ...(hasSolar(configuration)
        ? {
            solar: z.object({
              ratedPower: between(...LIMITS.solarRatedPower).describe("MWp"),
              profileId: z
                .string()
                .optional()
                .describe("An uploaded solar profile of yours (instead of the modelled output)"),
            }),
          }
        : {}),
      ...(configuration === "wind"
        ? { wind: z.object({ ratedPower: between(...LIMITS.windRatedPower).describe("MW") }) }
        : {}),
      revenueStrategies: z.array(enumOf(strategies)).min(1),
      foresight: z.enum(["realistic", "perfect"]).optional(),
      runs: z
        .array(
          z.object({
            worldView: enumOf(worldViews).describe("A world view of this region and configuration"),
            name: z.string().trim().min(1).max(LIMITS.runName).describe("The run's name"),
          }),
        )
        .min(1)
        .describe("One run per world view"),
      finance: financeRequestSchema.optional(),
    })
    .strict()
    .openapi(variantName(region, configuration), {
      description: `A ${region} ${configuration} forecast.`,
    });
}

const VARIANTS = new Map(
  MACHINE_VARIANTS.map(({ region, configuration }) => [
    `${region}/${configuration}`,
    variant(region, configuration),
  ]),
);

/** The machine body as described: a union of the variants, told apart by region and configuration. */
export const forecastMachineBody = z
  .union([...VARIANTS.values()] as unknown as [ZodTypeAny, ZodTypeAny, ...ZodTypeAny[]])
  .openapi("ForecastRunMachineRequest", {
    description:
      "A forecast for machines: one shape per `region` × `configuration`, real booleans and numbers, and each field a variant needs required by its schema. Checked further only where a type cannot say it: ranges, a start year whose years run past the world views, uploads that are not yours, your subscription.",
  });

/**
 * The variant a body names: parsed against it alone, so errors name the body's own fields
 * (`battery.ratedPower`) rather than those of every variant. A region or configuration not offered is
 * named as such.
 */
export function machineVariantOf(
  body: unknown,
): { ok: true; schema: ZodTypeAny } | { ok: false; errors: Record<string, string[]> } {
  const b = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const region = b.region as ForecastRegion;
  if (!FORECAST_REGIONS.includes(region)) return { ok: false, errors: { region: [MESSAGES.region] } };
  const schema = VARIANTS.get(`${region}/${String(b.configuration)}`);
  if (!schema) return { ok: false, errors: { configuration: [MESSAGES.configurationRegion] } };
  return { ok: true, schema };
}

// checked by the variant's schema just before
type Parsed = Record<string, any>;

/** The web form's shape of a parsed machine body (what `forecastSchema` reads). */
export function toFormBody(m: Parsed): Record<string, unknown> {
  const out: Record<string, unknown> = {
    region: m.region,
    configuration: m.configuration,
    assetName: m.assetName,
    addressLine1: m.addressLine1,
    addressLine2: m.addressLine2,
    city: m.city,
    zipCode: m.zipCode,
    latitude: m.site?.latitude,
    longitude: m.site?.longitude,
    gspGroup: m.gspGroup,
    tnuosGenerationZone: m.tnuosGenerationZone === undefined ? undefined : String(m.tnuosGenerationZone),
    ercotZone: m.ercotZone,
    nodeId: m.nodeId,
    nemRegion: m.nemRegion,
    startDate: m.startDate,
    horizonYears: m.horizonYears,
    connectionType: m.connectionType,
    maxExport: m.maxExport === undefined ? "same" : "other",
    o_maxExport: m.maxExport,
    revenueStrategies: m.revenueStrategies,
    foresight: m.foresight,
    macroScenarios: m.runs.map((r: { worldView: string }) => r.worldView),
    runName: Object.fromEntries(
      m.runs.map((r: { worldView: string; name: string }) => [r.worldView, r.name]),
    ),
    finance: m.finance,
  };
  const b = m.battery;
  if (b) {
    Object.assign(out, {
      ratedPower: b.ratedPower,
      duration: b.duration,
      maxCycles: b.maxCycles,
      efficiency: b.efficiency === undefined || b.efficiency === LIMITS.defaultEfficiency ? "88" : "other",
      o_efficiency: b.efficiency,
      maxImport: b.maxImport === undefined ? "same" : "other",
      o_maxImport: b.maxImport,
      availability: b.availability,
      degradation: {
        none: "no_degradation",
        standard: "standard_degradation_curve",
        custom: "custom_degradation_curve",
      }[b.degradation.type as "none" | "standard" | "custom"],
      repowering: b.degradation.repowering,
      customDegradationCurveId: b.degradation.curveId,
    });
    // A stand-alone battery is not co-located; the coupled configurations say AC ("true") or DC.
    if (m.configuration === "bess") out.coLocation = "false";
    if (isCoupled(m.configuration)) out.coupling = m.configuration === "solarACcoupling" ? "true" : "false";
  }
  if (m.solar) {
    out.solarRatedPower = m.solar.ratedPower;
    out.solarProfileId = m.solar.profileId;
  }
  if (m.wind) out.windRatedPower = m.wind.ratedPower;
  if (m.duos) Object.assign(out, m.duos, { duos: "true" });
  else if (m.region === "GB") out.duos = "false";
  return out;
}

/** Where a form field of the rules lives in the machine body (so a refusal names the caller's field). */
const MACHINE_FIELD: Record<string, string> = {
  latitude: "site.latitude",
  longitude: "site.longitude",
  ratedPower: "battery.ratedPower",
  duration: "battery.duration",
  maxCycles: "battery.maxCycles",
  o_efficiency: "battery.efficiency",
  efficiency: "battery.efficiency",
  o_maxImport: "battery.maxImport",
  maxImport: "battery.maxImport",
  o_maxExport: "maxExport",
  availability: "battery.availability",
  degradation: "battery.degradation",
  repowering: "battery.degradation.repowering",
  customDegradationCurveId: "battery.degradation.curveId",
  solarRatedPower: "solar.ratedPower",
  solarProfileId: "solar.profileId",
  windRatedPower: "wind.ratedPower",
  macroScenarios: "runs",
  ...Object.fromEntries(
    [...TARIFF_PRICE_FIELDS, ...TARIFF_TIME_FIELDS, ...TARIFF_FIXED_FIELDS].map((f) => [f, `duos.${f}`]),
  ),
};

/** The errors of the rules (form field names) renamed to the machine body's fields. */
export function machineErrors(errors: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const name = field.startsWith("runName.") ? "runs" : (MACHINE_FIELD[field] ?? field);
    (out[name] ??= []).push(...messages);
  }
  return out;
}
