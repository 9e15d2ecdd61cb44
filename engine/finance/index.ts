// Project finance (issue 30, decision 0401): finance inputs with sourced defaults per market, the
// yearly cash-flow model (costs, tax, debt sculpted or geared, DSCR, equity) and its measures (IRR,
// NPV, LCOS, payback), and discounting helpers. Pure: no I/O.
export {
  MARKET_CURRENCY,
  defaultFinanceInputs,
  type DefaultSource,
  type FinanceDefaults,
  type FinanceField,
  type FinanceInputs,
} from "./inputs.ts";
export {
  FinanceInputError,
  financeModel,
  payback,
  type FinanceProject,
  type FinanceResult,
} from "./model.ts";
export { capitalRecoveryFactor, irr, npv, realRate, requiredAnnualRevenue } from "./rates.ts";
