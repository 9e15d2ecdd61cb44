// Browser tests in Debian's Chromium, each test run twice: JavaScript on and JavaScript off.
import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Debian's headless shell (package chromium-headless-shell, .ci/run installs it) where there is one:
// the same engine without the full browser's window machinery, less CPU a page (decision 0507).
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const CHROMIUM = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js-on", use: { javaScriptEnabled: true } },
    { name: "js-off", use: { javaScriptEnabled: false }, grepInvert: /@js-only/ },
  ],
  webServer: {
    command: "tsx tests/e2e/support/start-server.ts",
    url: `http://localhost:${PORT}/healthz`,
    // The first start of new sources prepares the database (tests/e2e/support/prepared-database.ts):
    // minutes on a busy machine; later starts clone it in seconds.
    timeout: 1_200_000,
    reuseExistingServer: !process.env.CI,
    env: { E2E_PORT: String(PORT) },
    stdout: "ignore",
    stderr: "pipe",
  },
});
