// The browser tests' server settings, in one place: the prepared database (prepare-database.ts) is
// filled under the same settings as the server that then serves the tests (start-server.ts).
export function e2eServerEnv(): Record<string, string> {
  return {
    NODE_ENV: "production",
    VOLTCAST_SEED_DEMO: "true",
    // GB market data only: what the browser tests browse, without importing every market.
    // One-year library runs: computed once, when the database is prepared.
    VOLTCAST_LIBRARY_RUN_YEARS: process.env.VOLTCAST_LIBRARY_RUN_YEARS ?? "1",
    VOLTCAST_SEED_DATASETS: process.env.VOLTCAST_SEED_DATASETS ?? "gb",
    // No price paths: 30 per run would multiply the CPU every run the tests make takes; the paths
    // and their percentiles are tested in tests/integration/forecastPaths.test.ts, the fan chart
    // over a fixture result in tests/unit/runs/fanChart.test.tsx.
    VOLTCAST_PRICE_PATHS: process.env.VOLTCAST_PRICE_PATHS ?? "0",
    LOG_LEVEL: "silent",
  };
}
