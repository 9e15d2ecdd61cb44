// The validated forecast object (app/validation/forecast.ts) → the engine's input
// (engine/forecast/types.ts ForecastInput), with the uploaded curve and profile resolved.
import type { ForecastInput } from "../../engine/forecast/types.ts";
import { DEFAULT_FORESIGHT, hasBattery, LIMITS, type Forecast } from "../../app/validation/forecast.ts";

export interface Uploads {
  degradationCurve?: { cycles: number[]; retention: number[] };
  /** Hourly capacity factors (0–1). */
  solarProfile?: number[];
}

export function toEngineInput(f: Forecast, scenarioId: string, uploads: Uploads = {}): ForecastInput {
  const battery = hasBattery(f.configuration);
  // A stand-alone BESS declared co-located with solar is modelled with its solar (AC or DC coupled).
  let configuration = f.configuration;
  if (configuration === "bess" && f.coLocation === "true" && f.solarRatedPower) {
    configuration = f.coupling === "false" ? "solarDCcoupling" : "solarACcoupling";
  }
  const generationRated = configuration === "wind" ? f.windRatedPower : f.solarRatedPower;
  const input: ForecastInput = {
    configuration,
    region: f.region,
    ratedPower: battery ? f.ratedPower! : (generationRated ?? 1),
    duration: f.duration ?? 2,
    efficiency: f.efficiency === "other" ? "other" : LIMITS.defaultEfficiency,
    o_efficiency: f.o_efficiency,
    maxImport: f.maxImport ?? "same",
    o_maxImport: f.o_maxImport,
    maxExport: f.maxExport,
    o_maxExport: f.o_maxExport,
    maxCycles: f.maxCycles ?? 1,
    startDate: f.startDate,
    assetLifeYears: f.horizonYears ?? LIMITS.defaultHorizonYears,
    revenueStrategies: f.revenueStrategies as ForecastInput["revenueStrategies"],
    foresight: f.foresight ?? DEFAULT_FORESIGHT,
    macroScenarios: [scenarioId],
    degradation: battery ? (f.degradation ?? "no_degradation") : "no_degradation",
    customDegradationCurve:
      f.degradation === "custom_degradation_curve" ? uploads.degradationCurve : undefined,
    repowering: f.repowering ?? LIMITS.defaultRepowering,
    availability: battery ? (f.availability ?? LIMITS.defaultAvailability) : 100,
    coLocation: f.coLocation === "true",
    coupling: f.coupling === undefined ? undefined : f.coupling === "true",
    solarRatedPower: f.solarRatedPower,
    windRatedPower: f.windRatedPower,
    latitude: f.latitude,
    longitude: f.longitude,
    generationProfile: uploads.solarProfile
      ? { intervalMinutes: 60, values: uploads.solarProfile }
      : undefined,
    duos: f.duos === "true",
    duosTariff:
      f.duos === "true"
        ? {
            redBandImportPrice: f.redBandImportPrice!,
            redBandExportPrice: f.redBandExportPrice!,
            amberBandImportPrice: f.amberBandImportPrice!,
            amberBandExportPrice: f.amberBandExportPrice!,
            greenBandImportPrice: f.greenBandImportPrice!,
            greenBandExportPrice: f.greenBandExportPrice!,
            redBandStartTime: f.redBandStartTime!,
            redBandEndTime: f.redBandEndTime!,
            amberBandMorningStartTime: f.amberBandMorningStartTime!,
            amberBandMorningEndTime: f.amberBandMorningEndTime!,
            amberBandEveningStartTime: f.amberBandEveningStartTime!,
            amberBandEveningEndTime: f.amberBandEveningEndTime!,
            amberBandWeekendStartTime: f.amberBandWeekendStartTime!,
            amberBandWeekendEndTime: f.amberBandWeekendEndTime!,
            fixedDailyCharges: f.fixedDailyCharges ?? 0,
            dailyFixedCapacityCharges: f.dailyFixedCapacityCharges ?? 0,
          }
        : undefined,
    connectionType: f.connectionType,
    tnuosGenerationZone: f.tnuosGenerationZone,
  };
  return input;
}

const NEM_PRICE_REGION: Record<string, string> = {
  "Central New South Wales": "NSW1",
  "North New South Wales": "NSW1",
  "South New South Wales": "NSW1",
  "Central Queensland": "QLD1",
  "North Queensland": "QLD1",
  "South Queensland": "QLD1",
  "South Australia": "SA1",
  Tasmania: "TAS1",
  Victoria: "VIC1",
};

/** The world-view zone of the asset: its ERCOT load zone or NEM price region. */
export function worldViewZone(f: Forecast): string | undefined {
  if (f.region === "ERCOT" && f.ercotZone) return f.ercotZone.toUpperCase();
  if (f.region === "NEM" && f.nemRegion) return NEM_PRICE_REGION[f.nemRegion];
  return undefined;
}
