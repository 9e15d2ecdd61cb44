// The databook's "Services" sheet: what each service price rests on (real clearing prices, or an
// estimate and the published figure behind it), its requirement and what that rests on, and per
// year the storage fleet, the mean requirement and the most a battery can sell into each service
// (its pro-rata share of the requirement; GB varies it by EFA block around that mean).
import type ExcelJS from "exceljs";
import type { ServiceKey } from "../types.ts";
import { REGIONS } from "../markets/regions.ts";
import { servicesFor } from "../markets/services/rules.ts";
import { moneyBasisLabel } from "../markets/money.ts";
import { requirementMW, SERVICE_LEVELS, serviceVolumeShares } from "./ancillary.ts";
import { serviceFleetGW, variableRenewablesGW } from "./world-view.ts";
import { BASE_YEAR, FIRST_YEAR, LAST_YEAR, type Scenario } from "./scenarios.ts";

export function addServicesSheet(wb: ExcelJS.Workbook, scen: Scenario): void {
  const region = scen.marketRegion;
  const cur = REGIONS[region].currency;
  const levels = SERVICE_LEVELS[region].services;
  const keys = REGIONS[region].services.filter((k) => levels[k]) as ServiceKey[];
  const labels = new Map(servicesFor(region).map((r) => [r.key, r]));
  const gw = (y: number) => variableRenewablesGW(region, scen, y);
  const ws = wb.addWorksheet("Services");
  ws.columns = [
    { width: 14 },
    { width: 34 },
    { width: 12 },
    { width: 18 },
    { width: 12 },
    { width: 110 },
    { width: 110 },
  ];
  ws.addRow([
    "Service",
    "Name",
    "Direction",
    `Requirement (MW, ${BASE_YEAR} → ${LAST_YEAR})`,
    "Estimate",
    `Price basis (availability prices in ${cur}/MW/h, ${moneyBasisLabel(cur)})`,
    "Requirement basis",
  ]).font = { bold: true };
  for (const k of keys) {
    const s = levels[k]!;
    ws.addRow([
      k,
      labels.get(k)?.label ?? k,
      labels.get(k)?.direction ?? "",
      `${Math.round(requirementMW(s, BASE_YEAR, gw))} → ${Math.round(requirementMW(s, LAST_YEAR, gw))}${s.requirement.byBlock ? " (varies by 4-hour block)" : ""}`,
      s.estimate ? "estimate" : "",
      s.basis,
      `${s.requirement.source}; after the data: ${s.requirement.after === "fixed" ? "held (sized on the largest loss)" : "grows with √(wind + solar capacity) of this world view"}`,
    ]);
  }
  ws.addRow([]);
  ws.addRow([
    "Year",
    "Storage fleet (GW)",
    ...keys.map((k) => `${k}: requirement (MW, mean)`),
    ...keys.map((k) => `${k}: most a battery sells (% of its power, mean)`),
  ]).font = { bold: true };
  for (let y = FIRST_YEAR; y <= LAST_YEAR; y++) {
    const fleet = serviceFleetGW(region, scen, y);
    const share = serviceVolumeShares(region, fleet, keys, y, gw);
    ws.addRow([
      y,
      +fleet.toFixed(2),
      ...keys.map((k) => Math.round(requirementMW(levels[k]!, y, gw))),
      ...keys.map((k) => +(100 * (share[k] ?? 1)).toFixed(1)),
    ]);
  }
}
