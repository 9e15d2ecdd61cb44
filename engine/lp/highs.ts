// The test oracle: the same LpModel solved by HiGHS (npm `highs`, WebAssembly).
// HiGHS blocks the calling thread for the whole solve; a server must call this from a worker
// thread (engine/forecast/pool.ts shows the pattern). Tests and the bench call it directly.
import highsLoader from "highs";
import type { LpModel, LpSolution } from "./model.ts";

export type HighsRuntime = Awaited<ReturnType<typeof highsLoader>>;
let runtime: Promise<HighsRuntime> | undefined;

/** Loads the WASM runtime once per thread. */
export function loadHighs(): Promise<HighsRuntime> {
  runtime ??= highsLoader();
  return runtime;
}

export async function solveHighs(model: LpModel): Promise<LpSolution> {
  const highs = await loadHighs();
  return solveHighsWith(highs, model);
}

export function solveHighsWith(highs: HighsRuntime, model: LpModel): LpSolution {
  const t0 = performance.now();
  const inf = highs.infinity;
  const clamp = (a: number[]) =>
    Float64Array.from(a, (v) => (v === Infinity ? inf : v === -Infinity ? -inf : v));
  const hm = highs.createModel({
    numCols: model.numCols,
    numRows: model.numRows,
    sense:
      model.sense === "max"
        ? highs.constants.objectiveSense.maximize
        : highs.constants.objectiveSense.minimize,
    colCost: Float64Array.from(model.colCost),
    colLower: clamp(model.colLower),
    colUpper: clamp(model.colUpper),
    rowLower: clamp(model.rowLower),
    rowUpper: clamp(model.rowUpper),
    matrix: {
      format: "csc",
      numRows: model.numRows,
      numCols: model.numCols,
      starts: Int32Array.from(model.colStart),
      indices: Int32Array.from(model.entryRow),
      values: Float64Array.from(model.entryValue),
    },
  });
  try {
    hm.options.set({ output_flag: false });
    hm.run();
    const st = hm.getModelStatus();
    const sol = hm.getSolution();
    const x = Float64Array.from(sol.colValue as ArrayLike<number>);
    const status: LpSolution["status"] =
      st === 7 ? "optimal" : st === 8 ? "infeasible" : st === 10 || st === 9 ? "unbounded" : "error";
    return {
      status,
      objective: hm.getObjectiveValue(),
      x,
      rowDual: sol.rowDual ? Float64Array.from(sol.rowDual as ArrayLike<number>) : undefined,
      iterations: 0,
      solveMs: performance.now() - t0,
    };
  } finally {
    hm.dispose();
  }
}
