// VOLTCAST_WEB_PROCESSES above 1 (issue 29): this process keeps the back end — the database
// (embedded or not), migrations, seeds, the queue and the job workers — and serves no HTTP; the web
// app and the API run in that many forked copies of the server (node:cluster), sharing PORT. Each is
// the documented web-only process (`VOLTCAST_WORKERS=false npm start`) on this back end's database,
// so sessions, log-out and every check stay where they are: in the API, reading PostgreSQL.
import cluster, { type Worker } from "node:cluster";
import type { Config } from "./config.ts";
import type { Backend } from "./bootstrap.ts";

/** The settings of a web process: the back end's database and secret; no workers, no start-up jobs. */
export function webProcessEnv(config: Config, backend: Backend): Record<string, string> {
  return {
    DATABASE_URL: backend.databaseUrl,
    SESSION_SECRET: config.sessionSecret,
    VOLTCAST_WORKERS: "false",
    // Queued once, by the back end's own start.
    VOLTCAST_SEED_DATASETS: "off",
    VOLTCAST_SEED_LIBRARY_RUNS: "false",
    // The demo accounts are the back end's to seed; a web process only accepts them as it does.
    VOLTCAST_SEED_DEMO: String(config.seedDemo),
    // Where the demo accounts decide it (an external DATABASE_URL would otherwise listen everywhere).
    ...(config.listenHost ? { HOST: config.listenHost } : {}),
  };
}

/**
 * Forks `count` web processes and keeps them running (one that dies is replaced); returns how to
 * stop them (SIGTERM to each: they drain their requests as a single server does).
 */
export function forkWebProcesses(count: number, env: Record<string, string>, log: (m: string) => void) {
  let stopping = false;
  const fork = () => {
    const w = cluster.fork(env);
    w.on("exit", (code, signal) => {
      if (stopping) return;
      log(`Web process ${w.process.pid} ended (${signal ?? code}): starting another`);
      setTimeout(fork, 1000);
    });
  };
  for (let i = 0; i < count; i++) fork();
  return async () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            w.once("exit", () => resolve());
            w.process.kill("SIGTERM");
          }),
      ),
    );
  };
}
