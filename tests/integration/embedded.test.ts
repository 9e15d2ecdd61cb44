// The local default: no DATABASE_URL → a private PostgreSQL in the data folder; a second start
// keeps the data; stopping stops the server.
import { mkdtempSync } from "node:fs";
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
});
