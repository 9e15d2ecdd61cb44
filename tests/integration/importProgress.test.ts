// Issue 19 item 19: while the first start imports the market data, the API says how far it is
// (GET …/data/import-status/), so the library can show "Importing market data… n of m files"
// instead of partial content with no notice. Real PostgreSQL, a small data folder of real-format files.
import { mkdirSync, mkdtempSync, writeFileSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { seedDatasets } from "../../api/datasets/seed.ts";
import { queueMarketData } from "../../api/seed/marketData.ts";

const STATUS = "/data-api/data-and-charts/data/import-status/";
const SHARED = path.resolve(process.env.VOLTCAST_SHARED_DATA_DIR ?? "../shared/data");
const DAY_AHEAD = path.join(SHARED, "prices/gb/gb_day_ahead_hourly_imrp_lccc_2016-06_2025-11.csv");

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
});
afterAll(async () => {
  await t?.stop();
});

/** A data folder with three files under prices/gb: two of the day-ahead format, one not importable. */
function dataFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "voltcast-import-progress-"));
  mkdirSync(path.join(dir, "prices/gb"), { recursive: true });
  const lines = readFileSync(DAY_AHEAD, "utf8").split("\n");
  writeFileSync(path.join(dir, "prices/gb/a_day_ahead.csv"), lines.slice(0, 49).join("\n") + "\n");
  writeFileSync(
    path.join(dir, "prices/gb/b_day_ahead.csv"),
    [lines[0], ...lines.slice(49, 97)].join("\n") + "\n",
  );
  writeFileSync(path.join(dir, "prices/gb/c_notes.csv"), "not,a,format\n1,2,3\n");
  return dir;
}

describe.skipIf(!existsSync(DAY_AHEAD))("market data import progress", () => {
  it("is idle before any import, then queued, importing n of m files, and done", async () => {
    expect((await t.call(STATUS)).body).toMatchObject({ status: "idle", filesDone: 0, filesTotal: null });

    // a start queues the import (no worker runs here, so it stays queued)
    await queueMarketData(t.backend.ctx, () => {}, { ...process.env, VOLTCAST_SEED_DATASETS: "gb" });
    expect((await t.call(STATUS)).body).toMatchObject({ status: "queued" });

    const seen: unknown[] = [];
    await seedDatasets(t.backend.ctx.db, {
      dir: dataFolder(),
      scope: "gb",
      forwardCurves: false,
      duty: 1,
      // what anyone asking (even anonymously) is told after each file, while the import is paused there
      afterFile: async () => void seen.push((await t.call(STATUS)).body),
    });
    expect(seen).toMatchObject([
      { status: "importing", filesDone: 1, filesTotal: 3, finishedAt: null },
      { status: "importing", filesDone: 2, filesTotal: 3, finishedAt: null },
      { status: "importing", filesDone: 3, filesTotal: 3, finishedAt: null },
    ]);
    const done = (await t.call(STATUS)).body;
    expect(done).toMatchObject({ status: "done", filesDone: 3, filesTotal: 3, error: null });
    expect(Date.parse(done.finishedAt)).toBeGreaterThanOrEqual(Date.parse(done.startedAt));

    // a restart goes through the files again (all unchanged, skipped) and ends done again
    await seedDatasets(t.backend.ctx.db, { dir: dataFolder(), scope: "gb", forwardCurves: false });
    expect((await t.call(STATUS)).body).toMatchObject({ status: "done", filesDone: 3, filesTotal: 3 });
  });

  it("tells the GB leaderboard once the GB files are in, before the other markets' files (decision 0336)", async () => {
    const dir = dataFolder();
    mkdirSync(path.join(dir, "prices/germany"), { recursive: true });
    writeFileSync(path.join(dir, "prices/germany/notes.csv"), "not,a,format\n1,2,3\n");
    const order: string[] = [];
    await seedDatasets(t.backend.ctx.db, {
      dir,
      forwardCurves: false,
      duty: 1,
      afterFile: (done) => void order.push(`file ${done}`),
      afterGb: () => void order.push("GB in"),
    });
    expect(order).toEqual(["file 1", "file 2", "file 3", "GB in", "file 4"]);
  });

  it("says when an import failed, with the reason", async () => {
    const broken = mkdtempSync(path.join(tmpdir(), "voltcast-import-broken-"));
    mkdirSync(path.join(broken, "prices/gb"), { recursive: true });
    writeFileSync(path.join(broken, "prices/gb/broken.csv.gz"), "this is not gzip");
    const error = await seedDatasets(t.backend.ctx.db, {
      dir: broken,
      scope: "gb",
      forwardCurves: false,
    }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((await t.call(STATUS)).body).toMatchObject({
      status: "failed",
      filesDone: 0,
      filesTotal: 1,
      error: (error as Error).message,
    });
  });
});
