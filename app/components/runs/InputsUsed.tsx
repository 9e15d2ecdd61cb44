// The inputs a run was computed with (the forecast object of spec §3), as a description list.
import styled from "styled-components";
import { theme } from "../theme.ts";
import { strategyLabel } from "./results.ts";

const Dl = styled.dl`
  display: grid;
  grid-template-columns: minmax(10rem, max-content) 1fr;
  gap: 0.35rem 1.5rem;
  margin: 0;
  dt {
    color: ${theme.colour.muted};
  }
  dd {
    margin: 0;
    font-weight: 500;
  }
`;

const CONFIG: Record<string, string> = {
  bess: "Stand-alone BESS",
  solarDCcoupling: "BESS + Solar (DC coupling)",
  solarACcoupling: "BESS + Solar (AC coupling)",
  solar: "Stand-alone Solar",
  wind: "Stand-alone Wind",
};
const DEGRADATION: Record<string, string> = {
  no_degradation: "No degradation applied",
  standard_degradation_curve: "Standard degradation curve",
  custom_degradation_curve: "Custom degradation curve",
};

type F = Record<string, unknown>;
const v = (x: unknown) => (x === undefined || x === null || x === "" ? null : String(x));

const ROWS: { label: string; get: (f: F) => string | null }[] = [
  { label: "Asset name", get: (f) => v(f.assetName) },
  {
    label: "Configuration",
    get: (f) => (f.configuration ? (CONFIG[String(f.configuration)] ?? String(f.configuration)) : null),
  },
  { label: "Region", get: (f) => v(f.region) },
  {
    label: "Address",
    get: (f) => [f.addressLine1, f.addressLine2, f.city, f.zipCode].filter(Boolean).join(", ") || null,
  },
  { label: "GSP group", get: (f) => v(f.gspGroup) },
  { label: "ERCOT zone", get: (f) => v(f.ercotZone) },
  { label: "Node", get: (f) => v(f.nodeName ?? f.nodeId) },
  { label: "Start date", get: (f) => v(f.startDate) },
  { label: "Rated power", get: (f) => (v(f.ratedPower) ? `${f.ratedPower} MW` : null) },
  { label: "Duration", get: (f) => (v(f.duration) ? `${f.duration} h` : null) },
  {
    label: "Energy capacity",
    get: (f) =>
      v(f.energyCapacity)
        ? `${f.energyCapacity} MWh`
        : f.ratedPower && f.duration
          ? `${Number(f.ratedPower) * Number(f.duration)} MWh`
          : null,
  },
  { label: "Max cycles per day", get: (f) => v(f.maxCycles) },
  {
    label: "Connection type",
    get: (f) =>
      f.connectionType ? (f.connectionType === "transmission" ? "Transmission" : "Distribution") : null,
  },
  { label: "TNUoS generation zone", get: (f) => v(f.tnuosGenerationZone) },
  {
    label: "Efficiency",
    get: (f) => (f.efficiency === "other" ? `${f.o_efficiency}%` : f.efficiency ? `${f.efficiency}%` : null),
  },
  {
    label: "Max import",
    get: (f) =>
      f.maxImport === "other" ? `${f.o_maxImport} MW` : f.maxImport ? "Same as rated power of battery" : null,
  },
  {
    label: "Max export",
    get: (f) =>
      f.maxExport === "other" ? `${f.o_maxExport} MW` : f.maxExport ? "Same as rated power of battery" : null,
  },
  {
    label: "Co-location",
    get: (f) =>
      f.coLocation === undefined
        ? null
        : String(f.coLocation) === "true"
          ? "My battery is colocated with solar PV"
          : "My battery is not colocated",
  },
  { label: "Solar rated power", get: (f) => (v(f.solarRatedPower) ? `${f.solarRatedPower} MW` : null) },
  {
    label: "Degradation",
    get: (f) => (f.degradation ? (DEGRADATION[String(f.degradation)] ?? String(f.degradation)) : null),
  },
  { label: "Custom degradation curve", get: (f) => v(f.customDegradationCurveFileName) },
  {
    label: "Re-powering",
    get: (f) => (v(f.repowering) ? `${Number(f.repowering).toLocaleString("en-GB")} cycles` : null),
  },
  {
    label: "DUoS tariff",
    get: (f) => (f.duos === undefined ? null : String(f.duos) === "true" ? "Applied" : "Not applied"),
  },
  {
    label: "Revenue strategies",
    get: (f) =>
      Array.isArray(f.revenueStrategies)
        ? f.revenueStrategies.map((s) => strategyLabel(String(s))).join(", ")
        : null,
  },
];

export function InputsUsed({ forecast, worldView }: { forecast: F; worldView?: string | null }) {
  const rows = ROWS.map((r) => ({ label: r.label, value: r.get(forecast) })).filter((r) => r.value);
  if (worldView) rows.push({ label: "World view", value: worldView });
  return (
    <Dl>
      {rows.map((r) => (
        <div key={r.label} style={{ display: "contents" }}>
          <dt>{r.label}</dt>
          <dd>{r.value}</dd>
        </div>
      ))}
    </Dl>
  );
}
