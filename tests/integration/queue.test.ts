// The queue on real PostgreSQL: a job whose worker process is killed mid-job completes after a
// worker starts again; a job that keeps failing is retried, then marked failed with its error.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testServer } from "../support/backend.ts";
import { createPool } from "../../api/db/client.ts";
import { migrate } from "../../api/db/migrate.ts";
import { startQueue, type Queue } from "../../api/jobs/queue.ts";
import { activeJobKinds } from "../../api/jobs/registry.ts";
import { waitFor } from "../support/waitFor.ts";

process.env.VOLTCAST_TEST_JOBS = "true";

let server: Awaited<ReturnType<typeof testServer>>;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let queue: Queue;
const children: ChildProcess[] = [];

function startWorker(): ChildProcess {
  const child = spawn("npx", ["tsx", "worker.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: db.url,
      VOLTCAST_DATA_DIR: mkdtempSync(path.join(tmpdir(), "voltcast-worker-")),
      SESSION_SECRET: "x".repeat(40),
      VOLTCAST_TEST_JOBS: "true",
      VOLTCAST_QUEUE_MAINTENANCE_SECONDS: "1",
      VOLTCAST_SEED_DEMO: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  children.push(child);
  return child;
}

beforeAll(async () => {
  server = await testServer();
  db = await createTestDatabase(server.adminUrl);
  const pool = createPool(db.url, 2);
  await migrate(pool, () => {});
  await pool.end();
  queue = await startQueue(db.url, {
    kinds: activeJobKinds(),
    maintenanceSeconds: 1,
    schedule: false,
    log: () => {},
  });
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
  await queue?.boss.stop({ graceful: false }).catch(() => {});
  await db?.drop();
  await server?.stop();
});

describe("queue", () => {
  it("a job whose worker process is killed mid-job completes once a worker runs again", async () => {
    const id = await queue.send("queue-self-test", { ms: 1500 });
    const first = startWorker();
    await waitFor(
      "the job to start",
      async () => (await queue.job("queue-self-test", id))?.state === "active",
    );
    process.kill(-first.pid!, "SIGKILL"); // the whole process group: npx, tsx and node
    await new Promise((r) => first.once("exit", r));
    expect((await queue.job("queue-self-test", id))?.state).toBe("active");

    startWorker();
    const done = await waitFor("the job to complete", async () => {
      const job = await queue.job("queue-self-test", id);
      return job?.state === "completed" ? job : null;
    });
    expect(done.retryCount).toBeGreaterThanOrEqual(1);
    expect(done.output).toMatchObject({ finishedOnAttempt: done.retryCount + 1 });
  }, 120_000);

  it("a job that keeps failing is retried, then marked failed with its error", async () => {
    const id = await queue.send("queue-self-test", { ms: 10, fail: true });
    const job = await waitFor("the job to fail for good", async () => {
      const j = await queue.job("queue-self-test", id);
      return j?.state === "failed" ? j : null;
    });
    expect(job.retryCount).toBe(2);
    expect(JSON.stringify(job.output)).toContain("self-test failure on attempt 3");
  }, 120_000);
});
