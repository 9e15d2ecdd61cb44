// `npm run worker`: job workers alone, for running them on other machines than the web app
// (against a shared PostgreSQL: set DATABASE_URL; locally it joins the embedded one when running).
import { ConfigError, loadConfig } from "./api/config.ts";
import { startBackend } from "./api/bootstrap.ts";

let config;
try {
  config = loadConfig();
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}

const backend = await startBackend(config, { workers: true });
console.log("Voltcast workers are running");

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping workers`);
  await backend.stop();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
