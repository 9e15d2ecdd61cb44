// A database whose queue pg-boss 10 made (Voltcast before decision 0023) moves to pg-boss 12 when
// Voltcast starts: the jobs still to do keep their ids and are then worked; finished jobs are not
// carried; two processes starting at once move it once; a later start leaves it alone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import PgBoss10 from "pg-boss-10";
import pg from "pg";
import { setTimeout as sleep } from "node:timers/promises";
import { createTestDatabase, testServer } from "../support/backend.ts";
import { startQueue, startWorkers, type Queue } from "../../api/jobs/queue.ts";
import { activeJobKinds } from "../../api/jobs/registry.ts";
import type { WorkerContext } from "../../api/jobs/types.ts";

process.env.VOLTCAST_TEST_JOBS = "true";

let server: Awaited<ReturnType<typeof testServer>>;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
const queues: Queue[] = [];
const ids = { waiting: "", active: "", completed: "" };

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  server = await testServer();
  db = await createTestDatabase(server.adminUrl);
  // The queue as Voltcast on pg-boss 10 left it, stopped for the upgrade: a waiting job, one a
  // worker had taken (active), one finished.
  const old = new PgBoss10({ connectionString: db.url, max: 2, supervise: false, schedule: false });
  await old.start();
  await old.createQueue("queue-self-test", { name: "queue-self-test", retryLimit: 2, expireInSeconds: 3 });
  ids.completed = (await old.send("queue-self-test", { ms: 10, n: 1 }))!;
  const [done] = await old.fetch("queue-self-test");
  await old.complete("queue-self-test", done!.id);
  ids.active = (await old.send("queue-self-test", { ms: 10, n: 2 }))!;
  await old.fetch("queue-self-test");
  ids.waiting = (await old.send("queue-self-test", { ms: 10, n: 3 }))!;
  await old.stop({ graceful: false, wait: true });
});

afterAll(async () => {
  for (const q of queues) await q.boss.stop({ graceful: false }).catch(() => {});
  await db?.drop();
  await server?.stop();
});

describe("a pg-boss 10 queue", () => {
  it("moves to pg-boss 12 at start, once, keeping the jobs still to do under their ids", async () => {
    const [{ version: before }] = await query<{ version: number }>("select version from pgboss.version");
    expect(before).toBe(24);

    // Two processes (a web process and a worker) starting at the same moment.
    const logs: string[][] = [[], []];
    const started = await Promise.all(
      logs.map((log) =>
        startQueue(db.url, {
          kinds: activeJobKinds(),
          maintenanceSeconds: 1,
          schedule: false,
          log: (m) => log.push(m),
        }),
      ),
    );
    queues.push(...started);

    const [{ version: after }] = await query<{ version: number }>("select version from pgboss.version");
    expect(after).toBeGreaterThanOrEqual(25);
    const moved = logs.flat().filter((m) => m.startsWith("pg-boss 10's queue moved"));
    expect(moved).toEqual([
      "pg-boss 10's queue moved: 2 job(s) still to do carried over; its finished jobs are not kept",
    ]);
    expect(await query("select 1 from pg_namespace where nspname = 'pgboss_v10'")).toHaveLength(0);

    const q = started[0];
    expect((await q.job("queue-self-test", ids.waiting))?.data).toEqual({ ms: 10, n: 3 });
    expect((await q.job("queue-self-test", ids.active))?.state).toBe("created");
    expect(await q.job("queue-self-test", ids.completed)).toBeNull();

    // A later start finds pg-boss 12's own queue and moves nothing.
    const later: string[] = [];
    queues.push(
      await startQueue(db.url, {
        kinds: activeJobKinds(),
        maintenanceSeconds: 1,
        schedule: false,
        log: (m) => later.push(m),
      }),
    );
    expect(later.filter((m) => m.includes("pg-boss 10"))).toEqual([]);
  });

  it("has the carried jobs worked by pg-boss 12's workers", async () => {
    const q = queues[0];
    const ctx = { log: () => {} } as unknown as WorkerContext;
    const stop = await startWorkers(q, ctx);
    try {
      for (const id of [ids.waiting, ids.active]) {
        let state: string | undefined;
        for (let i = 0; i < 120 && state !== "completed"; i++) {
          state = (await q.job("queue-self-test", id))?.state;
          if (state !== "completed") await sleep(250);
        }
        expect(state, id).toBe("completed");
      }
    } finally {
      await stop();
    }
  });
});
