// Finance in the forecast API (issue 30 item 5, decision 0402), on real PostgreSQL with the queue's
// workers: a GB 50 MW / 2 h run's result carries finance whose IRR and NPV a caller can recompute
// from its years; the recompute operation answers for other inputs without a new dispatch; bad
// finance inputs are refused naming the field. A one-year horizon keeps it quick.
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";

process.env.VOLTCAST_SEED_LIBRARY_RUNS = "false";
process.env.VOLTCAST_FORECAST_INTERVAL_MINUTES = "60";

let t: TestBackend;
const PRO = "pro@voltcast.local";
const GB = "gb@voltcast.local";

const gbRun = (extra: Record<string, unknown> = {}) => ({
  region: "GB",
  configuration: "bess",
  assetName: "Finance asset",
  zipCode: "OX11 7HA",
  gspGroup: "_H",
  startDate: "2025-01-01",
  horizonYears: 1,
  maxCycles: 1,
  ratedPower: 50,
  duration: 2,
  connectionType: "distribution",
  efficiency: "88",
  maxImport: "same",
  maxExport: "same",
  coLocation: "false",
  degradation: "standard_degradation_curve",
  repowering: 10000,
  revenueStrategies: ["energy_only"],
  macroScenarios: ["gb-central"],
  runName: { "gb-central": "GB 50 MW 2 h finance" },
  ...extra,
});

// Independent of the engine: the textbook definitions.
const npvOf = (rate: number, flows: number[]) => flows.reduce((a, f, i) => a + f / (1 + rate) ** i, 0);
function irrOf(flows: number[]): number {
  // bisection on [-0.9999, 10]: these flows have one sign change (an outlay, then returns)
  let lo = -0.9999;
  let hi = 10;
  for (let k = 0; k < 300; k++) {
    const mid = (lo + hi) / 2;
    if (Math.sign(npvOf(mid, flows)) === Math.sign(npvOf(lo, flows))) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

let runId: string;

beforeAll(async () => {
  t = await startTestBackend({ workers: true });
  const created = await t.call("/forecast/run-library/forecasts/", {
    as: PRO,
    body: gbRun({ finance: { discountRate: 0.09 } }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  runId = created.body.runIds[0];
  const until = Date.now() + 300_000;
  for (;;) {
    const r = await t.call(`/forecast/run-library/${runId}/`, { as: PRO });
    if (r.body?.status !== "processing") {
      expect(r.body.status, JSON.stringify(r.body.progressEvents?.at(-1))).toBe("ready_for_review");
      break;
    }
    if (Date.now() > until) throw new Error("run still processing");
    await sleep(500);
  }
});
afterAll(async () => {
  await t?.stop();
});

describe("finance in the run result", () => {
  it("a GB 50 MW / 2 h run gives IRRs, NPV, LCOS, DSCR and debt, recomputable from its years", async () => {
    const r = await t.call(`/forecast/run-library/${runId}/result/`, { as: PRO });
    expect(r.status).toBe(200);
    const f = r.body.finance;
    expect(r.body.financeNote).toBeNull();
    expect(f.currency).toBe("GBP");
    expect(f.moneyBasis).toBe("real 2024 GBP");
    // the discount rate given with the forecast is used; the rest are GB defaults
    expect(f.inputs.discountRate).toBe(0.09);
    expect(f.inputs.capexPerKW).toBe(f.defaults.inputs.capexPerKW);
    expect(f.defaults.sources.capexPerKW.url).toContain("modoenergy.com");
    expect(f.inputs.assetLifeYears).toBe(1);
    // capex: (150 GBP/kW + 200 GBP/kWh × 2 h) × 50 000 kW
    expect(f.capex).toBeCloseTo(550 * 50_000, 0);
    for (const k of ["projectIrr", "equityIrr", "npv", "lcos", "minDscr", "debt", "discountRate"])
      expect(typeof f[k], k).toBe("number");
    expect(f.debt).toBeGreaterThan(0);
    expect(f.minDscr).toBeCloseTo(1.35, 6); // sculpted on P50 at the default 1.35×
    // years from the first investment year: 2024 (construction), 2025
    expect(f.years.map((y: { year: number }) => y.year)).toEqual([2024, 2025]);
    const [y0, y1] = f.years;
    expect(y0.capex).toBeCloseTo(f.capex, 6);
    // revenue of the year = the run's revenue of its strategy (no network charges in this run)
    const strategy = r.body.strategies[0];
    expect(y1.revenue).toBeCloseTo(strategy.years[0].total, 4);
    for (const k of ["year", "revenue", "costs", "cfads", "debtService", "equityCashFlow"])
      expect(typeof y1[k], k).toBe("number");
    expect(y1.equityCashFlow).toBeCloseTo(y1.cfads - y1.debtService, 6);
    // IRR and NPV, recomputed here from the returned yearly flows
    const equity = f.years.map((y: { equityCashFlow: number }) => y.equityCashFlow);
    const project = f.years.map((y: { projectCashFlow: number }) => y.projectCashFlow);
    expect(f.equityIrr).toBeCloseTo(irrOf(equity), 8);
    expect(f.projectIrr).toBeCloseTo(irrOf(project), 8);
    expect(f.npv).toBeCloseTo(npvOf(f.discountRate, project), 2);
    // real figures: the nominal 9 % made real by the 2 % inflation default
    expect(f.discountRate).toBeCloseTo(1.09 / 1.02 - 1, 12);
  });

  it("the recompute operation answers for another capex with another IRR, without a new run", async () => {
    const before = (await t.call(`/forecast/run-library/${runId}/result/`, { as: PRO })).body.finance;
    const r = await t.call(`/forecast/run-library/${runId}/finance/`, {
      as: PRO,
      method: "POST",
      body: { ...before.inputs, capexPerKW: 50, capexPerKWh: 100 },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.capex).toBeCloseTo(250 * 50_000, 0);
    expect(r.body.projectIrr).toBeGreaterThan(before.projectIrr);
    expect(r.body.equityIrr).not.toBeCloseTo(before.equityIrr, 6);
    // the revenue is the stored one
    expect(r.body.years[1].revenue).toBeCloseTo(before.years[1].revenue, 6);
    expect(r.body.inputs.discountRate).toBe(0.09);
    // no new dispatch: still one run, unchanged
    const list = await t.call("/forecast/run-library/?limit=100", { as: PRO });
    expect(list.body.count).toBe(1);
    // a partial body overlays the run's inputs: gearing instead of sculpting
    const geared = await t.call(`/forecast/run-library/${runId}/finance/`, {
      as: PRO,
      method: "POST",
      body: { debtSizing: "gearing", gearing: 0.5 },
    });
    expect(geared.status).toBe(200);
    expect(geared.body.debt).toBeCloseTo(0.5 * geared.body.capex, 4);
  });

  it("bad finance inputs get 400 with the field named", async () => {
    const post = (body: unknown) =>
      t.call(`/forecast/run-library/${runId}/finance/`, { as: PRO, method: "POST", body });
    const gearing = await post({ gearing: 1 });
    expect(gearing.status).toBe(400);
    expect(gearing.body.errors.gearing[0]).toMatch(/Gearing should be at least 0 and less than 1/);
    const capex = await post({ capexPerKW: 0, capexPerKWh: 0 });
    expect(capex.status).toBe(400);
    expect(capex.body.errors.capexPerKW[0]).toMatch(/Capex should be more than 0/);
    const negative = await post({ capexPerKWh: -5 });
    expect(negative.body.errors.capexPerKWh[0]).toMatch(/Capex per kWh should be at least 0/);
    const tenor = await post({ debtTenorYears: 5 });
    expect(tenor.status).toBe(400);
    expect(tenor.body.errors.debtTenorYears[0]).toMatch(/cannot be longer than the asset life \(1 years\)/);
    const life = await post({ assetLifeYears: 3 });
    expect(life.body.errors.assetLifeYears[0]).toMatch(/at most 1 years/);
    const p90 = await post({ sizingCase: "p90" });
    expect(p90.body.errors.sizingCase[0]).toMatch(/no P90 case/);
    const unknown = await post({ capex: 100 });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body.errors)).toMatch(/capex/);
    const strategy = await t.call(`/forecast/run-library/${runId}/finance/?strategy=merchant`, {
      as: PRO,
      method: "POST",
      body: {},
    });
    expect(strategy.body.errors.strategy[0]).toMatch(/energy_only/);
  });

  it("a forecast body with bad finance is refused at finance.<field>, and nothing is created", async () => {
    const r = await t.call("/forecast/run-library/forecasts/", {
      as: PRO,
      body: gbRun({ finance: { gearing: -0.1, optimiserFee: "lots" } }),
    });
    expect(r.status).toBe(400);
    expect(r.body.errors["finance.gearing"][0]).toMatch(/Gearing should be at least 0/);
    expect(r.body.errors["finance.optimiserFee"][0]).toMatch(/Optimiser fee should be/);
    const list = await t.call("/forecast/run-library/?limit=100", { as: PRO });
    expect(list.body.count).toBe(1);
  });

  it("is authorised like the result: another user cannot recompute someone's run", async () => {
    const other = await t.call(`/forecast/run-library/${runId}/finance/`, {
      as: GB,
      method: "POST",
      body: {},
    });
    expect(other.status).toBe(404);
    const anonymous = await t.call(`/forecast/run-library/${runId}/finance/`, {
      as: { anonymousId: "a-visitor" },
      method: "POST",
      body: {},
    });
    expect(anonymous.status).toBe(404);
    expect((await t.call(`/forecast/run-library/${runId}/result/`, { as: GB })).status).toBe(404);
  });
});
