// The backtest API against a real PostgreSQL (decision 0118): the rows come from the series in the
// database (imported from ../shared/data), computed by the `backtest-run` queue job in a worker
// thread and kept per state of the data. Skips politely without ../shared/data.
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { importFile } from "../../api/datasets/importer.ts";
import { seedCapacityMarket } from "../../api/backtest/capacity.ts";

const SHARED = path.resolve(process.env.VOLTCAST_SHARED_DATA_DIR ?? "../shared/data");
const IMRP = path.join(SHARED, "prices/gb/gb_day_ahead_hourly_imrp_lccc_2016-06_2025-11.csv");

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend({ workers: true });
});
afterAll(async () => {
  await t?.stop();
});

describe("GET /data-api/backtest/", () => {
  it("says there is nothing to backtest before real data are imported, and lists the benchmarks", async () => {
    const r = await t.call("/data-api/backtest/");
    expect(r.status).toBe(200);
    expect(r.body.status).toBe("no-data");
    expect(r.body.rows).toEqual([]);
    const gb2023 = r.body.benchmarks.find(
      (b: { market: string; year: number }) => b.market === "GB" && b.year === 2023,
    );
    expect(gb2023).toMatchObject({ value: 65_000, currency: "GBP" });
    expect(gb2023.source).toMatch(/^http/);
    expect(gb2023.definition.length).toBeGreaterThan(20);
  });

  it.skipIf(!existsSync(IMRP))(
    "computes the rows from the database in a queue job: realistic and perfect, CM from the auction results",
    async () => {
      await importFile(t.backend.ctx.db, IMRP, { root: SHARED });
      expect(await seedCapacityMarket(t.backend.ctx.db, SHARED)).toBeGreaterThan(0);
      const first = await t.call("/data-api/backtest/");
      expect(first.body.status).toBe("computing");
      let body = first.body;
      for (let i = 0; i < 120 && body.status !== "ready"; i++) {
        await new Promise((r) => setTimeout(r, 2000));
        body = (await t.call("/data-api/backtest/")).body;
      }
      expect(body.status).toBe("ready");
      const gb = body.rows.filter((r: { market: string }) => r.market === "GB");
      // 2023, 2024, 2025 (to November: annualised) × 1 h, 2 h × realistic, perfect
      expect(gb).toHaveLength(12);
      for (const r of gb) {
        expect(r.streams.wholesale).toBeGreaterThan(0);
        expect(r.streams.capacityMarket).toBeGreaterThan(0);
        const twin = gb.find(
          (x: typeof r) =>
            x.year === r.year && x.durationHours === r.durationHours && x.foresight !== r.foresight,
        );
        const [realistic, perfect] = r.foresight === "realistic" ? [r, twin] : [twin, r];
        expect(perfect.revenuePerMWYear).toBeGreaterThanOrEqual(realistic.revenuePerMWYear);
      }
      const y2025 = gb.find((r: { year: number }) => r.year === 2025);
      expect(y2025.annualised).toBe(true);
      const y2024 = gb.find(
        (r: { year: number; durationHours: number }) => r.year === 2024 && r.durationHours === 2,
      );
      expect(y2024.benchmark).toBe(47_983);
      expect(y2024.benchmarkPublished).toBe(false); // derived by us, never shown as published
      expect(y2024.ratio).toBeCloseTo(y2024.comparedRevenue / 47_983, 6);
      // computed once: the same state of the data answers from the stored rows
      const again = await t.call("/data-api/backtest/");
      expect(again.body.computedAt).toBe(body.computedAt);

      // By month, as earned: a full year's months add up to the year's revenue. (The GB leaderboard
      // models each asset as it is, in its own job: tests/integration/leaderboard.test.ts.)
      const { rows: stored } = await t.backend.ctx.pool.query(
        "select rows from backtest_results order by computed_at desc limit 1",
      );
      const full = stored[0].rows.find(
        (r: any) =>
          r.market === "GB" && r.year === 2024 && r.durationHours === 2 && r.foresight === "realistic",
      );
      expect(full.months.map((m: any) => m.month)).toHaveLength(12);
      const earned = full.months.reduce((a: number, m: any) => a + m.revenuePerMW, 0);
      expect(earned).toBeCloseTo(full.revenuePerMWYear, -1);
    },
  );
});
