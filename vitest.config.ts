import { defineConfig } from "vitest/config";
import HeaviestFirst from "./tests/support/heaviest-first.ts";

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
          environment: "node",
          // dist/server.js for the tests that start the production server, built once.
          globalSetup: ["tests/support/build-compiled.global.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
