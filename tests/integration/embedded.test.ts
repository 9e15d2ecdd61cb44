// The local default: no DATABASE_URL → a private PostgreSQL in the data folder; a second start
// keeps the data; stopping stops the server. Its password is generated into the data folder, and a
// quick restart waits for the previous server to finish stopping (issue 28, items 5 and 15).
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import pg from "pg";
import { tmpdir } from "node:os";
import path from "node:path";
import { createConnection } from "node:net";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../api/config.ts";
import { startBackend } from "../../api/bootstrap.ts";
import { createUser } from "../../api/auth/users.ts";

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createConnection({ host: "127.0.0.1", port }, () => {
      s.end();
      resolve(true);
    });
    s.on("error", () => resolve(false));
  });

describe("embedded PostgreSQL", () => {
  it("starts, keeps its data across restarts, and stops cleanly", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "voltcast-embedded-"));
    const env = { NODE_ENV: "test", VOLTCAST_DATA_DIR: dataDir, VOLTCAST_SEED_DEMO: "true" };

    const first = await startBackend(loadConfig(env), { workers: false, log: () => {} });
    const port = Number(new URL(first.databaseUrl).port);
    expect((await first.ctx.pool.query("select count(*)::int as n from users")).rows[0].n).toBe(3); // demo accounts
    await createUser(first.ctx.db, {
      email: "kept@example.com",
      fullName: "K",
      companyName: "K",
      password: "0123456789abc",
    });
    await first.stop();
    expect(await portOpen(port)).toBe(false);

    const second = await startBackend(loadConfig(env), { workers: false, log: () => {} });
    const { rows } = await second.ctx.pool.query("select email from users order by email");
    expect(rows.map((r) => r.email)).toEqual([
      "free@voltcast.local",
      "gb@voltcast.local",
      "kept@example.com",
      "pro@voltcast.local",
    ]);
    // The session secret generated on the first start is kept too.
    expect(loadConfig(env).sessionSecret).toBe(loadConfig(env).sessionSecret);
    await second.stop();
  }, 120_000);

  it("generates its password into the data folder; the old published one opens nothing", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "voltcast-embedded-pw-"));
    const backend = await startBackend(loadConfig({ NODE_ENV: "test", VOLTCAST_DATA_DIR: dataDir }), {
      workers: false,
      log: () => {},
    });
    try {
      const file = path.join(dataDir, "postgres-password");
      const password = readFileSync(file, "utf8").trim();
      expect(password.length).toBeGreaterThanOrEqual(24);
      expect(statSync(file).mode & 0o077).toBe(0); // its owner's only
      expect(decodeURIComponent(new URL(backend.databaseUrl).password)).toBe(password);
      const url = new URL(backend.databaseUrl);
      url.password = "voltcast-local";
      const client = new pg.Client({ connectionString: url.toString() });
      await expect(client.connect()).rejects.toMatchObject({ code: "28P01" });
      await client.end().catch(() => {});
    } finally {
      await backend.stop();
    }
  }, 120_000);

  it("a quick restart waits for the previous server to finish stopping, then starts its own", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "voltcast-embedded-restart-"));
    const env = { NODE_ENV: "test", VOLTCAST_DATA_DIR: dataDir };
    const first = await startBackend(loadConfig(env), { workers: false, log: () => {} });
    // A connection that is still busy (an import, say) keeps the old server stopping: PostgreSQL's
    // "smart" shutdown refuses new connections (57P03) until its clients are gone.
    const busy = new pg.Client({ connectionString: first.databaseUrl });
    await busy.connect();
    const pid = Number(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
    process.kill(pid, "SIGTERM");
    const lines: string[] = [];
    const second = startBackend(loadConfig(env), { workers: false, log: (m) => lines.push(m) });
    const failed = second.then(
      () => null,
      (e: Error) => e,
    );
    const until = Date.now() + 60_000;
    while (!lines.some((l) => /still starting or stopping: waiting/.test(l))) {
      const early = await Promise.race([failed, new Promise((r) => setTimeout(r, 100, "pending"))]);
      if (early !== "pending") throw new Error(`the second start ended early: ${String(early)}`);
      if (Date.now() > until) throw new Error(`no waiting message: ${lines.join("\n")}`);
    }
    await busy.end();
    await first.stop();
    const started = await second;
    try {
      expect((await started.ctx.pool.query("select 1 as one")).rows[0].one).toBe(1);
      expect(lines.join("\n")).not.toMatch(/already running/);
    } finally {
      await started.stop();
    }
  }, 240_000);
});
