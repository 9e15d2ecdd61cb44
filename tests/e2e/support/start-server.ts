// Starts Voltcast for the browser tests on a fresh database (dropped on exit), demo accounts seeded:
// the compiled production server (dist/server.js, rebuilt here from the current sources) serving
// the web app's build (`npm run build` or `npx remix build` first).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTestDatabase, testServer } from "../../support/backend.ts";
import { buildCompiledServer, COMPILED_SERVER } from "../../support/compiled.ts";
import { e2eStateFile } from "./state.ts";

buildCompiledServer();
const server = await testServer();
const db = await createTestDatabase(server.adminUrl);
// Where browser tests find the database, to read what the server would have e-mailed (no mail server).
const stateFile = e2eStateFile();
writeFileSync(stateFile, JSON.stringify({ databaseUrl: db.url }));
const child = spawn(process.execPath, [COMPILED_SERVER], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: process.env.E2E_PORT ?? "3100",
    DATABASE_URL: db.url,
    VOLTCAST_DATA_DIR: mkdtempSync(path.join(tmpdir(), "voltcast-e2e-")),
    VOLTCAST_SEED_DEMO: "true",
    // GB market data only: what the browser tests browse, without importing every market in the background.
    // One-year library runs: they are computed at start and queue ahead of the tests' own runs.
    VOLTCAST_LIBRARY_RUN_YEARS: process.env.VOLTCAST_LIBRARY_RUN_YEARS ?? "1",
    VOLTCAST_SEED_DATASETS: process.env.VOLTCAST_SEED_DATASETS ?? "gb",
    // No price paths: 30 per run would multiply the CPU every run the tests make takes; the paths
    // and their percentiles are tested in tests/integration/forecastPaths.test.ts, the fan chart
    // over a fixture result in tests/unit/runs/fanChart.test.tsx.
    VOLTCAST_PRICE_PATHS: process.env.VOLTCAST_PRICE_PATHS ?? "0",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    LOG_LEVEL: "silent",
  },
});
let done = false;
async function stop() {
  if (done) return;
  done = true;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  await db.drop().catch(() => {});
  rmSync(stateFile, { force: true });
  await server.stop();
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
child.on("exit", (code) => {
  if (!done) {
    void db.drop().finally(() => process.exit(code ?? 1));
  }
});
