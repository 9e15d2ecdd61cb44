// Plotter API on real PostgreSQL: the §5 saved-chart rules, get-data's aggregation and thinning,
// the moving-average check, the tree's folders and paging, and subscriptions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { storeSeries, type DatasetMeta } from "../../api/datasets/store.ts";
import { createApiKey } from "../../api/auth/apiKeys.ts";

const BASE = "/data-api/data-and-charts/plotting";
const HALF_HOUR = 1_800_000;
let t: TestBackend;
let priceId: string;
let lockedId: string;
let raw: { ts: number[]; values: number[] };

function meta(slug: string, over: Partial<DatasetMeta> = {}): DatasetMeta {
  return {
    slug,
    title: `Test ${slug}`,
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
    groupName: "Test prices",
    ...over,
  };
}

beforeAll(async () => {
  t = await startTestBackend();
  // 2023 in half-hours: a daily shape, a scarcity spike and a negative price.
  const ts: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < 17_520; i++) {
    ts.push(Date.UTC(2023, 0, 1) + i * HALF_HOUR);
    values.push(Math.round(80 + 30 * Math.sin((2 * Math.PI * (i % 48)) / 48) + ((i * 7919) % 13)));
  }
  values[5000] = 1950;
  values[12000] = -185;
  raw = { ts, values };
  const stored = await storeSeries(t.backend.ctx.db, "test:plotting", "test", [
    { meta: meta("test-gb-price"), series: raw },
    {
      meta: meta("test-gb-locked", { title: "Locked GB series", subscriptionKey: "data_gb" }),
      series: { ts: ts.slice(0, 48), values: values.slice(0, 48) },
    },
    ...Array.from({ length: 12 }, (_, i) => ({
      meta: meta(`test-extra-${i}`, { groupName: "Test extras" }),
      series: { ts: ts.slice(0, 48), values: values.slice(0, 48) },
    })),
  ]);
  priceId = String(stored[0].id);
  lockedId = String(stored[1].id);
});
afterAll(async () => {
  await t?.stop();
});

const chart = (over: Record<string, unknown> = {}) => ({
  title: "My GB prices",
  description: "Weekly means",
  fields: [priceId],
  categories: ["LIVEANDHISTORIC"],
  start_date: "2023-03-01",
  end_date: "2023-03-31",
  period: "week",
  chart_type: "linear",
  unit: "Price",
  ...over,
});

describe("saved plots: the rules of spec §5", () => {
  it("requires a title", async () => {
    const res = await t.call(`${BASE}/saved-plots/`, {
      as: "gb@voltcast.local",
      body: chart({ title: "  " }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.title).toEqual(["Please enter chart name"]);
  });

  it("limits the title to 30 characters", async () => {
    const res = await t.call(`${BASE}/saved-plots/`, {
      as: "gb@voltcast.local",
      body: chart({ title: "a".repeat(31) }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.title).toEqual(["The name field should be 30 characters or less."]);
    const ok = await t.call(`${BASE}/saved-plots/`, {
      as: "gb@voltcast.local",
      body: chart({ title: "a".repeat(30) }),
    });
    expect(ok.status).toBe(201);
  });

  it("allows letters, digits and spaces only", async () => {
    for (const title of ["GB prices!", "GB-prices", "prices/2023", "<b>x</b>"]) {
      const res = await t.call(`${BASE}/saved-plots/`, { as: "gb@voltcast.local", body: chart({ title }) });
      expect(res.status, title).toBe(400);
      expect(res.body.errors.title).toEqual(["The name cannot contain special symbols"]);
    }
  });

  it("limits the description to 500 characters", async () => {
    const res = await t.call(`${BASE}/saved-plots/`, {
      as: "gb@voltcast.local",
      body: chart({ title: "Long text", description: "x".repeat(501) }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.description).toEqual([
      "The chart description field should be 500 characters or less.",
    ]);
  });

  it("keeps titles unique among a user's charts, except the chart itself", async () => {
    const first = await t.call(`${BASE}/saved-plots/`, {
      as: "pro@voltcast.local",
      body: chart({ title: "Unique one" }),
    });
    expect(first.status).toBe(201);
    expect(first.body.slug).toBe("unique-one");
    const again = await t.call(`${BASE}/saved-plots/`, {
      as: "pro@voltcast.local",
      body: chart({ title: "unique  ONE" }),
    });
    expect(again.status).toBe(409);
    expect(again.body.errors.title).toEqual(["Chart with this name already exists"]);
    // Saving the chart under its own title is fine.
    const self = await t.call(`${BASE}/saved-plots/${first.body.id}/`, {
      as: "pro@voltcast.local",
      method: "PUT",
      body: chart({ title: "Unique one", description: "changed" }),
    });
    expect(self.status).toBe(200);
    expect(self.body.description).toBe("changed");
    // Renaming another chart to it is not.
    const other = await t.call(`${BASE}/saved-plots/`, {
      as: "pro@voltcast.local",
      body: chart({ title: "Another" }),
    });
    const clash = await t.call(`${BASE}/saved-plots/${other.body.id}/`, {
      as: "pro@voltcast.local",
      method: "PUT",
      body: chart({ title: "Unique One" }),
    });
    expect(clash.status).toBe(409);
    expect(clash.body.errors.title).toEqual(["Chart with this name already exists"]);
    // Another user may use the same title.
    const elsewhere = await t.call(`${BASE}/saved-plots/`, {
      as: "free@voltcast.local",
      body: chart({ title: "Unique one" }),
    });
    expect(elsewhere.status).toBe(201);
  });
});

describe("saved plots: the calls", () => {
  it("are only for logged-in users", async () => {
    expect((await t.call(`${BASE}/saved-plots/`)).status).toBe(401);
    expect(
      (await t.call(`${BASE}/saved-plots/`, { as: { anonymousId: crypto.randomUUID() }, body: chart() }))
        .status,
    ).toBe(401);
  });

  it("create, find by id and by hyphenated title, update, delete — each user sees only their own", async () => {
    const created = await t.call(`${BASE}/saved-plots/`, {
      as: "gb@voltcast.local",
      body: chart({ title: "Winter peaks", moving_average: 7 }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: "Winter peaks",
      slug: "winter-peaks",
      period: "week",
      moving_average: 7,
      fields: [priceId],
      start_date: "2023-03-01",
    });
    const id = created.body.id;
    expect((await t.call(`${BASE}/saved-plots/${id}/`, { as: "gb@voltcast.local" })).body.title).toBe(
      "Winter peaks",
    );
    expect(
      (await t.call(`${BASE}/saved-plots/title/winter-peaks/`, { as: "gb@voltcast.local" })).body.id,
    ).toBe(id);
    expect(
      (await t.call(`${BASE}/saved-plots/title/Winter%20peaks/`, { as: "gb@voltcast.local" })).body.id,
    ).toBe(id);
    expect((await t.call(`${BASE}/saved-plots/${id}/`, { as: "pro@voltcast.local" })).status).toBe(404);
    expect(
      (await t.call(`${BASE}/saved-plots/${id}/`, { as: "pro@voltcast.local", method: "DELETE" })).status,
    ).toBe(404);
    const renamed = await t.call(`${BASE}/saved-plots/${id}/`, {
      as: "gb@voltcast.local",
      method: "PUT",
      body: chart({ title: "Winter highs" }),
    });
    expect(renamed.body.slug).toBe("winter-highs");
    expect(
      (await t.call(`${BASE}/saved-plots/${id}/`, { as: "gb@voltcast.local", method: "DELETE" })).status,
    ).toBe(204);
    expect((await t.call(`${BASE}/saved-plots/${id}/`, { as: "gb@voltcast.local" })).status).toBe(404);
  });

  it("pages with a cursor, newest first", async () => {
    await t.backend.ctx.pool.query("delete from saved_plots where user_id = $1", [
      await t.userId("free@voltcast.local"),
    ]);
    for (let i = 1; i <= 5; i++)
      await t.call(`${BASE}/saved-plots/`, {
        as: "free@voltcast.local",
        body: chart({ title: `Chart ${i}` }),
      });
    const first = await t.call(`${BASE}/saved-plots/?limit=2`, { as: "free@voltcast.local" });
    expect(first.body.results.map((r: any) => r.title)).toEqual(["Chart 5", "Chart 4"]);
    expect(first.body.count).toBe(5);
    const second = await t.call(first.body.next.replace("/api/v1", ""), { as: "free@voltcast.local" });
    expect(second.body.results.map((r: any) => r.title)).toEqual(["Chart 3", "Chart 2"]);
    const third = await t.call(second.body.next.replace("/api/v1", ""), { as: "free@voltcast.local" });
    expect(third.body.results.map((r: any) => r.title)).toEqual(["Chart 1"]);
    expect(third.body.next).toBeNull();
  });
});

describe("get-data", () => {
  it("averages a month into weeks in PostgreSQL (weeks start on Monday)", async () => {
    const res = await t.call(
      `${BASE}/get-data/?fields=${priceId}&start_date=2023-03-01&end_date=2023-03-31&period=week`,
    );
    expect(res.status).toBe(200);
    const [s] = res.body.series;
    // 1 March 2023 is a Wednesday: buckets are the Mondays 27 Feb, 6, 13, 20 and 27 March.
    expect(s.points.map((p: number[]) => new Date(p[0]).toISOString().slice(0, 10))).toEqual([
      "2023-02-27",
      "2023-03-06",
      "2023-03-13",
      "2023-03-20",
      "2023-03-27",
    ]);
    const from = Date.UTC(2023, 2, 6);
    const to = Date.UTC(2023, 2, 13);
    const week = raw.values.filter((_, i) => raw.ts[i] >= from && raw.ts[i] < to);
    expect(s.points[1][1]).toBeCloseTo(week.reduce((a, b) => a + b, 0) / week.length, 9);
    expect(s.rawCount).toBe(5);
  });

  it("thins a year of half-hourly data for display and keeps its extremes", async () => {
    const res = await t.call(`${BASE}/get-data/?fields=${priceId}&start_date=2023-01-01&end_date=2023-12-31`);
    const [s] = res.body.series;
    expect(s.rawCount).toBe(17_520);
    expect(s.thinned).toBe(true);
    expect(s.points.length).toBeLessThanOrEqual(1200);
    const values = s.points.map((p: number[]) => p[1]);
    expect(Math.max(...values)).toBe(1950);
    expect(Math.min(...values)).toBe(-185);
  });

  it("answers a repeated query with 304 (If-None-Match) until the series changes, and checks access first", async () => {
    const day = { ts: raw.ts.slice(0, 48), values: raw.values.slice(0, 48) };
    const [stored] = await storeSeries(t.backend.ctx.db, "test:etag", "test", [
      { meta: meta("test-etag"), series: day },
    ]);
    const url = `${BASE}/get-data/?fields=${stored.id}&start_date=2023-01-01&end_date=2023-01-01`;
    const first = await t.call(url);
    expect(first.status).toBe(200);
    const tag = first.headers.get("etag");
    expect(tag).toMatch(/^W\/".+"$/);
    // Held gzipped (decision 0518): the same answer to a client that takes no gzip.
    expect(first.headers.get("content-encoding")).toBe("gzip");
    const plain = await t.call(url, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.body).toEqual(first.body);
    const again = await t.call(url, { headers: { "if-none-match": tag! } });
    expect(again.status).toBe(304);
    expect(again.raw.byteLength).toBe(0);
    // Another query of the same series is another answer.
    const everyPoint = await t.call(`${url}&thin=false`, { headers: { "if-none-match": tag! } });
    expect(everyPoint.status).toBe(200);
    const valuesOf = (res: { body: { series: { points: number[][] }[] } }) =>
      res.body.series[0].points.map((p) => p[1]);
    expect(valuesOf(await t.call(url))).not.toContain(999);
    // A re-import that changes one value: a new tag, and the new value to whoever held the old tag.
    await storeSeries(t.backend.ctx.db, "test:etag", "test", [
      {
        meta: meta("test-etag"),
        series: { ts: day.ts, values: day.values.map((v, i) => (i === 3 ? 999 : v)) },
      },
    ]);
    const changed = await t.call(url, { headers: { "if-none-match": tag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(tag);
    expect(changed.body.series[0].points.map((p: number[]) => p[1])).toContain(999);
    // The answers and points the server holds (decision 0503) are keyed by the series' version: a
    // first visit after the re-import gets the new value too, in full and every point.
    expect(valuesOf(await t.call(url))).toContain(999);
    expect(valuesOf(await t.call(`${url}&thin=false`))).toContain(999);
  });

  it("refuses a locked series to a caller without its subscription even with the tag of an allowed answer", async () => {
    const url = `${BASE}/get-data/?fields=${lockedId}`;
    const allowed = await t.call(url, { as: "gb@voltcast.local" });
    expect(allowed.status).toBe(200);
    const tag = allowed.headers.get("etag")!;
    expect((await t.call(url, { as: "gb@voltcast.local", headers: { "if-none-match": tag } })).status).toBe(
      304,
    );
    expect((await t.call(url, { as: "free@voltcast.local", headers: { "if-none-match": tag } })).status).toBe(
      403,
    );
  });

  it("with an API key, a grant withdrawn or a key revoked by SQL counts from the next call, and every call is counted (decision 0521)", async () => {
    // The key, its call counted and the owner's subscriptions are one statement: nothing is held.
    const { pool, db } = t.backend.ctx;
    const gb = await t.userId("gb@voltcast.local");
    const key = (await createApiKey(db, gb, { name: "get-data" })).key;
    const url = `${BASE}/get-data/?fields=${lockedId}`;
    const calls = async () =>
      (
        await pool.query<{ calls: number }>(
          "select c.calls from api_key_calls c join api_keys k on k.id = c.key_id where k.key_hash = encode(sha256($1::bytea), 'hex')",
          [key],
        )
      ).rows[0]?.calls ?? 0;
    expect((await t.call(url, { as: { apiKey: key } })).status).toBe(200);
    expect(await calls()).toBe(1);
    const { rows: grants } = await pool.query(
      `delete from subscription_grants g using users u
        where g.subscription_key = 'data_gb' and (g.user_id = $1 or (g.company_id = u.company_id and u.id = $1))
        returning g.*`,
      [gb],
    );
    expect(grants.length).toBeGreaterThan(0);
    try {
      const refused = await t.call(url, { as: { apiKey: key } });
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toBe("This Data-set requires GB Data subscription");
      expect(await calls()).toBe(2);
    } finally {
      for (const g of grants)
        await pool.query(
          "insert into subscription_grants (id, subscription_key, user_id, company_id, granted_at) values ($1, $2, $3, $4, $5)",
          [g.id, g.subscription_key, g.user_id, g.company_id, g.granted_at],
        );
    }
    expect((await t.call(url, { as: { apiKey: key } })).status).toBe(200);
    expect(await calls()).toBe(3);
    // A call its key has no scope for is refused before it is counted, as before.
    const runOnly = (await createApiKey(db, gb, { name: "run only", scopes: ["run"] })).key;
    expect((await t.call(url, { as: { apiKey: runOnly } })).status).toBe(403);
    const { rows: counted } = await pool.query(
      "select 1 from api_key_calls c join api_keys k on k.id = c.key_id where k.name = 'run only'",
    );
    expect(counted).toEqual([]);
    await pool.query(
      "update api_keys set revoked_at = now() where key_hash = encode(sha256($1::bytea), 'hex')",
      [key],
    );
    expect((await t.call(url, { as: { apiKey: key } })).status).toBe(401);
    expect(await calls()).toBe(3);
  });

  it("draws the moving average when available, and says when it is not", async () => {
    const q = `fields=${priceId}&start_date=2023-03-01&end_date=2023-03-31&period=day&moving_average=7`;
    expect((await t.call(`${BASE}/is-moving-average-available/?${q}`)).body).toEqual({ isAvailable: true });
    const res = await t.call(`${BASE}/get-data/?${q}`);
    expect(res.body.movingAverageAvailable).toBe(true);
    expect(res.body.series[0].movingAverage).toHaveLength(31 - 6);
    const week = `fields=${priceId}&start_date=2023-03-01&end_date=2023-03-31&period=week&moving_average=7`;
    expect((await t.call(`${BASE}/is-moving-average-available/?${week}`)).body).toEqual({
      isAvailable: false,
    });
  });

  it("opens a monthly series on its own extent, and a half-hourly one on its last month (issue 27 item 6)", async () => {
    // Twenty years of monthly revenue, as a forecast run stores it.
    const ts: number[] = [];
    const values: number[] = [];
    for (let y = 2025; y < 2045; y++)
      for (let m = 0; m < 12; m++) {
        ts.push(Date.UTC(y, m, 1));
        values.push(10_000 + 100 * m);
      }
    const [monthly] = await storeSeries(t.backend.ctx.db, "test:plotting-monthly", "test", [
      {
        meta: meta("test-monthly-revenue", {
          granularity: "monthly",
          unit: "GBP/MW",
          category: "FORECAST",
          variableType: "revenue",
        }),
        series: { ts, values },
      },
    ]);
    const res = await t.call(`${BASE}/get-data/?fields=${monthly.id}`);
    expect(res.status).toBe(200);
    expect(res.body.start).toBe("2025-01-01T00:00:00.000Z");
    expect(res.body.series[0].rawCount).toBe(240);
    // Beside a half-hourly series, the monthly one still opens whole.
    const both = await t.call(`${BASE}/get-data/?fields=${monthly.id}&fields=${priceId}`);
    expect(both.body.series[0].rawCount).toBe(240);
    // A half-hourly series alone keeps the last month of its data.
    const price = await t.call(`${BASE}/get-data/?fields=${priceId}`);
    expect(price.body.start).toBe("2023-12-01T00:00:00.000Z");
    expect(price.body.end).toBe("2024-01-01T00:00:00.000Z");
  });

  it("refuses bad input by field, and locked datasets with the spec's text", async () => {
    const none = await t.call(`${BASE}/get-data/?period=fortnight`);
    expect(none.status).toBe(400);
    expect(none.body.errors.period).toEqual(["Choose a period: year, month, week or day"]);
    const empty = await t.call(`${BASE}/get-data/`);
    expect(empty.body.errors.fields).toEqual(["Choose at least one series to plot"]);
    const unknown = await t.call(`${BASE}/get-data/?fields=999999`);
    expect(unknown.body.errors.fields).toEqual(["No such series: 999999"]);
    const locked = await t.call(`${BASE}/get-data/?fields=${lockedId}`, { as: "free@voltcast.local" });
    expect(locked.status).toBe(403);
    expect(locked.body.detail).toBe("This Data-set requires GB Data subscription");
    expect((await t.call(`${BASE}/get-data/?fields=${lockedId}`, { as: "gb@voltcast.local" })).status).toBe(
      200,
    );
  });
});

describe("the plotter tree", () => {
  it("has home folders, region and group folders, and paged fields (10 by default)", async () => {
    const home = await t.call(`${BASE}/tree/forecasts/`);
    expect(home.body.folders.map((f: any) => f.label)).toEqual([
      "Forecasted BESS revenues",
      "Forecasted prices & world view",
    ]);
    const live = await t.call(`${BASE}/tree/live-data/`);
    expect(live.body.folders.find((f: any) => f.id === "great-britain").count).toBeGreaterThanOrEqual(14);
    const groups = await t.call(`${BASE}/tree/live-and-historic/?region=great-britain`);
    expect(groups.body.folders).toContainEqual({ id: "Test extras", label: "Test extras", count: 12 });
    const page1 = await t.call(`${BASE}/tree/live-and-historic/?region=great-britain&group=Test%20extras`);
    expect(page1.body.fields).toHaveLength(10);
    expect(page1.body.count).toBe(12);
    const page2 = await t.call(
      `${BASE}/tree/live-and-historic/?region=great-britain&group=Test%20extras&offset=10`,
    );
    expect(page2.body.fields).toHaveLength(2);
    const search = await t.call(`${BASE}/tree/live-and-historic/?search=Locked%20GB`, {
      as: "free@voltcast.local",
    });
    expect(search.body.fields).toMatchObject([{ id: lockedId, locked: true, subscription: "GB Data" }]);
    expect((await t.call(`${BASE}/tree/live-and-historic/?limit=500`)).status).toBe(400);
  });

  it("offers the choices, preferred region first", async () => {
    const res = await t.call(`${BASE}/available-choices/?prefer_region=ercot`);
    expect(res.body.regions[0].id).toBe("ercot");
    expect(res.body.periods).toEqual(["day", "week", "month", "year"]);
    expect(res.body.shortcuts).toEqual(["1D", "1W", "1M", "1Y"]);
  });
});
