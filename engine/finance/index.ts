// Project finance (issue 30, decision 0401): finance inputs with sourced defaults per market, the
// yearly cash-flow model (costs, tax, debt sculpted or geared, DSCR, equity) and its measures (IRR,
// NPV, LCOS, payback), and discounting helpers. Pure: no I/O.
export {
  DEBT_SIZINGS,
  FINANCE_MONEY_BASES,
  MARKET_CURRENCY,
  SIZING_CASES,
  defaultFinanceInputs,
  type DebtSizing,
  type DefaultSource,
  type FinanceDefaults,
  type FinanceField,
  type FinanceInputs,
  type FinanceMoneyBasis,
  type SizingCase,
} from "./inputs.ts";
export {
  FinanceInputError,
  financeModel,
  payback,
  type FinanceCosts,
  type FinanceProject,
  type FinanceResult,
  type FinanceYearResult,
  type OperatingYear,
  type RevenueYear,
} from "./model.ts";
export { capitalRecoveryFactor, irr, npv, realRate, requiredAnnualRevenue } from "./rates.ts";
