// `npm run worker`: job workers alone, for running them on other machines than the web app
// (against a shared PostgreSQL: set DATABASE_URL; locally it joins the embedded one when running).
import { exitOnConfigError, loadConfig } from "./api/config.ts";
import { startBackend } from "./api/bootstrap.ts";
import { outliveDatabaseLossInTheQueue } from "./api/http/failures.ts";

outliveDatabaseLossInTheQueue();

let config;
try {
  config = loadConfig();
} catch (e) {
  exitOnConfigError(e);
}

// Some configuration is only found wrong once the database is reached (demo accounts in production).
const backend = await startBackend(config, { workers: true }).catch(exitOnConfigError);
console.log("Voltcast workers are running");

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping workers`);
  try {
    await backend.stop();
  } catch (e) {
    console.error(`Stopping the workers failed: ${(e as Error).message}`);
    process.exit(1);
  }
  console.log("Voltcast workers stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
