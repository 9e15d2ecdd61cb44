// A small sparse linear-programme model: the dispatch LP of formulation.ts as HiGHS (the oracle,
// engine/lp/highs.ts) solves it. The production chain IPM solves the same LP written as stages
// (dispatch/chain-formulation.ts); the oracle tests compare the two.
//
//   maximise (or minimise) Σ cost_j x_j
//   subject to rowLower_i ≤ Σ_j A_ij x_j ≤ rowUpper_i,   colLower_j ≤ x_j ≤ colUpper_j
//
// Columns are added with their (row, coefficient) entries, so rows must exist first.
// Dispatch formulations add rows period by period, which keeps A A^T banded — the
// property the interior-point solver relies on for its speed.

export class LpModel {
  readonly colCost: number[] = [];
  readonly colLower: number[] = [];
  readonly colUpper: number[] = [];
  readonly colStart: number[] = [0];
  readonly entryRow: number[] = [];
  readonly entryValue: number[] = [];
  readonly rowLower: number[] = [];
  readonly rowUpper: number[] = [];
  constructor(readonly sense: "max" | "min" = "max") {}

  get numCols(): number {
    return this.colCost.length;
  }
  get numRows(): number {
    return this.rowLower.length;
  }

  /** Adds a row lower ≤ a·x ≤ upper (entries are added later, by the columns). Returns its index. */
  addRow(lower: number, upper: number): number {
    if (lower > upper) throw new Error(`LpModel: row bounds ${lower} > ${upper}`);
    this.rowLower.push(lower);
    this.rowUpper.push(upper);
    return this.rowLower.length - 1;
  }

  /** Adds a column with bounds, objective coefficient and its entries [row, value, row, value, …]. */
  addCol(cost: number, lower: number, upper: number, entries: readonly number[] = []): number {
    if (!(lower <= upper)) throw new Error(`LpModel: column bounds ${lower} > ${upper}`);
    if (!Number.isFinite(cost)) throw new Error("LpModel: non-finite cost");
    for (let k = 0; k < entries.length; k += 2) {
      const v = entries[k + 1];
      if (v === 0) continue;
      if (!Number.isFinite(v)) throw new Error("LpModel: non-finite coefficient");
      this.entryRow.push(entries[k]);
      this.entryValue.push(v);
    }
    this.colCost.push(cost);
    this.colLower.push(lower);
    this.colUpper.push(upper);
    this.colStart.push(this.entryRow.length);
    return this.colCost.length - 1;
  }

  /** Σ cost·x for a given solution. */
  objective(x: ArrayLike<number>): number {
    let s = 0;
    for (let j = 0; j < this.numCols; j++) s += this.colCost[j] * x[j];
    return s;
  }

  /** Row activities A x. */
  activities(x: ArrayLike<number>): Float64Array {
    const r = new Float64Array(this.numRows);
    for (let j = 0; j < this.numCols; j++) {
      const xj = x[j];
      if (xj === 0) continue;
      for (let k = this.colStart[j]; k < this.colStart[j + 1]; k++)
        r[this.entryRow[k]] += this.entryValue[k] * xj;
    }
    return r;
  }

  /** Largest violation of any row or column bound by x. */
  maxViolation(x: ArrayLike<number>): number {
    let v = 0;
    for (let j = 0; j < this.numCols; j++) {
      v = Math.max(v, this.colLower[j] - x[j], x[j] - this.colUpper[j]);
    }
    const a = this.activities(x);
    for (let i = 0; i < this.numRows; i++) v = Math.max(v, this.rowLower[i] - a[i], a[i] - this.rowUpper[i]);
    return v;
  }
}

export interface LpSolution {
  status: "optimal" | "infeasible" | "unbounded" | "iteration_limit" | "error";
  /** Objective in the model's own sense. */
  objective: number;
  x: Float64Array;
  /** Row duals (marginal objective value of relaxing the row), when the solver provides them. */
  rowDual?: Float64Array;
  iterations: number;
  solveMs: number;
}
