// Published figures a new battery's modelled revenue and return are shown beside (issue 26 items
// 1 and 5, acceptance 5). Copied from shared/data/benchmarks/finance_and_forecast_references.md
// (pass 4) with each one's page. Shown, never targeted: nothing in the model is fitted to them.
import type { MarketRegion } from "../types.ts";

export interface EntrantReference {
  market: MarketRegion;
  /** What the figure is, in the source's words. */
  label: string;
  /** Year (or first year of the period) the figure is for; null for a long-run or rule-of-thumb figure. */
  year: number | null;
  /** The figure, in `unit`. */
  value: number;
  unit: string;
  /** Which of our figures it sits beside. */
  compareWith: "revenue2h" | "irr2h" | "storageGW";
  /** How it differs from ours by definition (read before comparing). */
  note: string;
  source: string;
}

const REF = "Voltcast's review of public finance sources";

export const ENTRANT_REFERENCES: EntrantReference[] = [
  {
    market: "GB",
    label: "GRID (Gresham House) portfolio revenue per MW, annualised, H1 2025",
    year: 2025,
    value: 75_000,
    unit: "GBP/MW/yr",
    compareWith: "revenue2h",
    note: "Realised revenue of an operating fleet (mixed durations, 1–2 h), nominal money, all streams incl. contracts; ours: a new 2 h battery, real 2024 money",
    source: `${REF}: https://uk.advfn-editors.com/?p=8379`,
  },
  {
    market: "GB",
    label: "GRID portfolio revenue per MW, annualised, Q3 2025",
    year: 2025,
    value: 56_000,
    unit: "GBP/MW/yr",
    compareWith: "revenue2h",
    note: "As above, one quarter",
    source: `${REF}: https://uk.advfn-editors.com/?p=8379`,
  },
  {
    market: "GB",
    label: "Gore Street GB assets, Apr–Sep 2023 (GBP 7.54/MW/h, derived ×8,760)",
    year: 2023,
    value: 66_000,
    unit: "GBP/MW/yr",
    compareWith: "revenue2h",
    note: "Realised, 2023 fleet (about 1 h); no 2023 world-view year exists — shown as the long-run level the funds have earned",
    source: `${REF}: Gore Street half-year report 2023`,
  },
  {
    market: "GB",
    label: "Modo: average IRR of 2-hour batteries, Q4 2024 (revenues must rise 40 % to meet hurdle rates)",
    year: null,
    value: 0.107,
    unit: "IRR (fraction)",
    compareWith: "irr2h",
    note: "Modo's own revenue forecast at ~GBP 550k/MW; its IRR definition (levered or not, nominal or real) is not stated on the page",
    source: `${REF}: https://modoenergy.com/research/gb-bess-outlook-q4-24-battery-energy-storage-business-case-and-investment-capex-irr-returns`,
  },
  {
    market: "GB",
    label: "NESO Clean Power 2030: batteries needed by 2030",
    year: 2030,
    value: 25,
    unit: "GW (23–27)",
    compareWith: "storageGW",
    note: "A capacity the system plan needs, not a revenue: the Central world view's published plan (22 GW in 2030) follows it; the entry rule builds what pays",
    source: `${REF}: https://www.current-news.co.uk/neso-storage-necessary-uks-herculean-effort-meet-clean-power-2030-goals/`,
  },
  {
    market: "NEM",
    label: "Modo NEM index 2024: merchant revenue (energy + FCAS)",
    year: 2024,
    value: 148_000,
    unit: "AUD/MW/yr",
    compareWith: "revenue2h",
    note: "Fleet index 2024 (weighted by power, incl. MLF); ours: a new 2 h battery in NSW1 at 30 minutes from 2025",
    source: `${REF}: https://modoenergy.com/research/australia-nem-battery-energy-storage-revenues-2024`,
  },
];

/** The references of a market. */
export function entrantReferences(market: MarketRegion): EntrantReference[] {
  return ENTRANT_REFERENCES.filter((r) => r.market === market);
}
