// The portfolio's revenue and cash flow per year (issue 30 item 4, decision 0412), on real
// PostgreSQL with the queue's workers: two GB runs on two assets (one with price paths, one
// without), an ERCOT run still computing its paths on a third; another user's asset linked to the
// same run is never in the caller's sums; a user without portfolio access is refused. The expected
// sums are computed here from each run's own `result` (percentiles where it has them, its expected
// figures otherwise), scaled to each asset's rated power.
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";

process.env.VOLTCAST_SEED_LIBRARY_RUNS = "false";
process.env.VOLTCAST_FORECAST_INTERVAL_MINUTES = "60";

let t: TestBackend;
const PRO = "pro@voltcast.local"; // has portfolio access
const GB = "gb@voltcast.local"; // has not
const FREE = "free@voltcast.local";

const common = {
  configuration: "bess",
  startDate: "2025-01-01",
  maxCycles: 1,
  duration: 2,
  connectionType: "distribution",
  efficiency: "88",
  maxImport: "same",
  maxExport: "same",
  coLocation: "false",
  degradation: "standard_degradation_curve",
  repowering: 10000,
  revenueStrategies: ["energy_only"],
};
const gbRun = (name: string, ratedPower: number, horizonYears: number) => ({
  ...common,
  region: "GB",
  assetName: name,
  zipCode: "OX11 7HA",
  gspGroup: "_H",
  horizonYears,
  ratedPower,
  macroScenarios: ["gb-central"],
  runName: { "gb-central": name },
});
const ercotRun = {
  ...common,
  region: "ERCOT",
  assetName: "West",
  zipCode: "79752",
  ercotZone: "West",
  horizonYears: 1,
  ratedPower: 10,
  macroScenarios: ["ercot-central"],
  runName: { "ercot-central": "West central" },
};

async function create(body: unknown): Promise<string> {
  const r = await t.call("/forecast/run-library/forecasts/", { as: PRO, body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.runIds[0];
}
async function finished(id: string) {
  const until = Date.now() + 600_000;
  for (;;) {
    const r = await t.call(`/forecast/run-library/${id}/`, { as: PRO });
    if (r.body?.status !== "processing") {
      expect(r.body.status, JSON.stringify(r.body.progressEvents?.at(-1))).toBe("ready_for_review");
      return;
    }
    if (Date.now() > until) throw new Error("run still processing");
    await sleep(500);
  }
}
const resultOf = async (id: string) => {
  const r = await t.call(`/forecast/run-library/${id}/result/`, { as: PRO });
  expect(r.status).toBe(200);
  return r.body;
};

let withPaths: string; // GB, 50 MW, 2025–2026, three price paths inserted
let withoutPaths: string; // GB, 20 MW, 2025, no paths
let computing: string; // ERCOT, 10 MW, 2025, one path still waiting
const ASSETS = { withPaths: 30, withoutPaths: 40, computing: 5 }; // the assets' rated power, MW

beforeAll(async () => {
  t = await startTestBackend({ workers: true });
  withPaths = await create(gbRun("GB with paths", 50, 2));
  withoutPaths = await create(gbRun("GB without paths", 20, 1));
  computing = await create(ercotRun);
  for (const id of [withPaths, withoutPaths, computing]) await finished(id);

  // Price paths as the workers write them (api/forecasts/paths.ts): one row per path with its
  // years. Three paths around the run's own revenue; the ERCOT run has one still waiting.
  const pool = t.backend.ctx.pool;
  const base = (await resultOf(withPaths)).strategies[0].years;
  const mw = 50;
  for (const [path, k] of [0.8, 1.0, 1.3].entries()) {
    const years = base.map((y: any) => ({
      year: y.year,
      streamsPerMW: Object.fromEntries(
        Object.entries(y.streams).map(([s, v]) => [s, ((v as number) / mw) * k]),
      ),
      perMWYear: y.perMWYear * k,
      dischargedMWh: y.throughputMWh,
      repowered: !!y.repowered,
    }));
    await pool.query(
      `insert into forecast_run_paths (run_id, path, seed, status, years, worker, finished_at)
       values ($1, $2, $2, 'done', $3, 'test', now())`,
      [withPaths, path, JSON.stringify(years)],
    );
  }
  await pool.query(
    `insert into forecast_run_paths (run_id, path, seed, status) values ($1, 0, 0, 'waiting')`,
    [computing],
  );
}, 900_000);
afterAll(async () => {
  await t?.stop();
});

async function addAsset(assetName: string, marketRegion: string, ratedPower: number, runId: string) {
  const a = await t.call("/forecast/portfolio/assets/", {
    as: PRO,
    body: { assetName, marketRegion, ratedPower, energyCapacity: ratedPower * 2, technology: "BESS" },
  });
  expect(a.status, JSON.stringify(a.body)).toBe(201);
  const l = await t.call("/forecast/portfolio/link-runs/", {
    as: PRO,
    body: { portfolioAssetId: a.body.id, forecastRunsId: [runId] },
  });
  expect(l.status, JSON.stringify(l.body)).toBe(200);
  return a.body.id as string;
}

describe("the portfolio's yearly totals", () => {
  it("an empty portfolio has no sums", async () => {
    const r = await t.call("/forecast/portfolio/yearly-totals/", { as: PRO });
    expect(r.status).toBe(200);
    expect(r.body.currencies).toEqual([]);
    expect(r.body.runs).toEqual([]);
  });

  it("a user without portfolio access is refused", async () => {
    const r = await t.call("/forecast/portfolio/yearly-totals/", { as: GB });
    expect(r.status).toBe(403);
    expect(r.body.detail).toBe("The portfolio is not available to your account.");
  });

  it("sums P50 and P90 revenue and cash flow per year and currency, scaled to each asset", async () => {
    await addAsset("Didcot", "GB", ASSETS.withPaths, withPaths);
    await addAsset("Cowley", "GB", ASSETS.withoutPaths, withoutPaths);
    await addAsset("Odessa", "ERCOT", ASSETS.computing, computing);
    // Another user's asset, linked to the same run: never in the caller's sums.
    const pool = t.backend.ctx.pool;
    const { rows } = await pool.query<{ id: string }>(
      `insert into portfolio_assets (user_id, asset_name, rated_power, energy_capacity, market_region)
       values ($1, 'Not yours', 400, 800, 'GB') returning id`,
      [await t.userId(FREE)],
    );
    await pool.query(
      `insert into portfolio_asset_runs (portfolio_asset_id, forecast_run_id) values ($1, $2)`,
      [rows[0].id, withPaths],
    );

    const a = await resultOf(withPaths);
    const b = await resultOf(withoutPaths);
    const c = await resultOf(computing);
    // The run with paths has them (three, in the lenders' convention); the ERCOT run's are computing.
    expect(a.percentiles.paths).toBe(3);
    expect(b.pathProgress).toBeNull();
    expect(c.percentiles).toBeNull();
    expect(c.pathProgress).toEqual({ done: 0, failed: 0, total: 1 });
    expect(a.currency).toBe("GBP");
    expect(c.currency).toBe("USD");

    // Expected sums, from the runs' own results: {year → [p50, p90, fromPaths, fromExpected]}.
    type Acc = Map<number, [number, number, number, number]>;
    const add = (m: Acc, year: number, p50: number, p90: number, fromPaths: boolean) => {
      const s = m.get(year) ?? [0, 0, 0, 0];
      m.set(year, [s[0] + p50, s[1] + p90, s[2] + (fromPaths ? 1 : 0), s[3] + (fromPaths ? 0 : 1)]);
    };
    const revenue = { GBP: new Map() as Acc, USD: new Map() as Acc };
    const cash = { GBP: new Map() as Acc, USD: new Map() as Acc };
    a.percentiles.years.forEach((y: number, i: number) =>
      add(revenue.GBP, y, a.percentiles.p50[i] * 30, a.percentiles.p90[i] * 30, true),
    );
    a.finance.years
      .slice(1)
      .forEach((y: { year: number }, i: number) =>
        add(
          cash.GBP,
          y.year,
          (a.percentiles.cfads.p50[i] * 30) / 50,
          (a.percentiles.cfads.p90[i] * 30) / 50,
          true,
        ),
      );
    for (const [r, mw, runMW, cur] of [
      [b, ASSETS.withoutPaths, 20, "GBP"],
      [c, ASSETS.computing, 10, "USD"],
    ] as const) {
      for (const y of r.strategies[0].years)
        add(revenue[cur], y.year, y.perMWYear * mw, y.perMWYear * mw, false);
      for (const y of r.finance.years.slice(1))
        add(cash[cur], y.year, (y.cfads * mw) / runMW, (y.cfads * mw) / runMW, false);
    }

    const r = await t.call("/forecast/portfolio/yearly-totals/", { as: PRO });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.convention).toBe("exceedance");
    expect(r.body.note).toMatch(/sum of P90s is conservative, not the portfolio's own P90/);
    // Never summed across currencies: one set of sums each.
    expect(r.body.currencies.map((x: { currency: string }) => x.currency)).toEqual(["GBP", "USD"]);
    for (const totals of r.body.currencies) {
      const cur = totals.currency as "GBP" | "USD";
      expect(totals.moneyBasis).toBe(`real 2024 ${cur}`);
      expect(totals.years.map((y: { year: number }) => y.year)).toEqual([...revenue[cur].keys()].sort());
      for (const y of totals.years) {
        const [p50, p90, fromPaths, fromExpected] = revenue[cur].get(y.year)!;
        expect(y.revenue.p50).toBeCloseTo(p50, 2);
        expect(y.revenue.p90).toBeCloseTo(p90, 2);
        expect([y.revenue.fromPaths, y.revenue.fromExpected]).toEqual([fromPaths, fromExpected]);
        const cf = cash[cur].get(y.year)!;
        expect(y.cashFlow.p50).toBeCloseTo(cf[0], 2);
        expect(y.cashFlow.p90).toBeCloseTo(cf[1], 2);
        expect([y.cashFlow.fromPaths, y.cashFlow.fromExpected]).toEqual([cf[2], cf[3]]);
      }
    }
    // 2025 has both GB runs (one from paths, one expected); 2026 only the run with paths, whose
    // P90 is below its P50 (the downside of three paths is the lowest).
    const gbp = r.body.currencies[0].years;
    expect(gbp[0]).toMatchObject({ year: 2025, revenue: { fromPaths: 1, fromExpected: 1 } });
    expect(gbp[1]).toMatchObject({ year: 2026, revenue: { fromPaths: 1, fromExpected: 0 } });
    expect(gbp[1].revenue.p90).toBeLessThan(gbp[1].revenue.p50);
    expect(gbp[1].revenue.p90).toBeCloseTo(a.strategies[0].years[1].perMWYear * 0.8 * 30, 2);

    // Which runs lack paths, and that the other user's asset is not there.
    const runs = r.body.runs.map((x: any) => [x.assetName, x.runName, x.paths, x.counted, x.cashFlow]);
    expect(runs).toEqual([
      ["Cowley", "GB without paths", "none", true, true],
      ["Didcot", "GB with paths", "in", true, true],
      ["Odessa", "West central", "computing", true, true],
    ]);
    expect(r.body.runs.find((x: any) => x.paths === "computing").pathProgress).toEqual({
      done: 0,
      failed: 0,
      total: 1,
    });
  });
});
