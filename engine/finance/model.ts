// The project-finance model (issue 30 item 1, decision 0401): finance inputs + a battery's yearly
// revenue by stream → yearly costs, EBITDA, tax, CFADS, debt service, DSCR and equity cash flow,
// and the project's IRRs, NPV, LCOS, payback and debt. Pure: plain data in, plain data out.
//
// Time: year 0 is construction (all capex, debt drawn, fees paid), years 1…N operate (N = asset
// life), each flow at its year's end. Money: the inputs and revenues are in real MONEY_BASIS.year
// money; the model escalates them by inflation to nominal money, where tax and debt work (lenders'
// rates and tax depreciation are nominal), and states the result in the basis asked for (real:
// each year's nominal money divided by its inflation index, rates by Fisher).
import { MONEY_BASIS } from "../markets/money.ts";
import type { DebtSizing, FinanceField, FinanceInputs, SizingCase } from "./inputs.ts";
import { capitalRecoveryFactor, irr, npv, realRate } from "./rates.ts";

/** One year of the run's revenue. */
export interface RevenueYear {
  year: number;
  /** Revenue (+) and cost (−) by stream (wholesale, services, capacityMarket, tnuos, …), per MW. */
  streamsPerMW: Record<string, number>;
}

export interface OperatingYear extends RevenueYear {
  /** Energy discharged in the year, MWh (the whole asset). */
  dischargedMWh: number;
  /** The forecast re-powered the battery at the end of this year (its full capacity restored). */
  repowered?: boolean;
}

export interface FinanceProject {
  /** The MW the per-MW revenues are per (the battery's rated power). */
  ratedPowerMW: number;
  energyMWh: number;
  currency: string;
  /** The run's years, first operating year first (the P50 case). */
  years: OperatingYear[];
  /** The P90 (downside) revenue of the same years, when known: debt may be sculpted on it. */
  p90Years?: RevenueYear[];
}

/** Network charges come as negative streams: they are costs here, not revenue. */
const NETWORK_STREAMS = new Set(["duosUnitCharges", "duosFixedCharges", "tnuos"]);
/** Contracted, not traded: no optimiser fee on it. */
const UNTRADED_STREAMS = new Set(["capacityMarket"]);

export interface FinanceCosts {
  networkCharges: number;
  fixedOm: number;
  variableOm: number;
  optimiserFee: number;
  insuranceAndOther: number;
  repowering: number;
  decommissioning: number;
}

export interface FinanceYearResult {
  year: number;
  capex: number;
  /** Revenue by stream (network charges are in costs). */
  revenueByStream: Record<string, number>;
  revenue: number;
  costsByItem: FinanceCosts;
  costs: number;
  ebitda: number;
  depreciation: number;
  interest: number;
  /** Tax paid by the levered project (interest deducted; losses carried forward). */
  tax: number;
  /** Cash flow available for debt service: EBITDA − tax. */
  cfads: number;
  principal: number;
  debtService: number;
  /** Debt outstanding at the end of the year. */
  debtBalance: number;
  /** CFADS ÷ debt service; null in years without debt service. */
  dscr: number | null;
  /** Unlevered, post-tax (tax without the interest deduction): −capex in year 0, then EBITDA − that tax. */
  projectCashFlow: number;
  /** Unlevered, pre-tax: −capex in year 0, then EBITDA. */
  projectCashFlowPreTax: number;
  /** −(capex + debt fee − debt) in year 0, then CFADS − debt service. */
  equityCashFlow: number;
}

export interface FinanceResult {
  currency: string;
  /** "real 2024 GBP" or "nominal GBP". */
  moneyBasis: string;
  inputs: FinanceInputs;
  capex: number;
  debt: number;
  debtFee: number;
  equity: number;
  /** Debt ÷ capex. */
  gearing: number;
  debtSizing: DebtSizing;
  sizingCase: SizingCase;
  projectIrr: number | null;
  projectIrrPreTax: number | null;
  equityIrr: number | null;
  /** NPV of the post-tax project cash flows at `discountRate`, at year 0. */
  npv: number;
  equityNpv: number;
  /** PV(capex + costs) ÷ PV(MWh discharged) at `discountRate`, currency per MWh (charging energy is in the revenue, net). */
  lcos: number | null;
  /** Years after construction until the post-tax project cash flows have paid back the capex; null if never. */
  paybackYears: number | null;
  minDscr: number | null;
  averageDscr: number | null;
  /** The rate `npv` and `lcos` discount `years` at: the nominal input, made real (Fisher) for real figures. */
  discountRate: number;
  years: FinanceYearResult[];
}

/** An input this project cannot be computed with (the field is named). */
export class FinanceInputError extends Error {
  constructor(
    readonly field: FinanceField,
    message: string,
  ) {
    super(message);
  }
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** Loss-carrying tax on each year's taxable income. */
function taxOn(taxable: readonly number[], rate: number): number[] {
  let losses = 0;
  return taxable.map((x) => {
    if (x <= 0) {
      losses -= x;
      return 0;
    }
    const used = Math.min(losses, x);
    losses -= used;
    return rate * (x - used);
  });
}

/** Interest and principal of a debt repaid by the given yearly debt service. */
function repay(debt: number, service: readonly number[], rate: number) {
  let balance = debt;
  const interest: number[] = [];
  const principal: number[] = [];
  const balances: number[] = [];
  for (const ds of service) {
    const i = balance * rate;
    interest.push(i);
    principal.push(ds - i);
    balance -= ds - i;
    balances.push(Math.abs(balance) < 1e-6 * Math.max(1, debt) ? 0 : balance);
  }
  return { interest, principal, balances };
}

const pvOf = (xs: readonly number[], rate: number) => npv(rate, [0, ...xs]);

/**
 * Debt sculpted to a DSCR target on a case: each tenor year's service = that case's CFADS ÷ target,
 * the debt = their present value at the loan rate, capped by gearing × capex (the service then
 * shrinks in proportion). CFADS depends on the interest (tax), so the two are iterated to a fixed
 * point; the tax shield is small, so it converges in a few rounds.
 */
function sculpt(
  ebitda: readonly number[],
  depreciation: readonly number[],
  p: { taxRate: number; rate: number; tenor: number; target: number; cap: number },
) {
  const n = ebitda.length;
  let service = new Array<number>(n).fill(0);
  let debt = 0;
  for (let round = 0; round < 200; round++) {
    const { interest } = repay(debt, service, p.rate);
    const tax = taxOn(
      ebitda.map((e, t) => e - depreciation[t] - interest[t]),
      p.taxRate,
    );
    let next = ebitda.map((e, t) => (t < p.tenor ? Math.max(0, e - tax[t]) / p.target : 0));
    let size = pvOf(next, p.rate);
    if (size > p.cap) {
      next = next.map((ds) => (ds * p.cap) / size);
      size = p.cap;
    }
    // Converged when the service no longer moves (the size alone stops moving at the cap).
    const done = next.every((ds, t) => Math.abs(ds - service[t]) <= 1e-10 * Math.max(1, p.cap));
    service = next;
    debt = size;
    if (done) break;
  }
  return { debt, service };
}

export function financeModel(inputs: FinanceInputs, project: FinanceProject): FinanceResult {
  const n = inputs.assetLifeYears;
  if (project.years.length < n)
    throw new FinanceInputError(
      "assetLifeYears",
      `The run has ${project.years.length} years of revenue: the asset life can be at most ${project.years.length} years.`,
    );
  if (inputs.debtTenorYears > n)
    throw new FinanceInputError(
      "debtTenorYears",
      `The debt tenor (${inputs.debtTenorYears} years) cannot be longer than the asset life (${n} years).`,
    );
  const p90 = project.p90Years;
  if (inputs.debtSizing === "sculpted" && inputs.sizingCase === "p90" && (!p90 || p90.length < n))
    throw new FinanceInputError(
      "sizingCase",
      "This run has no P90 case: size the debt on p50, or by gearing.",
    );

  const years = project.years.slice(0, n);
  const first = years[0].year;
  const kw = project.ratedPowerMW * 1000;
  const kwh = project.energyMWh * 1000;
  // Nominal money index of a year: inputs and revenues are in MONEY_BASIS.year money.
  const index = (year: number) => Math.pow(1 + inputs.inflation, year - MONEY_BASIS.year);

  const capex =
    (inputs.capexPerKW * kw +
      inputs.capexPerKWh * kwh +
      inputs.developmentCostPerKW * kw +
      inputs.gridConnectionCostPerKW * kw) *
    index(first - 1);

  const revenueOf = (streams: Record<string, number>, k: number) => {
    const byStream: Record<string, number> = {};
    let network = 0;
    let traded = 0;
    for (const [s, perMW] of Object.entries(streams)) {
      const v = perMW * project.ratedPowerMW * k;
      if (NETWORK_STREAMS.has(s)) network -= v;
      else {
        byStream[s] = v;
        if (!UNTRADED_STREAMS.has(s)) traded += v;
      }
    }
    return { byStream, revenue: sum(Object.values(byStream)), network, traded };
  };
  const costsOf = (y: OperatingYear, t: number, network: number, traded: number): FinanceCosts => {
    const k = index(y.year);
    const last = t === n - 1;
    return {
      networkCharges: network,
      fixedOm: inputs.fixedOmPerKWYear * kw * k,
      variableOm: inputs.variableOmPerMWh * y.dischargedMWh * k,
      optimiserFee: inputs.optimiserFee * Math.max(0, traded),
      insuranceAndOther: inputs.insuranceAndOtherPerKWYear * kw * k,
      // Re-powering at the end of the last year would serve nothing: no one pays for it.
      repowering: y.repowered && !last ? inputs.repoweringCostPerKWh * kwh * k : 0,
      decommissioning: last ? inputs.decommissioningCostPerKW * kw * k : 0,
    };
  };

  const operating = years.map((y, t) => {
    const r = revenueOf(y.streamsPerMW, index(y.year));
    const costsByItem = costsOf(y, t, r.network, r.traded);
    const costs = sum(Object.values(costsByItem));
    return { ...r, costsByItem, costs, ebitda: r.revenue - costs };
  });
  const ebitda = operating.map((o) => o.ebitda);

  // Straight-line tax depreciation of the capex; what is left at the end of life is written off then.
  const depreciation = ebitda.map((_, t) =>
    t < inputs.depreciationYears ? capex / inputs.depreciationYears : 0,
  );
  depreciation[n - 1] += capex - sum(depreciation);

  // Debt
  const rate = inputs.debtInterestRate;
  const tenor = inputs.debtTenorYears;
  let debt: number;
  let service: number[];
  if (inputs.debtSizing === "gearing") {
    debt = inputs.gearing * capex;
    const level = tenor > 0 ? debt * capitalRecoveryFactor(rate, tenor) : 0;
    service = ebitda.map((_, t) => (t < tenor ? level : 0));
  } else {
    const onP90 = inputs.sizingCase === "p90";
    const caseEbitda = onP90
      ? years.map((y, t) => {
          const r = revenueOf(p90![t].streamsPerMW, index(y.year));
          return r.revenue - sum(Object.values(costsOf(y, t, r.network, r.traded)));
        })
      : ebitda;
    ({ debt, service } = sculpt(caseEbitda, depreciation, {
      taxRate: inputs.taxRate,
      rate,
      tenor,
      target: onP90 ? inputs.dscrTargetP90 : inputs.dscrTargetP50,
      cap: inputs.gearing * capex,
    }));
  }
  const { interest, principal, balances } = repay(debt, service, rate);
  const debtFee = inputs.debtUpfrontFee * debt;

  const taxLevered = taxOn(
    ebitda.map((e, t) => e - depreciation[t] - interest[t]),
    inputs.taxRate,
  );
  const taxUnlevered = taxOn(
    ebitda.map((e, t) => e - depreciation[t]),
    inputs.taxRate,
  );

  // State the figures in the basis asked for.
  const real = inputs.moneyBasis === "real";
  const basis = (year: number) => (real ? 1 / index(year) : 1);
  const k0 = basis(first - 1);
  const rows: FinanceYearResult[] = [
    {
      year: first - 1,
      capex: capex * k0,
      revenueByStream: {},
      revenue: 0,
      costsByItem: {
        networkCharges: 0,
        fixedOm: 0,
        variableOm: 0,
        optimiserFee: 0,
        insuranceAndOther: 0,
        repowering: 0,
        decommissioning: 0,
      },
      costs: 0,
      ebitda: 0,
      depreciation: 0,
      interest: 0,
      tax: 0,
      cfads: 0,
      principal: 0,
      debtService: 0,
      debtBalance: debt * k0,
      dscr: null,
      projectCashFlow: -capex * k0,
      projectCashFlowPreTax: -capex * k0,
      equityCashFlow: -(capex + debtFee - debt) * k0,
    },
  ];
  years.forEach((y, t) => {
    const k = basis(y.year);
    const o = operating[t];
    const cfads = ebitda[t] - taxLevered[t];
    const scale = (r: Record<string, number>) =>
      Object.fromEntries(Object.entries(r).map(([s, v]) => [s, v * k])) as any;
    rows.push({
      year: y.year,
      capex: 0,
      revenueByStream: scale(o.byStream),
      revenue: o.revenue * k,
      costsByItem: scale(o.costsByItem as unknown as Record<string, number>),
      costs: o.costs * k,
      ebitda: ebitda[t] * k,
      depreciation: depreciation[t] * k,
      interest: interest[t] * k,
      tax: taxLevered[t] * k,
      cfads: cfads * k,
      principal: principal[t] * k,
      debtService: service[t] * k,
      debtBalance: balances[t] * k,
      dscr: service[t] > 1e-9 ? cfads / service[t] : null,
      projectCashFlow: (ebitda[t] - taxUnlevered[t]) * k,
      projectCashFlowPreTax: ebitda[t] * k,
      equityCashFlow: (cfads - service[t]) * k,
    });
  });

  const discountRate = real ? realRate(inputs.discountRate, inputs.inflation) : inputs.discountRate;
  const project_ = rows.map((r) => r.projectCashFlow);
  const equity = rows.map((r) => r.equityCashFlow);
  const dscrs = rows.map((r) => r.dscr).filter((d): d is number => d !== null);
  const mwh = [0, ...years.map((y) => y.dischargedMWh)];
  const pvMWh = npv(discountRate, mwh);
  return {
    currency: project.currency,
    moneyBasis: real ? `real ${MONEY_BASIS.year} ${project.currency}` : `nominal ${project.currency}`,
    inputs,
    capex: capex * k0,
    debt: debt * k0,
    debtFee: debtFee * k0,
    equity: (capex + debtFee - debt) * k0,
    gearing: capex > 0 ? debt / capex : 0,
    debtSizing: inputs.debtSizing,
    sizingCase: inputs.sizingCase,
    projectIrr: irr(project_),
    projectIrrPreTax: irr(rows.map((r) => r.projectCashFlowPreTax)),
    equityIrr: irr(equity),
    npv: npv(discountRate, project_),
    equityNpv: npv(discountRate, equity),
    lcos:
      pvMWh > 0
        ? npv(
            discountRate,
            rows.map((r) => r.capex + r.costs),
          ) / pvMWh
        : null,
    paybackYears: payback(project_),
    minDscr: dscrs.length ? Math.min(...dscrs) : null,
    averageDscr: dscrs.length ? sum(dscrs) / dscrs.length : null,
    discountRate,
    years: rows,
  };
}

/** Years after year 0 until the cumulative flows turn non-negative (linear within the year); null if never. */
export function payback(flows: readonly number[]): number | null {
  let cumulative = flows[0];
  if (cumulative >= 0) return 0;
  for (let t = 1; t < flows.length; t++) {
    const next = cumulative + flows[t];
    if (next >= 0) return t - 1 + -cumulative / flows[t];
    cumulative = next;
  }
  return null;
}
