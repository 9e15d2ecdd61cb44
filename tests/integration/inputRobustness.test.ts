// Issue 18 items 8, 10 and 11 (API side): hostile input gets a 4xx naming what is wrong, never a
// 500; unknown ids are 404; horizons past the world views and non-finite uploads are refused up
// front; answers with user data are not cacheable; get-data cannot be inflated by repeating a field;
// an API body has a limit (item 9; the web forms' limit: webApp.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { storeSeries } from "../../api/datasets/store.ts";

process.env.VOLTCAST_SEED_LIBRARY_RUNS = "false";

const PRO = "pro@voltcast.local";
const BASE = "/data-api/data-and-charts";
let t: TestBackend;
let seriesId: string;

beforeAll(async () => {
  t = await startTestBackend();
  const ts = Array.from({ length: 48 * 60 }, (_, i) => Date.UTC(2023, 0, 1) + i * 1_800_000);
  const [stored] = await storeSeries(t.backend.ctx.db, "test:robust", "test", [
    {
      meta: {
        slug: "robust-price",
        title: "Robust price",
        description: "fixture",
        region: "great-britain",
        geography: "GB",
        granularity: "30 min",
        source: "synthetic",
        synthetic: true,
        subscriptionKey: null,
        unit: "GBP/MWh",
        category: "LIVEANDHISTORIC",
        variableType: "price",
        groupName: "Robust",
      },
      series: { ts, values: ts.map((_, i) => i % 97) },
    },
  ]);
  seriesId = String(stored.id);
});
afterAll(async () => {
  await t?.stop();
});

const forecast = (over: Record<string, unknown> = {}) => ({
  region: "ERCOT",
  configuration: "bess",
  assetName: "Robust",
  zipCode: "79752",
  ercotZone: "West",
  startDate: "2025-06-01",
  horizonYears: 2,
  maxCycles: 2,
  ratedPower: 10,
  duration: 2,
  connectionType: "distribution",
  efficiency: "88",
  maxImport: "same",
  maxExport: "same",
  coLocation: "false",
  degradation: "standard_degradation_curve",
  repowering: 10000,
  revenueStrategies: ["energy_only"],
  macroScenarios: ["ercot-central"],
  runName: { "ercot-central": "Robust" },
  ...over,
});

describe("unknown ids are 404, hostile values 400 — never 500", () => {
  it("deleting a download twice: the second answer is 404", async () => {
    const anonymousId = "0b7a3c1e-1111-4a2b-8c3d-123456789abc";
    const made = await t.call(`${BASE}/data/download/`, {
      as: { anonymousId },
      body: { datasetIds: [seriesId], startDate: "2023-01-01", endDate: "2023-01-31" },
    });
    expect(made.status, JSON.stringify(made.body)).toBeLessThan(300);
    const id = made.body.id;
    expect(
      (await t.call(`${BASE}/data/preparing/${id}/`, { as: { anonymousId }, method: "DELETE" })).status,
    ).toBeLessThan(300);
    expect(
      (await t.call(`${BASE}/data/preparing/${id}/`, { as: { anonymousId }, method: "DELETE" })).status,
    ).toBe(404);
  });

  it("revoking an unknown API key, or one whose id is not an id: 404", async () => {
    for (const id of ["7d0f8d8e-0000-4000-8000-000000000000", "12345678901234567890", "%ED%A0%80"]) {
      const res = await t.call(`/users/me/api-keys/${id}`, { as: PRO, method: "DELETE" });
      expect([400, 404], id).toContain(res.status);
    }
  });

  it("the finance status of an unknown run: 404", async () => {
    const res = await t.call(`/forecast/run-library/7d0f8d8e-0000-4000-8000-000000000000/`, {
      as: PRO,
      method: "PATCH",
      body: { financeStatus: "scoping" },
    });
    expect(res.status).toBe(404);
  });

  it("big-integer and undecodable ids: 404 or 400, with the one error shape", async () => {
    for (const p of [
      `${BASE}/data/9223372036854775808/`,
      `${BASE}/data/%ED%A0%80/`,
      `${BASE}/plotting/saved-plots/%ED%A0%80/`,
      `/forecast/run-library/drafts/%ED%A0%80/`,
      `/forecast/run-library/99999999999999999999999/`,
    ]) {
      const res = await t.call(p, { as: PRO });
      expect([400, 404], p).toContain(res.status);
      expect(typeof res.body.detail, p).toBe("string");
    }
  });

  it("NUL bytes in search terms, names and upload file names: 400 naming the field", async () => {
    const search = await t.call(`/forecast/asset-library/?search=a%00b`, { as: PRO });
    expect(search.status).toBe(400);
    expect(search.body.errors.search).toBeDefined();

    const title = await t.call(`${BASE}/plotting/saved-plots/title/a%00b/`, { as: PRO });
    expect(title.status).toBe(400);

    const key = await t.call(`/users/me/api-keys`, { as: PRO, body: { name: "key\u0000" } });
    expect(key.status).toBe(400);
    expect(key.body.errors.name).toBeDefined();

    const form = new FormData();
    form.append("file", new Blob(["cycles,capacity\n0,100\n1000,90\n"], { type: "text/csv" }), "a\u0000.csv");
    const up = await t.call(`/forecast/run-library/custom-degradation-curve/`, { as: PRO, body: form });
    expect(up.status).toBe(400);
    expect(up.body.errors.file).toBeDefined();
  });

  it("?offset=1e308 is refused with the offset named", async () => {
    for (const p of ["/forecast/run-library/?offset=1e308", "/forecast/asset-library/?offset=1e308"]) {
      const res = await t.call(p, { as: PRO });
      expect(res.status, p).toBe(400);
      expect(res.body.errors.offset, p).toBeDefined();
    }
  });
});

describe("refused up front, not failed later", () => {
  it("a forecast whose years run past the world views is refused with the horizon named", async () => {
    const res = await t.call("/forecast/run-library/forecasts/", {
      as: PRO,
      body: forecast({ horizonYears: 30 }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.horizonYears[0]).toMatch(/world views run to 2050.*at most 26 years/);
    const { rows } = await t.backend.ctx.pool.query(
      `select count(*)::int as n from forecast_runs where run_name = 'Robust'`,
    );
    expect(rows[0].n).toBe(0);
  });

  it("a client upload of 1e308 is refused with a message, not shown as Infinity", async () => {
    const form = new FormData();
    form.append("runName", "Huge");
    form.append(
      "file",
      new Blob(["year,wholesale\n2025,1e308\n2026,1e308\n"], { type: "text/csv" }),
      "huge.csv",
    );
    const res = await t.call(`/forecast/run-library/forecasts-from-clients/`, { as: PRO, body: form });
    expect(res.status).toBe(400);
    expect(res.body.errors.file[0]).toMatch(/1e308 is not a revenue/);
  });
});

describe("caching and volume", () => {
  it("API answers with user data say Cache-Control: private, no-store", async () => {
    for (const p of ["/users/me", "/forecast/run-library/", `${BASE}/data/items/`]) {
      const res = await t.call(p, { as: PRO });
      expect(res.status, p).toBe(200);
      expect(res.headers.get("cache-control"), p).toBe("private, no-store");
    }
  });

  it("a JSON body over the API's 5 MB limit is refused with 413, in the one error shape", async () => {
    const res = await t.call("/forecast/run-library/forecasts/", {
      as: PRO,
      body: forecast({ assetName: "x".repeat(6 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(res.body.detail).toMatch(/too large/);
  });

  it("get-data refuses a field named twice, so repeating it cannot multiply the answer", async () => {
    const fields = Array.from({ length: 20 }, () => `fields=${seriesId}`).join("&");
    const res = await t.call(
      `${BASE}/plotting/get-data/?${fields}&start_date=2023-01-01&end_date=2023-03-01&thin=false`,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.fields[0]).toBe("Each series may be plotted once");
    const once = await t.call(
      `${BASE}/plotting/get-data/?fields=${seriesId}&start_date=2023-01-01&end_date=2023-03-01&thin=false`,
    );
    expect(once.status).toBe(200);
    expect(once.body.series).toHaveLength(1);
  });
});
