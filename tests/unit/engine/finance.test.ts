// The finance model (issue 30 item 1, decision 0401): a hand-worked 3-year project, IRR and NPV
// against published values, debt sculpting and gearing, the money basis, and the defaults' sources.
import { describe, expect, it } from "vitest";
import {
  capitalRecoveryFactor,
  defaultFinanceInputs,
  FinanceInputError,
  financeModel,
  irr,
  npv,
  payback,
  realRate,
  requiredAnnualRevenue,
  type FinanceInputs,
  type FinanceProject,
} from "../../../engine/finance/index.ts";

describe("npv and irr", () => {
  it("agree with Microsoft's documented Excel examples", () => {
    // Excel NPV(10%, -10000, 3000, 4200, 6800) = 1,188.44: Excel discounts its first value, ours
    // does not, so the flows start at year 1 here.
    expect(npv(0.1, [0, -10000, 3000, 4200, 6800])).toBeCloseTo(1188.44, 2);
    // Excel IRR examples: 8.66 % over five years, -2.12 % over four.
    expect(irr([-70000, 12000, 15000, 18000, 21000, 26000])).toBeCloseTo(0.0866, 4);
    expect(irr([-70000, 12000, 15000, 18000, 21000])).toBeCloseTo(-0.0212, 4);
    // and the textbook one-year case
    expect(irr([-100, 110])).toBeCloseTo(0.1, 12);
  });

  it("finds the root nearest the guess when there are two, and none without a sign change", () => {
    // -100 + 230/(1+r) - 132/(1+r)^2 = 0 at r = 10 % and r = 20 %
    expect(irr([-100, 230, -132])).toBeCloseTo(0.1, 10);
    expect(irr([-100, 230, -132], 0.25)).toBeCloseTo(0.2, 10);
    expect(irr([100, 50, 20])).toBeNull();
    expect(irr([-100, -50])).toBeNull();
    expect(irr([0, 0])).toBeNull();
  });

  it("finds a large IRR and one near -100 %", () => {
    expect(irr([-1, 50])).toBeCloseTo(49, 8);
    expect(irr([-100, 2])).toBeCloseTo(-0.98, 10);
    expect(irr([-100, 0.3])).toBeCloseTo(-0.997, 10);
  });

  it("capital recovery: the level payment repays the capital at the rate", () => {
    // 100 000 at 10 % over 2 years: 57 619.05 a year (100 000 × 0.1 / (1 − 1.1^−2))
    expect(100_000 * capitalRecoveryFactor(0.1, 2)).toBeCloseTo(57_619.05, 2);
    expect(capitalRecoveryFactor(0, 4)).toBe(0.25);
    // a revenue of exactly the required level earns exactly the hurdle
    const need = requiredAnnualRevenue({ capex: 1000, annualCosts: 20, hurdle: 0.08, years: 15 });
    expect(irr([-1000, ...new Array(15).fill(need - 20)])).toBeCloseTo(0.08, 10);
    expect(realRate(0.1016, 0.02)).toBeCloseTo(0.08, 12);
  });

  it("payback interpolates within the year it turns", () => {
    expect(payback([-100, 40, 40, 40])).toBeCloseTo(2 + 20 / 40, 12);
    expect(payback([-100, 10, 10])).toBeNull();
  });
});

/** A 1 MW / 2 MWh project over 3 years with round numbers (see the hand-worked test). */
function handInputs(over: Partial<FinanceInputs> = {}): FinanceInputs {
  return {
    capexPerKW: 100,
    capexPerKWh: 50,
    developmentCostPerKW: 0,
    gridConnectionCostPerKW: 0,
    fixedOmPerKWYear: 10,
    variableOmPerMWh: 0,
    optimiserFee: 0.1,
    insuranceAndOtherPerKWYear: 0,
    repoweringCostPerKWh: 0,
    decommissioningCostPerKW: 5,
    taxRate: 0.25,
    depreciationYears: 3,
    inflation: 0,
    moneyBasis: "real",
    discountRate: 0.1,
    assetLifeYears: 3,
    debtSizing: "gearing",
    gearing: 0.5,
    sizingCase: "p50",
    dscrTargetP50: 1.35,
    dscrTargetP90: 1,
    debtTenorYears: 2,
    debtInterestRate: 0.1,
    debtUpfrontFee: 0.01,
    ...over,
  };
}
const handProject: FinanceProject = {
  ratedPowerMW: 1,
  energyMWh: 2,
  currency: "GBP",
  years: [2025, 2026, 2027].map((year) => ({
    year,
    streamsPerMW: { wholesale: 100_000 },
    dischargedMWh: 1000,
  })),
};

describe("financeModel: a hand-worked 3-year project", () => {
  // Capex: 100/kW × 1 000 kW + 50/kWh × 2 000 kWh = 200 000, in 2024 (year 0).
  // Revenue 100 000 a year. Costs: fixed O&M 10/kW × 1 000 = 10 000; optimiser fee 10 % × 100 000
  // = 10 000; decommissioning 5/kW × 1 000 = 5 000 in the last year. So costs 20 000, 20 000,
  // 25 000 and EBITDA 80 000, 80 000, 75 000.
  // Depreciation 200 000 / 3 = 66 666.67 a year.
  // Unlevered tax: 25 % × (13 333.33, 13 333.33, 8 333.33) = 3 333.33, 3 333.33, 2 083.33, so the
  // post-tax project flows are −200 000, 76 666.67, 76 666.67, 72 916.67.
  // Debt by gearing: 50 % × 200 000 = 100 000 at 10 % over 2 years, level service
  // 100 000 × 0.1 / (1 − 1.1^−2) = 57 619.05. Year 1: interest 10 000, principal 47 619.05,
  // balance 52 380.95. Year 2: interest 5 238.10, principal 52 380.95, balance 0.
  // Levered tax: 25 % × (80 000 − 66 666.67 − 10 000) = 833.33; 25 % × (80 000 − 66 666.67 −
  // 5 238.10) = 2 023.81; 25 % × 8 333.33 = 2 083.33.
  // CFADS = EBITDA − tax: 79 166.67, 77 976.19, 72 916.67. DSCR: 79 166.67 / 57 619.05 = 1.37397,
  // 77 976.19 / 57 619.05 = 1.35331.
  // Equity: year 0 −(200 000 + 1 % × 100 000 fee − 100 000) = −101 000; then CFADS − service:
  // 21 547.62, 20 357.14, 72 916.67.
  // NPV at 10 %: −200 000 + 76 666.67/1.1 + 76 666.67/1.21 + 72 916.67/1.331
  //            = −200 000 + 69 696.97 + 63 360.88 + 54 783.37 = −12 158.78.
  // LCOS at 10 %: PV(costs) = 200 000 + 20 000/1.1 + 20 000/1.21 + 25 000/1.331 = 253 493.61;
  // PV(MWh) = 1 000 × (1/1.1 + 1/1.21 + 1/1.331) = 2 486.85; LCOS = 101.93 per MWh.
  // Payback: cumulative −123 333.33 after year 1, −46 666.67 after year 2: 2 + 46 666.67/72 916.67 = 2.64.
  const r = financeModel(handInputs(), handProject);

  it("yearly rows", () => {
    expect(r.years.map((y) => y.year)).toEqual([2024, 2025, 2026, 2027]);
    expect(r.capex).toBeCloseTo(200_000, 6);
    expect(r.years.map((y) => y.revenue)).toEqual([0, 100_000, 100_000, 100_000]);
    expect(r.years.map((y) => y.costs)).toEqual([0, 20_000, 20_000, 25_000]);
    expect(r.years[3].costsByItem.decommissioning).toBe(5_000);
    expect(r.years.map((y) => y.ebitda)).toEqual([0, 80_000, 80_000, 75_000]);
    const close = (xs: number[], ys: number[]) => xs.forEach((x, i) => expect(x).toBeCloseTo(ys[i], 2));
    close(
      r.years.map((y) => y.debtService),
      [0, 57_619.05, 57_619.05, 0],
    );
    close(
      r.years.map((y) => y.interest),
      [0, 10_000, 5_238.1, 0],
    );
    close(
      r.years.map((y) => y.tax),
      [0, 833.33, 2_023.81, 2_083.33],
    );
    close(
      r.years.map((y) => y.cfads),
      [0, 79_166.67, 77_976.19, 72_916.67],
    );
    close(
      r.years.map((y) => y.projectCashFlow),
      [-200_000, 76_666.67, 76_666.67, 72_916.67],
    );
    close(
      r.years.map((y) => y.equityCashFlow),
      [-101_000, 21_547.62, 20_357.14, 72_916.67],
    );
    expect(r.years[2].debtBalance).toBeCloseTo(0, 6);
  });

  it("measures", () => {
    expect(r.debt).toBeCloseTo(100_000, 6);
    expect(r.debtFee).toBeCloseTo(1_000, 6);
    expect(r.years[1].dscr).toBeCloseTo(1.37397, 5);
    expect(r.minDscr).toBeCloseTo(1.35331, 5);
    expect(r.averageDscr).toBeCloseTo((1.37397 + 1.35331) / 2, 5);
    expect(r.npv).toBeCloseTo(-12_158.78, 2);
    expect(r.lcos).toBeCloseTo(101.93, 2);
    expect(r.paybackYears).toBeCloseTo(2.64, 2);
    expect(r.discountRate).toBeCloseTo(0.1, 12);
    // IRRs: the rates where the flows above are worth zero (negative NPV at 10 % ⇒ below 10 %)
    expect(npv(r.projectIrr!, [-200_000, 76_666.67, 76_666.67, 72_916.67])).toBeCloseTo(0, 0);
    expect(npv(r.equityIrr!, [-101_000, 21_547.62, 20_357.14, 72_916.67])).toBeCloseTo(0, 0);
    expect(npv(r.projectIrrPreTax!, [-200_000, 80_000, 80_000, 75_000])).toBeCloseTo(0, 6);
    expect(r.projectIrr!).toBeLessThan(r.projectIrrPreTax!);
  });

  it("repowering is paid in the year the forecast re-powers, but not at the end of life", () => {
    const years = handProject.years.map((y, i) => ({ ...y, repowered: i === 0 || i === 2 }));
    const x = financeModel(handInputs({ repoweringCostPerKWh: 30 }), { ...handProject, years });
    // 30 per kWh × 2 000 kWh
    expect(x.years.map((y) => y.costsByItem.repowering)).toEqual([0, 60_000, 0, 0]);
  });

  it("network charges are costs, and the Capacity Market pays no optimiser fee", () => {
    const years = handProject.years.map((y) => ({
      ...y,
      streamsPerMW: { wholesale: 100_000, capacityMarket: 20_000, tnuos: -3_000 },
    }));
    const x = financeModel(handInputs(), { ...handProject, years });
    expect(x.years[1].revenue).toBe(120_000);
    expect(x.years[1].costsByItem.networkCharges).toBe(3_000);
    expect(x.years[1].costsByItem.optimiserFee).toBe(10_000);
  });
});

describe("financeModel: money basis", () => {
  it("real figures are the nominal ones deflated: IRR_real = (1 + IRR_nominal)/(1 + inflation) − 1", () => {
    const nominal = financeModel(handInputs({ inflation: 0.03, moneyBasis: "nominal" }), handProject);
    const real = financeModel(handInputs({ inflation: 0.03, moneyBasis: "real" }), handProject);
    expect(real.equityIrr!).toBeCloseTo(realRate(nominal.equityIrr!, 0.03), 10);
    expect(real.projectIrr!).toBeCloseTo(realRate(nominal.projectIrr!, 0.03), 10);
    // nominal revenue of 2027 is 2024 money escalated three years
    expect(nominal.years[3].revenue).toBeCloseTo(100_000 * 1.03 ** 3, 6);
    expect(real.years[3].revenue).toBeCloseTo(100_000, 6);
    // the discount rate of real figures is the nominal input made real
    expect(real.discountRate).toBeCloseTo(1.1 / 1.03 - 1, 12);
    // the same cash, valued at year 0 either way
    expect(real.npv).toBeCloseTo(nominal.npv, 4);
  });
});

/** 10 MW / 20 MWh over 10 years, revenue falling, for the debt tests. */
const debtProject: FinanceProject = {
  ratedPowerMW: 10,
  energyMWh: 20,
  currency: "GBP",
  years: Array.from({ length: 10 }, (_, i) => ({
    year: 2025 + i,
    streamsPerMW: { wholesale: 120_000 - 4_000 * i, capacityMarket: 10_000 },
    dischargedMWh: 7_000,
  })),
  p90Years: Array.from({ length: 10 }, (_, i) => ({
    year: 2025 + i,
    streamsPerMW: { wholesale: 0.6 * (120_000 - 4_000 * i), capacityMarket: 10_000 },
  })),
};
const sculptInputs = (over: Partial<FinanceInputs> = {}) =>
  handInputs({
    capexPerKW: 150,
    capexPerKWh: 200,
    decommissioningCostPerKW: 10,
    depreciationYears: 10,
    assetLifeYears: 10,
    debtSizing: "sculpted",
    gearing: 0.9,
    debtTenorYears: 7,
    debtInterestRate: 0.07,
    ...over,
  });

describe("financeModel: debt", () => {
  it("sculpted on P50, every year of the tenor has DSCR = the target, and the debt is repaid at its end", () => {
    const r = financeModel(sculptInputs(), debtProject);
    const tenor = r.years.slice(1, 8);
    expect(r.debt).toBeGreaterThan(0);
    expect(r.gearing).toBeLessThan(0.9); // the cap does not bind here
    for (const y of tenor) expect(y.dscr).toBeCloseTo(1.35, 8);
    expect(r.years[7].debtBalance).toBeCloseTo(0, 4);
    expect(r.years.slice(8).every((y) => y.debtService === 0 && y.dscr === null)).toBe(true);
    expect(r.minDscr).toBeCloseTo(1.35, 8);
  });

  it("a gearing cap binds: debt = cap × capex, and every DSCR is then above the target", () => {
    const r = financeModel(sculptInputs({ gearing: 0.3 }), debtProject);
    expect(r.debt).toBeCloseTo(0.3 * r.capex, 6);
    expect(r.minDscr!).toBeGreaterThan(1.35);
    // the same shape, scaled: the DSCRs are equal to one another
    const dscrs = r.years.slice(1, 8).map((y) => y.dscr!);
    for (const d of dscrs) expect(d).toBeCloseTo(dscrs[0], 8);
  });

  // P90 sizes less debt than P50 when the P90 CFADS is below 1/1.35 ≈ 74 % of P50's: here the P90
  // wholesale revenue is 60 % of P50's.
  it("sized on P90 at 1.0×, the debt is smaller than on P50 at 1.35×, and P90 CFADS covers it exactly", () => {
    const p50 = financeModel(sculptInputs(), debtProject);
    const p90 = financeModel(sculptInputs({ sizingCase: "p90" }), debtProject);
    expect(p90.debt).toBeLessThan(p50.debt);
    // on the P50 revenue actually earned, cover is above 1.0
    expect(p90.minDscr!).toBeGreaterThan(1);
    // the P90 case alone: its CFADS equals its service (DSCR 1.0)
    const downside = financeModel(sculptInputs({ sizingCase: "p90" }), {
      ...debtProject,
      years: debtProject.years.map((y, i) => ({ ...y, streamsPerMW: debtProject.p90Years![i].streamsPerMW })),
    });
    for (const y of downside.years.slice(1, 8)) expect(y.dscr).toBeCloseTo(1, 8);
  });

  it("by gearing: debt = gearing × capex, level service over the tenor", () => {
    const r = financeModel(sculptInputs({ debtSizing: "gearing", gearing: 0.6 }), debtProject);
    expect(r.debt).toBeCloseTo(0.6 * r.capex, 6);
    const service = r.years.slice(1, 8).map((y) => y.debtService);
    for (const s of service) expect(s).toBeCloseTo(0.6 * r.capex * capitalRecoveryFactor(0.07, 7), 4);
    // equity IRR above project IRR when debt is cheaper than the project's return
    expect(r.equityIrr!).toBeGreaterThan(r.projectIrr!);
  });

  it("refuses what the project cannot take, naming the field", () => {
    const noP90 = { ...debtProject, p90Years: undefined };
    const err = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof FinanceInputError ? e.field : "other";
      }
      return "none";
    };
    expect(err(() => financeModel(sculptInputs({ sizingCase: "p90" }), noP90))).toBe("sizingCase");
    expect(err(() => financeModel(sculptInputs({ assetLifeYears: 11 }), debtProject))).toBe("assetLifeYears");
    expect(
      err(() => financeModel(sculptInputs({ debtTenorYears: 11, assetLifeYears: 10 }), debtProject)),
    ).toBe("debtTenorYears");
  });
});

describe("defaultFinanceInputs", () => {
  it("every default says where it comes from; GB capex is Modo's ~550k/MW for 2 h", () => {
    const gb = defaultFinanceInputs("GB", 15);
    expect(gb.currency).toBe("GBP");
    for (const [field, s] of Object.entries(gb.sources)) {
      expect(s.text.length, field).toBeGreaterThan(10);
      if (s.kind === "assumption") expect(s.text, field).toMatch(/assumption|illustrative/i);
    }
    expect(Object.keys(gb.sources).sort()).toEqual(Object.keys(gb.inputs).sort());
    expect(gb.inputs.capexPerKW + 2 * gb.inputs.capexPerKWh).toBe(550);
    expect(gb.sources.capexPerKW.url).toContain("modoenergy.com");
    expect(gb.inputs.discountRate).toBe(0.108);
    expect(gb.inputs.assetLifeYears).toBe(15);
    expect(gb.inputs.dscrTargetP50).toBe(1.35);
    expect(gb.inputs.dscrTargetP90).toBe(1);
  });

  it("markets without their own source get a converted figure, and say so", () => {
    const nem = defaultFinanceInputs("NEM", 20);
    expect(nem.currency).toBe("AUD");
    expect(nem.sources.capexPerKWh.kind).toBe("converted");
    expect(nem.sources.capexPerKWh.text).toMatch(/converted from USD/);
    expect(nem.inputs.capexPerKWh).toBeCloseTo(240 * 1.52, 2);
    const de = defaultFinanceInputs("DE", 20);
    expect(de.currency).toBe("EUR");
    expect(de.sources.capexPerKW.text).toMatch(/converted from GBP/);
    expect(defaultFinanceInputs("ERCOT", 20).sources.capexPerKW.kind).toBe("derived");
  });

  it("the defaults run: a GB 50 MW / 2 h project at ~GBP 100k/MW/yr has a positive equity IRR and debt", () => {
    const { inputs } = defaultFinanceInputs("GB", 15);
    const r = financeModel(inputs, {
      ratedPowerMW: 50,
      energyMWh: 100,
      currency: "GBP",
      years: Array.from({ length: 15 }, (_, i) => ({
        year: 2025 + i,
        streamsPerMW: { wholesale: 80_000, services: 10_000, capacityMarket: 10_000 },
        dischargedMWh: 100 * 365 * 0.9,
      })),
    });
    expect(r.capex).toBeCloseTo(550 * 50_000, 0);
    expect(r.debt).toBeGreaterThan(0);
    expect(r.debt).toBeLessThanOrEqual(0.6 * r.capex + 1e-6);
    expect(r.minDscr!).toBeGreaterThanOrEqual(1.35 - 1e-9);
    expect(r.equityIrr).not.toBeNull();
    expect(r.projectIrr).not.toBeNull();
  });
});
