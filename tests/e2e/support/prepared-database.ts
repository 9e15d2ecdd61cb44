// The browser tests' prepared database: filled once (fill-database.ts: GB market data imported,
// library runs, leaderboard, backtest) into a PostgreSQL template, and cloned for each server
// start (CREATE DATABASE … TEMPLATE: a file copy, about a second) instead of importing again.
// The template is named by a hash of what it is made from (the sources, the migrations, the
// shared data's files, the server's settings), so a change to any of them makes a new one, and
// runs of the same sources (a retry, the next local run) share it. Its data folder (the world-view
// files) is kept beside it and copied for each server.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { e2eServerEnv } from "./server-env.ts";

/** What the prepared database is made from: the code that fills it and the data it reads. */
const SOURCES = [
  "api",
  "engine",
  "app",
  "data",
  "package-lock.json",
  "tests/e2e/support/fill-database.ts",
  "tests/e2e/support/server-env.ts",
];
/** Templates of other sources, left by earlier runs, are dropped once this old. */
const STALE_HOURS = 24;

function walk(h: ReturnType<typeof createHash>, p: string, withContent: boolean) {
  if (!existsSync(p)) return;
  const s = statSync(p);
  if (s.isDirectory()) {
    for (const name of readdirSync(p).sort()) walk(h, path.join(p, name), withContent);
    return;
  }
  h.update(p);
  // The shared data are large: their names, sizes and times stand for them (as the import's own skip does).
  h.update(withContent ? readFileSync(p) : `${s.size}|${s.mtimeMs}`);
}

export function preparedKey(): string {
  const h = createHash("sha256");
  for (const s of SOURCES) walk(h, s, true);
  walk(h, path.resolve(process.env.VOLTCAST_SHARED_DATA_DIR ?? "../shared/data"), false);
  h.update(JSON.stringify(e2eServerEnv()));
  return h.digest("hex").slice(0, 16);
}

function fill(databaseUrl: string, dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "tests/e2e/support/fill-database.ts", databaseUrl, dataDir],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    const keep = (b: Buffer) => {
      out += b.toString();
      if (process.env.E2E_PREPARE_LOG) process.stderr.write(b);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`preparing the browser tests' database failed:\n${out}`)),
    );
  });
}

function withDatabase(adminUrl: string, name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * The prepared template for these sources, made now unless it exists: returns its name and data
 * folder. Several processes may ask at once (servers, other checkouts): one fills, under a lock.
 */
export async function preparedTemplate(adminUrl: string): Promise<{ template: string; dataDir: string }> {
  const key = preparedKey();
  const template = `voltcast_e2e_${key}`;
  const dataDir = path.join(tmpdir(), `voltcast-e2e-prepared-${key}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock(7400201, hashtext($1))", [template]);
    const { rows } = await admin.query("select 1 from pg_database where datname = $1", [template]);
    if (!rows.length || !existsSync(dataDir)) {
      if (rows.length) {
        await admin.query(`alter database ${template} with is_template false`);
        await admin.query(`drop database ${template} with (force)`);
      }
      const filling = `${template}_filling`;
      await admin.query(`drop database if exists ${filling} with (force)`);
      await admin.query(`create database ${filling}`);
      const fillingDir = mkdtempSync(path.join(tmpdir(), "voltcast-e2e-filling-"));
      try {
        await fill(withDatabase(adminUrl, filling), fillingDir);
      } catch (e) {
        await admin.query(`drop database if exists ${filling} with (force)`);
        rmSync(fillingDir, { recursive: true, force: true });
        throw e;
      }
      // Published whole, or not at all: a renamed database and folder.
      await admin.query(`alter database ${filling} rename to ${template}`);
      await admin.query(`alter database ${template} with is_template true allow_connections false`);
      await admin.query(`comment on database ${template} is 'voltcast e2e ${new Date().toISOString()}'`);
      rmSync(dataDir, { recursive: true, force: true });
      renameSync(fillingDir, dataDir);
      await dropStale(admin, template);
    }
    await admin.query(`comment on database ${template} is 'voltcast e2e ${new Date().toISOString()}'`);
    return { template, dataDir };
  } finally {
    await admin.end();
  }
}

/** Templates of other sources not used for a day (their data folders too). */
async function dropStale(admin: pg.Client, keep: string) {
  const { rows } = await admin.query<{ datname: string; comment: string | null }>(
    `select datname, shobj_description(oid, 'pg_database') as comment from pg_database
      where datname ~ '^voltcast_e2e_[0-9a-f]{16}$' and datname <> $1`,
    [keep],
  );
  for (const r of rows) {
    const at = Date.parse(r.comment?.replace(/^voltcast e2e /, "") ?? "");
    if (Number.isFinite(at) && Date.now() - at < STALE_HOURS * 3600_000) continue;
    await admin.query(`alter database ${r.datname} with is_template false`);
    await admin.query(`drop database if exists ${r.datname} with (force)`);
    rmSync(path.join(tmpdir(), `voltcast-e2e-prepared-${r.datname.slice("voltcast_e2e_".length)}`), {
      recursive: true,
      force: true,
    });
  }
}

/** A fresh database and data folder for one server, cloned from the prepared template. */
export async function preparedDatabase(
  adminUrl: string,
): Promise<{ url: string; dataDir: string; drop: () => Promise<void> }> {
  const { template, dataDir: templateDir } = await preparedTemplate(adminUrl);
  const name = `voltcast_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "voltcast-e2e-"));
  cpSync(templateDir, dataDir, { recursive: true });
  return {
    url: withDatabase(adminUrl, name),
    dataDir,
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
