// Browser tests in Debian's Chromium, each test run twice: JavaScript on and JavaScript off.
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);

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
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
