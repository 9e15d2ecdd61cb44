// The investment case on the screens (issue 30 item 4, decision 0411): which search parameters are
// finance inputs (the case is held in the run page's URL, so it is bookmarkable), the form's schema
// (the API's own finance rules, app/validation/finance.ts, reading only the finance fields of a
// form that also carries the page's other state), and how figures are shown. Pure: used by the
// browser and the server.
import { z } from "zod";
import {
  FINANCE_CHOICE_FIELDS,
  FINANCE_NUMBER_FIELDS,
  financeSchema,
  type FinanceContext,
  type FinanceFieldName,
  type FinanceRequest,
} from "~/validation/finance";
import { formatMoney } from "./rules.ts";

export const FINANCE_FIELDS = [
  ...Object.keys(FINANCE_NUMBER_FIELDS),
  ...Object.keys(FINANCE_CHOICE_FIELDS),
] as FinanceFieldName[];
const IS_FINANCE_FIELD = new Set<string>(FINANCE_FIELDS);

/** The inputs a user changes most, shown first; the rest are under "More finance inputs". */
export const MAIN_FINANCE_FIELDS: FinanceFieldName[] = [
  "capexPerKW",
  "capexPerKWh",
  "fixedOmPerKWYear",
  "discountRate",
  "taxRate",
  "assetLifeYears",
  "debtSizing",
  "gearing",
  "debtTenorYears",
  "debtInterestRate",
];

/** The finance fields of a form or URL, as given (strings); empty ones are left out. */
export function financeParamsOf(source: URLSearchParams | FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of source.entries())
    if (IS_FINANCE_FIELD.has(k) && typeof v === "string" && v.trim() !== "") out[k] = v.trim();
  return out;
}

/** Whether the URL holds a finance case of its own (the page then shows that case). */
export const hasFinanceParams = (sp: URLSearchParams) => Object.keys(financeParamsOf(sp)).length > 0;

/**
 * The finance form's schema: the API's finance rules over the form's finance fields only (the form
 * also carries the page's strategy, period and day, so a GET keeps them in the URL).
 */
export function financeFormSchema(ctx: FinanceContext = {}) {
  return z.preprocess(
    (v) => (v && typeof v === "object" ? pick(v as Record<string, unknown>) : v),
    financeSchema(ctx),
  ) as unknown as z.ZodType<FinanceRequest, z.ZodTypeDef, Record<string, unknown>>;
}
function pick(v: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) if (IS_FINANCE_FIELD.has(k) && x !== "" && x != null) out[k] = x;
  return out;
}

/** A fraction as a percentage ("10.7 %"), or "—" when there is none (an IRR without a root). */
export function percent(v: number | null | undefined, digits = 1): string {
  return typeof v === "number" && Number.isFinite(v) ? `${(v * 100).toFixed(digits)} %` : "—";
}

/** A ratio ("1.35×"), or "—". */
export function times(v: number | null | undefined): string {
  return typeof v === "number" && Number.isFinite(v) ? `${v.toFixed(2)}×` : "—";
}

/** Money in thousands or millions, as the figures of a project are read ("£12.4m"). */
export function bigMoney(v: number, currency: string): string {
  const sign = v < 0 ? "−" : "";
  const a = Math.abs(v);
  const symbol = CURRENCY_SYMBOLS[currency] ?? `${currency} `;
  if (a >= 1e6) return `${sign}${symbol}${(a / 1e6).toFixed(1)}m`;
  if (a >= 1e3) return `${sign}${symbol}${(a / 1e3).toFixed(0)}k`;
  return `${sign}${symbol}${formatMoney(a)}`;
}
const CURRENCY_SYMBOLS: Record<string, string> = { GBP: "£", EUR: "€", USD: "$", AUD: "A$" };

/** How a field's value reads in a hint ("0.08 (8 %)" for a fraction). */
export function inputText(field: FinanceFieldName, value: unknown): string {
  const f = (FINANCE_NUMBER_FIELDS as Record<string, { unit: string }>)[field];
  if (typeof value !== "number") return String(value ?? "");
  if (f?.unit.startsWith("fraction")) return `${value} (${percent(value, 1)})`;
  return String(value);
}

export function fieldLabel(field: FinanceFieldName): string {
  return (
    (FINANCE_NUMBER_FIELDS as Record<string, { label: string }>)[field]?.label ??
    (FINANCE_CHOICE_FIELDS as Record<string, { label: string }>)[field]?.label ??
    field
  );
}

export function fieldUnit(field: FinanceFieldName, currency: string): string | null {
  const f = (FINANCE_NUMBER_FIELDS as Record<string, { unit: string }>)[field];
  return f ? f.unit.replace("currency", currency) : null;
}

export function fieldChoices(field: FinanceFieldName): readonly string[] | null {
  return (FINANCE_CHOICE_FIELDS as Record<string, { values: string[] }>)[field]?.values ?? null;
}
