// The GB leaderboard graph (issue 19, item 12; spec §7 `…/bm/gb/leaderboard-graph/validate_dates/`)
// against a real PostgreSQL: the months the backtest holds, dates checked with messages naming what
// is missing, and the asset library's GB batteries ranked by revenue per MW, "modelled on real
// prices". The stored result is written here as the gb-leaderboard-run job would leave it (the
// model of an asset is tested in tests/unit/backtest/leaderboardAsset.test.ts).
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

/**
 * A stored modelled asset, as the gb-leaderboard-run job leaves it: each asset earns its own figure
 * (`base` a month, Decembers 1000 more), so no two tie.
 */
function asset(assetId: string, name: string, base: number, operationalSince: string, ratedPower = 100) {
  return {
    assetId,
    name,
    ratedPower,
    energyCapacity: ratedPower,
    operationalSince,
    cycles: 2,
    latitude: 51.6,
    longitude: -1.9,
    gsp: "_H",
    profiles: [2023, 2024, 2025].map((year) => ({
      year,
      durationHours: 0.9,
      retention: 0.9,
      ageYears: 2,
      cyclesPerDay: 2,
      tnuosZone: 22,
      paysTnuos: ratedPower >= 100,
      tnuosPerMWYear: ratedPower >= 100 ? -4400 : 0,
      capacityDuration: 1,
    })),
    months: MONTHS.map((m) => ({
      ...m,
      revenuePerMW: base + (m.month.endsWith("-12") ? 1000 : 0),
      tnuosPerMW: 0,
      durationHours: 0.9,
    })),
  };
}

beforeAll(async () => {
  t = await startTestBackend();
  const assets = [
    asset("gb-pillswood", "Pillswood", 5000, "2022-11-01"),
    asset("gb-minety", "Minety", 3100, "2021-07-01"),
    asset("gb-capenhurst", "Capenhurst", 2900, "2019-05-01"),
    asset("gb-contego", "Contego", 3000, "2020-01-01", 34),
    asset("gb-bumpers", "Bumpers", 5200, "2023-09-01"),
  ];
  await t.backend.ctx.pool.query(
    `insert into gb_leaderboard_results (data_key, assets) values ('test', $1)`,
    [JSON.stringify(assets)],
  );
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
    expect(Object.keys(byName).sort()).toEqual(["Bumpers", "Capenhurst", "Contego", "Minety", "Pillswood"]);
    expect(byName.Pillswood).toMatchObject({
      durationHours: 1,
      modelledDurationHours: 0.9,
      monthsOperating: 12,
    });
    expect(byName.Pillswood.revenuePerMW.at(-1)).toBe(6000);
    expect(byName.Pillswood.totalPerMW).toBe(11 * 5000 + 6000);
    // what differs per asset is what ranks them: no two share a rank
    expect(new Set(r.body.assets.map((a: any) => a.rank)).size).toBe(5);
    expect(["Minety", "Contego", "Capenhurst"].map((n) => byName[n].rank)).toEqual([3, 4, 5]);
    expect(byName.Minety).toMatchObject({
      gspGroup: "_H",
      tnuosZone: 22,
      tnuosPerMWYear: -4400,
      cyclesPerDay: 2,
    });
    // Bumpers began in September 2023: nothing before, and its average is over its own months
    expect(byName.Bumpers.operationalSince).toBe("2023-09-01");
    expect(byName.Bumpers.revenuePerMW.slice(0, 8)).toEqual(Array(8).fill(null));
    expect(byName.Bumpers.monthsOperating).toBe(4);
    expect(byName.Bumpers.averagePerMWMonth).toBe((3 * 5200 + 6200) / 4);
    expect(byName.Bumpers.rank).toBe(1);
    expect(r.body.method).toMatch(/^Modelled on real prices, not metered/);
    // what is modelled per asset, and what is not, said plainly
    expect(r.body.modelled.join(" ")).toMatch(/Duration: .*Cycles: .*Location: .*TNUoS.*Commissioning date/);
    expect(r.body.notModelled.join(" ")).toMatch(/^DUoS: /);
  });

  it("checks its dates as validate_dates does", async () => {
    const r = await t.call(`${BASE}/?start_date=2024-07-01&end_date=2024-07-31`);
    expect(r.status).toBe(400);
    expect(r.body.errors.start_date[0]).toMatch(/^No modelled revenues for Jul 2024: /);
  });
});
