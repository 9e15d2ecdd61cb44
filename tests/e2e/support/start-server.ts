// Starts Voltcast for the browser tests on a fresh copy of the prepared database (dropped on exit):
// GB market data, demo accounts and the library runs are in it already (prepared-database.ts).
// The compiled production server (dist/server.js, rebuilt here from the current sources) serving
// the web app's build (`npm run build` or `npx remix build` first).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { testServer } from "../../support/backend.ts";
import { buildCompiledServer, COMPILED_SERVER } from "../../support/compiled.ts";
import { preparedDatabase } from "./prepared-database.ts";
import { e2eServerEnv } from "./server-env.ts";
import { e2eStateFile } from "./state.ts";

buildCompiledServer();
const server = await testServer();
const db = await preparedDatabase(server.adminUrl);
// Where browser tests find the database, to read what the server would have e-mailed (no mail server).
const stateFile = e2eStateFile();
writeFileSync(stateFile, JSON.stringify({ databaseUrl: db.url }));
const child = spawn(process.execPath, [COMPILED_SERVER], {
  stdio: "inherit",
  env: {
    ...process.env,
    ...e2eServerEnv(),
    PORT: process.env.E2E_PORT ?? "3100",
    DATABASE_URL: db.url,
    VOLTCAST_DATA_DIR: db.dataDir,
    SESSION_SECRET: randomBytes(32).toString("hex"),
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
