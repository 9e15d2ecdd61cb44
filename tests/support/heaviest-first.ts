// vitest's order of the test files: the heaviest first, unit and integration files together, so
// that neither of CI's two workers is left alone with a long file at the end (decision 0514).
//
// vitest runs files longest-first only from the durations of its previous run, kept in
// node_modules (none on a clean clone, as in CI); without them it runs one project's files after
// the other's (integration before unit, by name) and each by file size, so the unit tests' small
// files that compute whole market-years came late (forecast-sweep.test.ts 98th of 106).
// The figures below are an order, not a list of tests: a file not named runs after those named,
// in vitest's own order, and a stale figure only costs time.
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** CPU seconds of a file's own process (decision 0514, 2026-12-07): the files above 10 s. */
const MEASURED_SECONDS: Record<string, number> = {
  "tests/unit/forecast/capture.test.ts": 139,
  "tests/unit/backtest/backtest.test.ts": 64,
  "tests/unit/engine/forecast-sweep.test.ts": 48,
  "tests/integration/forecastRuns.test.ts": 26,
  "tests/integration/marketData.test.ts": 23,
  "tests/unit/worldview/scenarios.test.ts": 23,
  "tests/unit/worldview/future.test.ts": 22,
  "tests/integration/marketDataImport.test.ts": 20,
  "tests/integration/fuzzApi.test.ts": 17,
  "tests/integration/forecastApi.test.ts": 15,
  "tests/integration/portfolioTotals.test.ts": 15,
  "tests/integration/accounts.test.ts": 14,
  "tests/integration/forecastFinance.test.ts": 14,
  "tests/integration/backtest.test.ts": 14,
  "tests/integration/resilience.test.ts": 13,
  "tests/unit/worldview/new-entrant.test.ts": 13,
  "tests/integration/forecastPreview.test.ts": 13,
  "tests/unit/worldview/out-of-sample.test.ts": 12,
  "tests/integration/capabilities.test.ts": 12,
  "tests/integration/startup.test.ts": 11,
  "tests/unit/worldview/nem-fixed-bounds.test.ts": 11,
  "tests/integration/forecastMachineBody.test.ts": 11,
  "tests/unit/engine/preview.test.ts": 10,
  "tests/integration/forecastKill.test.ts": 10,
};

const weight = (spec: TestSpecification) =>
  MEASURED_SECONDS[spec.moduleId.slice(spec.project.config.root.length + 1)] ?? 0;

export default class HeaviestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const at = new Map(base.map((f, i) => [f, i]));
    // among equal weights (the files not named) vitest's own order stays
    return [...base].sort((a, b) => weight(b) - weight(a) || at.get(a)! - at.get(b)!);
  }
}
