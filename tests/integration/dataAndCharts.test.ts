// Data library API on real PostgreSQL with the job workers running: data items and filters, and
// dataset downloads prepared by the queue as a zip of CSVs, owned by users or anonymous visitors.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { unzipSync, strFromU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { storeSeries, type DatasetMeta } from "../../api/datasets/store.ts";
import { importFile } from "../../api/datasets/importer.ts";
import { backtestDataFromDb } from "../../api/backtest/data.ts";

const BASE = "/data-api/data-and-charts/data";
const HOUR = 3_600_000;
let t: TestBackend;
let freeId: string;
let gbId: string;
let ercotId: string;

function meta(slug: string, over: Partial<DatasetMeta> = {}): DatasetMeta {
  return {
    slug,
    title: `Fixture ${slug}`,
    description: "fixture series",
    region: "great-britain",
    geography: "GB",
    granularity: "hourly",
    source: "synthetic",
    synthetic: true,
    subscriptionKey: null,
    unit: "GBP/MWh",
    category: "LIVEANDHISTORIC",
    variableType: "price",
    groupName: "Fixture prices",
    ...over,
  };
}

beforeAll(async () => {
  t = await startTestBackend({ workers: true });
  const ts = Array.from({ length: 24 * 10 }, (_, i) => Date.UTC(2024, 0, 1) + i * HOUR);
  const values = ts.map((_, i) => i + 0.5);
  const stored = await storeSeries(t.backend.ctx.db, "test:data", "test", [
    { meta: meta("fx-free"), series: { ts, values } },
    { meta: meta("fx-gb", { subscriptionKey: "data_gb" }), series: { ts, values } },
    {
      meta: meta("fx-ercot", {
        region: "ercot",
        geography: "HB_NORTH",
        unit: "USD/MWh",
        subscriptionKey: "data_ercot",
      }),
      series: { ts, values },
    },
  ]);
  [freeId, gbId, ercotId] = stored.map((s) => String(s.id));
});
afterAll(async () => {
  await t?.stop();
});

async function ready(id: string, as: string | { anonymousId: string }) {
  for (let i = 0; i < 120; i++) {
    const res = await t.call(`${BASE}/preparing/${id}/`, { as });
    if (res.body.status !== "preparing") return res.body;
    await sleep(250);
  }
  throw new Error("download still preparing after 30 s");
}

describe("data items", () => {
  it("lists datasets with results and count, filtered and paged, with subscription and API link", async () => {
    const res = await t.call(`${BASE}/items/?search=Fixture&limit=2`, { as: "free@voltcast.local" });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    expect(res.body.results).toHaveLength(2);
    const ercot = await t.call(`${BASE}/items/?region=ercot&search=fx-ercot`, { as: "free@voltcast.local" });
    expect(ercot.body.results[0].dataItem).toMatchObject({
      id: ercotId,
      geography: "HB_NORTH",
      granularity: "hourly",
      source: "synthetic",
      subscription: "ERCOT Data",
      locked: true,
      downloaded: false,
    });
    const api = await t.call(ercot.body.results[0].dataItem.apiUrl.replace("/api/v1", ""), {
      as: "pro@voltcast.local",
    });
    expect(api.status).toBe(200);
    expect(api.body.series[0].field).toBe(ercotId);
    expect((await t.call(`${BASE}/items/?region=mars`)).body.errors.region[0]).toMatch(/Choose a region/);
  });

  it("gives filters with counts, one item, its date range and available dates", async () => {
    const filters = await t.call(`${BASE}/filters/?category=LIVEANDHISTORIC`);
    expect(filters.body.regions.find((r: any) => r.id === "ercot")).toMatchObject({ label: "ERCOT (Texas)" });
    expect(filters.body.groups.find((g: any) => g.id === "Fixture prices").count).toBe(3);
    // Within a search (issue 19, item 18): the facets count the matching datasets only.
    const searched = await t.call(`${BASE}/filters/?category=LIVEANDHISTORIC&search=fx-ercot`);
    expect(searched.body.groups.find((g: any) => g.id === "Fixture prices").count).toBe(1);
    expect(searched.body.granularities).toEqual([{ id: "hourly", label: "hourly", count: 1 }]);
    // A facet does not narrow its own counts: with another group chosen, this group still counts.
    const other = await t.call(`${BASE}/filters/?search=Fixture&group=Other`);
    expect(other.body.groups.find((g: any) => g.id === "Fixture prices").count).toBe(3);
    expect(other.body.granularities).toEqual([]);
    expect((await t.call(`${BASE}/${freeId}/`)).body.title).toBe("Fixture fx-free");
    expect((await t.call(`${BASE}/999999/`)).status).toBe(404);
    const range = await t.call(`${BASE}/date-range/?ids=${freeId}`);
    expect(range.body).toEqual({
      startDate: "2024-01-01T00:00:00.000Z",
      endDate: "2024-01-10T23:00:00.000Z",
    });
    const dates = await t.call(`${BASE}/available-dates/?ids=${freeId}&start_date=2024-01-09`);
    expect(dates.body.dates).toEqual(["2024-01-09", "2024-01-10"]);
  });

  it("lists a NEM region's price once: its 5-minute, hourly and 30-minute datasets are the resolutions of one series, and the backtest still reads the 5-minute one alone (issue 27 item 9)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "voltcast-nem-series-"));
    const file = (name: string, lines: string[]) => {
      writeFileSync(path.join(dir, name), lines.join("\n") + "\n");
      return path.join(dir, name);
    };
    const db = t.backend.ctx.db;
    const head = "region,settlement_date_nem,interval_start_utc,rrp_aud_per_mwh,total_demand_mw";
    await importFile(
      db,
      file("five.csv", [
        head,
        "NSW1,2024-06-01 00:05:00,2024-05-31T14:00:00Z,50,7000",
        "NSW1,2024-06-01 00:10:00,2024-05-31T14:05:00Z,51,7000",
        "NSW1,2024-06-01 00:15:00,2024-05-31T14:10:00Z,52,7000",
      ]),
    );
    await importFile(
      db,
      file("thirty.csv", [
        head,
        "NSW1,2021-03-01 00:30:00,2021-02-28T14:00:00Z,40,6000",
        "NSW1,2021-03-01 01:00:00,2021-02-28T14:30:00Z,41,6000",
      ]),
    );
    await importFile(
      db,
      file("hourly.csv", [
        "region,hour_start_nem,hour_start_utc,price_aud_per_mwh",
        "NSW1,2025-06-01 00:00,2025-05-31T14:00:00Z,80",
        "NSW1,2025-06-01 01:00,2025-05-31T15:00:00Z,81",
      ]),
    );
    const q = `region=aus-nem&search=${encodeURIComponent("Regional Reference Price of New South Wales")}`;
    const list = await t.call(`${BASE}/items/?${q}`, { as: "pro@voltcast.local" });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    const item = list.body.results[0].dataItem;
    expect(item).toMatchObject({
      slug: "nem-nsw1-rrp-5min",
      title: "NSW1 price (RRP)",
      granularity: "5 min",
    });
    expect(item.resolutions.map((r: any) => [r.granularity, r.startDate, r.pointCount])).toEqual([
      ["30 min", "2021-02-28T14:00:00.000Z", 2],
      ["5 min", "2024-05-31T14:00:00.000Z", 3],
      ["hourly", "2025-05-31T14:00:00.000Z", 2],
    ]);
    expect(item.resolutions.find((r: any) => r.granularity === "hourly").source).toBe(
      "OpenElectricity (AEMO)",
    );
    // One item in the facets too; a granularity chosen lists that resolution as its own item.
    const facets = await t.call(`${BASE}/filters/?${q}`);
    expect(facets.body.groups).toEqual([{ id: "Spot prices", label: "Spot prices", count: 1 }]);
    const hourly = await t.call(`${BASE}/items/?${q}&granularity=hourly`, { as: "pro@voltcast.local" });
    expect(hourly.body.results.map((r: any) => r.dataItem.slug)).toEqual(["nem-nsw1-rrp-hourly"]);
    // Each resolution, asked for by id, names the whole series.
    const hourlyId = item.resolutions.find((r: any) => r.granularity === "hourly").id;
    const one = await t.call(`${BASE}/${hourlyId}/`, { as: "pro@voltcast.local" });
    expect(one.body.resolutions.map((r: any) => r.granularity)).toEqual(["30 min", "5 min", "hourly"]);
    // The store is unchanged: the backtest's NEM energy series holds the 5-minute points alone.
    const nsw = (await backtestDataFromDb(db, ["NEM"])).filter((m) => m.region === "NSW1");
    expect(nsw.map((m) => m.year)).toEqual([2024]);
    expect(Array.from(nsw[0].energy.values)).toEqual([50, 51, 52]);
  });
});

describe("dataset downloads", () => {
  it("prepares a zip of CSVs for the dates asked, then serves it to its owner only", async () => {
    const post = await t.call(`${BASE}/download/`, {
      as: "gb@voltcast.local",
      body: { datasetIds: [freeId, gbId], startDate: "2024-01-02", endDate: "2024-01-03" },
    });
    expect(post.status).toBe(202);
    expect(post.body.status).toBe("preparing");
    const done = await ready(post.body.id, "gb@voltcast.local");
    expect(done.status).toBe("ready");
    expect(done.zipFile).toMatch(/^datasets_\d{2}_\d{2}_\d{4}_[0-9a-f]{8}\.zip$/);
    const file = await t.call(`${BASE}/preparing/${post.body.id}/file/`, { as: "gb@voltcast.local" });
    expect(file.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(file.raw));
    expect(Object.keys(files).sort()).toEqual(["README.txt", "fx-free.csv", "fx-gb.csv"]);
    const lines = strFromU8(files["fx-free.csv"]).trim().split("\n");
    expect(lines[0]).toBe("interval_start_utc,value_GBP_MWh");
    expect(lines).toHaveLength(1 + 48);
    expect(lines[1]).toBe("2024-01-02T00:00:00Z,24.5");
    expect(lines.at(-1)).toBe("2024-01-03T23:00:00Z,71.5");
    expect(
      (await t.call(`${BASE}/preparing/${post.body.id}/file/`, { as: "pro@voltcast.local" })).status,
    ).toBe(404);
    // It now shows as downloaded and in the history.
    const item = await t.call(`${BASE}/${freeId}/`, { as: "gb@voltcast.local" });
    expect(item.body.downloaded).toBe(true);
    const history = await t.call(`${BASE}/download_history/`, { as: "gb@voltcast.local" });
    expect(history.body.results.map((d: any) => d.id)).toContain(post.body.id);
    // Deleted: gone, file and all.
    expect(
      (await t.call(`${BASE}/preparing/${post.body.id}/`, { as: "gb@voltcast.local", method: "DELETE" }))
        .status,
    ).toBe(204);
    expect(
      (await t.call(`${BASE}/preparing/${post.body.id}/file/`, { as: "gb@voltcast.local" })).status,
    ).toBe(404);
  });

  it("lets anonymous visitors download free data by their user id, and tells them the id to use", async () => {
    const anonymousId = crypto.randomUUID();
    const none = await t.call(`${BASE}/download/`, {
      body: { datasetIds: [freeId], startDate: null, endDate: null },
    });
    expect(none.status).toBe(400);
    expect(none.body.user_id).toMatch(/^[0-9a-f-]{36}$/);
    const post = await t.call(`${BASE}/download/`, {
      body: { datasetIds: [freeId], startDate: null, endDate: null, user_id: anonymousId },
    });
    expect(post.status).toBe(202);
    const list = await t.call(`${BASE}/preparing/?user_id=${anonymousId}`);
    expect(list.body.results.map((d: any) => d.id)).toEqual([post.body.id]);
    expect((await t.call(`${BASE}/preparing/?user_id=${crypto.randomUUID()}`)).body.results).toEqual([]);
    const done = await ready(post.body.id, { anonymousId });
    expect(done.status).toBe("ready");
    const files = unzipSync(
      new Uint8Array((await t.call(`${BASE}/preparing/${post.body.id}/file/`, { as: { anonymousId } })).raw),
    );
    expect(strFromU8(files["fx-free.csv"]).trim().split("\n")).toHaveLength(1 + 240);
  });

  it("refuses locked datasets with the spec's subscription messages", async () => {
    const one = await t.call(`${BASE}/download/`, {
      as: "free@voltcast.local",
      body: { datasetIds: [gbId] },
    });
    expect(one.status).toBe(403);
    expect(one.body.detail).toBe("This Data-set requires GB Data subscription");
    const oneOf = await t.call(`${BASE}/download/`, {
      as: "free@voltcast.local",
      body: { datasetIds: [freeId, gbId] },
    });
    expect(oneOf.body.detail).toBe("One of the datasets requires GB Data subscription");
    const some = await t.call(`${BASE}/download/`, {
      as: "free@voltcast.local",
      body: { datasetIds: [freeId, gbId, ercotId] },
    });
    expect(some.body.detail).toBe("Some of the datasets require a subscription upgrade");
    const bad = await t.call(`${BASE}/download/`, {
      as: "free@voltcast.local",
      body: { datasetIds: [], startDate: "2024-02-01", endDate: "2024-01-01" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      datasetIds: ["Choose at least one dataset"],
      endDate: ["The end date should be on or after the start date"],
    });
  });

  it("answers the same request again (a reload, a double click) with the download already made", async () => {
    const body = { datasetIds: [gbId, freeId], startDate: "2024-01-05" };
    const asked = await Promise.all(
      [1, 2, 3].map(() => t.call(`${BASE}/download/`, { as: "gb@voltcast.local", body })),
    );
    expect(asked.map((a) => a.status)).toEqual([202, 202, 202]);
    expect(new Set(asked.map((a) => a.body.id)).size).toBe(1);
    await ready(asked[0].body.id, "gb@voltcast.local");
    // Ready a moment ago: still the same one; other dates are another download.
    const again = await t.call(`${BASE}/download/`, {
      as: "gb@voltcast.local",
      body: { datasetIds: [freeId, gbId], startDate: "2024-01-05" },
    });
    expect(again.body.id).toBe(asked[0].body.id);
    const other = await t.call(`${BASE}/download/`, {
      as: "gb@voltcast.local",
      body: { ...body, startDate: "2024-01-06" },
    });
    expect(other.body.id).not.toBe(asked[0].body.id);
    const { rows } = await t.backend.ctx.pool.query(
      "select count(*)::int as n from pgboss.job where name = 'dataset-download' and data->>'downloadId' = $1",
      [asked[0].body.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it("retries a failed download", async () => {
    const post = await t.call(`${BASE}/download/`, {
      as: "pro@voltcast.local",
      body: { datasetIds: [freeId] },
    });
    await ready(post.body.id, "pro@voltcast.local");
    // Still preparing cannot be retried; a failed one can.
    await t.backend.ctx.pool.query(
      "update dataset_downloads set status = 'failed', error = 'disk full', zip_file = null where id = $1",
      [post.body.id],
    );
    const retry = await t.call(`${BASE}/preparing/${post.body.id}/retry/`, {
      as: "pro@voltcast.local",
      method: "POST",
    });
    expect(retry.status).toBe(202);
    expect(retry.body.status).toBe("preparing");
    expect((await ready(post.body.id, "pro@voltcast.local")).status).toBe("ready");
  });
});
