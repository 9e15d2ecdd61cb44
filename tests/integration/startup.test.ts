// Start-up as a newcomer meets it: a bad environment value stops it with a message naming the
// variable; the same code starts against an external PostgreSQL (DATABASE_URL); tables agree with
// their typed definitions.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTableConfig } from "drizzle-orm/pg-core";
import { is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import * as schema from "../../api/db/schema/index.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { parseEnv, ConfigError, SETTING_NAMES } from "../../api/config.ts";
import { COMPILED_SERVER } from "../support/compiled.ts";

describe("configuration", () => {
  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ DATABASE_URL: "mysql://x@y/z" }, "DATABASE_URL"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ VOLTCAST_WORKERS: "maybe" }, "VOLTCAST_WORKERS"],
    [{ VOLTCAST_FORECAST_CONCURRENCY: "0" }, "VOLTCAST_FORECAST_CONCURRENCY"],
    [{ VOLTCAST_FORECAST_INTERVAL_MINUTES: "7" }, "VOLTCAST_FORECAST_INTERVAL_MINUTES"],
    [{ VOLTCAST_FORECAST_RUN_EXPIRE_SECONDS: "1" }, "VOLTCAST_FORECAST_RUN_EXPIRE_SECONDS"],
    [{ VOLTCAST_LIBRARY_RUN_YEARS: "50" }, "VOLTCAST_LIBRARY_RUN_YEARS"],
    [{ VOLTCAST_MARKET_YEAR_STORE_MB: "-1" }, "VOLTCAST_MARKET_YEAR_STORE_MB"],
    [{ VOLTCAST_SEED_LIBRARY_RUNS: "yes" }, "VOLTCAST_SEED_LIBRARY_RUNS"],
    [{ VOLTCAST_SEED_DATASETS: "everything" }, "VOLTCAST_SEED_DATASETS"],
    [{ VOLTCAST_TEST_JOBS: "1" }, "VOLTCAST_TEST_JOBS"],
    [{ VOLTCAST_API_KEY_CALLS_PER_MINUTE: "-5" }, "VOLTCAST_API_KEY_CALLS_PER_MINUTE"],
    [{ VOLTCAST_QUEUE_MAINTENANCE_SECONDS: "0" }, "VOLTCAST_QUEUE_MAINTENANCE_SECONDS"],
    [{ VOLTCAST_PG_PORT: "70000" }, "VOLTCAST_PG_PORT"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
  ])("refuses %o, naming %s", (env, name) => {
    expect(() => parseEnv(env)).toThrow(ConfigError);
    expect(() => parseEnv(env)).toThrow(new RegExp(`^Invalid environment:\\n  ${name}: `));
  });

  it("gives every setting its documented default, the seeds off under tests", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      VOLTCAST_FORECAST_CONCURRENCY: 1,
      VOLTCAST_FORECAST_RUN_EXPIRE_SECONDS: 1800,
      VOLTCAST_LIBRARY_RUN_YEARS: 3,
      VOLTCAST_MARKET_YEAR_STORE_MB: 4096,
      VOLTCAST_QUEUE_MAINTENANCE_SECONDS: 10,
      VOLTCAST_API_KEY_CALLS_PER_MINUTE: 120,
      VOLTCAST_SEED_DATASETS: "auto",
      VOLTCAST_SEED_LIBRARY_RUNS: "true",
      VOLTCAST_TEST_JOBS: "false",
    });
    expect(env.VOLTCAST_FORECAST_INTERVAL_MINUTES).toBeUndefined();
    expect(parseEnv({ NODE_ENV: "test" })).toMatchObject({
      VOLTCAST_SEED_DATASETS: "off",
      VOLTCAST_SEED_LIBRARY_RUNS: "false",
    });
    expect(parseEnv({ VOLTCAST_FORECAST_INTERVAL_MINUTES: "15" }).VOLTCAST_FORECAST_INTERVAL_MINUTES).toBe(
      15,
    );
  });

  it("every setting is in the README's configuration table", () => {
    const readme = readFileSync("README.md", "utf8");
    for (const name of SETTING_NAMES) expect(readme, name).toContain(`| \`${name}\``);
  });

  describe("the compiled production build", () => {
    it.each([
      [COMPILED_SERVER, { PORT: "not-a-port" }, "PORT: Expected number"],
      [
        "dist/worker.js",
        { VOLTCAST_FORECAST_CONCURRENCY: "many" },
        "VOLTCAST_FORECAST_CONCURRENCY: Expected number",
      ],
      ["dist/admin.js", { VOLTCAST_SEED_DATASETS: "all" }, "VOLTCAST_SEED_DATASETS: Invalid enum value"],
    ])("a bad value stops %s before it starts, naming the variable", (entry, env, message) => {
      const res = spawnSync(process.execPath, [entry, "list-users"], {
        env: { ...process.env, NODE_ENV: "production", ...env },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(res.status, res.stderr).toBe(1);
      expect(res.stderr).toContain(message);
    });

    it("runs no TypeScript loader: nothing compiled imports tsx, and every worker thread is compiled", () => {
      const files = readdirSync("dist").filter((f) => f.endsWith(".js"));
      for (const f of files) {
        const code = readFileSync(path.join("dist", f), "utf8");
        expect(code, f).not.toMatch(/from\s*["']tsx|import\(\s*["']tsx/);
        expect(code, f).not.toMatch(/\.mjs["'],\s*import\.meta\.url/);
        for (const [, thread] of code.matchAll(/new URL\("\.\/([\w-]+\.js)", import\.meta\.url\)/g))
          expect(files, `${f} starts ${thread}`).toContain(thread);
      }
      expect(JSON.parse(readFileSync("package.json", "utf8")).scripts.start).toMatch(
        /&& NODE_ENV=production node dist\/server\.js$/,
      );
    });

    it("the API reference's renderer is one file of the build: the image needs none of its package", () => {
      const pkg = JSON.parse(readFileSync("package.json", "utf8"));
      expect(pkg.dependencies["@scalar/api-reference"]).toBeUndefined();
      expect(pkg.devDependencies["@scalar/api-reference"]).toBeDefined();
      const bundle = readFileSync("dist/scalar-standalone.js", "utf8");
      expect(bundle.length).toBeGreaterThan(1e6);
      expect(bundle).toContain("createApiReference");
    });

    it("`npm start` and `npm run worker` start the build without rebuilding it; without a build they say what to run", () => {
      const { scripts } = JSON.parse(readFileSync("package.json", "utf8"));
      expect(scripts.prestart).toBeUndefined();
      expect(scripts.preworker).toBeUndefined();
      // A checkout that was never built: only the package file and the check, no node_modules.
      const dir = mkdtempSync(path.join(tmpdir(), "voltcast-unbuilt-"));
      try {
        cpSync("package.json", path.join(dir, "package.json"));
        mkdirSync(path.join(dir, "scripts"));
        cpSync("scripts/require-build.mjs", path.join(dir, "scripts/require-build.mjs"));
        for (const script of ["start", "worker"]) {
          const out = spawnSync("npm", ["run", script], { cwd: dir, encoding: "utf8", timeout: 60_000 });
          expect(out.status, script).not.toBe(0);
          expect(out.stderr, script).toContain("Voltcast is not built yet");
          expect(out.stderr, script).toContain("run `npm run build` once");
          expect(existsSync(path.join(dir, "dist")), script).toBe(false);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
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

  it("every table of the migrations is declared, column by column, with the same nullability", async () => {
    const declared = new Map<string, Map<string, { notNull: boolean }>>();
    for (const table of Object.values(schema)) {
      if (!is(table, PgTable)) continue;
      const config = getTableConfig(table);
      declared.set(config.name, new Map(config.columns.map((c) => [c.name, { notNull: c.notNull }])));
    }
    // Every real table of ours (schema_migrations is the migration runner's own; pg-boss keeps its
    // tables in its own schema) and every column, as the migrations made them.
    const { rows } = await t.backend.ctx.pool.query<{
      table_name: string;
      column_name: string;
      is_nullable: "YES" | "NO";
    }>(
      `select table_name, column_name, is_nullable from information_schema.columns
        where table_schema = 'public' and table_name <> 'schema_migrations'`,
    );
    const real = new Map<string, Map<string, boolean>>();
    for (const r of rows) {
      if (!real.has(r.table_name)) real.set(r.table_name, new Map());
      real.get(r.table_name)!.set(r.column_name, r.is_nullable === "NO");
    }
    expect([...declared.keys()].sort(), "declared tables").toEqual([...real.keys()].sort());
    for (const [name, columns] of real) {
      const typed = declared.get(name)!;
      expect([...typed.keys()].sort(), `columns of ${name}`).toEqual([...columns.keys()].sort());
      for (const [column, notNull] of columns)
        expect(typed.get(column)!.notNull, `${name}.${column} not null`).toBe(notNull);
    }
  });

  it("the standalone workers refuse a production database with the demo accounts, with a message", () => {
    const env = { ...process.env };
    delete env.VOLTCAST_SEED_DEMO;
    const res = spawnSync(process.execPath, ["dist/worker.js"], {
      env: { ...env, NODE_ENV: "production", DATABASE_URL: t.databaseUrl, SESSION_SECRET: "s".repeat(40) },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(res.status, res.stderr).toBe(1);
    expect(res.stderr).toContain("This database has the demo accounts");
    expect(res.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
  });
});
