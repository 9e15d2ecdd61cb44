// The time-series store and its importers against a real PostgreSQL: the real files of
// ../shared/data (skipped when absent) land as datasets with their true source, region, granularity
// and row counts; re-imports are idempotent; the public sources' own formats are recognised; a
// fresh install gets synthetic history (labelled 'synthetic') and the forward curve.
import { mkdtempSync, readdirSync, writeFileSync, existsSync } from "node:fs";
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { importFile, importPath, filesUnder, INTERNAL_ONLY } from "../../api/datasets/importer.ts";
import { detectFormat } from "../../api/datasets/formats.ts";
import { getDataset, listDatasets, seriesBetween } from "../../api/datasets/store.ts";
import { seedForwardCurves, seedSyntheticHistory, SYNTHETIC_SPECS } from "../../api/datasets/synthetic.ts";
import { stopEngine } from "../../api/worldviews/engine.ts";

const SHARED = path.resolve("../shared/data");
const hasShared = existsSync(path.join(SHARED, "prices"));

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
});
afterAll(async () => {
  await stopEngine();
  await t?.stop();
});

async function firstLine(file: string): Promise<string> {
  const raw = createReadStream(file);
  const lines = createInterface({ input: file.endsWith(".gz") ? raw.pipe(createGunzip()) : raw });
  for await (const line of lines) {
    lines.close();
    raw.destroy();
    return line;
  }
  return "";
}

describe.skipIf(!hasShared)("importing ../shared/data", () => {
  // Files the library has no importer for yet, each with the reason; every other file must be recognised.
  const NO_IMPORTER_YET: Record<string, string> = {
    "ancillary/gb/gb_dc_low_daily_payasbid_2020-10_2021-09.csv":
      "pay-as-bid days before DC cleared per EFA block",
    "ancillary/gb/gb_frequency_response_reserve_monthly_summary_2020-10_2026-08.csv":
      "monthly summary of the per-block files",
    // Summaries of ERCOT hub prices back to 2018 (SOURCES.md pass 4): the world view's calibration
    // reads them (issue 26); the hourly series they summarise is imported.
    "prices/ercot/ercot_hb_hubavg_annual_distribution_dam_rtm_2018_2026-07.csv":
      "annual distribution (percentiles) of the hub price, not a series",
    "prices/ercot/ercot_hb_hubavg_monthly_mean_dam_rtm_2018-01_2026-07.csv":
      "monthly means of the hub price, a summary of the hourly series",
  };

  it("recognises the format of every file of prices, ancillary and GB generation", async () => {
    const files = ["prices", "ancillary", "generation/gb"].flatMap((d) => filesUnder(path.join(SHARED, d)));
    expect(files.length).toBeGreaterThanOrEqual(15);
    for (const f of files) {
      const name = path.relative(SHARED, f);
      if (INTERNAL_ONLY.test(path.basename(f)) || name in NO_IMPORTER_YET) continue;
      expect(detectFormat(await firstLine(f)), name).not.toBeNull();
    }
  });

  it("never imports the files kept for internal calibration (German reserve prices)", async () => {
    const internal = filesUnder(path.join(SHARED, "ancillary")).filter((f) =>
      INTERNAL_ONLY.test(path.basename(f)),
    );
    expect(internal.length).toBeGreaterThan(0);
    for (const f of internal) {
      const r = await importFile(t.backend.ctx.db, f, { root: SHARED });
      expect(r).toMatchObject({ format: null, points: 0, datasets: [] });
      expect(r.skipped).toMatch(/internal/);
    }
    const { results } = await listDatasets(t.backend.ctx.db, { limit: 10_000 });
    expect(results.some((d) => /fcr|afrr/i.test(d.slug))).toBe(false);
  });

  it("loads GB files with their true source, region, granularity, unit and every row", async () => {
    const results = await importPath(t.backend.ctx.db, path.join(SHARED, "prices/gb"));
    expect(results.map((r) => r.format).sort()).toEqual(["elexon-system-prices", "lccc-imrp"]);
    const da = await getDataset(t.backend.ctx.db, "gb-day-ahead-price-hourly");
    expect(da).toMatchObject({
      source: "LCCC (IMRP)",
      region: "great-britain",
      geography: "GB",
      granularity: "hourly",
      unit: "GBP/MWh",
      synthetic: false,
      category: "LIVEANDHISTORIC",
      pointCount: 82_273,
    });
    expect(da!.startDate!.toISOString()).toBe("2016-06-29T23:00:00.000Z");
    const sys = await getDataset(t.backend.ctx.db, "gb-system-price-30min");
    expect(sys).toMatchObject({
      source: "Elexon BMRS",
      granularity: "30 min",
      pointCount: 24_809,
      subscriptionKey: "data_gb",
    });
    // 248 rows have no market index price: gaps stay gaps.
    expect((await getDataset(t.backend.ctx.db, "gb-market-index-price-30min"))!.pointCount).toBe(
      24_809 - 248,
    );

    // A day of the system price: 48 half-hours from midnight UTC (winter), values as in the file.
    const day = await seriesBetween(
      t.backend.ctx.db,
      sys!.id,
      new Date("2023-01-01T00:00:00Z"),
      new Date("2023-01-02T00:00:00Z"),
    );
    expect(day.ts).toHaveLength(48);
    expect(day.ts[1] - day.ts[0]).toBe(30 * 60_000);
    expect(day.values.slice(0, 2)).toEqual([-8.07, 200]);
  });

  it("is idempotent: importing a file again replaces its values without duplicating", async () => {
    const file = path.join(SHARED, "prices/gb/gb_system_price_mid_halfhourly_2023-01_2024-05.csv");
    const before = await listDatasets(t.backend.ctx.db);
    const again = await importFile(t.backend.ctx.db, file);
    expect(again.points).toBe(24_809 * 2 - 248);
    const after = await listDatasets(t.backend.ctx.db);
    expect(after.count).toBe(before.count);
    expect(after.results.map((d) => d.pointCount)).toEqual(before.results.map((d) => d.pointCount));
  });

  it("loads NESO demand and NEM half-hourly price and demand per region (local times → UTC)", async () => {
    await importPath(
      t.backend.ctx.db,
      path.join(SHARED, "generation/gb/neso_historic_demand_halfhourly_2024.csv"),
    );
    const nd = await getDataset(t.backend.ctx.db, "gb-national-demand-30min");
    expect(nd).toMatchObject({ source: "NESO", unit: "MW", granularity: "30 min", pointCount: 17_568 });
    // 31 March 2024: clocks go forward; the 46 periods of that day start at 00:00 UTC and end at 22:30 UTC.
    const dst = await seriesBetween(
      t.backend.ctx.db,
      nd!.id,
      new Date("2024-03-31T00:00:00Z"),
      new Date("2024-03-31T23:00:00Z"),
    );
    expect(dst.ts).toHaveLength(46);
    expect(new Date(dst.ts.at(-1)!).toISOString()).toBe("2024-03-31T22:30:00.000Z");

    await importFile(
      t.backend.ctx.db,
      path.join(SHARED, "prices/nem/nem_rrp_demand_30min_2021-01_2021-09.csv"),
    );
    const nem = await listDatasets(t.backend.ctx.db, { region: "aus-nem" });
    expect(nem.results.map((d) => d.slug).sort()).toEqual(
      ["nsw1", "qld1", "sa1", "tas1", "vic1"]
        .flatMap((r) => [`nem-${r}-demand-30min`, `nem-${r}-rrp-30min`])
        .sort(),
    );
    for (const d of nem.results)
      expect(d).toMatchObject({ source: "AEMO", granularity: "30 min", pointCount: 13_104 });
    const nsw = nem.results.find((d) => d.slug === "nem-nsw1-rrp-30min")!;
    expect(nsw.startDate!.toISOString()).toBe("2020-12-31T14:00:00.000Z");
    expect(nsw.unit).toBe("AUD/MWh");
  });

  it("loads ERCOT ancillary service prices as one dataset per service", async () => {
    const [r] = await importPath(t.backend.ctx.db, path.join(SHARED, "ancillary/ercot"));
    expect(r.format).toBe("ercot-as-mcpc");
    const regup = await getDataset(t.backend.ctx.db, "ercot-as-regup-mcpc");
    expect(regup).toMatchObject({
      region: "ercot",
      source: "ERCOT",
      unit: "USD/MW/h",
      granularity: "hourly",
      variableType: "ancillary_price",
    });
    // 2024-01-01 hour ending 1 (Central time, UTC-6) starts at 06:00 UTC.
    expect(regup!.startDate!.toISOString()).toBe("2024-01-01T06:00:00.000Z");
    expect(r.datasets).toHaveLength(5);
  });

  it("loads GB Quick Reserve per half hour, positive and negative, without the periods where nothing cleared", async () => {
    const r = await importFile(
      t.backend.ctx.db,
      path.join(
        SHARED,
        "ancillary/gb/gb_eac_reserve_qr_br_sr_clearing_prices_halfhourly_2024-12_2026-08.csv.gz",
      ),
    );
    expect(r.format).toBe("neso-reserve-eac");
    const pqr = await getDataset(t.backend.ctx.db, "gb-pqr-clearing-price-30min");
    expect(pqr).toMatchObject({
      region: "great-britain",
      source: "NESO",
      unit: "GBP/MW/h",
      granularity: "30 min",
    });
    expect(pqr!.startDate!.toISOString()).toBe("2024-12-03T23:00:00.000Z");
    const price = await seriesBetween(t.backend.ctx.db, pqr!.id);
    const volume = await seriesBetween(
      t.backend.ctx.db,
      (await getDataset(t.backend.ctx.db, "gb-pqr-cleared-volume-30min"))!.id,
    );
    // every half hour has a volume; a price only where something cleared
    expect(volume.ts.length).toBeGreaterThan(price.ts.length);
    expect(r.datasets.map((d) => d.slug).sort()).toEqual([
      "gb-nqr-cleared-volume-30min",
      "gb-nqr-clearing-price-30min",
      "gb-pqr-cleared-volume-30min",
      "gb-pqr-clearing-price-30min",
    ]);
  });
});

describe("the sources' own formats", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "voltcast-formats-"));

  it("reads AEMO PRICE_AND_DEMAND (interval end in NEM time) into the same 5-minute series", async () => {
    const f = path.join(dir, "PRICE_AND_DEMAND_202401_SA1.csv");
    writeFileSync(
      f,
      'REGION,SETTLEMENTDATE,TOTALDEMAND,RRP,PERIODTYPE\n"SA1","2024/01/01 00:05:00",1200.5,45.1,"TRADE"\n"SA1","2024/01/01 00:10:00",1190.25,-12.3,"TRADE"\n',
    );
    const r = await importFile(t.backend.ctx.db, f);
    expect(r.format).toBe("aemo-price-and-demand");
    const d = await getDataset(t.backend.ctx.db, "nem-sa1-rrp-5min");
    expect(d).toMatchObject({ source: "AEMO", granularity: "5 min", pointCount: 2 });
    const s = await seriesBetween(t.backend.ctx.db, d!.id);
    expect(s.ts.map((x) => new Date(x).toISOString())).toEqual([
      "2023-12-31T14:00:00.000Z",
      "2023-12-31T14:05:00.000Z",
    ]);
    expect(s.values).toEqual([45.1, -12.3]);
  });

  it("reads ERCOT's DAM settlement point prices (NP4-190) and OMIE's marginalpdbc files", async () => {
    const ercot = path.join(dir, "cdr.00012331.0000000000000000.20240701.csv");
    writeFileSync(
      ercot,
      "Delivery Date,Hour Ending,Repeated Hour Flag,Settlement Point,Settlement Point Price\n07/01/2024,01:00,N,HB_WEST,21.50\n07/01/2024,02:00,N,HB_WEST,19.75\n",
    );
    expect((await importFile(t.backend.ctx.db, ercot)).format).toBe("ercot-np4-190");
    const west = await getDataset(t.backend.ctx.db, "ercot-hb-west-dam");
    expect(west!.startDate!.toISOString()).toBe("2024-07-01T05:00:00.000Z"); // CDT = UTC-5
    const omie = path.join(dir, "marginalpdbc_20240115.1");
    writeFileSync(omie, "MARGINALPDBC;\n2024;01;15;1;80.10;80.10;\n2024;01;15;2;75.00;74.50;\n*\n");
    expect((await importFile(t.backend.ctx.db, omie)).format).toBe("omie-marginalpdbc");
    const pt = await getDataset(t.backend.ctx.db, "omie-pt-day-ahead-price-hourly");
    const s = await seriesBetween(
      t.backend.ctx.db,
      pt!.id,
      new Date("2024-01-14T23:00:00Z"),
      new Date("2024-01-15T01:00:00Z"),
    );
    // OMIE's layout: year;month;day;period;Portugal;Spain.
    expect(s.values).toEqual([80.1, 75]);
  });

  it("refuses a single file of an unknown format, naming it", async () => {
    const f = path.join(dir, "mystery.csv");
    writeFileSync(f, "a,b,c\n1,2,3\n");
    await expect(importPath(t.backend.ctx.db, f)).rejects.toThrow(
      "mystery.csv: not a format Voltcast recognises",
    );
    expect(readdirSync(dir)).toContain("mystery.csv");
  });
});

describe("without real data", () => {
  it("creates synthetic history labelled 'synthetic', and the hourly forward curve of each world view", async () => {
    const gb = SYNTHETIC_SPECS.filter((s) => s.region === "GB");
    const r = await seedSyntheticHistory(t.backend.ctx.db, () => {}, gb);
    expect(r.series).toBe(2);
    const d = await getDataset(t.backend.ctx.db, "gb-day-ahead-price-synthetic");
    expect(d).toMatchObject({
      source: "synthetic",
      synthetic: true,
      granularity: "30 min",
      unit: "GBP/MWh",
      category: "LIVEANDHISTORIC",
    });
    expect(d!.pointCount).toBe((365 + 366) * 48);
    const s = await seriesBetween(
      t.backend.ctx.db,
      d!.id,
      new Date("2024-01-01T00:00:00Z"),
      new Date("2025-01-01T00:00:00Z"),
    );
    const mean = s.values.reduce((a, b) => a + b, 0) / s.values.length;
    expect(mean).toBeGreaterThan(40); // a GB-like price level, not zeros
    expect(mean).toBeLessThan(150);
    // A second start changes nothing.
    expect((await seedSyntheticHistory(t.backend.ctx.db, () => {}, gb)).series).toBe(0);

    await seedForwardCurves(t.backend.ctx.db, () => {}, { regions: ["GB"], fromYear: 2025, toYear: 2026 });
    const fc = await getDataset(t.backend.ctx.db, "gb-hourly-forward-curve");
    expect(fc).toMatchObject({
      category: "FORECAST",
      granularity: "hourly",
      groupName: "Hourly forward curve",
      // the default tier (GB Central) is everyone's (spec §6)
      subscriptionKey: null,
    });
    expect(fc!.pointCount).toBe((365 + 365) * 24);
    expect(fc!.source).toMatch(/^Voltcast world view/);
    // Every GB world view has its curve (issue 19, item 2), gated by the GB World View subscription.
    for (const [slug, title] of [
      ["gb-high-hourly-forward-curve", "GB High hourly forward curve"],
      ["gb-low-hourly-forward-curve", "GB Low hourly forward curve"],
      ["gb-net-zero-hourly-forward-curve", "GB Net zero hourly forward curve"],
    ]) {
      const other = await getDataset(t.backend.ctx.db, slug);
      expect(other, slug).toMatchObject({
        title,
        subscriptionKey: "world_view_gb",
        groupName: "Hourly forward curve",
      });
      expect(other!.pointCount).toBe((365 + 365) * 24);
    }
  });
});
