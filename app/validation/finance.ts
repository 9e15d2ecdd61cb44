// Finance inputs (issue 30 item 5, decision 0402): the optional `finance` part of a forecast body
// and the body of the finance recompute operation. Every field is optional (a missing one takes the
// market's default, engine/finance/inputs.ts); what is given is checked here, with a message naming
// the field. Rates and shares are fractions (0.6 = 60 %). One table gives each field's range and
// text: the documented request schema and the checks are both built from it.
import { z } from "zod";

interface NumberField {
  label: string;
  unit: string;
  min: number;
  max: number;
  /** The bound itself is not allowed. */
  aboveMin?: boolean;
  belowMax?: boolean;
  integer?: boolean;
  description: string;
}
interface ChoiceField {
  label: string;
  values: [string, ...string[]];
  description: string;
}

const MONEY_MAX = 1_000_000;
const money = (label: string, unit: string, description: string): NumberField => ({
  label,
  unit,
  min: 0,
  max: MONEY_MAX,
  description,
});
const share = (label: string, description: string, max = 1): NumberField => ({
  label,
  unit: "fraction",
  min: 0,
  max,
  belowMax: true,
  description,
});
const years = (label: string, min: number, description: string): NumberField => ({
  label,
  unit: "years",
  min,
  max: 50,
  integer: true,
  description,
});

export const FINANCE_NUMBER_FIELDS = {
  capexPerKW: money(
    "Capex per kW",
    "currency/kW",
    "Power-related capex per kW of rated power. Capex (per kW and per kWh together) must be more than 0.",
  ),
  capexPerKWh: money("Capex per kWh", "currency/kWh", "Energy-related capex per kWh of energy capacity."),
  developmentCostPerKW: money("Development cost per kW", "currency/kW", "Spent in the construction year."),
  gridConnectionCostPerKW: money(
    "Grid connection cost per kW",
    "currency/kW",
    "Spent in the construction year.",
  ),
  fixedOmPerKWYear: money(
    "Fixed O&M per kW per year",
    "currency/kW/year",
    "Fixed operation and maintenance.",
  ),
  variableOmPerMWh: money("Variable O&M per MWh", "currency/MWh", "Per MWh discharged."),
  optimiserFee: share(
    "Optimiser fee",
    "Share of trading revenue (every stream but the Capacity Market) paid to the optimiser.",
  ),
  insuranceAndOtherPerKWYear: money(
    "Insurance and other fixed charges per kW per year",
    "currency/kW/year",
    "Insurance, business rates, land lease.",
  ),
  repoweringCostPerKWh: money(
    "Re-powering cost per kWh",
    "currency/kWh",
    "One re-powering event (the forecast's repowering restores the full capacity), per kWh of energy capacity.",
  ),
  decommissioningCostPerKW: money(
    "Decommissioning cost per kW",
    "currency/kW",
    "At the end of life, net of salvage.",
  ),
  taxRate: share("Tax rate", "Corporate income tax rate."),
  depreciationYears: years("Depreciation years", 1, "Straight-line tax depreciation of the capex."),
  inflation: {
    label: "Inflation",
    unit: "fraction/year",
    min: -0.05,
    max: 0.2,
    description: "Escalates money inputs and revenues (real 2024 money) to nominal money.",
  },
  discountRate: {
    label: "Discount rate",
    unit: "fraction/year",
    min: 0,
    max: 1,
    description: "Nominal; for NPV and LCOS (made real by Fisher when the figures are real).",
  },
  assetLifeYears: years(
    "Asset life",
    1,
    "Years of operation in the case: at most the run's years (the default).",
  ),
  gearing: share(
    "Gearing",
    "Debt ÷ capex: the share when debtSizing is gearing, the cap when sculpted. At least 0 and less than 1.",
  ),
  dscrTargetP50: {
    label: "DSCR target on P50",
    unit: "ratio",
    min: 0.5,
    max: 5,
    description: "Debt-service cover ratio the debt is sculpted to on the P50 case.",
  },
  dscrTargetP90: {
    label: "DSCR target on P90",
    unit: "ratio",
    min: 0.5,
    max: 5,
    description: "Debt-service cover ratio the debt is sculpted to on the P90 case.",
  },
  debtTenorYears: years(
    "Debt tenor",
    0,
    "Years the debt is repaid over (0: no debt); at most the asset life.",
  ),
  debtInterestRate: {
    label: "Debt interest rate",
    unit: "fraction/year",
    min: 0,
    max: 0.5,
    description: "All-in, nominal.",
  },
  debtUpfrontFee: share(
    "Debt upfront fee",
    "Arrangement fee, share of the debt, paid at financial close.",
    0.2,
  ),
} satisfies Record<string, NumberField>;

const choice = <const T extends [string, ...string[]]>(label: string, values: T, description: string) => ({
  label,
  values,
  description,
});
export const FINANCE_CHOICE_FIELDS = {
  moneyBasis: choice(
    "Money basis (cash flows)",
    ["real", "nominal"],
    "Figures in real 2024 money (default; the revenues' basis) or nominal money.",
  ),
  debtSizing: choice(
    "Debt sizing",
    ["sculpted", "gearing"],
    "Sculpted to a DSCR target on the sizing case, capped by gearing; or gearing × capex as a level annuity.",
  ),
  sizingCase: choice(
    "Sizing case",
    ["p50", "p90"],
    "The revenue case debt is sculpted on: p50 (the run's revenue) or p90 (the downside, when the run has one).",
  ),
};

type NumberName = keyof typeof FINANCE_NUMBER_FIELDS;
type ChoiceName = keyof typeof FINANCE_CHOICE_FIELDS;
export type FinanceFieldName = NumberName | ChoiceName;

/** The message a number outside its range gets. */
export function financeRangeMessage(f: NumberField): string {
  if (f.integer) return `${f.label} should be a whole number of years from ${f.min} to ${f.max}.`;
  const low = f.aboveMin ? `more than ${f.min}` : `at least ${f.min}`;
  const high = f.belowMax ? `less than ${f.max}` : `at most ${f.max}`;
  return `${f.label} should be ${low} and ${high}${f.unit.startsWith("fraction") ? " (a fraction: 0.25 = 25 %)" : ""}.`;
}
const choiceMessage = (f: ChoiceField) => `${f.label} should be one of: ${f.values.join(", ")}.`;

export const FINANCE_MESSAGES = {
  capex: "Capex should be more than 0: capexPerKW and capexPerKWh cannot both be 0.",
  assetLifeBeyondRun: (runYears: number) =>
    `The run has ${runYears} years of revenue: the asset life can be at most ${runYears} years.`,
  tenorBeyondLife: (life: number) => `The debt tenor cannot be longer than the asset life (${life} years).`,
  noP90: "This run has no P90 case: size the debt on p50, or by gearing.",
};

function numberSchema(f: NumberField) {
  let s = z.number();
  if (f.integer) s = s.int();
  s = f.aboveMin ? s.gt(f.min) : s.min(f.min);
  return f.belowMax ? s.lt(f.max) : s.max(f.max);
}

/** The documented request shape (OpenAPI): every field optional. */
export const financeRequestSchema = z
  .object({
    ...(Object.fromEntries(
      Object.entries(FINANCE_NUMBER_FIELDS).map(([k, f]) => [
        k,
        numberSchema(f).describe(`${f.description} Unit: ${f.unit}. Error: "${financeRangeMessage(f)}"`),
      ]),
    ) as Record<NumberName, z.ZodNumber>),
    ...(Object.fromEntries(
      Object.entries(FINANCE_CHOICE_FIELDS).map(([k, f]) => [
        k,
        z.enum(f.values).describe(`${f.description} Error: "${choiceMessage(f)}"`),
      ]),
    ) as unknown as {
      [K in ChoiceName]: z.ZodEnum<(typeof FINANCE_CHOICE_FIELDS)[K]["values"]>;
    }),
  })
  .partial()
  .strict();

/** What a finance part holds once read: any subset of the fields. */
export type FinanceRequest = Partial<
  Record<NumberName, number> & { [K in ChoiceName]: (typeof FINANCE_CHOICE_FIELDS)[K]["values"][number] }
>;

export interface FinanceContext {
  /** Years of revenue the run has (or will have): the asset life's maximum and default. */
  runYears?: number;
  /** false: the run has no P90 case, so debt cannot be sized on it. */
  p90Available?: boolean;
}

/** Numbers from JSON, or as typed in a form ("0.6"); anything else is left for the type check to name. */
function readNumber(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const t = v.trim();
  if (t === "") return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : v;
}

/**
 * The finance part, checked: each given field in its range, capex more than 0, the asset life within
 * the run and the tenor within the asset life. Errors are at the field's name.
 */
export function financeSchema(ctx: FinanceContext = {}) {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const [k, f] of Object.entries(FINANCE_NUMBER_FIELDS) as [NumberName, NumberField][]) {
    const message = financeRangeMessage(f);
    shape[k] = z.preprocess(
      readNumber,
      z
        .number({ errorMap: () => ({ message }) })
        .refine((v) => numberSchema(f).safeParse(v).success, { message })
        .optional(),
    );
  }
  for (const [k, f] of Object.entries(FINANCE_CHOICE_FIELDS) as [ChoiceName, ChoiceField][]) {
    // An empty choice (a form's "Default" option) is not given, as an empty number is.
    shape[k] = z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.enum(f.values, { errorMap: () => ({ message: choiceMessage(f) }) }).optional(),
    );
  }
  return z
    .object(shape)
    .strict()
    .superRefine((raw, c) => {
      const d = raw as FinanceRequest;
      const add = (field: FinanceFieldName, message: string) =>
        c.addIssue({ code: z.ZodIssueCode.custom, path: [field], message });
      if (d.capexPerKW === 0 && d.capexPerKWh === 0) add("capexPerKW", FINANCE_MESSAGES.capex);
      if (ctx.runYears !== undefined && d.assetLifeYears !== undefined && d.assetLifeYears > ctx.runYears)
        add("assetLifeYears", FINANCE_MESSAGES.assetLifeBeyondRun(ctx.runYears));
      const life = d.assetLifeYears ?? ctx.runYears;
      if (life !== undefined && d.debtTenorYears !== undefined && d.debtTenorYears > life)
        add("debtTenorYears", FINANCE_MESSAGES.tenorBeyondLife(life));
      if (ctx.p90Available === false && d.sizingCase === "p90" && d.debtSizing !== "gearing")
        add("sizingCase", FINANCE_MESSAGES.noP90);
    })
    .transform((d) => {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(d)) if (v !== undefined) out[k] = v;
      return out as FinanceRequest;
    });
}
