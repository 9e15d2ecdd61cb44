// The money basis of every price and revenue Voltcast computes: one definition, used by the
// databooks, the power-price files, the run workbook and the API result (issue 17, decision 0207).
//
// World views are built on 2024 fuel, carbon and capacity prices and apply no inflation, so every
// future price and revenue is in constant (real) 2024 money of the market's currency. Published
// auction prices (GB Capacity Market) are taken at their published value, without CPI indexation.

export interface MoneyBasis {
  /** "real": constant money of `year` (no inflation applied to later years). */
  kind: "real";
  /** The year whose money every figure is stated in. */
  year: number;
}

export const MONEY_BASIS: MoneyBasis = { kind: "real", year: 2024 };

/** "real 2024 GBP" — the short basis put beside a currency (column headers, the API). */
export function moneyBasisLabel(currency: string, basis: MoneyBasis = MONEY_BASIS): string {
  return `${basis.kind} ${basis.year} ${currency}`;
}

/** One sentence for "About" sheets and file headers. */
export function moneyBasisNote(currency: string, basis: MoneyBasis = MONEY_BASIS): string {
  return (
    `Prices and revenues are in ${basis.kind} ${basis.year} money (${currency}, constant ${basis.year} ` +
    `prices; no inflation is applied to later years).`
  );
}
