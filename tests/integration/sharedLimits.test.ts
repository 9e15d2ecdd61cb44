// Two web processes on one database share the limits (issue 28, item 6): an API key's calls a
// minute and the log-in throttle are counted in PostgreSQL, so calls spread over processes behind a
// load balancer get no more than calls to one.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../api/db/database.ts";
import { createDb, createPool } from "../../api/db/client.ts";
import { createApiKey } from "../../api/auth/apiKeys.ts";
import { PER_ACCOUNT_AND_IP } from "../../api/auth/loginThrottle.ts";
import { createTestDatabase, testServer } from "../support/backend.ts";
import { COMPILED_SERVER, stopServer } from "../support/compiled.ts";

const LIMIT = 4;
let server: Awaited<ReturnType<typeof testServer>>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const processes: { child: ChildProcess; base: string; log: string }[] = [];

async function startWeb(secret: string) {
  const port = await freePort();
  const p = { child: null as unknown as ChildProcess, base: `http://127.0.0.1:${port}`, log: "" };
  p.child = spawn(process.execPath, [COMPILED_SERVER], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: database.url,
      VOLTCAST_DATA_DIR: mkdtempSync(path.join(tmpdir(), "voltcast-shared-")),
      SESSION_SECRET: secret,
      VOLTCAST_SEED_DEMO: "true",
      VOLTCAST_SEED_DATASETS: "off",
      VOLTCAST_SEED_LIBRARY_RUNS: "false",
      VOLTCAST_WORKERS: "false",
      VOLTCAST_API_KEY_CALLS_PER_MINUTE: String(LIMIT),
      LOG_LEVEL: "silent",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  p.child.stdout!.on("data", (d) => (p.log += d));
  p.child.stderr!.on("data", (d) => (p.log += d));
  processes.push(p);
  const until = Date.now() + 180_000;
  while (
    !(await fetch(`${p.base}/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > until || p.child.exitCode !== null)
      throw new Error(`the web process did not start\n${p.log}`);
    await sleep(300);
  }
  return p;
}

beforeAll(async () => {
  server = await testServer();
  database = await createTestDatabase(server.adminUrl);
  const secret = randomBytes(32).toString("hex");
  // One after the other: both migrate and seed the same database.
  await startWeb(secret);
  await startWeb(secret);
}, 400_000);

afterAll(async () => {
  for (const { child } of processes) await stopServer(child);
  await database?.drop();
  await server?.stop();
});

describe("limits shared by two web processes", () => {
  it("an API key gets its calls a minute across both, not per process", async () => {
    const pool = createPool(database.url, 1);
    const { rows } = await pool.query(`select id from users where email = 'pro@voltcast.local'`);
    const { key } = await createApiKey(createDb(pool), rows[0].id, { name: "spread" });
    await pool.end();
    const call = (i: number) =>
      fetch(`${processes[i % 2].base}/api/v1/users/me`, { headers: { authorization: `Bearer ${key}` } });
    for (let i = 0; i < LIMIT; i++) expect((await call(i)).status, `call ${i + 1}`).toBe(200);
    // Each process has seen only half of the calls; together they are at the limit.
    for (const i of [0, 1]) {
      const refused = await call(i);
      expect(refused.status, `process ${i + 1}`).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }
  });

  it("wrong passwords are counted across both processes", async () => {
    const attempt = (i: number, password: string) =>
      fetch(`${processes[i % 2].base}/api/v1/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.77" },
        body: JSON.stringify({ email: "gb@voltcast.local", password }),
      });
    for (let i = 0; i < PER_ACCOUNT_AND_IP.free; i++)
      expect((await attempt(i, `spread-guess-${i}`)).status).toBe(401);
    for (const i of [0, 1]) expect((await attempt(i, "one-more-guess")).status, `process ${i + 1}`).toBe(429);
  });
});
