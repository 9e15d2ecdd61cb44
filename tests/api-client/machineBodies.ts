// A machine body for every region × configuration (issue 28 item 8), typed by the client generated
// from the served description: `tsc -p tests/api-client` compiles them (and refuses the wrong ones
// marked below), and tests/integration/forecastMachineBody.test.ts posts each and expects 201.
import type { components } from "./generated/api.ts";

type S = components["schemas"];
/** Every variant of the served description: a missing body, or a variant the description lacks, does not compile. */
type Variant =
  | "ForecastRunGbBess"
  | "ForecastRunGbSolarDcCoupling"
  | "ForecastRunGbSolarAcCoupling"
  | "ForecastRunGbSolar"
  | "ForecastRunErcotBess"
  | "ForecastRunNemBess"
  | "ForecastRunDeBess"
  | "ForecastRunDeSolar"
  | "ForecastRunDeWind"
  | "ForecastRunEsBess"
  | "ForecastRunEsSolar"
  | "ForecastRunEsWind";
// and each variant is a machine request
const asRequest = (v: S[Variant]): S["ForecastRunMachineRequest"] => v;
void asRequest;

const common = {
  assetName: "Machine body asset",
  zipCode: "AB1 2CD",
  startDate: "2025-01-01",
  horizonYears: 1,
  connectionType: "distribution",
} as const;
const battery = {
  ratedPower: 10,
  duration: 2,
  maxCycles: 1.5,
  efficiency: 90,
  degradation: { type: "standard", repowering: 8000 },
} as const;
const site = { latitude: 51.6, longitude: -1.24 };
const gb = { gspGroup: "_H", tnuosGenerationZone: 19 } as const;

export const MACHINE_BODIES = {
  ForecastRunGbBess: {
    ...common,
    ...gb,
    region: "GB",
    configuration: "bess",
    battery: { ...battery, maxImport: 8 },
    maxExport: 9,
    revenueStrategies: ["energy_only", "energy_with_as"],
    runs: [{ worldView: "gb-central", name: "Machine GB bess" }],
  },
  ForecastRunGbSolarDcCoupling: {
    ...common,
    ...gb,
    region: "GB",
    configuration: "solarDCcoupling",
    site,
    battery,
    solar: { ratedPower: 15 },
    revenueStrategies: ["merchant"],
    runs: [{ worldView: "gb-central", name: "Machine GB DC" }],
  },
  ForecastRunGbSolarAcCoupling: {
    ...common,
    ...gb,
    region: "GB",
    configuration: "solarACcoupling",
    site,
    battery: { ...battery, degradation: { type: "none" } },
    solar: { ratedPower: 15 },
    duos: {
      redBandImportPrice: 10,
      redBandExportPrice: 1,
      amberBandImportPrice: 2,
      amberBandExportPrice: 0.5,
      greenBandImportPrice: 0.1,
      greenBandExportPrice: 0.05,
      redBandStartTime: "16:00",
      redBandEndTime: "19:00",
      amberBandMorningStartTime: "07:00",
      amberBandMorningEndTime: "16:00",
      amberBandEveningStartTime: "19:00",
      amberBandEveningEndTime: "23:00",
      amberBandWeekendStartTime: "16:00",
      amberBandWeekendEndTime: "19:00",
    },
    revenueStrategies: ["energy_only"],
    runs: [{ worldView: "gb-central", name: "Machine GB AC" }],
  },
  ForecastRunGbSolar: {
    ...common,
    ...gb,
    region: "GB",
    configuration: "solar",
    site,
    solar: { ratedPower: 20 },
    revenueStrategies: ["energy_only"],
    runs: [{ worldView: "gb-central", name: "Machine GB solar" }],
  },
  ForecastRunErcotBess: {
    ...common,
    zipCode: "79752",
    region: "ERCOT",
    configuration: "bess",
    ercotZone: "West",
    battery,
    revenueStrategies: ["energy_with_as"],
    runs: [
      { worldView: "ercot-central", name: "Machine ERCOT central" },
      { worldView: "ercot-high", name: "Machine ERCOT high" },
    ],
  },
  ForecastRunNemBess: {
    ...common,
    zipCode: "2000",
    region: "NEM",
    configuration: "bess",
    nemRegion: "Victoria",
    battery,
    revenueStrategies: ["ancillaries"],
    runs: [{ worldView: "nem-central", name: "Machine NEM" }],
  },
  ForecastRunDeBess: {
    ...common,
    zipCode: "10115",
    region: "DE",
    configuration: "bess",
    battery,
    revenueStrategies: ["energy_only"],
    foresight: "perfect",
    runs: [{ worldView: "de-central", name: "Machine DE bess" }],
  },
  ForecastRunDeSolar: {
    ...common,
    zipCode: "10115",
    region: "DE",
    configuration: "solar",
    site: { latitude: 52.5, longitude: 13.4 },
    solar: { ratedPower: 12 },
    revenueStrategies: ["energy_only"],
    runs: [{ worldView: "de-central", name: "Machine DE solar" }],
  },
  ForecastRunDeWind: {
    ...common,
    zipCode: "10115",
    region: "DE",
    configuration: "wind",
    site: { latitude: 53.5, longitude: 8.1 },
    wind: { ratedPower: 30 },
    revenueStrategies: ["energy_only"],
    runs: [{ worldView: "de-high", name: "Machine DE wind" }],
  },
  ForecastRunEsBess: {
    ...common,
    zipCode: "28001",
    region: "ES",
    configuration: "bess",
    battery: { ...battery, availability: 95 },
    revenueStrategies: ["energy_with_as"],
    runs: [{ worldView: "es-central", name: "Machine ES bess" }],
  },
  ForecastRunEsSolar: {
    ...common,
    zipCode: "28001",
    region: "ES",
    configuration: "solar",
    site: { latitude: 40.4, longitude: -3.7 },
    solar: { ratedPower: 12 },
    revenueStrategies: ["energy_only"],
    runs: [{ worldView: "es-central", name: "Machine ES solar" }],
  },
  ForecastRunEsWind: {
    ...common,
    zipCode: "28001",
    region: "ES",
    configuration: "wind",
    site: { latitude: 42.8, longitude: -1.6 },
    wind: { ratedPower: 30 },
    revenueStrategies: ["energy_only"],
    runs: [{ worldView: "es-low", name: "Machine ES wind" }],
  },
} satisfies { [K in Variant]: S[K] };

// The types refuse bodies the API would refuse (each line is a compile error, checked by tsc):
const refusedByTypes: S["ForecastRunMachineRequest"][] = [
  // @ts-expect-error GB needs its GSP group
  { ...MACHINE_BODIES.ForecastRunGbBess, gspGroup: undefined },
  {
    ...MACHINE_BODIES.ForecastRunDeBess,
    // @ts-expect-error a custom degradation curve is ERCOT's only
    battery: { ...battery, degradation: { type: "custom", curveId: "x", repowering: 10 } },
  },
  // @ts-expect-error solar is modelled at its site
  { ...MACHINE_BODIES.ForecastRunEsSolar, site: undefined },
  // @ts-expect-error a battery's rated power is a number, not the form's string
  { ...MACHINE_BODIES.ForecastRunNemBess, battery: { ...battery, ratedPower: "10" } },
  // @ts-expect-error a wind farm has no battery
  { ...MACHINE_BODIES.ForecastRunDeWind, battery },
  // @ts-expect-error a world view of another region
  { ...MACHINE_BODIES.ForecastRunDeBess, runs: [{ worldView: "gb-central", name: "x" }] },
];
void refusedByTypes;
