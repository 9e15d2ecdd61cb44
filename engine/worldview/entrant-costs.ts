// What a new battery costs to build and run in a world-view year, and the return an investor asks
// of it (issue 26 item 1, decision 0240). One place for the new-entrant cost curve and hurdle; the
// money inputs themselves are the finance defaults of engine/finance (sourced there, per market).
import type { MarketRegion } from "../types.ts";
import { defaultFinanceInputs, realRate, type FinanceInputs } from "../finance/index.ts";

/** Life over which a new entrant must recover its build cost (years; the forecast's default life). */
export const ENTRANT_LIFE_YEARS = 20;

/**
 * Real cost index of building a battery in `year` (1 in 2024, the year the capex defaults are
 * quoted for). Derived: NREL's mid projection for a 4-hour utility-scale battery falls from
 * 198 USD/kWh (2030) to 149 USD/kWh (2050) (finance_and_forecast_references.md §1, secondary
 * page), −1.41 % a year in real terms; the same rate is assumed from 2024 to 2030 (Modo's GB
 * figure fell faster, ~30 % in 2022–2024, so this is the cautious side) and held after 2050.
 */
export const CAPEX_DECLINE_PER_YEAR = 1 - Math.pow(149 / 198, 1 / 20);
export const CAPEX_CURVE_SOURCE =
  "NREL mid projection, 4-hour utility-scale battery: 198 USD/kWh (2030) → 149 USD/kWh (2050), −1.41 %/yr real, assumed from 2024 (secondary page)";

export function capexIndex(year: number): number {
  const y = Math.min(Math.max(year, 2024), 2050);
  return Math.pow(1 - CAPEX_DECLINE_PER_YEAR, y - 2024);
}

export interface EntrantTerms {
  /** Finance inputs for the entrant: the market's defaults, capex scaled to the year's cost index, money real. */
  inputs: FinanceInputs;
  /** Build cost per MW of rated power at this duration (currency, real 2024 money). */
  capexPerMW: number;
  /** Fixed costs per MW-year (fixed O&M + insurance and other), real. */
  fixedCostsPerMWYear: number;
  /** The real post-tax project return the entrant must clear (fraction). */
  hurdle: number;
  hurdleSource: string;
}

/**
 * The hurdle: the discount rate the finance defaults use for the market (the listed GB storage
 * funds' weighted average discount rate, 10.8 % GRID / 10.2 % GSF, nominal), made real with the
 * market's inflation default (Fisher) — about 8.6 % (GB) and 8.0 % elsewhere. The entrant's IRR it
 * is compared with is the real post-tax unlevered project IRR of engine/finance.
 */
export function entrantTerms(region: MarketRegion, year: number, durationHours: number): EntrantTerms {
  const d = defaultFinanceInputs(region, ENTRANT_LIFE_YEARS);
  const k = capexIndex(year);
  const inputs: FinanceInputs = {
    ...d.inputs,
    capexPerKW: d.inputs.capexPerKW * k,
    capexPerKWh: d.inputs.capexPerKWh * k,
    developmentCostPerKW: d.inputs.developmentCostPerKW * k,
    gridConnectionCostPerKW: d.inputs.gridConnectionCostPerKW * k,
    moneyBasis: "real",
    assetLifeYears: ENTRANT_LIFE_YEARS,
    // the project IRR is unlevered: gearing does not change it; gearing sizing keeps debt simple
    debtSizing: "gearing",
  };
  const capexPerMW =
    1000 *
    (inputs.capexPerKW +
      inputs.capexPerKWh * durationHours +
      inputs.developmentCostPerKW +
      inputs.gridConnectionCostPerKW);
  return {
    inputs,
    capexPerMW,
    fixedCostsPerMWYear: 1000 * (inputs.fixedOmPerKWYear + inputs.insuranceAndOtherPerKWYear),
    hurdle: realRate(d.inputs.discountRate, d.inputs.inflation),
    hurdleSource: `${d.sources.discountRate.text} (nominal ${(100 * d.inputs.discountRate).toFixed(1)} %), made real at ${(100 * d.inputs.inflation).toFixed(1)} % inflation`,
  };
}
