// A linear programme with the structure of a control problem over a chain of stages (one stage
// per interval): a small state x (state of charge, daily throughput, the reservations of the
// current block …) carried from stage to stage, the stage's own controls u, and constraints that
// touch only one stage. The interior-point solver in chain-ipm.ts exploits that structure
// (Riccati recursion, cost linear in the number of stages).
//
//   maximise  Σ_t costᵀ u_t
//   subject to x_{t+1} = keep_t ∘ x_t + B_t u_t        (keep is 0 or 1 per state: carried or reset)
//              lo ≤ a_rᵀ (x_t, u_t) ≤ hi               for every row r of stage t
//              uLo ≤ u_t ≤ uHi
//   with x_0 given. Rows may also name the next state x_{t+1}; the builder folds it into (x_t, u_t).

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

/** Row term references: the current state i is i itself; the next state i, or control j of the stage. */
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
/** A stage signature (its first n numbers) alike another, entry by entry. */
function sameSig(a: Float64Array, n: number, b: Float64Array): boolean {
  if (n !== b.length) return false;
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
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
  /** Signatures of the shapes seen (index = shape id), and their ids by hash of the signature. */
  private readonly shapeSigs: Float64Array[] = [];
  private readonly shapeIds = new Map<number, number[]>();
  /** The current stage's signature: its first sigN numbers (a typed buffer, every stage writes one). */
  private sig: Float64Array = new Float64Array(256);
  private sigN = 0;
  private prevSig: Float64Array = new Float64Array(0);
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
    this.sigN = 0;
    for (let i = 0; i < this.nx; i++) {
      const k = keep[i] ? 1 : 0;
      this.keep.push(k);
      this.sigPush(k);
    }
    this.stageRows = false;
  }

  private sigPush(v: number) {
    if (this.sigN === this.sig.length) {
      const b = new Float64Array(this.sig.length * 2);
      b.set(this.sig);
      this.sig = b;
    }
    this.sig[this.sigN++] = v;
  }

  private closeStage() {
    this.uStart.push(this.uLo.n);
    this.bStart.push(this.bState.n);
    this.rowStart.push(this.rowLo.n);
    // shape: keep, B pattern, rows (entries, finite sides), controls (finite sides)
    const u0 = this.uStart.a[this.t];
    this.sigPush(-1);
    this.sigPush(this.uLo.n - u0);
    for (let j = u0; j < this.uLo.n; j++)
      this.sigPush((this.uLo.a[j] > -Infinity ? 1 : 0) + (this.uHi.a[j] < Infinity ? 2 : 0));
    this.sigPush(-2);
    for (let e = this.bStart.a[this.t]; e < this.bState.n; e++) {
      this.sigPush(this.bState.a[e]);
      this.sigPush(this.bCtrl.a[e] - u0);
      this.sigPush(this.bVal.a[e]);
    }
    const sig = this.sig;
    const n = this.sigN;
    let id: number;
    if (this.t > 0 && sameSig(sig, n, this.prevSig)) id = this.shapeOf.a[this.t - 1];
    else {
      // a new run of stages: look the shape up by its signature, compared as numbers (a string
      // key turned every coefficient into text at each run of a year's chain)
      let h = n;
      for (let i = 0; i < n; i++) h = (h * 31 + sig[i]) % 1e15;
      let ids = this.shapeIds.get(h);
      if (!ids) this.shapeIds.set(h, (ids = []));
      id = -1;
      for (const k of ids) if (sameSig(sig, n, this.shapeSigs[k])) id = k;
      if (id < 0) {
        id = this.shapeSigs.length;
        this.shapeSigs.push(sig.slice(0, n));
        ids.push(id);
      }
      this.prevSig = this.shapeSigs[id];
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

  /** lo ≤ Σ coef·ref ≤ hi. Terms: [ref, coef, ref, coef, …] with refs i (state), XN(i), U(j). */
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
    this.sigPush(-3);
    for (let i = 0; i < nx + nu; i++) {
      if (acc[i] === 0) continue;
      this.entVar.push(i);
      this.entVal.push(acc[i] / scale);
      this.sigPush(i);
      this.sigPush(acc[i] / scale);
    }
    this.sigPush(lo > -Infinity ? -4 : -5);
    this.sigPush(hi < Infinity ? -6 : -7);
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
      shapes: this.shapeSigs.length,
    };
  }
}
