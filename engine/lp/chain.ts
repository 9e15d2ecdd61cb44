// A linear programme with the structure of a control problem over a chain of stages (one stage
// per interval): a small state x (state of charge, daily throughput, the reservations of the
// current block …) carried from stage to stage, the stage's own controls u, and constraints that
// touch only one stage. The interior-point solver in chain-ipm.ts exploits that structure
// (Riccati recursion, cost linear in the number of stages); chainToLpModel gives the same LP to
// HiGHS, so the oracle can check it.
//
//   maximise  Σ_t costᵀ u_t
//   subject to x_{t+1} = keep_t ∘ x_t + B_t u_t        (keep is 0 or 1 per state: carried or reset)
//              lo ≤ a_rᵀ (x_t, u_t) ≤ hi               for every row r of stage t
//              uLo ≤ u_t ≤ uHi
//   with x_0 given. Rows may also name the next state x_{t+1}; the builder folds it into (x_t, u_t).
import { LpModel } from "./model.ts";

export interface ChainLp {
  /** Number of stages. */
  n: number;
  /** State dimension (the same in every stage). */
  nx: number;
  x0: Float64Array;
  /** n × nx: 1 = state carried into the next stage, 0 = reset (then set by B_t u_t alone). */
  keep: Uint8Array;
  /** Controls of stage t are uStart[t] … uStart[t+1]−1 (global indices). */
  uStart: Int32Array;
  uLo: Float64Array;
  uHi: Float64Array;
  /** Objective coefficient of every control (maximised). */
  cost: Float64Array;
  /** Entries of B_t: bStart[t] … bStart[t+1]−1, each (state, control (global), value). */
  bStart: Int32Array;
  bState: Int32Array;
  bCtrl: Int32Array;
  bVal: Float64Array;
  /** Rows of stage t: rowStart[t] … rowStart[t+1]−1. */
  rowStart: Int32Array;
  rowLo: Float64Array;
  rowHi: Float64Array;
  /** Entries of row r: entStart[r] … entStart[r+1]−1; entVar < nx is a state of x_t, else control uStart[t] + entVar − nx. */
  entStart: Int32Array;
  entVar: Int32Array;
  entVal: Float64Array;
  /** Stage shape (which entries, sides and states exist, and the coefficients' values): its id per stage. */
  shapeOf: Int32Array;
  /** Number of distinct shapes. */
  shapes: number;
  /** Optional starting controls for the interior-point method (inside the bounds). */
  uInit?: Float64Array;
}

/** Row term references: the current state i, the next state i, or control j of the stage. */
export const X = (i: number) => i;
export const XN = (i: number) => -1 - i;
export const U = (j: number) => CONTROL + j;
const CONTROL = 1 << 20;

/** A growable typed array. */
class Grow<T extends Float64Array | Int32Array> {
  n = 0;
  constructor(
    public a: T,
    private readonly make: (n: number) => T,
  ) {}
  push(v: number) {
    if (this.n === this.a.length) {
      const b = this.make(this.a.length * 2);
      b.set(this.a);
      this.a = b;
    }
    this.a[this.n++] = v;
  }
  done(): T {
    return this.a.slice(0, this.n) as T;
  }
}
const f64 = (n: number) => new Grow(new Float64Array(n), (m) => new Float64Array(m));
const i32 = (n: number) => new Grow(new Int32Array(n), (m) => new Int32Array(m));

export class ChainBuilder {
  private t = -1;
  private readonly keep = i32(1024);
  private readonly uStart = i32(1024);
  private readonly uLo = f64(1024);
  private readonly uHi = f64(1024);
  private readonly cost = f64(1024);
  private readonly bStart = i32(1024);
  private readonly bState = i32(1024);
  private readonly bCtrl = i32(1024);
  private readonly bVal = f64(1024);
  private readonly rowStart = i32(1024);
  private readonly rowLo = f64(1024);
  private readonly rowHi = f64(1024);
  private readonly entStart = i32(1024);
  private readonly entVar = i32(1024);
  private readonly entVal = f64(1024);
  private readonly shapeOf = i32(1024);
  private readonly shapeIds = new Map<string, number>();
  private readonly sig: number[] = [];
  private sigN = 0;
  private prevSig: number[] = [];
  private stageRows = false;
  private acc: Float64Array;

  constructor(
    readonly nx: number,
    readonly x0: Float64Array,
  ) {
    if (x0.length !== nx) throw new Error("ChainBuilder: x0 length differs from the state dimension");
    this.acc = new Float64Array(nx + 64);
    this.uStart.push(0);
    this.bStart.push(0);
    this.rowStart.push(0);
    this.entStart.push(0);
  }

  /** Starts the next stage; keep[i] falsy resets state i (it is then set by this stage's controls). */
  stage(keep: ArrayLike<boolean | number>): void {
    if (this.t >= 0) this.closeStage();
    this.t++;
    this.sig.length = 0;
    for (let i = 0; i < this.nx; i++) {
      const k = keep[i] ? 1 : 0;
      this.keep.push(k);
      this.sig.push(k);
    }
    this.stageRows = false;
  }

  private closeStage() {
    this.uStart.push(this.uLo.n);
    this.bStart.push(this.bState.n);
    this.rowStart.push(this.rowLo.n);
    // shape: keep, B pattern, rows (entries, finite sides), controls (finite sides)
    const sig = this.sig;
    const u0 = this.uStart.a[this.t];
    sig.push(-1, this.uLo.n - u0);
    for (let j = u0; j < this.uLo.n; j++)
      sig.push((this.uLo.a[j] > -Infinity ? 1 : 0) + (this.uHi.a[j] < Infinity ? 2 : 0));
    sig.push(-2);
    for (let e = this.bStart.a[this.t]; e < this.bState.n; e++)
      sig.push(this.bState.a[e], this.bCtrl.a[e] - u0, this.bVal.a[e]);
    let same = sig.length === this.prevSig.length;
    for (let i = 0; same && i < sig.length; i++) same = sig[i] === this.prevSig[i];
    let id: number;
    if (same && this.t > 0) id = this.shapeOf.a[this.t - 1];
    else {
      // a new run of stages: look the shape up by its signature
      const key = sig.join(",");
      id = this.shapeIds.get(key) ?? this.shapeIds.size;
      this.shapeIds.set(key, id);
      this.prevSig = sig.slice();
    }
    this.shapeOf.push(id);
  }

  private get uBase() {
    return this.uStart.a[this.t];
  }

  /** Adds a control of the current stage; returns its index within the stage. */
  control(lo: number, hi: number, cost = 0): number {
    if (this.stageRows) throw new Error("ChainBuilder: add controls before rows");
    if (!(lo <= hi)) throw new Error(`ChainBuilder: control bounds ${lo} > ${hi}`);
    if (!Number.isFinite(cost)) throw new Error("ChainBuilder: non-finite cost");
    this.uLo.push(lo);
    this.uHi.push(hi);
    this.cost.push(cost);
    return this.uLo.n - 1 - this.uBase;
  }

  /** x_{t+1}[state] += value · u[control]. */
  move(state: number, control: number, value: number): void {
    if (this.stageRows) throw new Error("ChainBuilder: add moves before rows");
    if (value === 0) return;
    this.bState.push(state);
    this.bCtrl.push(this.uBase + control);
    this.bVal.push(value);
  }

  /** lo ≤ Σ coef·ref ≤ hi. Terms: [ref, coef, ref, coef, …] with refs X(i), XN(i), U(j). */
  row(lo: number, hi: number, terms: ArrayLike<number>, count = terms.length): void {
    if (!(lo <= hi)) throw new Error(`ChainBuilder: row bounds ${lo} > ${hi}`);
    if (lo === -Infinity && hi === Infinity) return;
    this.stageRows = true;
    const nx = this.nx;
    const uBase = this.uBase;
    const nu = this.uLo.n - uBase;
    if (this.acc.length < nx + nu) this.acc = new Float64Array(2 * (nx + nu));
    const acc = this.acc;
    acc.fill(0, 0, nx + nu);
    const keepBase = this.t * nx;
    const b0 = this.bStart.a[this.t];
    for (let k = 0; k < count; k += 2) {
      const ref = terms[k];
      const v = terms[k + 1];
      if (ref >= CONTROL) acc[nx + ref - CONTROL] += v;
      else if (ref >= 0) acc[ref] += v;
      else {
        // next state: keep·x_t + Σ B entries of that state
        const i = -1 - ref;
        if (this.keep.a[keepBase + i]) acc[i] += v;
        for (let e = b0; e < this.bState.n; e++)
          if (this.bState.a[e] === i) acc[nx + this.bCtrl.a[e] - uBase] += v * this.bVal.a[e];
      }
    }
    let scale = 0;
    for (let i = 0; i < nx + nu; i++) scale = Math.max(scale, Math.abs(acc[i]));
    if (scale === 0) {
      if (lo > 1e-12 || hi < -1e-12) throw new Error("ChainBuilder: empty row cannot hold");
      return;
    }
    // rows are normalised (largest coefficient 1): the interior-point method likes them alike
    const sig = this.sig;
    sig.push(-3);
    for (let i = 0; i < nx + nu; i++) {
      if (acc[i] === 0) continue;
      this.entVar.push(i);
      this.entVal.push(acc[i] / scale);
      sig.push(i, acc[i] / scale);
    }
    sig.push(lo > -Infinity ? -4 : -5, hi < Infinity ? -6 : -7);
    this.entStart.push(this.entVar.n);
    this.rowLo.push(lo / scale);
    this.rowHi.push(hi / scale);
  }

  build(): ChainLp {
    if (this.t < 0) throw new Error("ChainBuilder: no stage");
    this.closeStage();
    const n = this.t + 1;
    this.t = -1;
    return {
      n,
      nx: this.nx,
      x0: this.x0,
      keep: Uint8Array.from(this.keep.done()),
      uStart: this.uStart.done(),
      uLo: this.uLo.done(),
      uHi: this.uHi.done(),
      cost: this.cost.done(),
      bStart: this.bStart.done(),
      bState: this.bState.done(),
      bCtrl: this.bCtrl.done(),
      bVal: this.bVal.done(),
      rowStart: this.rowStart.done(),
      rowLo: this.rowLo.done(),
      rowHi: this.rowHi.done(),
      entStart: this.entStart.done(),
      entVar: this.entVar.done(),
      entVal: this.entVal.done(),
      shapeOf: this.shapeOf.done(),
      shapes: this.shapeIds.size,
    };
  }
}

/**
 * The same LP as a general sparse LpModel (states become columns, dynamics become equality
 * rows), for HiGHS. Returns the model and the column of every control and state.
 */
export function chainToLpModel(lp: ChainLp): { model: LpModel; uCol: Int32Array; xCol: Int32Array } {
  const { n, nx } = lp;
  const model = new LpModel("max");
  // rows first: dynamics of x_{t+1} (t = 0 … n−1), then each stage's constraint rows
  const dynRow = new Int32Array(n * nx);
  for (let t = 0; t < n; t++) for (let i = 0; i < nx; i++) dynRow[t * nx + i] = model.addRow(0, 0);
  const firstRow = model.numRows;
  const R = lp.rowStart[n];
  for (let r = 0; r < R; r++) model.addRow(lp.rowLo[r], lp.rowHi[r]);
  // x_0 is fixed: in stage 0 its terms move to the row bounds, and into the first dynamics rows
  for (let r = lp.rowStart[0]; r < lp.rowStart[1]; r++) {
    let c0 = 0;
    for (let e = lp.entStart[r]; e < lp.entStart[r + 1]; e++)
      if (lp.entVar[e] < nx) c0 += lp.entVal[e] * lp.x0[lp.entVar[e]];
    model.rowLower[firstRow + r] -= c0;
    model.rowUpper[firstRow + r] -= c0;
  }
  for (let i = 0; i < nx; i++) {
    const v = lp.keep[i] ? lp.x0[i] : 0;
    model.rowLower[dynRow[i]] = v;
    model.rowUpper[dynRow[i]] = v;
  }
  const uCol = new Int32Array(lp.uStart[n]);
  const xCol = new Int32Array((n + 1) * nx).fill(-1);
  for (let t = 0; t < n; t++) {
    // controls: their moves (−B in the dynamics rows) and their row entries
    for (let j = lp.uStart[t]; j < lp.uStart[t + 1]; j++) {
      const ent: number[] = [];
      for (let e = lp.bStart[t]; e < lp.bStart[t + 1]; e++)
        if (lp.bCtrl[e] === j) ent.push(dynRow[t * nx + lp.bState[e]], -lp.bVal[e]);
      for (let r = lp.rowStart[t]; r < lp.rowStart[t + 1]; r++)
        for (let e = lp.entStart[r]; e < lp.entStart[r + 1]; e++)
          if (lp.entVar[e] >= nx && lp.uStart[t] + lp.entVar[e] - nx === j)
            ent.push(firstRow + r, lp.entVal[e]);
      uCol[j] = model.addCol(lp.cost[j], lp.uLo[j], lp.uHi[j], ent);
    }
    // state x_{t+1}: its own dynamics row, the next dynamics row (if kept), the next stage's rows
    for (let i = 0; i < nx; i++) {
      const ent: number[] = [dynRow[t * nx + i], 1];
      if (t + 1 < n) {
        if (lp.keep[(t + 1) * nx + i]) ent.push(dynRow[(t + 1) * nx + i], -1);
        for (let r = lp.rowStart[t + 1]; r < lp.rowStart[t + 2]; r++)
          for (let e = lp.entStart[r]; e < lp.entStart[r + 1]; e++)
            if (lp.entVar[e] === i) ent.push(firstRow + r, lp.entVal[e]);
      }
      xCol[(t + 1) * nx + i] = model.addCol(0, -Infinity, Infinity, ent);
    }
  }
  return { model, uCol, xCol };
}
