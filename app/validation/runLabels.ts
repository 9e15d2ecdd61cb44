// A run's results and inputs in the words users read them, for the run page and the result
// workbook alike (one place for each label): streams, strategies, and the inputs a run was
// computed with as label/value rows — no raw codes, no JSON, no battery rows on a run without one.
import {
  CONFIGURATION_LABELS,
  CONFIGURATIONS,
  GSP_GROUPS,
  REGION_LABELS,
  REVENUE_STRATEGIES,
  hasBattery,
  hasSolar,
  type Configuration,
  type ForecastRegion,
} from "./forecast.ts";

export const STREAM_LABELS: Record<string, string> = {
  wholesale: "Wholesale",
  imbalance: "Imbalance",
  bm: "Balancing Mechanism",
  services: "Ancillary services",
  capacityMarket: "Capacity market",
  generation: "Generation",
  duosUnitCharges: "DUoS unit charges",
  duosFixedCharges: "DUoS fixed charges",
  tnuos: "TNUoS",
};
export const streamLabel = (k: string) => STREAM_LABELS[k] ?? k;

interface BalancingMechanismYear {
  dispatchRate: number;
  dispatchRateSource: string;
  priceSource: string;
}

/**
 * What the GB Balancing Mechanism stream rests on (decision 0140), as the run page and the result
 * workbook state it: the dispatch rate and its source, and where the BM price comes from.
 */
export function balancingMechanismNote(
  years: { balancingMechanism?: BalancingMechanismYear }[],
): string | null {
  const bm = years.flatMap((y) => (y.balancingMechanism ? [y.balancingMechanism] : []));
  if (!bm.length) return null;
  const unique = (xs: string[]) => [...new Set(xs)];
  const rates = unique(bm.map((b) => `${Math.round(b.dispatchRate * 1000) / 10} %`));
  return (
    `Balancing Mechanism: accepted offers (discharge more) and bids (charge more) from the headroom the day-ahead and service positions leave, at a dispatch rate of ${rates.join(" / ")} of that headroom. ` +
    `Dispatch rate: ${unique(bm.map((b) => b.dispatchRateSource)).join("; ")}. ` +
    `BM price: ${unique(bm.map((b) => b.priceSource)).join("; ")}.`
  );
}

export const STRATEGY_LABELS: Record<string, string> = {
  energy_with_as: "Energy with AS",
  energy_only: "Energy Only",
  merchant: "Merchant/energy focus",
  ancillaries: "Ancillary services focus",
};
/** A strategy's name as the builder offered it in the run's region (NEM "ancillaries" is "Energy + FCAS"). */
export const strategyLabel = (k: string, region?: string) =>
  REVENUE_STRATEGIES[region as ForecastRegion]?.find((s) => s.value === k)?.label ?? STRATEGY_LABELS[k] ?? k;

export const DEGRADATION_LABELS: Record<string, string> = {
  no_degradation: "No degradation applied",
  standard_degradation_curve: "Standard degradation curve",
  custom_degradation_curve: "Custom degradation curve",
};

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** '2025-01-01' → '01 Jan 2025' (the product's date format); anything else as it is. */
export function formatDay(value: unknown): string | null {
  if (value === undefined || value === null || value === "") return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value));
  return m ? `${m[3]} ${MONTHS[Number(m[2]) - 1]} ${m[1]}` : String(value);
}

/** The configuration of a forecast object (its own field, or its run asset's). */
export function configurationOf(f: Record<string, unknown>): Configuration | null {
  const c = f.configuration ?? (f.runAsset as { configuration?: unknown } | undefined)?.configuration;
  return (CONFIGURATIONS as readonly unknown[]).includes(c) ? (c as Configuration) : null;
}

type F = Record<string, unknown>;
const v = (x: unknown) => (x === undefined || x === null || x === "" ? null : String(x));

/**
 * A number and its unit: the run page reads it as text ("50 MW", "88%"), the workbook as a number
 * with its unit in a column of its own. `unitInText: false` where the label already says it
 * ("Max cycles per day": 1.5).
 */
interface Amount {
  amount: number;
  unit: string;
  unitInText?: boolean;
}
type Value = string | Amount | null;
const num = (x: unknown, unit: string, unitInText = true): Value => {
  const s = v(x);
  return s === null || !Number.isFinite(Number(s)) ? s : { amount: Number(s), unit, unitInText };
};
const textOf = (a: Amount) => {
  const n = a.amount.toLocaleString("en-GB", { maximumFractionDigits: 3 });
  if (a.unitInText === false) return n;
  return a.unit === "%" ? `${n}%` : `${n} ${a.unit}`;
};

interface Row {
  label: string;
  get: (f: F) => Value;
  /** Shown only for these regions. */
  regions?: ForecastRegion[];
  /** Shown only when the asset has this part. */
  needs?: "battery" | "solar" | "wind";
}

const ROWS: Row[] = [
  { label: "Asset name", get: (f) => v(f.assetName) },
  {
    label: "Configuration",
    get: (f) => {
      const c = configurationOf(f);
      return c ? CONFIGURATION_LABELS[c] : null;
    },
  },
  {
    label: "Region",
    get: (f) => (f.region ? (REGION_LABELS[f.region as ForecastRegion] ?? v(f.region)) : null),
  },
  {
    label: "Address",
    // "Adelaide, SA 5001": the postal code after the place, as addresses are written.
    get: (f) =>
      [[f.addressLine1, f.addressLine2, f.city].filter(Boolean).join(", "), f.zipCode]
        .filter(Boolean)
        .join(" ") || null,
  },
  {
    label: "GSP group",
    regions: ["GB"],
    get: (f) => GSP_GROUPS.find((x) => x.id === f.gspGroup)?.name ?? v(f.gspGroup),
  },
  { label: "NEM region", regions: ["NEM"], get: (f) => v(f.nemRegion) },
  { label: "ERCOT zone", regions: ["ERCOT"], get: (f) => v(f.ercotZone) },
  { label: "Node", regions: ["ERCOT"], get: (f) => v(f.nodeName ?? f.nodeId) },
  { label: "Start date", get: (f) => formatDay(f.startDate) },
  { label: "Forecast years", get: (f) => num(f.horizonYears, "years", false) },
  { label: "Rated power", needs: "battery", get: (f) => num(f.ratedPower, "MW") },
  { label: "Duration", needs: "battery", get: (f) => num(f.duration, "h") },
  {
    label: "Energy capacity",
    needs: "battery",
    get: (f) =>
      v(f.energyCapacity)
        ? num(f.energyCapacity, "MWh")
        : f.ratedPower && f.duration
          ? num(Number(f.ratedPower) * Number(f.duration), "MWh")
          : null,
  },
  { label: "Max cycles per day", needs: "battery", get: (f) => num(f.maxCycles, "cycles per day", false) },
  { label: "Solar rated power", needs: "solar", get: (f) => num(f.solarRatedPower, "MW") },
  {
    label: "Coupling",
    needs: "solar",
    get: (f) =>
      f.coupling === undefined || configurationOf(f) === "solar"
        ? null
        : String(f.coupling) === "true"
          ? "AC coupling"
          : "DC coupling",
  },
  { label: "Wind rated power", needs: "wind", get: (f) => num(f.windRatedPower, "MW") },
  {
    label: "Connection type",
    get: (f) =>
      f.connectionType ? (f.connectionType === "transmission" ? "Transmission" : "Distribution") : null,
  },
  { label: "TNUoS generation zone", regions: ["GB"], get: (f) => v(f.tnuosGenerationZone) },
  {
    label: "Efficiency",
    needs: "battery",
    get: (f) => num(f.efficiency === "other" ? f.o_efficiency : f.efficiency, "%"),
  },
  {
    label: "Max import",
    needs: "battery",
    get: (f) =>
      f.maxImport === "other"
        ? num(f.o_maxImport, "MW")
        : f.maxImport
          ? "Same as rated power of battery"
          : null,
  },
  {
    label: "Max export",
    needs: "battery",
    get: (f) =>
      f.maxExport === "other"
        ? num(f.o_maxExport, "MW")
        : f.maxExport
          ? "Same as rated power of battery"
          : null,
  },
  {
    label: "Co-location",
    needs: "battery",
    get: (f) =>
      f.coLocation === undefined
        ? null
        : String(f.coLocation) === "true"
          ? "My battery is colocated with solar PV"
          : "My battery is not colocated",
  },
  {
    label: "Degradation",
    needs: "battery",
    get: (f) => (f.degradation ? (DEGRADATION_LABELS[String(f.degradation)] ?? String(f.degradation)) : null),
  },
  { label: "Custom degradation curve", needs: "battery", get: (f) => v(f.customDegradationCurveFileName) },
  {
    label: "Re-powering",
    needs: "battery",
    get: (f) => num(f.repowering, "cycles"),
  },
  {
    label: "DUoS tariff",
    regions: ["GB"],
    get: (f) => (f.duos === undefined ? null : String(f.duos) === "true" ? "Applied" : "Not applied"),
  },
  {
    label: "Revenue strategies",
    get: (f) =>
      Array.isArray(f.revenueStrategies)
        ? f.revenueStrategies.map((s) => strategyLabel(String(s), String(f.region))).join(", ")
        : null,
  },
];

/** An input as the run page shows it (`value`) and, where it is a number, its amount and unit. */
export interface InputRow {
  label: string;
  value: string;
  amount?: number;
  unit?: string;
}

/** The inputs of a forecast object as label/value rows (empty values left out). */
export function forecastInputRows(forecast: F): InputRow[] {
  const region = forecast.region as ForecastRegion | undefined;
  const c = configurationOf(forecast);
  const has = {
    battery: c ? hasBattery(c) : true,
    solar: c ? hasSolar(c) : false,
    wind: c === "wind",
  };
  return ROWS.filter(
    (r) => (!r.regions || !region || r.regions.includes(region)) && (!r.needs || has[r.needs]),
  ).flatMap((r): InputRow[] => {
    const x = r.get(forecast);
    if (x === null) return [];
    if (typeof x === "string") return [{ label: r.label, value: x }];
    return [{ label: r.label, value: textOf(x), amount: x.amount, unit: x.unit }];
  });
}
