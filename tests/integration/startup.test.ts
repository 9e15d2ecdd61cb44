// Start-up as a newcomer meets it: a bad environment value stops it with a message naming the
// variable; the same code starts against an external PostgreSQL (DATABASE_URL); tables agree with
// their typed definitions.
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTableConfig } from "drizzle-orm/pg-core";
import { is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import * as schema from "../../api/db/schema/index.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { parseEnv, ConfigError } from "../../api/config.ts";

describe("configuration", () => {
  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ DATABASE_URL: "mysql://x@y/z" }, "DATABASE_URL"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ VOLTCAST_WORKERS: "maybe" }, "VOLTCAST_WORKERS"],
  ])("refuses %o, naming %s", (env, name) => {
    expect(() => parseEnv(env)).toThrow(ConfigError);
    expect(() => parseEnv(env)).toThrow(new RegExp(`^Invalid environment:\\n  ${name}: `));
  });

  it("a bad value stops the server before it starts, naming the variable", () => {
    const res = spawnSync("npx", ["tsx", "server.ts"], {
      env: { ...process.env, PORT: "not-a-port" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain("PORT: Expected number");
  });
});

describe("external PostgreSQL", () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startTestBackend();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("applies every migration once and seeds the demo accounts once", async () => {
    const { rows } = await t.backend.ctx.pool.query("select count(*)::int as n from schema_migrations");
    expect(rows[0].n).toBeGreaterThan(0);
    const users = await t.backend.ctx.pool.query(
      "select email from users where email like '%@voltcast.local' order by email",
    );
    expect(users.rows.map((r) => r.email)).toEqual([
      "free@voltcast.local",
      "gb@voltcast.local",
      "pro@voltcast.local",
    ]);
  });

  it("every typed table matches a real table with the same columns", async () => {
    for (const table of Object.values(schema)) {
      if (!is(table, PgTable)) continue;
      const config = getTableConfig(table);
      const { rows } = await t.backend.ctx.pool.query(
        "select column_name from information_schema.columns where table_schema = 'public' and table_name = $1",
        [config.name],
      );
      const real = new Set(rows.map((r) => r.column_name));
      expect(real.size, `table ${config.name} exists`).toBeGreaterThan(0);
      for (const column of config.columns)
        expect(real.has(column.name), `${config.name}.${column.name}`).toBe(true);
    }
  });
});
