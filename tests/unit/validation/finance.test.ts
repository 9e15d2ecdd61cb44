// The finance part of a forecast (issue 30 item 5, decision 0402): optional, read from JSON or as
// typed in a form, each field in its range with a message naming it; the asset life within the run.
import { describe, expect, it } from "vitest";
import { forecastSchema, draftSchema } from "../../../app/validation/forecast.ts";
import { financeSchema, FINANCE_MESSAGES } from "../../../app/validation/finance.ts";
import { gbBess } from "./forecastCases.ts";

const errors = (r: {
  success: boolean;
  error?: { issues: { path: (string | number)[]; message: string }[] };
}) => Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("finance in the forecast body", () => {
  it("is optional: a forecast without it is read as before, with no finance key", () => {
    const r = forecastSchema().safeParse(gbBess);
    expect(r.success).toBe(true);
    expect(r.data).not.toHaveProperty("finance");
  });

  it("is kept as read: numbers typed as text become numbers", () => {
    const r = forecastSchema().safeParse({ ...gbBess, finance: { gearing: "0.55", debtSizing: "gearing" } });
    expect(r.success).toBe(true);
    expect(r.data!.finance).toEqual({ gearing: 0.55, debtSizing: "gearing" });
  });

  it("names the field that is wrong, under finance.", () => {
    const r = forecastSchema().safeParse({
      ...gbBess,
      horizonYears: "10",
      finance: {
        gearing: 1,
        taxRate: -0.1,
        assetLifeYears: 12,
        debtTenorYears: 13,
        sizingCase: "p90",
        extra: 1,
      },
    });
    const e = errors(r);
    expect(e["finance.gearing"]).toMatch(/Gearing should be at least 0 and less than 1/);
    expect(e["finance.taxRate"]).toMatch(/Tax rate should be at least 0/);
    expect(e["finance.assetLifeYears"]).toBe(FINANCE_MESSAGES.assetLifeBeyondRun(10));
    expect(e["finance.debtTenorYears"]).toBe(FINANCE_MESSAGES.tenorBeyondLife(12));
    expect(e["finance.sizingCase"]).toBe(FINANCE_MESSAGES.noP90);
    expect(e.finance).toMatch(/extra/);
    expect(errors(forecastSchema().safeParse({ ...gbBess, finance: "cheap" })).finance).toMatch(/object/);
  });

  it("drafts keep the ranges too", () => {
    expect(
      errors(draftSchema().safeParse({ finance: { capexPerKW: 0, capexPerKWh: 0 } }))["finance.capexPerKW"],
    ).toBe(FINANCE_MESSAGES.capex);
  });
});

describe("financeSchema (the recompute body)", () => {
  it("accepts the boundaries and refuses just beyond them", () => {
    expect(financeSchema().safeParse({ gearing: 0, optimiserFee: 0, debtTenorYears: 0 }).success).toBe(true);
    expect(errors(financeSchema().safeParse({ gearing: 0.999999 }))).toEqual({});
    expect(errors(financeSchema().safeParse({ dscrTargetP50: 0.4 })).dscrTargetP50).toMatch(
      /DSCR target on P50/,
    );
    expect(errors(financeSchema().safeParse({ depreciationYears: 2.5 })).depreciationYears).toMatch(
      /whole number/,
    );
    expect(errors(financeSchema().safeParse({ moneyBasis: "euros" })).moneyBasis).toMatch(/real, nominal/);
  });
});
