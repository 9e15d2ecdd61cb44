// A run's price paths on the queue (issue 30 acceptance 4, decision 0403): the web process takes
// no jobs (workers: false); two `worker.ts` processes on the same PostgreSQL share a 30-path run
// (each computes some of its paths); one is killed while it dispatches a path: that path is
// retried on the other worker, and every path is counted exactly once. Then the result's
// percentiles are in the lenders' convention (P90 ≤ P50 ≤ P10 per year, with a spread), and the
// finance recompute takes the P90 case.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { waitFor } from "../support/waitFor.ts";

process.env.VOLTCAST_SEED_LIBRARY_RUNS = "false";

let t: TestBackend;
const children: ChildProcess[] = [];
const PRO = "pro@voltcast.local";

function startWorker(name: string): ChildProcess {
  const child = spawn("npx", ["tsx", "worker.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: t.databaseUrl,
      VOLTCAST_DATA_DIR: mkdtempSync(path.join(tmpdir(), "voltcast-worker-")),
      SESSION_SECRET: t.secret,
      VOLTCAST_QUEUE_MAINTENANCE_SECONDS: "1",
      VOLTCAST_SEED_DEMO: "false",
      VOLTCAST_FORECAST_INTERVAL_MINUTES: "60",
      VOLTCAST_PRICE_PATHS: "30",
      VOLTCAST_WORKER_NAME: name,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  children.push(child);
  return child;
}

beforeAll(async () => {
  t = await startTestBackend({ workers: false });
});

afterAll(async () => {
  for (const c of children) {
    if (c.exitCode !== null || c.signalCode !== null || !c.pid) continue;
    try {
      process.kill(-c.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  await t?.stop();
});

describe("price paths fan out over worker processes", () => {
  it("two workers share a 30-path run; a killed worker's path is retried and none is lost or counted twice", async () => {
    const body = {
      region: "GB",
      configuration: "bess",
      assetName: "Paths asset",
      zipCode: "OX11 7HA",
      gspGroup: "_H",
      startDate: "2026-01-01",
      horizonYears: 2,
      maxCycles: 1,
      ratedPower: 50,
      duration: 2,
      connectionType: "distribution",
      efficiency: "88",
      maxImport: "same",
      maxExport: "same",
      coLocation: "false",
      degradation: "standard_degradation_curve",
      repowering: 10000,
      revenueStrategies: ["energy_only"],
      macroScenarios: ["gb-central"],
      runName: { "gb-central": "GB 50 MW 2 h paths" },
    };
    const created = await t.call("/forecast/run-library/forecasts/", { as: PRO, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.runIds[0];
    const pool = t.backend.ctx.pool;
    const paths = async () =>
      (
        await pool.query<{ path: number; status: string; attempts: number; worker: string | null }>(
          `select path, status, attempts, worker from forecast_run_paths where run_id = $1 order by path`,
          [id],
        )
      ).rows;

    const a = startWorker("worker-a");
    startWorker("worker-b");
    // Both take paths: each has finished at least one.
    await waitFor("both workers to finish a path", async () => {
      const done = (await paths()).filter((p) => p.status === "done");
      return done.some((p) => p.worker === "worker-a") && done.some((p) => p.worker === "worker-b");
    });
    // Kill worker A while it dispatches a path (its row waiting, with A's name, its job active).
    const inFlight = await waitFor("worker A to be dispatching a path", async () => {
      const { rows } = await pool.query<{ path: number }>(
        `select p.path from forecast_run_paths p join pgboss.job j on j.id = p.job_id::uuid
          where p.run_id = $1 and p.status = 'waiting' and p.worker = 'worker-a' and j.state = 'active'`,
        [id],
      );
      return rows[0];
    });
    process.kill(-a.pid!, "SIGKILL"); // the whole process group: npx, tsx and node
    await new Promise((r) => a.once("exit", r));

    const result = await waitFor(
      "every path to be dispatched",
      async () => {
        const r = await t.call(`/forecast/run-library/${id}/result/`, { as: PRO });
        return r.status === 200 && r.body.percentiles ? r.body : null;
      },
      600,
    );
    const rows = await paths();
    // None lost, none counted twice: one row per path, every one done.
    expect(rows.map((p) => p.path)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(rows.every((p) => p.status === "done")).toBe(true);
    expect(result.pathProgress).toEqual({ done: 30, failed: 0, total: 30 });
    expect(result.percentiles.paths).toBe(30);
    // The path A was dispatching when it died was dispatched again, by B.
    const retried = rows.find((p) => p.path === inFlight.path)!;
    expect(retried.worker).toBe("worker-b");
    expect(retried.attempts).toBeGreaterThanOrEqual(2);
    // Both workers' work is in the result.
    expect(new Set(rows.map((p) => p.worker))).toEqual(new Set(["worker-a", "worker-b"]));

    // The lenders' convention, per year, with a spread; and the finance over the paths.
    const p = result.percentiles;
    expect(p.convention).toBe("exceedance");
    expect(p.years).toEqual([2026, 2027]);
    for (let i = 0; i < p.years.length; i++) {
      expect(p.p90[i]).toBeLessThanOrEqual(p.p50[i]);
      expect(p.p50[i]).toBeLessThanOrEqual(p.p10[i]);
      expect(p.p10[i] - p.p90[i]).toBeGreaterThan(0);
    }
    expect(p.npv.byPath).toHaveLength(30);
    expect(p.npv.p90).toBeLessThanOrEqual(p.npv.p50);
    expect(p.npv.p50).toBeLessThanOrEqual(p.npv.p10);
    expect(p.debtP90).toBeGreaterThanOrEqual(0);

    // With its paths in, the recompute operation sizes debt on the P90 case: the same debt.
    const onP90 = await t.call(`/forecast/run-library/${id}/finance/`, {
      as: PRO,
      body: { debtSizing: "sculpted", sizingCase: "p90" },
    });
    expect(onP90.status, JSON.stringify(onP90.body)).toBe(200);
    expect(onP90.body.sizingCase).toBe("p90");
    expect(onP90.body.debt).toBeCloseTo(p.debtP90, 2);
  }, 900_000);
});
