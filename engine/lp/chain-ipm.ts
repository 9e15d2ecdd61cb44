// Interior-point method for chain LPs (chain.ts): Mehrotra predictor–corrector with Gondzio's
// centrality correctors, primal–dual, with the states eliminated through the dynamics (x is
// always the rollout of the controls u). Each Newton step is a linear–quadratic control problem
//     minimise Σ_t ½ Δz_tᵀ H_t Δz_t + g_tᵀ Δz_t,  z_t = (x_t, u_t),  Δx_{t+1} = keep∘Δx_t + B_t Δu_t
// with H_t = Σ_rows D_r a_r a_rᵀ (+ the bounds' diagonal), solved exactly by a backward Riccati
// recursion and a forward rollout: O(stages · (nx + nu)²) per iteration instead of the
// O(rows · bandwidth²) of banded normal equations (docs/decisions/0110). The per-stage work runs
// in kernels generated for each stage shape (chain-kernels.ts).
//
// Inequalities are kept as "sides": every finite row bound (lo ≤ a·z, a·z ≤ hi) and every finite
// control bound is one complementarity pair (slack s ≥ 0, dual λ ≥ 0), sign +1 (lower) or −1
// (upper). Control sides have no residual: the controls stay strictly inside their box.
// Newton step for targets tg (s·Δλ + λ·Δs = tg): Δs = sg·Δρ + res, Δλ = (tg − λ·Δs)/s,
// D = Σ λ/s, LQ gradient = c − Σ sg·(λ + (tg − λ·res)/s)·a.
//
// Every control must have a finite lower or upper bound, so that each stage's Quu is positive
// definite; every dispatch formulation has them.
import type { ChainLp } from "./chain.ts";
import { kernelsFor, stageShape, type KernelContext, type StageKernels } from "./chain-kernels.ts";
import { S, L, T, DS, DL, BD, SIDE } from "./chain-kernels.ts";

export interface ChainIpmOptions {
  /** Relative tolerance on the residuals and on the duality gap (default 1e-8). */
  tolerance?: number;
  maxIterations?: number;
  /** Fraction of the step to the boundary that is taken (default 0.995). */
  stepFraction?: number;
  /** Gondzio correctors per iteration (default 0: off, decision 0110), tried while the step is below gondzioBelow (0.5). */
  gondzioMax?: number;
  gondzioBelow?: number;
  /** Floor of the starting slacks and the starting duals (default 1 and 1). */
  startSlack?: number;
  startDual?: number;
  /** Print every iteration and the time spent in each phase to stderr. */
  trace?: boolean;
}

type Tuning = Required<Omit<ChainIpmOptions, "tolerance" | "maxIterations">>;
const TUNING: Tuning = {
  stepFraction: 0.995,
  gondzioMax: 0,
  gondzioBelow: 0.5,
  startSlack: 1,
  startDual: 1,
  trace: false,
};

export interface ChainIpmResult {
  status: "optimal" | "infeasible" | "iteration_limit";
  u: Float64Array;
  /** States x_0 … x_n, (n+1)·nx. */
  x: Float64Array;
  /** Σ cost·u (the maximised objective). */
  objective: number;
  /** Complementarity gap of the returned point relative to the objective: how far from optimal it can be. */
  relGap: number;
  iterations: number;
  solveMs: number;
}

const MAX_BAKED_SHAPES = 32;

export function solveChainIpm(lp: ChainLp, opts: ChainIpmOptions = {}): ChainIpmResult {
  const { tolerance = 1e-8, maxIterations = 150, ...tuning } = opts;
  return new ChainIpm(lp, threadScratch).solve(tolerance, maxIterations, { ...TUNING, ...tuning });
}

/**
 * Working arrays kept from one solve to the next in this thread: a year solves its windows one
 * after another, and allocating a window's tens of MB afresh (an NEM 5-minute month: ≈ 25 MB)
 * cost full garbage collections. Handed out zeroed, as fresh arrays are. Only for a solve that
 * ends before the next begins (solveChainIpm); what a result returns (u, x) is never taken from it.
 */
class Scratch {
  private readonly f64 = new Map<string, Float64Array>();
  private readonly i32 = new Map<string, Int32Array>();
  float(name: string, n: number): Float64Array {
    let a = this.f64.get(name);
    if (!a || a.length < n) this.f64.set(name, (a = new Float64Array(n + (n >> 3))));
    const v = a.subarray(0, n);
    v.fill(0);
    return v;
  }
  int(name: string, n: number): Int32Array {
    let a = this.i32.get(name);
    if (!a || a.length < n) this.i32.set(name, (a = new Int32Array(n + (n >> 3))));
    const v = a.subarray(0, n);
    v.fill(0);
    return v;
  }
}
const threadScratch = new Scratch();
/** Without a scratch: fresh arrays. */
const fresh = {
  float: (_: string, n: number) => new Float64Array(n),
  int: (_: string, n: number) => new Int32Array(n),
};

/**
 * A tight-enough iterate when the method can go no further: a relative gap of 1e-5 is far
 * inside the 0.1 % the engine promises (measured: GB low 2045, May window, gap 1.7e-6,
 * objective 6e-8 from HiGHS). Otherwise the caller falls back (solve.ts).
 */
const endGame = (pRel: number, relGap: number): ChainIpmResult["status"] =>
  Math.max(pRel, relGap) < 1e-5 ? "optimal" : "iteration_limit";

// The passes over every side are functions of their own: V8 optimises a small function early
// and alone, where a loop inside \`solve\` waited for (and recompiled) the whole method.

/** Σ (s + ap·Δs)(λ + ad·Δλ) over the sides: the complementarity after a step (ap, ad). */
function complementarityAt(SD: Float64Array, M: number, ap: number, ad: number): number {
  let comp = 0;
  for (let b = 0; b < M * SIDE; b += SIDE)
    comp += (SD[b + S] + ap * SD[b + DS]) * (SD[b + L] + ad * SD[b + DL]);
  return comp;
}

function finite(a: Float64Array): boolean {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i];
  return Number.isFinite(s);
}

export class ChainIpm {
  readonly n: number;
  readonly nx: number;
  readonly NU: number;
  readonly NR: number;
  readonly M: number;
  /** Side k: 1 = on a row (index sIdx), 0 = on a control. */
  readonly sRow: Uint8Array;
  readonly sIdx: Int32Array;
  readonly sSg: Float64Array;
  readonly sBd: Float64Array;
  readonly u: Float64Array;
  readonly x: Float64Array;
  readonly rho: Float64Array;
  readonly ctx: KernelContext;
  /** Runs of consecutive stages with the same shape: [t0, t1) and their kernels. */
  readonly runs: { t0: number; t1: number; k: StageKernels }[] = [];
  readonly bMax: number;
  /** Time spent in each phase (trace only). */
  readonly timing = { factor: 0, direction: 0, directions: 0, back: 0, update: 0, flat: 0 };
  private trace = false;

  constructor(
    readonly lp: ChainLp,
    mem: Pick<Scratch, "float" | "int"> = fresh,
  ) {
    const { n, nx, uStart, rowStart, rowLo, rowHi } = lp;
    this.n = n;
    this.nx = nx;
    const NU = (this.NU = uStart[n]);
    const NR = (this.NR = rowStart[n]);
    let cmax = 0;
    for (let j = 0; j < NU; j++) cmax = Math.max(cmax, Math.abs(lp.cost[j]));
    const cScale = cmax > 0 ? 1 / cmax : 1;
    const c = new Float64Array(NU);
    for (let j = 0; j < NU; j++) c[j] = -lp.cost[j] * cScale; // minimised
    const lo = Float64Array.from(lp.uLo);
    const hi = Float64Array.from(lp.uHi);
    this.u = new Float64Array(NU);
    for (let j = 0; j < NU; j++) {
      const fl = lo[j] > -Infinity;
      const fh = hi[j] < Infinity;
      if (!fl && !fh) throw new Error("chain IPM: every control needs a bound");
      if (fl && fh && hi[j] - lo[j] < 1e-9) {
        // a fixed control: widen by a hair, the barrier needs an interior
        lo[j] -= 1e-9;
        hi[j] += 1e-9;
      }
      const init = lp.uInit?.[j];
      this.u[j] =
        init !== undefined && init > lo[j] && init < hi[j]
          ? init
          : fl && fh
            ? 0.5 * (lo[j] + hi[j])
            : fl
              ? lo[j] + 1
              : hi[j] - 1;
    }
    // sides, stage by stage: the stage's row sides (lower, upper), then its control sides
    const sideStart = mem.int("sideStart", n + 1);
    let M = 0;
    let bMax = 1;
    for (let t = 0; t < n; t++) {
      sideStart[t] = M;
      for (let r = rowStart[t]; r < rowStart[t + 1]; r++) {
        if (rowLo[r] > -Infinity) M++;
        if (rowHi[r] < Infinity) M++;
        if (rowLo[r] > -Infinity) bMax = Math.max(bMax, Math.abs(rowLo[r]));
        if (rowHi[r] < Infinity) bMax = Math.max(bMax, Math.abs(rowHi[r]));
      }
      for (let j = uStart[t]; j < uStart[t + 1]; j++)
        M += (lo[j] > -Infinity ? 1 : 0) + (hi[j] < Infinity ? 1 : 0);
    }
    sideStart[n] = M;
    this.M = M;
    this.bMax = bMax;
    this.sRow = new Uint8Array(M);
    this.sIdx = mem.int("sIdx", M);
    this.sSg = mem.float("sSg", M);
    this.sBd = mem.float("sBd", M);
    let k = 0;
    const side = (row: number, idx: number, sg: number, bd: number) => {
      this.sRow[k] = row;
      this.sIdx[k] = idx;
      this.sSg[k] = sg;
      this.sBd[k++] = bd;
    };
    for (let t = 0; t < n; t++) {
      for (let r = rowStart[t]; r < rowStart[t + 1]; r++) {
        if (rowLo[r] > -Infinity) side(1, r, 1, rowLo[r]);
        if (rowHi[r] < Infinity) side(1, r, -1, rowHi[r]);
      }
      for (let j = uStart[t]; j < uStart[t + 1]; j++) {
        if (lo[j] > -Infinity) side(0, j, 1, lo[j]);
        if (hi[j] < Infinity) side(0, j, -1, hi[j]);
      }
    }
    const Loff = mem.int("Loff", n + 1);
    const Koff = mem.int("Koff", n + 1);
    for (let t = 0; t < n; t++) {
      const nu = uStart[t + 1] - uStart[t];
      Loff[t + 1] = Loff[t] + nu * nu;
      Koff[t + 1] = Koff[t] + nu * nx;
    }
    this.x = new Float64Array((n + 1) * nx);
    this.rho = mem.float("rho", NR);
    const SD = mem.float("SD", M * SIDE);
    for (let k = 0; k < M; k++) SD[k * SIDE + BD] = this.sBd[k];
    this.ctx = {
      uStart,
      rowStart,
      entStart: lp.entStart,
      entVal: lp.entVal,
      bStart: lp.bStart,
      bVal: lp.bVal,
      sideStart,
      SD,
      c,
      Loff,
      Koff,
      Lst: mem.float("Lst", Loff[n]),
      Kst: mem.float("Kst", Koff[n]),
      kst: mem.float("kst", NU),
      P: new Float64Array(Math.max(1, nx * nx)),
      p: new Float64Array(Math.max(1, nx)),
      dx: mem.float("dx", (n + 1) * nx),
      du: mem.float("du", NU),
      dRho: mem.float("dRho", NR),
      step: new Float64Array(2),
      u: this.u,
      x: this.x,
      rho: this.rho,
      alpha: new Float64Array(2),
      acc: new Float64Array(3),
      centre: new Float64Array(1),
    };
    // runs of equal stage shape, with their kernels (one set per shape); with few shapes the
    // coefficients are compiled in as constants
    const baked = lp.shapes <= MAX_BAKED_SHAPES;
    const kernels: StageKernels[] = new Array(lp.shapes);
    for (let t = 0; t < n; t++) {
      const id = lp.shapeOf[t];
      if (t > 0 && id === lp.shapeOf[t - 1]) {
        this.runs[this.runs.length - 1].t1 = t + 1;
        continue;
      }
      kernels[id] ??= kernelsFor(nx, stageShape(lp, t), baked);
      this.runs.push({ t0: t, t1: t + 1, k: kernels[id] });
    }
  }

  rollout() {
    const { n, nx, x, u } = this;
    const { keep, bStart, bState, bCtrl, bVal, x0 } = this.lp;
    for (let i = 0; i < nx; i++) x[i] = x0[i];
    for (let t = 0; t < n; t++) {
      const o = t * nx;
      for (let i = 0; i < nx; i++) x[o + nx + i] = keep[o + i] ? x[o + i] : 0;
      for (let e = bStart[t]; e < bStart[t + 1]; e++) x[o + nx + bState[e]] += bVal[e] * u[bCtrl[e]];
    }
  }

  evalRows() {
    const { n, nx, x, u, rho } = this;
    const { uStart, rowStart, entStart, entVar, entVal } = this.lp;
    for (let t = 0; t < n; t++) {
      const xo = t * nx;
      const uo = uStart[t] - nx;
      for (let r = rowStart[t]; r < rowStart[t + 1]; r++) {
        let v = 0;
        for (let e = entStart[r]; e < entStart[r + 1]; e++) {
          const k = entVar[e];
          v += entVal[e] * (k < nx ? x[xo + k] : u[uo + k]);
        }
        rho[r] = v;
      }
    }
  }

  factor() {
    const ctx = this.ctx;
    ctx.P.fill(0);
    for (let i = this.runs.length - 1; i >= 0; i--) {
      const r = this.runs[i];
      r.k.factor(ctx, r.t0, r.t1);
    }
  }

  /**
   * The direction for the sides' targets; returns the largest primal and dual steps (≤ 1).
   * With `centre` (σμ), the targets are first moved to Mehrotra's corrector's.
   */
  direction(centre?: number): [number, number] {
    const tD = this.trace ? performance.now() : 0;
    const ctx = this.ctx;
    ctx.p.fill(0);
    if (centre !== undefined) {
      ctx.centre[0] = centre;
      for (let i = this.runs.length - 1; i >= 0; i--) {
        const r = this.runs[i];
        r.k.backCentre(ctx, r.t0, r.t1);
      }
    } else
      for (let i = this.runs.length - 1; i >= 0; i--) {
        const r = this.runs[i];
        r.k.back(ctx, r.t0, r.t1);
      }
    if (this.trace) this.timing.back += performance.now() - tD;
    ctx.dx.fill(0, 0, this.nx);
    ctx.step[0] = 1;
    ctx.step[1] = 1;
    for (const r of this.runs) r.k.forward(ctx, r.t0, r.t1);
    if (this.trace) {
      this.timing.direction += performance.now() - tD;
      this.timing.directions++;
    }
    return [ctx.step[0], ctx.step[1]];
  }

  /** Largest |dual residual| (via the adjoint of the dynamics): only for the stopping test. */
  dualResidual(): number {
    const { n, nx, M, sRow, sIdx, sSg, NR, NU } = this;
    const { c, SD } = this.ctx;
    const { keep, uStart, bStart, bState, bCtrl, bVal, rowStart, entStart, entVar, entVal } = this.lp;
    const yR = new Float64Array(NR);
    const yB = new Float64Array(NU);
    for (let k = 0; k < M; k++) {
      if (sRow[k]) yR[sIdx[k]] += sSg[k] * SD[k * SIDE + L];
      else yB[sIdx[k]] += sSg[k] * SD[k * SIDE + L];
    }
    let phi = new Float64Array(nx);
    let phiN = new Float64Array(nx);
    const qu = new Float64Array(64);
    let worst = 0;
    for (let t = n - 1; t >= 0; t--) {
      const u0 = uStart[t];
      const nu = uStart[t + 1] - u0;
      const xo = t * nx;
      for (let j = 0; j < nu; j++) qu[j] = c[u0 + j] - yB[u0 + j];
      for (let e = bStart[t]; e < bStart[t + 1]; e++) qu[bCtrl[e] - u0] += bVal[e] * phi[bState[e]];
      for (let a = 0; a < nx; a++) phiN[a] = keep[xo + a] ? phi[a] : 0;
      for (let r = rowStart[t]; r < rowStart[t + 1]; r++) {
        const y = yR[r];
        if (y === 0) continue;
        for (let e = entStart[r]; e < entStart[r + 1]; e++) {
          const kk = entVar[e];
          if (kk < nx) phiN[kk] -= y * entVal[e];
          else qu[kk - nx] -= y * entVal[e];
        }
      }
      for (let j = 0; j < nu; j++) worst = Math.max(worst, Math.abs(qu[j]));
      [phi, phiN] = [phiN, phi];
    }
    return worst;
  }

  /** Takes the step (ap, ad) and recomputes residuals, 1/s, predictor targets and the sums. */
  update(ap: number, ad: number): { comp: number; pinf: number; obj: number } {
    const tU = this.trace ? performance.now() : 0;
    const ctx = this.ctx;
    ctx.alpha[0] = ap;
    ctx.alpha[1] = ad;
    ctx.acc.fill(0);
    for (const r of this.runs) r.k.update(ctx, r.t0, r.t1);
    if (this.trace) this.timing.update += performance.now() - tU;
    return { comp: ctx.acc[0], pinf: ctx.acc[1], obj: ctx.acc[2] };
  }

  solve(tol: number, maxIter: number, tuning: Tuning = TUNING): ChainIpmResult {
    const t0 = performance.now();
    const { stepFraction, gondzioMax, gondzioBelow, startSlack, startDual } = tuning;
    this.trace = tuning.trace;
    const { M, NR, NU, sRow, sIdx, sSg, sBd, rho, u } = this;
    const { SD, dx, dRho, du } = this.ctx;
    this.rollout();
    this.evalRows();
    for (let k = 0; k < M; k++) {
      if (sRow[k]) SD[k * SIDE + S] = Math.max(sSg[k] * (rho[sIdx[k]] - sBd[k]), startSlack);
      SD[k * SIDE + L] = startDual;
    }
    // saved direction (Gondzio: a corrector is kept only if it lengthens the step)
    const sv = {
      SD: new Float64Array(gondzioMax > 0 ? SD.length : 0),
      du: new Float64Array(gondzioMax > 0 ? NU : 0),
      dx: new Float64Array(gondzioMax > 0 ? dx.length : 0),
      dRho: new Float64Array(gondzioMax > 0 ? NR : 0),
    };
    let status: ChainIpmResult["status"] = "iteration_limit";
    let relGap = Infinity;
    let bestMerit = Infinity;
    let stall = 0;
    let iter = 0;
    let { comp, pinf, obj } = this.update(0, 0);
    for (; iter < maxIter; iter++) {
      const mu = comp / M;
      relGap = comp / (1 + Math.abs(obj));
      const pRel = pinf / this.bMax;
      // the dual residual costs a pass over the chain: checked only near the end
      const dinf = relGap <= 10 * tol && pRel <= 10 * tol ? this.dualResidual() : Infinity;
      if (this.trace)
        console.error(
          `it ${iter} pinf ${pRel.toExponential(2)} dinf ${dinf.toExponential(2)} gap ${relGap.toExponential(2)} obj ${obj.toFixed(6)}`,
        );
      if (pRel <= tol && dinf <= 10 * tol && relGap <= tol) {
        status = "optimal";
        break;
      }
      // a degenerate LP can stall just short of the tolerance: accept a tight-enough point
      const merit = Math.max(pRel, relGap);
      if (merit < bestMerit * 0.9) {
        bestMerit = merit;
        stall = 0;
      } else if (++stall >= 8 && merit < 1e-6) {
        status = "optimal";
        break;
      }
      const tF = this.trace ? performance.now() : 0;
      this.factor();
      if (this.trace) this.timing.factor += performance.now() - tF;

      // predictor (affine scaling): the update left the targets at −s·λ
      const [apA, adA] = this.direction();
      // centring σ = (μ_aff/μ)³; Mehrotra's corrector targets σμ − s·λ − Δs·Δλ
      const tFl = this.trace ? performance.now() : 0;
      const compA = complementarityAt(SD, M, apA, adA);
      if (!Number.isFinite(compA)) {
        // the predictor broke down (the factor lost all precision): keep the iterate if tight
        status = endGame(pinf / this.bMax, relGap);
        break;
      }
      const sigma = Math.min(1, Math.pow(compA / M / Math.max(mu, 1e-300), 3));
      const sm = sigma * mu;
      if (this.trace) this.timing.flat += performance.now() - tFl;
      let [ap, ad] = this.direction(sm);
      // Gondzio: push the products that would leave [0.1, 10]·σμ at a longer trial step back in
      for (let g = 0; g < gondzioMax && Math.min(ap, ad) < gondzioBelow; g++) {
        const apT = Math.min(1, 1.5 * ap + 0.1);
        const adT = Math.min(1, 1.5 * ad + 0.1);
        const lo = 0.1 * sm;
        const hi = 10 * sm;
        sv.SD.set(SD);
        sv.du.set(du);
        sv.dx.set(dx);
        sv.dRho.set(dRho);
        for (let b = 0; b < M * SIDE; b += SIDE) {
          const v = (SD[b + S] + apT * SD[b + DS]) * (SD[b + L] + adT * SD[b + DL]);
          let dv = v < lo ? lo - v : v > hi ? hi - v : 0;
          if (dv < -hi) dv = -hi;
          SD[b + T] += dv;
        }
        const [ap2, ad2] = this.direction();
        if (Math.min(ap2, ad2) >= Math.min(ap, ad) + 0.1 * (Math.min(apT, adT) - Math.min(ap, ad))) {
          ap = ap2;
          ad = ad2;
        } else {
          SD.set(sv.SD);
          du.set(sv.du);
          dx.set(sv.dx);
          dRho.set(sv.dRho);
          break;
        }
      }
      ap = Math.min(1, stepFraction * ap);
      ad = Math.min(1, stepFraction * ad);
      if (this.trace)
        console.error(`   sigma ${sigma.toExponential(2)} ap ${ap.toFixed(4)} ad ${ad.toFixed(4)}`);
      if (!(Number.isFinite(ap) && Number.isFinite(ad) && Number.isFinite(sigma) && finite(du))) {
        // the end game ran out of precision (the factor broke down): keep the last iterate if it
        // is already tight. A NaN step does not lower the step lengths (its ratios compare false),
        // so the direction itself is checked: taking it would destroy the iterate.
        status = endGame(pinf / this.bMax, relGap);
        break;
      }
      ({ comp, pinf, obj } = this.update(ap, ad));
      if (ap < 1e-10 && ad < 1e-10) {
        status = "infeasible";
        break;
      }
    }
    this.rollout();
    let objective = 0;
    for (let j = 0; j < NU; j++) objective += this.lp.cost[j] * u[j];
    if (this.trace) console.error(`chain IPM phases (ms): ${JSON.stringify(this.timing)}`);
    return { status, u, x: this.x, objective, relGap, iterations: iter, solveMs: performance.now() - t0 };
  }
}
