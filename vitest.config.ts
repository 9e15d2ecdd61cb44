import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
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
          // One database per file (see tests/support/db.ts); files run one at a time to keep CI's 2 cores calm.
          fileParallelism: false,
          // dist/server.js for the tests that start the production server, built once.
          globalSetup: ["tests/support/build-compiled.global.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
