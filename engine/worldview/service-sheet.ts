// The databook's "Services" sheet: what each service price rests on (real clearing prices, or an
// estimate and the published figure behind it), its requirement and what that rests on; and its
// "Service volumes" sheet: per year the storage fleet, the mean requirement and the most a battery
// can sell into each service (its pro-rata share of the requirement; GB varies it by EFA block
// around that mean). Two tables, two sheets: each prints with its own header.
import type ExcelJS from "exceljs";
import { ONE_DECIMAL, TWO_DECIMALS, WHOLE, addTable } from "../workbook/tableSheet.ts";
import type { ServiceKey } from "../types.ts";
import { REGIONS } from "../markets/regions.ts";
import { servicesFor } from "../markets/services/rules.ts";
import { moneyBasisLabel } from "../markets/money.ts";
import { requirementMW, SERVICE_LEVELS, serviceVolumeShares } from "./ancillary.ts";
import { serviceFleetGW, variableRenewablesGW } from "./world-view.ts";
import { BASE_YEAR, FIRST_YEAR, LAST_YEAR, type Scenario } from "./scenarios.ts";

/** The "Services" sheet (one row per service) and the "Service volumes" sheet (one row per year). */
export function addServicesSheets(wb: ExcelJS.Workbook, scen: Scenario): void {
  const region = scen.marketRegion;
  const cur = REGIONS[region].currency;
  const levels = SERVICE_LEVELS[region].services;
  const keys = REGIONS[region].services.filter((k) => levels[k]) as ServiceKey[];
  const labels = new Map(servicesFor(region).map((r) => [r.key, r]));
  const gw = (y: number) => variableRenewablesGW(region, scen, y);
  addTable(
    wb,
    "Services",
    [
      { header: "Service", width: 8 },
      { header: "Name", width: 14, maxWidth: 24, wrap: true },
      { header: "Direction", width: 9 },
      { header: `Requirement (MW, ${BASE_YEAR} → ${LAST_YEAR})`, width: 12, maxWidth: 16, wrap: true },
      { header: "Estimate", width: 8 },
      {
        header: `Price basis (availability prices in ${cur}/MW/h, ${moneyBasisLabel(cur)})`,
        width: 30,
        maxWidth: 60,
        wrap: true,
      },
      { header: "Requirement basis", width: 30, maxWidth: 60, wrap: true },
    ],
    keys.map((k) => {
      const s = levels[k]!;
      return [
        k,
        labels.get(k)?.label ?? k,
        labels.get(k)?.direction ?? "",
        `${Math.round(requirementMW(s, BASE_YEAR, gw))} → ${Math.round(requirementMW(s, LAST_YEAR, gw))}${s.requirement.byBlock ? " (varies by 4-hour block)" : ""}`,
        s.estimate ? "estimate" : "",
        s.basis,
        `${s.requirement.source}; after the data: ${s.requirement.after === "fixed" ? "held (sized on the largest loss)" : "grows with √(wind + solar capacity) of this world view"}`,
      ];
    }),
    1,
  );
  const rows: ExcelJS.CellValue[][] = [];
  for (let y = FIRST_YEAR; y <= LAST_YEAR; y++) {
    const fleet = serviceFleetGW(region, scen, y);
    const share = serviceVolumeShares(region, fleet, keys, y, gw);
    rows.push([
      y,
      +fleet.toFixed(2),
      ...keys.map((k) => Math.round(requirementMW(levels[k]!, y, gw))),
      ...keys.map((k) => +(100 * (share[k] ?? 1)).toFixed(1)),
    ]);
  }
  addTable(
    wb,
    "Service volumes",
    [
      { header: "Year", width: 6, centred: true },
      { header: "Storage fleet (GW)", numFmt: TWO_DECIMALS, width: 9 },
      ...keys.map((k) => ({ header: `${k}: requirement (MW, mean)`, numFmt: WHOLE, width: 9 })),
      ...keys.map((k) => ({
        header: `${k}: most a battery sells (% of its power, mean)`,
        numFmt: ONE_DECIMAL,
        width: 9,
      })),
    ],
    rows,
    1,
  );
}
