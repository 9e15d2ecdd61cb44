// What the settings blocks and the stepper's summary panel show: each field's value in words.
import {
  CONFIGURATION_LABELS,
  DEGRADATIONS,
  GSP_GROUPS,
  REGION_LABELS,
  foresightLabel,
  revenueStrategiesFor,
  type Configuration,
  type ForecastRegion,
} from "~/validation/forecast";
import { FIELD_LABELS, drawerOwnedFields, type DrawerKind } from "~/validation/builderSchemas";
import { displayDay } from "../dates.ts";
import { list, names, str, type FormState, type Scenario } from "./state.ts";

export const DRAWER_TITLES: Record<DrawerKind, { title: string; description?: string }> = {
  bessDetails: {
    title: "Battery details",
    description: "Size, cycling, efficiency and degradation of the battery.",
  },
  gridConnection: {
    title: "Grid connection",
    description: "Where the asset connects, its import and export limits, co-location and tariffs.",
  },
  solarGridConnection: {
    title: "Grid connection",
    description: "Where the asset connects, its export limit and tariffs.",
  },
  solarDetails: { title: "Solar details", description: "Size and generation profile of the solar plant." },
  windDetails: { title: "Wind details", description: "Size of the wind farm." },
  draft: {
    title: "Save as draft",
    description: "Keep this forecast to finish later. Nothing needs to be complete.",
  },
  run: {
    title: "Run model",
    description: "Choose the revenue strategy and world views, then name the outputs.",
  },
  finance: {
    title: "Finance (optional)",
    description:
      "Capex, costs, tax, discount rate and debt for the run's investment case. A field left empty takes the market's default, shown with its source.",
  },
};

function valueOf(
  field: string,
  state: FormState,
  region: ForecastRegion | undefined,
  configuration: Configuration,
  scenarios: Scenario[],
): string {
  const v = str(state, field);
  switch (field) {
    case "ratedPower":
    case "solarRatedPower":
    case "windRatedPower":
      return v ? `${v} MW` : "";
    case "duration":
      return v ? `${v} h` : "";
    case "efficiency":
      return v === "other"
        ? str(state, "o_efficiency")
          ? `${str(state, "o_efficiency")}%`
          : "Other"
        : v
          ? `${v}%`
          : "";
    case "maxImport":
    case "maxExport": {
      const o = str(state, `o_${field}`);
      return v === "other" ? (o ? `${o} MW` : "Other") : v === "same" ? "Same as rated power" : "";
    }
    case "connectionType":
      return v ? v[0].toUpperCase() + v.slice(1) : "";
    case "coLocation":
      return v === "true" ? "Co-located with solar PV" : v === "false" ? "Not co-located" : "";
    case "coupling":
      return v === "true" ? "AC coupling" : v === "false" ? "DC coupling" : "";
    case "degradation":
      return DEGRADATIONS.find((d) => d.value === v)?.label ?? "";
    case "repowering":
      return v ? `${Number(v).toLocaleString("en-GB")} cycle${Number(v) === 1 ? "" : "s"}` : "";
    case "gspGroup":
      return GSP_GROUPS.find((g) => g.id === v)?.name ?? v;
    case "duos":
      return v === "true" ? "Applied" : v === "false" ? "Not applied" : "";
    case "startDate":
      return v ? displayDay(v) : "";
    case "region":
      return v ? (REGION_LABELS[v as ForecastRegion] ?? v) : "";
    case "configuration":
      return v ? (CONFIGURATION_LABELS[v as Configuration] ?? v) : "";
    case "revenueStrategies": {
      const offered = region ? revenueStrategiesFor(region, configuration) : [];
      return list(state, field)
        .map((s) => offered.find((o) => o.value === s)?.label ?? s)
        .join(", ");
    }
    case "foresight":
      return v ? foresightLabel(v) : "";
    case "macroScenarios":
      return list(state, field)
        .map((id) => scenarios.find((s) => s.id === id)?.name ?? id)
        .join(", ");
    case "runName":
      return Object.values(names(state)).join(", ");
    case "customDegradationCurveId":
      return str(state, "customDegradationCurveFileName") || (v ? "Uploaded" : "");
    case "solarProfileId":
      return str(state, "solarProfileFileName") || (v ? "Uploaded" : "");
    default:
      return v;
  }
}

const HIDDEN_IN_SUMMARY = new Set([
  "o_efficiency",
  "o_maxImport",
  "o_maxExport",
  "nodeId",
  "customDegradationCurveFileName",
  "latitude",
  "longitude",
  "addressLine2",
]);

/** Label/value pairs of the filled-in fields among `fields`. */
export function summarise(
  fields: readonly string[],
  state: FormState,
  region: ForecastRegion | undefined,
  configuration: Configuration,
  scenarios: Scenario[],
) {
  const out: { label: string; value: string }[] = [];
  for (const f of fields) {
    if (HIDDEN_IN_SUMMARY.has(f)) continue;
    if (
      f.startsWith("redBand") ||
      f.startsWith("amberBand") ||
      f.startsWith("greenBand") ||
      f === "fixedDailyCharges" ||
      f === "dailyFixedCapacityCharges"
    )
      continue;
    const value = valueOf(f, state, region, configuration, scenarios);
    if (value) out.push({ label: FIELD_LABELS[f] ?? f, value });
  }
  return out;
}

export function blockSummary(
  kind: DrawerKind,
  state: FormState,
  region: ForecastRegion | undefined,
  configuration: Configuration,
  scenarios: Scenario[],
) {
  const fields = drawerOwnedFields(kind, configuration);
  const withEnergy = kind === "bessDetails" && str(state, "ratedPower") && str(state, "duration");
  const rows = summarise(fields, state, region, configuration, scenarios);
  if (withEnergy) {
    const mwh = Math.round(Number(str(state, "ratedPower")) * Number(str(state, "duration")) * 1000) / 1000;
    if (Number.isFinite(mwh)) rows.splice(2, 0, { label: FIELD_LABELS.energyCapacity, value: `${mwh} MWh` });
  }
  return rows;
}
