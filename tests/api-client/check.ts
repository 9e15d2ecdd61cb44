// Acceptance of the API as a product (issue 20), run by `npm test`: start the API on a fresh
// database, take its served description, lint it (Redocly, recommended rules), generate a typed
// client from it (openapi-typescript), compile program.ts against it (tsc, strict), and run the
// program with an API key: a GB BESS run created, polled, its JSON result and dispatch CSV fetched.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { startTestBackend } from "../support/backend.ts";
import { createApiKey } from "../../api/auth/apiKeys.ts";

// One-year run at hourly resolution keeps it quick; no library runs in the queue.
process.env.VOLTCAST_SEED_LIBRARY_RUNS = "false";
process.env.VOLTCAST_FORECAST_INTERVAL_MINUTES = "60";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const generated = path.join(here, "generated");
/** Run a command to its end without blocking this process (the API under test lives here). */
const run = (cmd: string, args: string[], env: Record<string, string> = {}) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} exited with ${code}`)),
    );
  });

const t = await startTestBackend({ workers: true });
try {
  const doc = await (await fetch(`${t.baseUrl}/openapi.json`)).json();
  mkdirSync(generated, { recursive: true });
  const docFile = path.join(generated, "openapi.json");
  writeFileSync(docFile, JSON.stringify(doc, null, 2));
  console.log("== redocly lint (recommended rules, redocly.yaml)");
  await run("npx", ["redocly", "lint", docFile]);
  console.log("== typed client: openapi-typescript, then tsc");
  writeFileSync(path.join(generated, "api.ts"), astToString(await openapiTS(doc)));
  await run("npx", ["tsc", "-p", path.join(here, "tsconfig.json")]);
  console.log("== the program, with an API key");
  const { rows } = await t.backend.ctx.pool.query("select id from users where email = 'pro@voltcast.local'");
  const { key } = await createApiKey(t.backend.ctx.db, rows[0].id, { name: "typed client check" });
  await run("npx", ["tsx", path.join(here, "program.ts")], {
    VOLTCAST_API_URL: t.baseUrl,
    VOLTCAST_API_KEY: key,
  });
  console.log("typed client: OK");
} finally {
  await t.stop();
}
