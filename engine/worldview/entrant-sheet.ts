// The databook's "New-entrant economics" sheet (issue 26 item 5, decision 0240): per year and
// duration what a new battery earns by stream, what it costs, its IRR over its life against the
// hurdle, the storage built against the published plan and the policy input that holds it; and its
// "New-entrant references" sheet: the published figures beside ours (shown, never targeted).
// Two tables, two sheets: each prints with its own header.
import type ExcelJS from "exceljs";
import { ONE_DECIMAL, TWO_DECIMALS, WHOLE, addTable } from "../workbook/tableSheet.ts";
import { REGIONS } from "../markets/regions.ts";
import { moneyBasisLabel } from "../markets/money.ts";
import type { Scenario } from "./scenarios.ts";
import { EconomicsNotDerivedError, newEntrantEconomics, type EconomicsRow } from "./economics.ts";
import { entrantReferences } from "./entrant-references.ts";
import { CAPEX_CURVE_SOURCE, entrantTerms } from "./entrant-costs.ts";

const STREAM_LABELS: Record<string, string> = {
  wholesale: "Wholesale",
  imbalance: "Imbalance",
  bm: "Balancing Mechanism",
  services: "Ancillary services",
  capacityMarket: "Capacity Market",
  duosUnitCharges: "DUoS",
  duosFixedCharges: "DUoS fixed",
  tnuos: "TNUoS",
};

/** Adds the two sheets; a world view whose economics are not derived gets a sheet that says so. */
export function addNewEntrantSheets(wb: ExcelJS.Workbook, scen: Scenario): void {
  const cur = REGIONS[scen.marketRegion].currency;
  const money = moneyBasisLabel(cur);
  let rows: EconomicsRow[];
  try {
    rows = newEntrantEconomics(scen.id);
  } catch (e) {
    if (!(e instanceof EconomicsNotDerivedError)) throw e;
    addTable(
      wb,
      "New-entrant economics",
      [{ header: "New-entrant economics", width: 80, wrap: true }],
      [[`The new-entrant economics of this world view are not derived for this model version yet.`]],
    );
    return;
  }
  const streams = [...new Set(rows.flatMap((r) => Object.keys(r.revenueByStream)))];
  const pct = (x: number | null) => (x === null ? null : +(100 * x).toFixed(1));
  addTable(
    wb,
    "New-entrant economics",
    [
      { header: "Year", width: 6, centred: true },
      { header: "Duration (h)", numFmt: WHOLE, width: 7, centred: true },
      { header: "Marginal new build", width: 8, centred: true },
      { header: "Storage built (GW)", numFmt: TWO_DECIMALS, width: 9 },
      { header: "Published plan (GW, upper bound)", numFmt: TWO_DECIMALS, width: 10 },
      ...streams.map((s) => ({
        header: `${STREAM_LABELS[s] ?? s} (${cur}/MW, ${money})`,
        numFmt: WHOLE,
        width: 11,
      })),
      { header: `Revenue, first year (${cur}/MW)`, numFmt: WHOLE, width: 11 },
      { header: `Revenue, life average (${cur}/MW/yr, degraded)`, numFmt: WHOLE, width: 11 },
      { header: `Build cost (${cur}/MW)`, numFmt: WHOLE, width: 11 },
      { header: `Operating costs, first year (${cur}/MW)`, numFmt: WHOLE, width: 11 },
      { header: "Cycles (full cycles per year)", numFmt: WHOLE, width: 8 },
      { header: "IRR over life (%, real, post-tax, unlevered)", numFmt: ONE_DECIMAL, width: 10 },
      { header: "Entry test IRR (%)", numFmt: ONE_DECIMAL, width: 9 },
      { header: "Hurdle (%, real)", numFmt: ONE_DECIMAL, width: 8 },
      { header: "Build-out held by policy (reason) or entry rule", width: 30, maxWidth: 60, wrap: true },
    ],
    rows.map((r) => [
      r.year,
      r.durationHours,
      r.marginal ? "yes" : "",
      r.storageGW,
      r.plannedStorageGW,
      ...streams.map((s) => r.revenueByStream[s] ?? 0),
      Math.round(r.revenuePerMWYear),
      r.lifetimeRevenuePerMWYear,
      r.capexPerMW,
      r.operatingCostsPerMWYear,
      r.cyclesPerYear,
      pct(r.newEntrantIrr),
      pct(r.entryTestIrr),
      pct(r.hurdle),
      r.heldByPolicy ?? ENTRY_RULE_TEXT[r.entryRule],
    ]),
    2,
  );

  // ours beside each published figure: 2 h revenue of the figure's year (or the 20-year average
  // for a long-run figure), the 2030 entrant's IRR, the storage built in the figure's year
  const twoHour = rows.filter((r) => r.durationHours === 2);
  // a 2 h battery entering in the first year, averaged over its 20-year life (degraded)
  const average = twoHour[0]?.lifetimeRevenuePerMWYear ?? 0;
  const inYear = (y: number | null) => twoHour.find((r) => r.year === (y === null || y < 2025 ? 2030 : y));
  const terms = entrantTerms(scen.marketRegion, 2030, 2);
  addTable(
    wb,
    "New-entrant references",
    [
      { header: "Published figure (shown, never targeted)", width: 30, maxWidth: 50, wrap: true },
      { header: "Year", width: 6, centred: true },
      { header: "Published value (unit beside)", numFmt: "#,##0.###", width: 10 },
      { header: "Unit", width: 12, maxWidth: 20, wrap: true },
      { header: "Ours (same unit, this world view)", numFmt: "#,##0.###", width: 10 },
      { header: "Our figure", width: 24, maxWidth: 40, wrap: true },
      { header: "Definitions differ", width: 30, maxWidth: 60, wrap: true },
      { header: "Source", width: 30, maxWidth: 60, wrap: true },
    ],
    [
      ...entrantReferences(scen.marketRegion).map((ref) => {
        const row = inYear(ref.year);
        const ours =
          ref.compareWith === "revenue2h"
            ? Math.round(average)
            : ref.compareWith === "irr2h"
              ? (row?.newEntrantIrr ?? null)
              : (row?.storageGW ?? null);
        const label =
          ref.compareWith === "revenue2h"
            ? `2 h battery entering in ${twoHour[0]?.year}: average revenue over its 20-year life (per MW per year)`
            : ref.compareWith === "irr2h"
              ? `New 2 h battery entering in ${row?.year}: IRR over its life (fraction)`
              : `Storage built in ${row?.year} (GW)`;
        return [ref.label, ref.year, ref.value, ref.unit, ours, label, ref.note, ref.source];
      }),
      [
        "Build cost of a 2 h battery entering in 2030 (our input)",
        2030,
        Math.round(terms.capexPerMW),
        `${cur}/MW`,
        Math.round(terms.capexPerMW),
        "Input: the finance defaults' capex × the cost curve",
        CAPEX_CURVE_SOURCE,
        "Voltcast finance defaults (the investment case's capex default)",
      ],
      [
        "Hurdle rate (our input)",
        null,
        +terms.hurdle.toFixed(4),
        "fraction, real",
        +terms.hurdle.toFixed(4),
        "Input",
        "Compared with the real post-tax unlevered project IRR",
        terms.hurdleSource,
      ],
    ],
    1,
  );
}

const ENTRY_RULE_TEXT: Record<EconomicsRow["entryRule"], string> = {
  committed: "Committed pipeline",
  entry: "Entry rule: storage added until the marginal battery meets the hurdle",
  "plan-cap": "Published plan binds",
  "no-entry": "Entry rule: no battery added (the marginal one would not clear the hurdle)",
  "no-plan": "The published plan adds nothing this year",
  "scenario-input": "Scenario input",
};
