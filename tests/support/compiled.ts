// The compiled production server (what `npm start` and the image run: dist/server.js), built from
// the current sources for the tests that start it as a process, so they test what production runs.
import { execFileSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

export const COMPILED_SERVER = "dist/server.js";

export function buildCompiledServer(): void {
  // tests/run-all.sh builds dist/ and build/ once, then runs vitest and the browser tests side by
  // side: a rebuild here (it empties dist/) would pull the compiled server from under the other's
  // processes. It says so with VOLTCAST_TEST_BUILT=1 after its build step (decision 0517).
  if (process.env.VOLTCAST_TEST_BUILT === "1" && existsSync(COMPILED_SERVER) && existsSync("build/index.js"))
    return;
  execFileSync(process.execPath, ["--import", "tsx", "scripts/build.ts"], { stdio: "pipe" });
  // The web app's build (slower; `npm run build` makes both). Built here only when missing, in
  // production mode: vitest sets NODE_ENV=test, and a build made under it renders nothing in a
  // production server ("jsxDEV is not a function").
  if (!existsSync("build/index.js"))
    execFileSync("npx", ["remix", "build"], {
      stdio: "pipe",
      env: { ...process.env, NODE_ENV: "production" },
    });
}

/** Stops a started server: SIGTERM (it drains), then SIGKILL if it has not exited within 20 s. */
export async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  child.kill("SIGTERM");
  await Promise.race([new Promise((r) => child.once("exit", r)), sleep(20_000)]);
  if (child.exitCode === null) child.kill("SIGKILL");
}
