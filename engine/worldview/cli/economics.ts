// `npm run worldview:economics [-- --json] [-- --world-view gb-central]`: per market × world view
// × year × duration, a new battery's revenue by stream, costs, IRR over its life and the hurdle,
// the storage built and the policy input that holds it (issue 26 acceptance 1; rates as fractions).
// Then the GB 2 h Central 20-year average and 2030 figure beside the published figures (acceptance
// 5). Reads the cached derivation (cli/derive-entry.ts).
import { SCENARIOS } from "../scenarios.ts";
import {
  EconomicsNotDerivedError,
  entryEquilibriumBreaches,
  newEntrantEconomics,
  type EconomicsRow,
} from "../economics.ts";
import { ENTRANT_REFERENCES } from "../entrant-references.ts";

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const json = process.argv.includes("--json");
const only = arg("--world-view");
if (only && !SCENARIOS.some((s) => s.id === only)) {
  console.error(`Unknown world view '${only}': one of ${SCENARIOS.map((s) => s.id).join(", ")}`);
  process.exit(2);
}

const rows: EconomicsRow[] = [];
const missing: string[] = [];
for (const s of SCENARIOS) {
  if (only && s.id !== only) continue;
  try {
    rows.push(...newEntrantEconomics(s.id));
  } catch (e) {
    if (e instanceof EconomicsNotDerivedError) missing.push(e.message);
    else throw e;
  }
}

/** GB 2 h Central: the 20-year average (2025–2044) and 2030, beside the published figures. */
function gbComparison() {
  const gb = rows.filter((r) => r.worldView === "gb-central" && r.durationHours === 2);
  if (!gb.length) return null;
  // a 2 h battery entering in 2025, averaged over its 20-year life (degraded), as a forecast shows it
  const average = gb.find((r) => r.year === 2025)!.lifetimeRevenuePerMWYear;
  const first20 = gb.filter((r) => r.year >= 2025 && r.year < 2045);
  const freshMean = first20.reduce((a, r) => a + r.revenuePerMWYear, 0) / first20.length;
  const y2030 = gb.find((r) => r.year === 2030)!;
  const ours = { revenue2h: average, irr2h: y2030.newEntrantIrr ?? NaN, storageGW: y2030.storageGW };
  return {
    worldView: "gb-central",
    durationHours: 2,
    twentyYearAveragePerMWYear: Math.round(average),
    /** The same years' revenue of a new (undegraded) battery each year. */
    newBatteryMean2025to2044PerMWYear: Math.round(freshMean),
    revenue2030PerMWYear: Math.round(y2030.revenuePerMWYear),
    irr2030: y2030.newEntrantIrr,
    storageGW2030: y2030.storageGW,
    references: ENTRANT_REFERENCES.filter((r) => r.market === "GB").map((r) => ({
      ...r,
      ours: r.compareWith === "revenue2h" ? Math.round(ours.revenue2h) : +ours[r.compareWith].toFixed(4),
      oursLabel:
        r.compareWith === "revenue2h"
          ? "GB 2 h Central, a battery entering in 2025: average revenue over its 20-year life"
          : r.compareWith === "irr2h"
            ? "GB 2 h Central, 2030 entrant's real post-tax project IRR"
            : "GB Central storage built in 2030 (GW)",
      difference: r.compareWith === "irr2h" ? null : ours[r.compareWith] / r.value - 1,
    })),
  };
}

const comparison = gbComparison();
const breaches = SCENARIOS.filter((s) => s.kind === "central").flatMap((s) =>
  entryEquilibriumBreaches(rows.filter((r) => r.worldView === s.id)),
);

if (json) {
  console.log(JSON.stringify({ rows, gbComparison: comparison, breaches, notDerived: missing }, null, 1));
} else {
  const pct = (x: number | null) => (x === null ? "   n/a" : `${(100 * x).toFixed(1).padStart(6)}`);
  console.log(
    "market world view      year  h  storage GW (plan)   revenue/MW  capex/MW   opex/MW   IRR %  hurdle %  held by policy / rule",
  );
  for (const r of rows)
    console.log(
      `${r.market.padEnd(6)} ${r.worldView.padEnd(14)} ${r.year}  ${r.durationHours}${r.marginal ? "*" : " "} ${r.storageGW.toFixed(1).padStart(6)} (${r.plannedStorageGW.toFixed(1).padStart(5)})  ${Math.round(r.revenuePerMWYear).toString().padStart(11)} ${r.capexPerMW.toString().padStart(9)} ${r.operatingCostsPerMWYear.toString().padStart(9)} ${pct(r.newEntrantIrr)}  ${pct(r.hurdle)}    ${r.heldByPolicy ?? r.entryRule}`,
    );
  console.log("* the year's marginal new build (the duration the entry rule tests)");
  if (comparison) {
    console.log(
      `\nGB 2 h Central: 20-year average ${comparison.twentyYearAveragePerMWYear} GBP/MW/yr, 2030 ${comparison.revenue2030PerMWYear} GBP/MW/yr (IRR ${pct(comparison.irr2030)} %, ${comparison.storageGW2030} GW built) — beside published figures (shown, never targeted):`,
    );
    for (const r of comparison.references)
      console.log(
        `  ${r.label}: ${r.value} ${r.unit}; ours ${r.ours} (${r.oursLabel})${r.difference === null ? "" : `, ${(100 * r.difference).toFixed(0)} %`}. ${r.note}`,
      );
  }
  console.log(
    breaches.length
      ? `\nCentral years off the hurdle (acceptance 1): ${breaches.map((b) => `${b.worldView} ${b.year}`).join(", ")}`
      : "\nEvery Central year that adds storage has its marginal entrant within ±3 IRR points of the hurdle or is held by a policy input.",
  );
  for (const m of missing) console.log(`not derived: ${m}`);
}
