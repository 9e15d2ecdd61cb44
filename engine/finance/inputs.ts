// Finance inputs and their defaults per market, each with where it comes from (issue 30 item 1,
// decision 0401). Sources: ../shared/data/benchmarks/finance_and_forecast_references.md (quoted
// figures, each with its page) and statutory or central-bank figures named by their page. Where no
// source was found the default says plainly that it is an assumption.
//
// Money inputs are in the market's currency, in the same real money as the revenues (MONEY_BASIS,
// decision 0207). Rates (interest, discount) are nominal, as lenders and funds quote them; the
// model converts them when it states the figures in real money.
import type { Currency, MarketRegion } from "../types.ts";
import { MONEY_BASIS } from "../markets/money.ts";

export const DEBT_SIZINGS = ["sculpted", "gearing"] as const;
export type DebtSizing = (typeof DEBT_SIZINGS)[number];
/** The revenue case debt is sculpted on: P50 (the run's revenue) or P90 (the downside). */
export const SIZING_CASES = ["p50", "p90"] as const;
export type SizingCase = (typeof SIZING_CASES)[number];
export const FINANCE_MONEY_BASES = ["real", "nominal"] as const;
export type FinanceMoneyBasis = (typeof FINANCE_MONEY_BASES)[number];

export interface FinanceInputs {
  /** Power-related capex (inverters, transformers, balance of plant) per kW of rated power. */
  capexPerKW: number;
  /** Energy-related capex (cells, enclosures) per kWh of energy capacity. */
  capexPerKWh: number;
  /** Development cost per kW (permits, studies, land rights), spent in the construction year. */
  developmentCostPerKW: number;
  /** Grid connection cost per kW, spent in the construction year. */
  gridConnectionCostPerKW: number;
  /** Fixed operation and maintenance per kW per year. */
  fixedOmPerKWYear: number;
  /** Variable operation and maintenance per MWh discharged. */
  variableOmPerMWh: number;
  /** Optimiser (route-to-market) fee: share of trading revenue (every stream but the Capacity Market and network charges). */
  optimiserFee: number;
  /** Insurance and other fixed charges (business rates, land lease) per kW per year. */
  insuranceAndOtherPerKWYear: number;
  /** One re-powering event (the forecast's repowering restores the full capacity) per kWh of energy capacity. */
  repoweringCostPerKWh: number;
  /** Decommissioning at the end of life, net of salvage, per kW. */
  decommissioningCostPerKW: number;
  /** Corporate income tax rate (fraction). */
  taxRate: number;
  /** Straight-line tax depreciation of the capex, years from the first operating year. */
  depreciationYears: number;
  /** Yearly inflation (fraction): escalates money inputs and revenues to nominal money. */
  inflation: number;
  /** Money the result is stated in: real (constant MONEY_BASIS.year money, the default) or nominal. */
  moneyBasis: FinanceMoneyBasis;
  /** Discount rate for NPV and LCOS (nominal, fraction). */
  discountRate: number;
  /** Years of operation the case covers (at most the run's years). */
  assetLifeYears: number;
  /** Sculpted to a DSCR target on a case, or a share of capex repaid as an annuity. */
  debtSizing: DebtSizing;
  /** Debt ÷ capex: the share when sized by gearing, the cap when sculpted. */
  gearing: number;
  sizingCase: SizingCase;
  /** Target debt-service cover ratio when sculpting on the P50 case. */
  dscrTargetP50: number;
  /** Target debt-service cover ratio when sculpting on the P90 case. */
  dscrTargetP90: number;
  debtTenorYears: number;
  /** Interest rate on the debt (nominal, fraction). */
  debtInterestRate: number;
  /** Arrangement fee, share of the debt, paid at financial close. */
  debtUpfrontFee: number;
}

export type FinanceField = keyof FinanceInputs;

/** Where a default comes from. */
export interface DefaultSource {
  /** source: quoted; derived: computed from quoted figures; converted: another market's default in this currency; assumption: none found. */
  kind: "source" | "derived" | "converted" | "assumption";
  text: string;
  url?: string;
}

export interface FinanceDefaults {
  currency: Currency;
  inputs: FinanceInputs;
  sources: Record<FinanceField, DefaultSource>;
}

export const MARKET_CURRENCY: Record<MarketRegion, Currency> = {
  GB: "GBP",
  ERCOT: "USD",
  NEM: "AUD",
  DE: "EUR",
  ES: "EUR",
};

/**
 * Units of each currency per US dollar, approximate 2024 averages — an assumption (no rate table
 * is in the shared data). Used only to carry a default from the market that has a source to one
 * that has none, and said so in that default's source.
 */
const PER_USD: Record<Currency, number> = { USD: 1, GBP: 0.78, EUR: 0.92, AUD: 1.52 };
const FX_NOTE = "at approximate 2024 average exchange rates (1 USD = 0.78 GBP = 0.92 EUR = 1.52 AUD)";

function convert(value: number, from: Currency, to: Currency): number {
  return Math.round((value / PER_USD[from]) * PER_USD[to] * 100) / 100;
}

const REF = "Voltcast's review of public finance sources";
const MODO_Q4_2024 =
  "https://modoenergy.com/research/gb-bess-outlook-q4-24-battery-energy-storage-business-case-and-investment-capex-irr-returns";
const NREL_2023 = "https://www.nrel.gov/docs/fy23osti/85332.pdf";

/** A money default with its source, in the market it was found for; other currencies get it converted. */
interface MoneyDefault {
  value: number;
  currency: Currency;
  source: DefaultSource;
}

// Capex: Modo's ~GBP 550k/MW for a 2-hour GB system (Q4 2024) is one total. It is split into a
// power part and an energy part so that other durations scale: 150 GBP/kW + 200 GBP/kWh × 2 h =
// 550 GBP/kW (the split is an assumption). ERCOT: the NREL 2023 projection for a 4-hour system in
// 2030 (245–403 USD/kWh, secondary page) — about 300 USD/kWh — split 240 USD/kW + 240 USD/kWh × 4 h.
const CAPEX: Record<"GB" | "ERCOT", { perKW: MoneyDefault; perKWh: MoneyDefault }> = {
  GB: {
    perKW: {
      value: 150,
      currency: "GBP",
      source: {
        kind: "derived",
        text: `Modo: ~GBP 550k/MW upfront capex for a 2-hour system (Q4 2024; ${REF}), split by assumption into 150 GBP/kW (power) + 200 GBP/kWh (energy) × 2 h`,
        url: MODO_Q4_2024,
      },
    },
    perKWh: {
      value: 200,
      currency: "GBP",
      source: {
        kind: "derived",
        text: `Modo: ~GBP 550k/MW upfront capex for a 2-hour system (Q4 2024; ${REF}), split by assumption into 150 GBP/kW (power) + 200 GBP/kWh (energy) × 2 h`,
        url: MODO_Q4_2024,
      },
    },
  },
  ERCOT: {
    perKW: {
      value: 240,
      currency: "USD",
      source: {
        kind: "derived",
        text: `NREL 2023 projection for a 4-hour utility-scale battery in 2030, 245–403 USD/kWh (secondary page; ${REF}): ~300 USD/kWh, split by assumption into 240 USD/kW (power) + 240 USD/kWh (energy) × 4 h`,
        url: NREL_2023,
      },
    },
    perKWh: {
      value: 240,
      currency: "USD",
      source: {
        kind: "derived",
        text: `NREL 2023 projection for a 4-hour utility-scale battery in 2030, 245–403 USD/kWh (secondary page; ${REF}): ~300 USD/kWh, split by assumption into 240 USD/kW (power) + 240 USD/kWh (energy) × 4 h`,
        url: NREL_2023,
      },
    },
  },
};
/** Where a market without its own capex source takes it from (NEM: the US figure; Europe: the GB one). */
const CAPEX_FROM: Record<MarketRegion, "GB" | "ERCOT"> = {
  GB: "GB",
  ERCOT: "ERCOT",
  NEM: "ERCOT",
  DE: "GB",
  ES: "GB",
};

const assumption = (text: string): DefaultSource => ({ kind: "assumption", text: `Assumption: ${text}` });

// Money assumptions, stated in GBP and converted for the other markets.
const GBP_ASSUMPTIONS = {
  developmentCostPerKW: {
    value: 0,
    source: {
      kind: "assumption",
      text: `Assumption: included in the capex figure (Modo's total presumably includes development and grid connection; the page does not say — ${REF})`,
    },
  },
  gridConnectionCostPerKW: {
    value: 0,
    source: {
      kind: "assumption",
      text: `Assumption: included in the capex figure (Modo's total presumably includes grid connection; the page does not say — ${REF})`,
    },
  },
  fixedOmPerKWYear: {
    value: 8,
    source: assumption(`no sourced fixed O&M figure was found (${REF}); about 1.5 % of capex a year`),
  },
  variableOmPerMWh: { value: 1, source: assumption("no sourced figure; per MWh discharged") },
  insuranceAndOtherPerKWYear: {
    value: 7,
    source: assumption("no sourced figure; insurance, business rates and land lease together"),
  },
  decommissioningCostPerKW: { value: 10, source: assumption("no sourced figure; net of salvage value") },
} satisfies Partial<Record<FinanceField, { value: number; source: DefaultSource }>>;

// The only augmentation figure found is an illustrative calculator input, in USD.
const REPOWERING: MoneyDefault = {
  value: 55,
  currency: "USD",
  source: {
    kind: "assumption",
    text: `Illustrative only: calculator pages use USD 55,000/MWh for augmentation; no benchmark with a reliable source was found (${REF})`,
    url: "https://nuravolt.com/blog/augment-vs-overbuild",
  },
};

/** Statutory corporate income tax rates. */
const TAX: Record<MarketRegion, { value: number; source: DefaultSource }> = {
  GB: {
    value: 0.25,
    source: {
      kind: "source",
      text: "UK corporation tax main rate, 25 % from 1 April 2023 (statutory)",
      url: "https://www.gov.uk/corporation-tax-rates",
    },
  },
  ERCOT: {
    value: 0.21,
    source: {
      kind: "source",
      text: "US federal corporate income tax, 21 % (26 U.S.C. § 11(b)); Texas levies no corporate income tax (its franchise tax is left out)",
      url: "https://www.law.cornell.edu/uscode/text/26/11",
    },
  },
  NEM: {
    value: 0.3,
    source: {
      kind: "source",
      text: "Australian company tax rate, 30 % (the 25 % base rate applies only to small entities)",
      url: "https://www.ato.gov.au/tax-rates-and-codes/company-tax-rates",
    },
  },
  DE: {
    value: 0.3,
    source: {
      kind: "source",
      text: "German corporate tax 15 % plus solidarity surcharge (5.5 % of it) plus municipal trade tax (~14 % at an average multiplier): about 30 %",
      url: "https://www.bundesfinanzministerium.de/Content/EN/Standardartikel/Topics/Taxation/Articles/2017-01-11-corporate-taxation.html",
    },
  },
  ES: {
    value: 0.25,
    source: {
      kind: "source",
      text: "Spanish corporate income tax general rate, 25 % (Ley 27/2014, art. 29)",
      url: "https://www.boe.es/buscar/act.php?id=BOE-A-2014-12328",
    },
  },
};

/** Central banks' inflation targets, by currency. */
const INFLATION: Record<Currency, { value: number; source: DefaultSource }> = {
  GBP: {
    value: 0.02,
    source: {
      kind: "source",
      text: "Bank of England inflation target, 2 % CPI",
      url: "https://www.bankofengland.co.uk/monetary-policy/inflation",
    },
  },
  USD: {
    value: 0.02,
    source: {
      kind: "source",
      text: "Federal Reserve longer-run inflation goal, 2 % (PCE)",
      url: "https://www.federalreserve.gov/faqs/economy_14400.htm",
    },
  },
  AUD: {
    value: 0.025,
    source: {
      kind: "source",
      text: "Reserve Bank of Australia inflation target, 2–3 % (midpoint)",
      url: "https://www.rba.gov.au/inflation/inflation-target.html",
    },
  },
  EUR: {
    value: 0.02,
    source: {
      kind: "source",
      text: "European Central Bank inflation target, 2 % over the medium term",
      url: "https://www.ecb.europa.eu/mopo/strategy/html/index.en.html",
    },
  },
};

const GRID_WADR: DefaultSource = {
  kind: "source",
  text: `Gresham House Energy Storage Fund (GRID): weighted average discount rate 10.8 %, Q1 2024 — a listed fund's levered post-tax rate, not a project WACC (${REF})`,
  url: "https://ih.advfn.com/stock-market/london/GRID/stock-news/93902876/gresham-house-energy-storage-fund-quarterly-nav-an",
};
const GSF_WADR: DefaultSource = {
  kind: "source",
  text: `Gore Street Energy Storage Fund (GB and international assets): weighted average discount rate 10.2 %, 31 March 2024 — used for markets without their own figure (${REF})`,
  url: "https://mx.advfn.com/bolsa-de-valores/LSE/GSF/noticias/94189944/gore-street-energy-storage-fund-plc-final-results",
};

/** Nominal all-in interest rates: assumptions (a base rate plus a margin; no sourced figure). */
const INTEREST: Record<Currency, number> = { GBP: 0.07, USD: 0.075, AUD: 0.07, EUR: 0.055 };

/**
 * The default finance inputs of a market for a battery of `durationHours`, over `assetLifeYears`
 * (the run's years), with the source of each.
 */
export function defaultFinanceInputs(region: MarketRegion, assetLifeYears: number): FinanceDefaults {
  const currency = MARKET_CURRENCY[region];
  const sources = {} as Record<FinanceField, DefaultSource>;
  const inputs = {} as FinanceInputs;
  const set = <K extends FinanceField>(k: K, value: FinanceInputs[K], source: DefaultSource) => {
    inputs[k] = value;
    sources[k] = source;
  };
  const money = (k: FinanceField, d: MoneyDefault) => {
    if (d.currency === currency) return set(k, d.value, d.source);
    set(k, convert(d.value, d.currency, currency), {
      kind: d.source.kind === "assumption" ? "assumption" : "converted",
      text: `${d.source.text}; converted from ${d.currency} ${FX_NOTE}`,
      url: d.source.url,
    });
  };

  const capex = CAPEX[CAPEX_FROM[region]];
  money("capexPerKW", capex.perKW);
  money("capexPerKWh", capex.perKWh);
  for (const [k, d] of Object.entries(GBP_ASSUMPTIONS))
    money(k as FinanceField, { value: d.value, currency: "GBP", source: d.source as DefaultSource });
  set(
    "optimiserFee",
    0.05,
    assumption("no sourced figure; optimisers charge a share of trading revenue, often with a floor"),
  );
  money("repoweringCostPerKWh", REPOWERING);
  set("taxRate", TAX[region].value, TAX[region].source);
  set(
    "depreciationYears",
    assetLifeYears,
    assumption("straight line over the asset life (tax allowances differ by country)"),
  );
  set("inflation", INFLATION[currency].value, INFLATION[currency].source);
  set("moneyBasis", "real", {
    kind: "source",
    text: `The revenues are in real ${MONEY_BASIS.year} money`,
  });
  set("discountRate", region === "GB" ? 0.108 : 0.102, region === "GB" ? GRID_WADR : GSF_WADR);
  set("assetLifeYears", assetLifeYears, { kind: "source", text: "The run's years (its asset life)" });
  set("debtSizing", "sculpted", {
    kind: "source",
    text: "Lenders sculpt debt service to a DSCR target, capped by gearing (project-finance practice)",
  });
  set("gearing", 0.6, {
    kind: "derived",
    text: `Debt per MW of GB merchant BESS financings ÷ Modo's ~GBP 550k/MW capex: Field ~336k/MW (≈ 61 %), Constantine ~294k/MW (≈ 53 %) (${REF})`,
    url: "https://www.elgarmiddleton.com/field-closes-the-merchant-financing-of-a-125mw-250mwh-portfolio-of-uk-bess-assets",
  });
  set("sizingCase", "p50", assumption("the P50 case (the run's revenue)"));
  set(
    "dscrTargetP50",
    1.35,
    assumption(`no sourced DSCR for merchant BESS was found (${REF}); 1.35× on P50`),
  );
  set("dscrTargetP90", 1.0, assumption(`no sourced DSCR for merchant BESS was found (${REF}); 1.0× on P90`));
  set(
    "debtTenorYears",
    Math.min(7, assetLifeYears),
    assumption(
      assetLifeYears < 7
        ? `7 years, short as merchant debt is; here the asset life, ${assetLifeYears} years`
        : "7 years, short as merchant debt is",
    ),
  );
  set(
    "debtInterestRate",
    INTEREST[currency],
    assumption("a base rate plus a margin, all in, nominal; no sourced figure"),
  );
  set("debtUpfrontFee", 0.02, assumption("arrangement fee 2 % of the debt"));
  return { currency, inputs, sources };
}
