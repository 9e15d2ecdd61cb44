// The home page's market dashboard (issue 27 item 12) against a real PostgreSQL: the latest local
// day's prices and spread from the market data held, the backtest's modelled revenue on them, the
// data's freshness, and an empty state for markets with nothing imported.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { refreshDatasetStats, upsertDataset, writePoints } from "../../api/datasets/store.ts";

let t: TestBackend;

beforeAll(async () => {
  t = await startTestBackend();
  const db = t.backend.ctx.db;
  const id = await upsertDataset(db, {
    slug: "gb-day-ahead-price-hourly",
    title: "GB day-ahead price (hourly)",
    description: "",
    region: "great-britain",
    geography: "GB",
    granularity: "hourly",
    source: "LCCC (IMRP)",
    synthetic: false,
    subscriptionKey: null,
    unit: "GBP/MWh",
    category: "LIVEANDHISTORIC",
    variableType: "price",
    groupName: "Prices",
  });
  // 30 Jun 2025 (Europe/London, BST = UTC+1): 23:00 UTC on 29 Jun to 22:00 UTC on 30 Jun, prices
  // 50 + hour; and the hours of 29 Jun before it at 1000 (not the latest day: they must not count)
  const ts: number[] = [];
  const values: number[] = [];
  for (let h = 0; h < 24; h++) {
    ts.push(Date.UTC(2025, 5, 29, 23) + h * 3_600_000);
    values.push(50 + h);
  }
  for (let h = 1; h <= 5; h++) {
    ts.unshift(Date.UTC(2025, 5, 29, 23) - h * 3_600_000);
    values.unshift(1000);
  }
  await writePoints(db, id, { ts, values });
  await refreshDatasetStats(db, id);
  await t.backend.ctx.pool.query(`insert into backtest_results (data_key, rows) values ('test', $1)`, [
    JSON.stringify(
      [2024, 2025].flatMap((year) => [
        {
          market: "GB",
          region: "GB",
          year,
          durationHours: 2,
          foresight: "realistic",
          revenuePerMWYear: year === 2025 ? 61_000 : 55_000,
          annualised: year === 2025,
          months: [],
        },
        {
          market: "GB",
          region: "GB",
          year,
          durationHours: 1,
          foresight: "realistic",
          revenuePerMWYear: 40_000,
          annualised: false,
          months: [],
        },
        {
          market: "GB",
          region: "GB",
          year,
          durationHours: 2,
          foresight: "perfect",
          revenuePerMWYear: 90_000,
          annualised: false,
          months: [],
        },
      ]),
    ),
  ]);
});
afterAll(async () => {
  await t?.stop();
});

describe("GET /data-api/market-dashboard/", () => {
  it("gives a market's latest local day, its spread, the modelled revenue and the data's freshness", async () => {
    const r = await t.call("/data-api/market-dashboard/");
    expect(r.status).toBe(200);
    const gb = r.body.markets.find((m: { market: string }) => m.market === "GB");
    expect(gb.timeZone).toBe("Europe/London");
    expect(gb.latestDay).toEqual({
      date: "2025-06-30",
      mean: 50 + 11.5,
      min: 50,
      max: 73,
      spread: 23,
      intervals: 24,
    });
    expect(gb.lastPoint).toBe("2025-06-30T22:00:00.000Z");
    expect(gb.dataset).toMatchObject({ source: "LCCC (IMRP)", unit: "GBP/MWh" });
    // the 2 h battery with realistic foresight, its latest year
    expect(gb.revenueIndex).toEqual({
      year: 2025,
      revenuePerMWYear: 61_000,
      annualised: true,
      durationHours: 2,
    });
  });

  it("answers every market, with nothing for those whose data are not imported", async () => {
    const r = await t.call("/data-api/market-dashboard/");
    expect(r.body.markets.map((m: { market: string }) => m.market)).toEqual(
      expect.arrayContaining(["GB", "ERCOT", "NEM", "DE", "ES"]),
    );
    const es = r.body.markets.find((m: { market: string }) => m.market === "ES");
    expect(es).toMatchObject({ dataset: null, latestDay: null, lastPoint: null, revenueIndex: null });
  });

  it("follows a new import at once, though it holds what it worked out (decision 0504)", async () => {
    const db = t.backend.ctx.db;
    const before = await t.call("/data-api/market-dashboard/");
    expect(before.body.markets.find((m: { market: string }) => m.market === "GB").latestDay.date).toBe(
      "2025-06-30",
    );
    const [{ id }] = (
      await t.backend.ctx.pool.query(`select id from datasets where slug = 'gb-day-ahead-price-hourly'`)
    ).rows as { id: number }[];
    // 1 Jul 2025 (BST): 23:00 UTC on 30 Jun to 22:00 UTC on 1 Jul, prices 10 + hour
    const ts = Array.from({ length: 24 }, (_, h) => Date.UTC(2025, 5, 30, 23) + h * 3_600_000);
    await writePoints(db, id, { ts, values: ts.map((_, h) => 10 + h) });
    await refreshDatasetStats(db, id);
    const after = await t.call("/data-api/market-dashboard/");
    const gb = after.body.markets.find((m: { market: string }) => m.market === "GB");
    expect(gb.latestDay).toEqual({
      date: "2025-07-01",
      mean: 21.5,
      min: 10,
      max: 33,
      spread: 23,
      intervals: 24,
    });
    expect(gb.lastPoint).toBe("2025-07-01T22:00:00.000Z");
  });
});
