// The GB leaderboard graph (issue 19, item 12; spec §7 `…/bm/gb/leaderboard-graph/validate_dates/`)
// against a real PostgreSQL: the months the backtest holds, dates checked with messages naming what
// is missing, and the asset library's GB batteries ranked by revenue per MW, "modelled on real
// prices". The backtest's stored result is written here as the backtest job would leave it (its
// computation on the real prices is tested in backtest.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";

let t: TestBackend;
const BASE = "/data-api/bm/gb/leaderboard-graph";

/** Jan 2023 – Jun 2024 held in full; Jul 2024 with a fifth of its prices; Aug 2024 – Mar 2025 again. */
const MONTHS: { month: string; coverage: number }[] = [];
for (let y = 2023; y <= 2025; y++)
  for (let m = 1; m <= 12; m++) {
    const month = `${y}-${String(m).padStart(2, "0")}`;
    if (month > "2025-03") break;
    MONTHS.push({ month, coverage: month === "2024-07" ? 0.2 : 1 });
  }

/** A stored GB row: the 2 h battery earns more per MW than the 1 h one, Decembers most. */
function row(durationHours: number, year: number, foresight: "realistic" | "perfect") {
  return {
    market: "GB",
    region: "GB",
    year,
    durationHours,
    foresight,
    months: MONTHS.filter((m) => m.month.startsWith(String(year))).map((m) => ({
      ...m,
      revenuePerMW: (durationHours === 2 ? 5000 : 3000) + (m.month.endsWith("-12") ? 1000 : 0),
    })),
  };
}

beforeAll(async () => {
  t = await startTestBackend();
  const rows = [2023, 2024, 2025].flatMap((y) =>
    [1, 2].flatMap((h) => [row(h, y, "realistic"), { ...row(h, y, "perfect"), months: [] }]),
  );
  await t.backend.ctx.pool.query(`insert into backtest_results (data_key, rows) values ('test', $1)`, [
    JSON.stringify(rows),
  ]);
});
afterAll(async () => {
  await t?.stop();
});

describe("GET /data-api/bm/gb/leaderboard-graph/validate_dates/", () => {
  it("without dates: the ranges of months held (a month with too few prices is not)", async () => {
    const r = await t.call(`${BASE}/validate_dates/`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ valid: true, startDate: "2023-01", endDate: "2025-03" });
    expect(r.body.ranges).toEqual([
      { start: "2023-01", end: "2024-06" },
      { start: "2024-08", end: "2025-03" },
    ]);
  });

  it("accepts a range held in full, as dates or months", async () => {
    const r = await t.call(`${BASE}/validate_dates/?start_date=2023-03-15&end_date=2023-12`);
    expect(r.status).toBe(200);
    expect(r.body.months).toEqual([
      "2023-03",
      "2023-04",
      "2023-05",
      "2023-06",
      "2023-07",
      "2023-08",
      "2023-09",
      "2023-10",
      "2023-11",
      "2023-12",
    ]);
  });

  it("refuses others with a message naming the months missing and what is held", async () => {
    const before = await t.call(`${BASE}/validate_dates/?start_date=2022-06-01&end_date=2023-02-28`);
    expect(before.status).toBe(400);
    expect(before.body.errors.start_date).toEqual([
      "No modelled revenues for Jun 2022 – Dec 2022: the GB leaderboard covers Jan 2023 – Jun 2024, Aug 2024 – Mar 2025. Choose dates within it.",
    ]);
    const across = await t.call(`${BASE}/validate_dates/?start_date=2024-05&end_date=2024-09`);
    expect(across.status).toBe(400);
    expect(across.body.errors._form[0]).toMatch(/^No modelled revenues for Jul 2024: /);
    const after = await t.call(`${BASE}/validate_dates/?end_date=2026-01-31`);
    expect(after.body.errors.end_date[0]).toMatch(
      /^No modelled revenues for Jul 2024, Apr 2025 – Jan 2026: the GB leaderboard covers /,
    );
    const bad = await t.call(`${BASE}/validate_dates/?start_date=2024-02-30`);
    expect(bad.body.errors.start_date).toEqual([
      "start_date should be a date (YYYY-MM-DD) or a month (YYYY-MM).",
    ]);
    const reversed = await t.call(`${BASE}/validate_dates/?start_date=2024-05&end_date=2024-01`);
    expect(reversed.body.errors.end_date).toEqual(["end_date should be on or after start_date."]);
  });
});

describe("GET /data-api/bm/gb/leaderboard-graph/", () => {
  it("ranks the asset library's GB batteries by revenue per MW per month, modelled on real prices", async () => {
    const r = await t.call(`${BASE}/?start_date=2023-01-01&end_date=2023-12-31`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ basis: "modelled on real prices", currency: "GBP", unit: "GBP/MW/month" });
    expect(r.body.months).toHaveLength(12);
    const byName = Object.fromEntries(r.body.assets.map((a: any) => [a.name, a]));
    // every GB battery of the library, and nothing else
    expect(Object.keys(byName).sort()).toEqual(["Bumpers", "Capenhurst", "Contego", "Minety", "Pillswood"]);
    expect(byName.Pillswood).toMatchObject({ durationHours: 2, monthsOperating: 12, rank: 2 });
    expect(byName.Pillswood.revenuePerMW.at(-1)).toBe(6000);
    expect(byName.Pillswood.totalPerMW).toBe(11 * 5000 + 6000);
    // 1 h batteries earn the 1 h figures, and tie
    expect(byName.Minety).toMatchObject({ durationHours: 1, averagePerMWMonth: (11 * 3000 + 4000) / 12 });
    expect(byName.Minety.rank).toBe(byName.Capenhurst.rank);
    // Bumpers began in September 2023: nothing before, and its average is over its own months
    expect(byName.Bumpers.operationalSince).toBe("2023-09-01");
    expect(byName.Bumpers.revenuePerMW.slice(0, 8)).toEqual(Array(8).fill(null));
    expect(byName.Bumpers.monthsOperating).toBe(4);
    expect(byName.Bumpers.averagePerMWMonth).toBe((3 * 5000 + 6000) / 4);
    expect(byName.Bumpers.rank).toBe(1);
    expect(r.body.method).toMatch(/^Modelled on real prices/);
  });

  it("checks its dates as validate_dates does", async () => {
    const r = await t.call(`${BASE}/?start_date=2024-07-01&end_date=2024-07-31`);
    expect(r.status).toBe(400);
    expect(r.body.errors.start_date[0]).toMatch(/^No modelled revenues for Jul 2024: /);
  });
});
