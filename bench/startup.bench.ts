// Start time of the production server: from the process starting to /healthz answering 200, on a
// database already migrated and seeded (a restart, as a deployment meets it). The compiled build
// (`node dist/server.js`, what `npm start` runs) and, for comparison, the sources through tsx.
// Needs `npm run build` first, and the local PostgreSQL (or starts an embedded one).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "../api/db/database.ts";
import { createTestDatabase, testServer } from "../tests/support/backend.ts";

const ROUNDS = Number(process.env.BENCH_STARTUP_ROUNDS ?? 3);

async function timeToHealthy(args: string[], env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let err = "";
  child.stderr!.on("data", (d) => (err += d));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${err}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return performance.now() - t0;
      if (performance.now() - t0 > 120_000) throw new Error(`no /healthz after 120 s: ${err}`);
      await sleep(20);
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
  }
}

export default async function bench() {
  if (!existsSync("build/index.js")) throw new Error("no build/: run `npm run build` first");
  const server = await testServer();
  const db = await createTestDatabase(server.adminUrl);
  const env = {
    NODE_ENV: "production",
    DATABASE_URL: db.url,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    VOLTCAST_DATA_DIR: mkdtempSync(path.join(tmpdir(), "voltcast-bench-start-")),
    VOLTCAST_SEED_DEMO: "true",
    VOLTCAST_SEED_DATASETS: "off",
    VOLTCAST_SEED_LIBRARY_RUNS: "false",
    LOG_LEVEL: "silent",
  };
  const modes: [string, string[]][] = [["tsx server.ts (sources)", ["--import", "tsx", "server.ts"]]];
  if (existsSync("dist/server.js")) modes.unshift(["node dist/server.js (compiled)", ["dist/server.js"]]);
  try {
    // The first start migrates and seeds the new database: not counted.
    await timeToHealthy(modes[0][1], env);
    for (const [label, args] of modes) {
      const ms: number[] = [];
      for (let i = 0; i < ROUNDS; i++) ms.push(await timeToHealthy(args, env));
      ms.sort((a, b) => a - b);
      console.log(
        `start to /healthz, ${label.padEnd(30)} median ${(ms[Math.floor(ms.length / 2)] / 1000).toFixed(2)} s` +
          ` (${ms.map((m) => (m / 1000).toFixed(2)).join(", ")})`,
      );
    }
  } finally {
    await db.drop();
    await server.stop();
  }
}
