// Fast exact LP solver for the dispatch formulations: a Mehrotra predictor–corrector
// primal–dual interior-point method whose normal equations A·Θ·Aᵀ are solved by a *banded*
// Cholesky factorisation. Dispatch LPs are chains in time — every column touches rows of at
// most two consecutive periods — so when rows are added period by period the bandwidth is a
// small constant and each iteration costs O(periods · bandwidth²). A half-hourly year solves
// in a few dozen milliseconds, to a relative duality gap of 1e-9 (see docs/decisions/0101).
//
// It is a general LP method (no heuristics): its optimum is the LP optimum, verified in the
// tests against HiGHS on the very same LpModel.
import type { LpModel, LpSolution } from "./model.ts";

export interface IpmOptions {
  /** Relative tolerance on primal/dual infeasibility and duality gap. */
  tolerance?: number;
  maxIterations?: number;
}

export function solveIpm(model: LpModel, options: IpmOptions = {}): LpSolution {
  const t0 = performance.now();
  const tol = options.tolerance ?? 1e-9;
  const acceptTol = 1e-5; // accepted when progress stalls (degenerate LPs), still far inside 0.1 %
  const maxIter = options.maxIterations ?? 200;
  const sign = model.sense === "max" ? -1 : 1; // internally minimise

  const nOrig = model.numCols;
  const mOrig = model.numRows;
  const colLower = model.colLower;
  const { n, m, cStart, Ar, Av, b, c, u, hasU, colMap, colScale, rowMap, rowScale, costScale } = standardForm(
    model,
    sign,
  );
  const { hbw, pairStart, pairPos, pairVal } = bandStructure(n, cStart, Ar, Av);
  const w = hbw + 1;
  const nPairs = pairPos.length;
  const band = new Float64Array(m * w);
  if (process.env.IPM_DEBUG) console.error(`ipm: m=${m} n=${n} hbw=${hbw} pairs=${nPairs}`);

  const Ax = (xv: Float64Array, out: Float64Array) => kAx(n, cStart, Ar, Av, xv, out);
  const ATy = (yv: Float64Array, out: Float64Array) => kATy(n, cStart, Ar, Av, yv, out);
  const factor = (th: Float64Array) => kFactor(n, m, hbw, pairStart, pairPos, pairVal, th, band);
  const solveBand = (rhs: Float64Array) => kSolve(m, hbw, band, rhs);

  // ---- 3. Mehrotra predictor–corrector ------------------------------------------------------
  const x = new Float64Array(n);
  const z = new Float64Array(n);
  const v = new Float64Array(n); // upper slack u − x (only where hasU)
  const wU = new Float64Array(n); // dual of the upper bound
  const y = new Float64Array(m);
  for (let j = 0; j < n; j++) {
    x[j] = hasU[j] ? 0.5 : 1;
    z[j] = 1;
    if (hasU[j]) {
      v[j] = u[j] - x[j];
      wU[j] = 1;
    }
  }
  // Slacks without an upper bound start where they make their row consistent.
  {
    const act = new Float64Array(m);
    for (let j = 0; j < n; j++)
      if (hasU[j]) for (let k = cStart[j]; k < cStart[j + 1]; k++) act[Ar[k]] += Av[k] * x[j];
    for (let j = 0; j < n; j++) {
      if (hasU[j] || cStart[j + 1] - cStart[j] !== 1) continue;
      const k = cStart[j];
      const want = (b[Ar[k]] - act[Ar[k]]) / Av[k];
      x[j] = Math.max(want, 1);
    }
  }
  const S: IpmState = {
    n,
    m,
    hasU,
    c,
    u,
    x,
    z,
    v,
    wU,
    rb: new Float64Array(m),
    rc: new Float64Array(n),
    ru: new Float64Array(n),
    theta: new Float64Array(n),
    rhat: new Float64Array(n),
    tmpN: new Float64Array(n),
    dx: new Float64Array(n),
    dz: new Float64Array(n),
    dv: new Float64Array(n),
    dw: new Float64Array(n),
    dxA: new Float64Array(n),
    dzA: new Float64Array(n),
    dvA: new Float64Array(n),
    dwA: new Float64Array(n),
    rxz: new Float64Array(n),
    rvw: new Float64Array(n),
  };
  const tmpM = new Float64Array(m);
  const dy = new Float64Array(m);
  const out = new Float64Array(6);
  let nComp = n;
  for (let j = 0; j < n; j++) nComp += hasU[j];
  let bNorm = 0;
  for (let i = 0; i < m; i++) bNorm = Math.max(bNorm, Math.abs(b[i]));
  let cNorm = 0;
  for (let j = 0; j < n; j++) cNorm = Math.max(cNorm, Math.abs(c[j]));

  const direction = () => {
    kRhat(S);
    Ax(S.tmpN, tmpM);
    kAdd(m, S.rb, tmpM, dy);
    solveBand(dy);
    ATy(dy, S.tmpN);
    kDirection(S);
  };

  const tSetup = performance.now() - t0;
  let status: LpSolution["status"] = "iteration_limit";
  let iter = 0;
  let bestMerit = Infinity;
  let bestIter = 0;
  const bestX = new Float64Array(n);
  const bestY = new Float64Array(m);
  for (; iter < maxIter; iter++) {
    Ax(x, tmpM);
    kRowResiduals(m, b, tmpM, y, S.rb, out);
    let pinf = out[0];
    let dobj = out[1];
    ATy(y, S.tmpN);
    kResiduals(S, out);
    pinf = Math.max(pinf, out[0]);
    const dinf = out[1];
    const pobj = out[2];
    dobj += out[3];
    const mu = out[4] / nComp;
    const gap = Math.abs(pobj - dobj) / (1 + Math.abs(pobj));
    if (pinf / (1 + bNorm) < tol && dinf / (1 + cNorm) < tol && gap < tol) {
      status = "optimal";
      bestMerit = 0;
      break;
    }
    const merit = Math.max(pinf / (1 + bNorm), dinf / (1 + cNorm), gap);
    if (merit < bestMerit) {
      bestMerit = merit;
      bestIter = iter;
      bestX.set(x);
      bestY.set(y);
    } else if ((iter - bestIter >= 6 && bestMerit < acceptTol) || mu < 1e-30 || iter - bestIter >= 40) {
      // stalled: numerical limit reached
      break;
    }
    if (process.env.IPM_DEBUG)
      console.error(
        `it ${iter} pinf=${pinf.toExponential(2)} dinf=${dinf.toExponential(2)} gap=${gap.toExponential(2)} mu=${mu.toExponential(2)} pobj=${pobj}`,
      );
    if (!Number.isFinite(pobj) || !Number.isFinite(mu)) break;
    kTheta(S);
    factor(S.theta);
    // predictor
    kAffineRhs(S);
    direction();
    kMaxStep(S, out);
    const muAff = kCompAfter(S, out[0], out[1]) / nComp;
    const sigma = Math.pow(muAff / mu, 3);
    S.dxA.set(S.dx);
    S.dzA.set(S.dz);
    S.dvA.set(S.dv);
    S.dwA.set(S.dw);
    // corrector
    kCorrectorRhs(S, sigma * mu);
    direction();
    kMaxStep(S, out);
    const ap = Math.min(1, 0.9995 * out[0]);
    const ad = Math.min(1, 0.9995 * out[1]);
    kUpdate(S, ap, ad);
    kAxpy(m, ad, dy, y);
  }

  if (process.env.IPM_DEBUG)
    console.error(
      `ipm: setup ${tSetup.toFixed(1)} ms, total ${(performance.now() - t0).toFixed(1)} ms, ${iter} iterations`,
    );
  if (status !== "optimal" && bestMerit < acceptTol) {
    x.set(bestX);
    y.set(bestY);
    status = "optimal";
  } else if (status !== "optimal" && bestMerit === Infinity) status = "error";
  // ---- 4. Back to the model's space ---------------------------------------------------------
  const xOut = new Float64Array(nOrig);
  for (let j = 0; j < nOrig; j++) {
    const sj = colMap[j];
    xOut[j] =
      sj < 0
        ? colLower[j]
        : colLower[j] + colScale[sj] * Math.min(Math.max(x[sj], 0), hasU[sj] ? 1 : Infinity);
  }
  const rowDual = new Float64Array(mOrig);
  for (let i = 0; i < mOrig; i++) {
    const r = rowMap[i];
    // d(min obj)/d(b_i) = y_i (scaled); the model maximises when sign = −1.
    if (r >= 0) rowDual[i] = (sign * y[r] * rowScale[r]) / costScale;
  }
  return {
    status,
    objective: model.objective(xOut),
    x: xOut,
    rowDual,
    iterations: iter,
    solveMs: performance.now() - t0,
  };
}

// ---- numeric kernels (top-level, monomorphic: V8 optimises these well) ------------------------
function kAx(
  n: number,
  cStart: Int32Array,
  Ar: Int32Array,
  Av: Float64Array,
  x: Float64Array,
  out: Float64Array,
) {
  out.fill(0);
  for (let j = 0; j < n; j++) {
    const xj = x[j];
    if (xj === 0) continue;
    const e = cStart[j + 1];
    for (let k = cStart[j]; k < e; k++) out[Ar[k]] += Av[k] * xj;
  }
}

function kATy(
  n: number,
  cStart: Int32Array,
  Ar: Int32Array,
  Av: Float64Array,
  y: Float64Array,
  out: Float64Array,
) {
  for (let j = 0; j < n; j++) {
    let s = 0;
    const e = cStart[j + 1];
    for (let k = cStart[j]; k < e; k++) s += Av[k] * y[Ar[k]];
    out[j] = s;
  }
}

function kFactor(
  n: number,
  m: number,
  hbw: number,
  pairStart: Int32Array,
  pairPos: Int32Array,
  pairVal: Float64Array,
  theta: Float64Array,
  band: Float64Array,
) {
  const w = hbw + 1;
  band.fill(0);
  for (let j = 0; j < n; j++) {
    const th = theta[j];
    const e = pairStart[j + 1];
    for (let p = pairStart[j]; p < e; p++) band[pairPos[p]] += th * pairVal[p];
  }
  let maxDiag = 0;
  for (let i = 0; i < m; i++) if (band[i * w] > maxDiag) maxDiag = band[i * w];
  const reg = 1e-14 * maxDiag;
  const tiny = 1e-30 * maxDiag + 1e-300;
  for (let i = 0; i < m; i++) {
    const iw = i * w;
    const j0 = i - hbw > 0 ? i - hbw : 0;
    for (let j = j0; j <= i; j++) {
      let s = band[iw + i - j];
      const jw = j * w;
      for (let k = j0; k < j; k++) s -= band[iw + i - k] * band[jw + j - k];
      if (j < i) {
        const v = s / band[jw];
        band[iw + i - j] = v > -1e-150 && v < 1e-150 ? 0 : v; // flush tiny values (avoid denormals)
      } else {
        s += reg;
        band[iw] = s > tiny ? Math.sqrt(s) : 1e64;
      }
    }
  }
}

function kSolve(m: number, hbw: number, band: Float64Array, rhs: Float64Array) {
  const w = hbw + 1;
  for (let i = 0; i < m; i++) {
    const iw = i * w;
    let s = rhs[i];
    const k0 = i - hbw > 0 ? i - hbw : 0;
    for (let k = k0; k < i; k++) s -= band[iw + i - k] * rhs[k];
    rhs[i] = s / band[iw];
  }
  for (let i = m - 1; i >= 0; i--) {
    let s = rhs[i];
    const k1 = i + hbw < m - 1 ? i + hbw : m - 1;
    for (let k = i + 1; k <= k1; k++) s -= band[k * w + k - i] * rhs[k];
    rhs[i] = s / band[i * w];
  }
}

interface IpmState {
  n: number;
  m: number;
  hasU: Uint8Array;
  c: Float64Array;
  u: Float64Array;
  x: Float64Array;
  z: Float64Array;
  v: Float64Array;
  wU: Float64Array;
  rb: Float64Array;
  rc: Float64Array;
  ru: Float64Array;
  theta: Float64Array;
  rhat: Float64Array;
  tmpN: Float64Array;
  dx: Float64Array;
  dz: Float64Array;
  dv: Float64Array;
  dw: Float64Array;
  dxA: Float64Array;
  dzA: Float64Array;
  dvA: Float64Array;
  dwA: Float64Array;
  rxz: Float64Array;
  rvw: Float64Array;
}

/** rc = c − Aᵀy − z + w (Aᵀy already in tmpN), ru = u − x − v; out = [pinf(u), dinf, pobj, −uᵀw, complementarity]. */
function kResiduals(S: IpmState, out: Float64Array) {
  const { n, hasU, c, u, x, z, v, wU, rc, ru, tmpN } = S;
  let pinf = 0;
  let dinf = 0;
  let pobj = 0;
  let dobj = 0;
  let comp = 0;
  for (let j = 0; j < n; j++) {
    const r = c[j] - tmpN[j] - z[j] + (hasU[j] ? wU[j] : 0);
    rc[j] = r;
    if (r > dinf) dinf = r;
    else if (-r > dinf) dinf = -r;
    pobj += c[j] * x[j];
    comp += x[j] * z[j];
    if (hasU[j]) {
      const q = u[j] - x[j] - v[j];
      ru[j] = q;
      if (q > pinf) pinf = q;
      else if (-q > pinf) pinf = -q;
      dobj -= u[j] * wU[j];
      comp += v[j] * wU[j];
    } else ru[j] = 0;
  }
  out[0] = pinf;
  out[1] = dinf;
  out[2] = pobj;
  out[3] = dobj;
  out[4] = comp;
}

function kTheta(S: IpmState) {
  const { n, hasU, x, z, v, wU, theta } = S;
  for (let j = 0; j < n; j++) {
    let d = z[j] / x[j];
    if (hasU[j]) d += wU[j] / v[j];
    theta[j] = 1 / d;
  }
}

function kAffineRhs(S: IpmState) {
  const { n, hasU, x, z, v, wU, rxz, rvw } = S;
  for (let j = 0; j < n; j++) {
    rxz[j] = -x[j] * z[j];
    rvw[j] = hasU[j] ? -v[j] * wU[j] : 0;
  }
}

function kCorrectorRhs(S: IpmState, target: number) {
  const { n, hasU, x, z, v, wU, rxz, rvw, dxA, dzA, dvA, dwA } = S;
  for (let j = 0; j < n; j++) {
    rxz[j] = target - x[j] * z[j] - dxA[j] * dzA[j];
    rvw[j] = hasU[j] ? target - v[j] * wU[j] - dvA[j] * dwA[j] : 0;
  }
}

/** rhat = rc − rxz/x + (rvw − w·ru)/v ;  tmpN = Θ·rhat */
function kRhat(S: IpmState) {
  const { n, hasU, x, v, wU, rc, ru, rxz, rvw, rhat, theta, tmpN } = S;
  for (let j = 0; j < n; j++) {
    let r = rc[j] - rxz[j] / x[j];
    if (hasU[j]) r += (rvw[j] - wU[j] * ru[j]) / v[j];
    rhat[j] = r;
    tmpN[j] = theta[j] * r;
  }
}

/** With tmpN = Aᵀdy: dx = Θ(Aᵀdy − rhat), dz, dv, dw. */
function kDirection(S: IpmState) {
  const { n, hasU, x, z, v, wU, ru, rxz, rvw, rhat, theta, tmpN, dx, dz, dv, dw } = S;
  for (let j = 0; j < n; j++) {
    const d = theta[j] * (tmpN[j] - rhat[j]);
    dx[j] = d;
    dz[j] = (rxz[j] - z[j] * d) / x[j];
    if (hasU[j]) {
      const q = ru[j] - d;
      dv[j] = q;
      dw[j] = (rvw[j] - wU[j] * q) / v[j];
    } else {
      dv[j] = 0;
      dw[j] = 0;
    }
  }
}

function kMaxStep(S: IpmState, out: Float64Array) {
  const { n, hasU, x, z, v, wU, dx, dz, dv, dw } = S;
  let ap = 1;
  let ad = 1;
  for (let j = 0; j < n; j++) {
    if (dx[j] < 0 && -x[j] > ap * dx[j]) ap = -x[j] / dx[j];
    if (dz[j] < 0 && -z[j] > ad * dz[j]) ad = -z[j] / dz[j];
    if (hasU[j]) {
      if (dv[j] < 0 && -v[j] > ap * dv[j]) ap = -v[j] / dv[j];
      if (dw[j] < 0 && -wU[j] > ad * dw[j]) ad = -wU[j] / dw[j];
    }
  }
  out[0] = ap;
  out[1] = ad;
}

function kCompAfter(S: IpmState, ap: number, ad: number): number {
  const { n, hasU, x, z, v, wU, dx, dz, dv, dw } = S;
  let s = 0;
  for (let j = 0; j < n; j++) {
    s += (x[j] + ap * dx[j]) * (z[j] + ad * dz[j]);
    if (hasU[j]) s += (v[j] + ap * dv[j]) * (wU[j] + ad * dw[j]);
  }
  return s;
}

function kUpdate(S: IpmState, ap: number, ad: number) {
  const { n, hasU, x, z, v, wU, dx, dz, dv, dw } = S;
  for (let j = 0; j < n; j++) {
    x[j] += ap * dx[j];
    z[j] += ad * dz[j];
    if (hasU[j]) {
      v[j] += ap * dv[j];
      wU[j] += ad * dw[j];
    }
  }
}

interface StandardForm {
  n: number;
  m: number;
  cStart: Int32Array;
  Ar: Int32Array;
  Av: Float64Array;
  b: Float64Array;
  c: Float64Array;
  u: Float64Array;
  hasU: Uint8Array;
  colMap: Int32Array;
  colScale: Float64Array;
  rowMap: Int32Array;
  rowScale: Float64Array;
  costScale: number;
}

function standardForm(model: LpModel, sign: number): StandardForm {
  // ---- 1. Standard form: min c'x, A x = b, 0 ≤ x ≤ u (u may be +∞) -------------------------
  const nOrig = model.numCols;
  const mOrig = model.numRows;
  const colLower = model.colLower;
  const colUpper = model.colUpper;
  // Row right-hand sides after moving lower bounds of the columns across.
  const shift = new Float64Array(mOrig);
  const colMap = new Int32Array(nOrig).fill(-1); // original column → standard column
  const colScale: number[] = [];
  const stdCost: number[] = [];
  const stdUpper: number[] = [];
  const stdStart: number[] = [0];
  const stdRow: number[] = [];
  const stdVal: number[] = [];
  for (let j = 0; j < nOrig; j++) {
    const l = colLower[j];
    const u = colUpper[j];
    if (!Number.isFinite(l)) throw new Error("solveIpm: columns need a finite lower bound");
    for (let k = model.colStart[j]; k < model.colStart[j + 1]; k++)
      shift[model.entryRow[k]] += model.entryValue[k] * l;
    if (u - l <= 1e-12) continue; // fixed column
    const s = Number.isFinite(u) ? u - l : 1;
    colMap[j] = stdCost.length;
    colScale.push(s);
    stdCost.push(sign * model.colCost[j] * s);
    stdUpper.push(Number.isFinite(u) ? 1 : Infinity);
    for (let k = model.colStart[j]; k < model.colStart[j + 1]; k++) {
      stdRow.push(model.entryRow[k]);
      stdVal.push(model.entryValue[k] * s);
    }
    stdStart.push(stdRow.length);
  }
  // Rows: keep every row that is not free; add a slack for each inequality.
  const rowMap = new Int32Array(mOrig).fill(-1);
  const bList: number[] = [];
  for (let i = 0; i < mOrig; i++) {
    const rl = model.rowLower[i] - shift[i];
    const ru = model.rowUpper[i] - shift[i];
    if (!Number.isFinite(rl) && !Number.isFinite(ru)) continue;
    const r = bList.length;
    rowMap[i] = r;
    if (Number.isFinite(ru)) {
      bList.push(ru);
      if (ru - rl > 1e-12) {
        // a·x + σ = ru, 0 ≤ σ ≤ ru − rl
        const s = Number.isFinite(rl) ? ru - rl : 1;
        stdCost.push(0);
        stdUpper.push(Number.isFinite(rl) ? 1 : Infinity);
        colScale.push(s);
        stdRow.push(-1 - i); // placeholder: original row, remapped below
        stdVal.push(s);
        stdStart.push(stdRow.length);
      }
    } else {
      // a·x − σ = rl, σ ≥ 0
      bList.push(rl);
      stdCost.push(0);
      stdUpper.push(Infinity);
      colScale.push(1);
      stdRow.push(-1 - i);
      stdVal.push(-1);
      stdStart.push(stdRow.length);
    }
  }
  const m = bList.length;
  const n = stdCost.length;
  const rowIdx = new Int32Array(stdRow.length);
  for (let k = 0; k < stdRow.length; k++) {
    const r = stdRow[k] >= 0 ? stdRow[k] : -1 - stdRow[k];
    rowIdx[k] = rowMap[r];
  }
  // Drop entries on free rows.
  const cStart = new Int32Array(n + 1);
  const cRow: number[] = [];
  const cVal: number[] = [];
  for (let j = 0; j < n; j++) {
    for (let k = stdStart[j]; k < stdStart[j + 1]; k++) {
      if (rowIdx[k] < 0) continue;
      cRow.push(rowIdx[k]);
      cVal.push(stdVal[k]);
    }
    cStart[j + 1] = cRow.length;
  }
  const Ar = Int32Array.from(cRow);
  const Av = Float64Array.from(cVal);
  const b = Float64Array.from(bList);

  // Row scaling (equilibrate by the largest coefficient) and cost scaling.
  const rowMax = new Float64Array(m);
  for (let k = 0; k < Ar.length; k++) rowMax[Ar[k]] = Math.max(rowMax[Ar[k]], Math.abs(Av[k]));
  const rowScale = new Float64Array(m);
  for (let i = 0; i < m; i++) rowScale[i] = rowMax[i] > 0 ? 1 / rowMax[i] : 1;
  for (let k = 0; k < Ar.length; k++) Av[k] *= rowScale[Ar[k]];
  for (let i = 0; i < m; i++) b[i] *= rowScale[i];
  let cMax = 0;
  for (let j = 0; j < n; j++) cMax = Math.max(cMax, Math.abs(stdCost[j]));
  const costScale = cMax > 0 ? 1 / cMax : 1;
  const c = new Float64Array(n);
  for (let j = 0; j < n; j++) c[j] = stdCost[j] * costScale;
  const u = Float64Array.from(stdUpper);
  const hasU = new Uint8Array(n);
  for (let j = 0; j < n; j++) hasU[j] = Number.isFinite(u[j]) ? 1 : 0;

  return {
    n,
    m,
    cStart,
    Ar,
    Av,
    b,
    c,
    u,
    hasU,
    colMap,
    colScale: Float64Array.from(colScale),
    rowMap,
    rowScale,
    costScale,
  };
}

interface BandStructure {
  hbw: number;
  pairStart: Int32Array;
  pairPos: Int32Array;
  pairVal: Float64Array;
}

function bandStructure(n: number, cStart: Int32Array, Ar: Int32Array, Av: Float64Array): BandStructure {
  // ---- 2. Band structure of A Θ Aᵀ -----------------------------------------------------------
  // Sort each column's entries by row, find the half-bandwidth, precompute the pair products.
  let hbw = 0;
  let nPairs = 0;
  for (let j = 0; j < n; j++) {
    const s = cStart[j];
    const e = cStart[j + 1];
    // insertion sort (columns have a handful of entries)
    for (let a = s + 1; a < e; a++) {
      const r = Ar[a];
      const v = Av[a];
      let q = a - 1;
      while (q >= s && Ar[q] > r) {
        Ar[q + 1] = Ar[q];
        Av[q + 1] = Av[q];
        q--;
      }
      Ar[q + 1] = r;
      Av[q + 1] = v;
    }
    if (e > s) hbw = Math.max(hbw, Ar[e - 1] - Ar[s]);
    nPairs += ((e - s) * (e - s + 1)) / 2;
  }
  const w = hbw + 1;
  const pairPos = new Int32Array(nPairs);
  const pairVal = new Float64Array(nPairs);
  const pairStart = new Int32Array(n + 1);
  {
    let p = 0;
    for (let j = 0; j < n; j++) {
      for (let a = cStart[j]; a < cStart[j + 1]; a++) {
        for (let q = cStart[j]; q <= a; q++) {
          pairPos[p] = Ar[a] * w + (Ar[a] - Ar[q]);
          pairVal[p] = Av[a] * Av[q];
          p++;
        }
      }
      pairStart[j + 1] = p;
    }
  }
  return { hbw, pairStart, pairPos, pairVal };
}

function kRowResiduals(
  m: number,
  b: Float64Array,
  ax: Float64Array,
  y: Float64Array,
  rb: Float64Array,
  out: Float64Array,
) {
  let pinf = 0;
  let dobj = 0;
  for (let i = 0; i < m; i++) {
    const r = b[i] - ax[i];
    rb[i] = r;
    if (r > pinf) pinf = r;
    else if (-r > pinf) pinf = -r;
    dobj += b[i] * y[i];
  }
  out[0] = pinf;
  out[1] = dobj;
}

function kAdd(m: number, a: Float64Array, b: Float64Array, out: Float64Array) {
  for (let i = 0; i < m; i++) out[i] = a[i] + b[i];
}

function kAxpy(m: number, alpha: number, x: Float64Array, y: Float64Array) {
  for (let i = 0; i < m; i++) y[i] += alpha * x[i];
}
