import { configDefaults, defineConfig } from "vitest/config";
import HeaviestFirst from "./tests/support/heaviest-first.ts";

/**
 * Integration files that must not share a worker's modules with others: accounts.test.ts replaces
 * a package with vi.mock, which vitest resets only between isolated files (decision 0517).
 */
const ISOLATED_INTEGRATION = ["tests/integration/accounts.test.ts"];

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    // Two files at a time, unit and integration together: an integration file spends much of its
    // time waiting (a server starting, a run on the queue, PostgreSQL), which the other file uses.
    // (The default, one fewer than the cores, is a single worker on CI's 2 cores.) Each integration
    // file has its own database (tests/support/backend.ts) and free ports.
    maxWorkers: 2,
    // The longest files first, unit and integration together: on a clean clone vitest has no
    // durations of its own and ran the unit tests' longest files late (decision 0514).
    sequence: { sequencer: HeaviestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}", "engine/**/*.test.ts", "app/**/*.test.{ts,tsx}"],
          environment: "node",
          // Time is measured in `npm run bench`, never asserted here: a busy machine must not fail a test.
          testTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...ISOLATED_INTEGRATION],
          environment: "node",
          // The files of a worker share its modules: the back end is loaded once a worker, not once
          // a file (2.9 s of CPU each; 282 → 193 s of CPU for 27 files, decision 0517). Each file
          // still has its own database, back end and ports; its process.env settings are undone
          // when it ends (restore-env.ts), and module caches hold per-setting values.
          isolate: false,
          setupFiles: ["tests/support/restore-env.ts"],
          // dist/server.js for the tests that start the production server, built once.
          globalSetup: ["tests/support/build-compiled.global.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration-isolated",
          include: ISOLATED_INTEGRATION,
          environment: "node",
          globalSetup: ["tests/support/build-compiled.global.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
