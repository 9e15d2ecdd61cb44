// Exact dynamic programme for one battery on a chain of intervals (docs/decisions/0107).
//
// Backward recursion on the value-to-go V_t(s) of the state of charge at the end of interval t:
//   V_{t−1}(s) = max_{s'} stage_t(s' − s) + V_t(s'),   s ∈ [L_{t−1}, H_{t−1}]
// where stage_t(Δ) is the interval's best reward for an SoC change Δ (backwardPass). Every V is concave
// piecewise-linear, each step is a merge of slope sequences, so a year costs O(T × breakpoints).
// The schedule is recovered forwards from the stored V_t. Exact for the LP of formulation.ts when
// there is no generation and export price ≤ import price (always true without a grid stage).
//
// The daily cycle cap Σ_day d/ηd·Δt ≤ cap is handled by Lagrangian relaxation: a multiplier λ_k
// per trading day (in the problem's time zone, tradingDayIndex) lowers that day's discharge reward
// by λ_k per MWh of cell throughput; each day is solved exactly for its cap by Kelley's cutting
// planes on its own λ (solveDay), backwards over the days with an upper bound on the capped
// value-to-go as terminal value (envelopeBound). The result carries its own optimality
// certificate: that bound at the start, minus the (feasible) schedule's revenue.
import { Pwl, Polygon, pointwiseMin } from "./pwl.ts";

export interface ChainParams {
  n: number;
  dt: number;
  etaC: number;
  etaD: number;
  P: number;
  cMax: number;
  dMax: number;
  s0: number;
  /** Effective export / import price per MWh (equal without a grid stage); ex ≤ im required. */
  ex: Float64Array;
  im: Float64Array;
  /** Net export bound d − c ≤ A_t and net import bound c − d ≤ B_t (services headroom, site limits). */
  A: Float64Array;
  B: Float64Array;
  /** SoC bounds at the end of each interval. */
  L: Float64Array;
  H: Float64Array;
  /**
   * The start SoCs over which the backward pass also computes V_{−1}, the value of starting the
   * chain at s ([s0, s0] but for the envelope bound of a capped day).
   */
  startL: number;
  startH: number;
  /**
   * 0-based trading day of every interval (the problem's time zone), and the cap per day (MWh of
   * cell throughput; Infinity = none).
   */
  day: Int32Array;
  nDays: number;
  cap: number;
}

export interface ChainSolution {
  feasible: boolean;
  /** Penalised objective (revenue − Σ λ·throughput). */
  objective: number;
  c: Float64Array;
  d: Float64Array;
  s: Float64Array;
  dayThroughput: Float64Array;
}

/**
 * Reusable storage for a chain's value functions and stages. Slot t + 1 holds V_t (slot 0 holds
 * V_{−1}, the value of the start SoC): segments slope/len[off … off + cnt) from lo (value v
 * there) to hi. Interval t's stage, the upper hull of its polygon's vertices' (Δ, reward), has
 * sM[t] points from sOff[t] in sDl (Δ, ascending), sOb (reward), sCc and sDd (the vertex's flows).
 */
export class ChainWork {
  off = new Int32Array(0);
  cnt = new Int32Array(0);
  lo = new Float64Array(0);
  v = new Float64Array(0);
  hi = new Float64Array(0);
  slope = new Float64Array(0);
  len = new Float64Array(0);
  poly = new Polygon();
  polyA = NaN;
  polyB = NaN;
  sOff = new Int32Array(0);
  sM = new Int32Array(0);
  sDl = new Float64Array(0);
  sOb = new Float64Array(0);
  sCc = new Float64Array(0);
  sDd = new Float64Array(0);
  size(n: number) {
    if (this.off.length < n + 1) {
      this.off = new Int32Array(n + 1);
      this.cnt = new Int32Array(n + 1);
      this.lo = new Float64Array(n + 1);
      this.v = new Float64Array(n + 1);
      this.hi = new Float64Array(n + 1);
      this.sOff = new Int32Array(n);
      this.sM = new Int32Array(n);
    }
    if (this.slope.length < n * 8) {
      this.slope = new Float64Array(n * 8);
      this.len = new Float64Array(n * 8);
    }
    if (this.sDl.length < n * 4) this.growStages(n * 4);
  }
  growStages(c: number) {
    const grow = (a: Float64Array) => {
      const b = new Float64Array(c);
      b.set(a.subarray(0, Math.min(a.length, c)));
      return b;
    };
    this.sDl = grow(this.sDl);
    this.sOb = grow(this.sOb);
    this.sCc = grow(this.sCc);
    this.sDd = grow(this.sDd);
  }
  /** Room for `size` entries in the value functions' arrays (those in use are kept). */
  reserve(size: number) {
    if (size <= this.slope.length) return;
    const c = Math.max(size, this.slope.length * 2);
    const s = new Float64Array(c);
    s.set(this.slope);
    const l = new Float64Array(c);
    l.set(this.len);
    this.slope = s;
    this.len = l;
  }
  /** V_t into f (t = −1: the value of the start SoC). */
  load(t: number, f: Pwl) {
    const n = this.cnt[t + 1];
    f.ensure(n);
    f.n = n;
    f.lo = this.lo[t + 1];
    f.v = this.v[t + 1];
    f.ok = true;
    const o = this.off[t + 1];
    for (let k = 0; k < n; k++) {
      f.slope[k] = this.slope[o + k];
      f.len[k] = this.len[o + k];
    }
  }
  /** Interval t's (charge, discharge) polygon, its vertices in order of Δ. */
  polygonAt(p: ChainParams, t: number): Polygon {
    const A = p.A[t];
    const B = p.B[t];
    if (A !== this.polyA || B !== this.polyB) {
      Polygon.build(p.cMax, p.dMax, p.P, A, B, this.poly);
      this.polyA = A;
      this.polyB = B;
    }
    return this.poly.sortFor(p.etaC, p.etaD, p.dt);
  }
}

/** One backward + forward pass for given day multipliers. */
export interface ChainBuffers {
  c: Float64Array;
  d: Float64Array;
  s: Float64Array;
  thr: Float64Array;
}
export const chainBuffers = (n: number, days: number): ChainBuffers => ({
  c: new Float64Array(n),
  d: new Float64Array(n),
  s: new Float64Array(n),
  thr: new Float64Array(days),
});

export function solveChain(
  p: ChainParams,
  lam: Float64Array | null,
  w: ChainWork = new ChainWork(),
  terminal?: Pwl,
  buf?: ChainBuffers,
): ChainSolution {
  const n = p.n;
  w.size(n);
  const bb = buf ?? chainBuffers(n, p.nDays);
  const { c, d, s, thr } = bb;
  thr.fill(0);
  // two passes, two functions: V8 inlines more into each of two than into one (with the best
  // next SoC written into the forward pass, 3–10 % faster in A/B runs on GB 2024)
  if (!backwardPass(p, lam, w, terminal))
    return { feasible: false, objective: -Infinity, c, d, s, dayThroughput: thr };
  let obj = forwardPass(p, lam, w, bb);
  if (!Number.isFinite(obj)) return { feasible: false, objective: -Infinity, c, d, s, dayThroughput: thr };
  if (terminal) obj += terminal.at(s[n - 1]);
  return { feasible: true, objective: obj, c, d, s, dayThroughput: thr };
}

/**
 * Value functions V_{n−1} … V_{−1} and every interval's stage, into w; false if infeasible.
 *
 * V_{n−1} is the terminal value (zero without one) on [L_{n−1}, H_{n−1}]; then for t = n−1 … 0
 *   V_{t−1}(s) = max_{s'} V_t(s') + stage_t(s' − s)   on [L_{t−1}, H_{t−1}] ([startL, startH] for t = 0)
 * where stage_t(Δ) is interval t's best reward for an SoC change Δ: the upper concave hull of the
 * images (Δ, reward) of the vertices of its (charge, discharge) polygon. The reward is concave in
 * (c, d) and the polygon convex, so the hull IS the interval's LP value for each Δ, and the hull
 * vertices bracketing a Δ give the flows that realise it. Each step is the max-plus convolution
 * of two concave piecewise-linear functions, a merge of their slope sequences (Rockafellar,
 * Convex Analysis §5), then a clip to the bounds.
 *
 * One loop body does a whole step: written as calls, V8 inlines only part of it (its budget is
 * 460 bytes of bytecode per function, 920 in all) and passes every number argument boxed; written
 * out, a GB 2024 year solves in 0.71 of the time (A/B in one process, same schedule).
 */
function backwardPass(p: ChainParams, lam: Float64Array | null, w: ChainWork, terminal?: Pwl): boolean {
  const n = p.n;
  const { etaD, dt, ex, im, day, L: PL, H: PH } = p;
  const { startL, startH } = p;
  const { off: VO, cnt: VN, lo: VLo, v: VV, hi: VHi, sOff, sM } = w;
  let used = 0;
  let sUsed = 0;
  for (let t = n; t >= 0; t--) {
    // 1. the unclipped V_{t−1}: segments at [used, used + nn) from lo, value v there
    let nn = 0;
    let lo: number;
    let v: number;
    if (t === n) {
      if (terminal) {
        if (!terminal.ok) return false;
        w.reserve(used + terminal.n);
        for (let q = 0; q < terminal.n; q++) {
          w.slope[used + q] = terminal.slope[q];
          w.len[used + q] = terminal.len[q];
        }
        nn = terminal.n;
        lo = terminal.lo;
        v = terminal.v;
      } else {
        lo = PL[n - 1];
        v = 0;
        if (PH[n - 1] > lo) {
          w.slope[used] = 0;
          w.len[used] = PH[n - 1] - lo;
          nn = 1;
        }
      }
    } else {
      // interval t's stage: upper hull (monotone chain) of its vertices' (Δ, reward), by Δ
      const poly = w.polygonAt(p, t);
      const k = poly.n;
      if (sUsed + k > w.sDl.length) w.growStages(Math.max(sUsed + k, w.sDl.length * 2));
      const ODL = w.sDl;
      const OOB = w.sOb;
      const OCC = w.sCc;
      const ODD = w.sDd;
      const lt = lam ? lam[day[t]] : 0;
      const pex = ex[t];
      const pim = im[t];
      const so = sUsed;
      let m = 0;
      for (let q = 0; q < k; q++) {
        const i = poly.order[q];
        const x = poly.dl[i];
        const c = poly.c[i];
        const d = poly.d[i];
        const net = d - c;
        // reward = Δt·(ex·(d−c)⁺ − im·(c−d)⁺ − λ·d/ηd), concave as ex ≤ im
        const y = dt * ((net > 0 ? pex * net : pim * net) - (lt * d) / etaD);
        if (m > 0 && Math.abs(ODL[so + m - 1] - x) <= 1e-12 * Math.max(1, Math.abs(x))) {
          if (OOB[so + m - 1] >= y) continue;
          m--;
        }
        while (m >= 2) {
          const x1 = ODL[so + m - 2];
          const y1 = OOB[so + m - 2];
          const x2 = ODL[so + m - 1];
          const y2 = OOB[so + m - 1];
          if ((y2 - y1) * (x - x1) <= (y - y1) * (x2 - x1) + 1e-15 * Math.abs((y - y1) * (x2 - x1))) m--;
          else break;
        }
        ODL[so + m] = x;
        OOB[so + m] = y;
        OCC[so + m] = c;
        ODD[so + m] = d;
        m++;
      }
      sOff[t] = so;
      sM[t] = m;
      sUsed += m;
      if (m === 0) return false;
      // merge V_t's slopes with those of h(x) = stage(−x): segments j = m−2 … 0, slope −σ_j
      w.reserve(used + VN[t + 1] + m + 2);
      const S = w.slope;
      const Ln = w.len;
      let i = VO[t + 1];
      const ge = i + VN[t + 1];
      let j = m - 2;
      let hs = j >= 0 ? -(OOB[so + j + 1] - OOB[so + j]) / (ODL[so + j + 1] - ODL[so + j]) : -Infinity;
      while (i < ge || j >= 0) {
        let sl: number;
        let l: number;
        if (i < ge && (j < 0 || S[i] >= hs)) {
          sl = S[i];
          l = Ln[i];
          i++;
        } else {
          sl = hs;
          l = ODL[so + j + 1] - ODL[so + j];
          j--;
          hs = j >= 0 ? -(OOB[so + j + 1] - OOB[so + j]) / (ODL[so + j + 1] - ODL[so + j]) : -Infinity;
        }
        if (!(l > 0)) continue;
        if (nn > 0 && Math.abs(S[used + nn - 1] - sl) <= 1e-12 * Math.max(1, Math.abs(sl)))
          Ln[used + nn - 1] += l;
        else {
          S[used + nn] = sl;
          Ln[used + nn] = l;
          nn++;
        }
      }
      lo = VLo[t + 1] - ODL[so + m - 1];
      v = VV[t + 1] + OOB[so + m - 1];
    }
    // 2. clipped to V_{t−1}'s bounds, into slot t
    const S = w.slope;
    const Ln = w.len;
    const L = t > 0 ? PL[t - 1] : startL;
    const H = t > 0 ? PH[t - 1] : startH;
    const scale = Math.max(
      1,
      Math.abs(lo),
      Number.isFinite(H) ? Math.abs(H) : 0,
      Number.isFinite(L) ? Math.abs(L) : 0,
    );
    const tol = 1e-9 * scale;
    let k0 = used;
    let end = used + nn;
    if (lo < L) {
      let need = L - lo;
      while (k0 < end && Ln[k0] <= need) {
        need -= Ln[k0];
        v += S[k0] * Ln[k0];
        k0++;
      }
      if (k0 === end) {
        // consumed everything: feasible only if L is (numerically) the right end
        if (need > tol) return false;
        VO[t] = used;
        VN[t] = 0;
        VLo[t] = VHi[t] = L;
        VV[t] = v;
        continue;
      }
      v += S[k0] * need;
      Ln[k0] -= need;
      lo = L;
    }
    if (lo > H + tol) return false;
    let hi = lo;
    for (let q = k0; q < end; q++) hi += Ln[q];
    if (hi > H) {
      let extra = hi - H;
      while (end > k0 && Ln[end - 1] <= extra) {
        extra -= Ln[end - 1];
        end--;
      }
      if (end > k0) Ln[end - 1] -= extra;
      hi = H;
    }
    // drop numerically empty segments, moving the rest to the start of the slot's space
    let wn = 0;
    for (let q = k0; q < end; q++) {
      if (Ln[q] <= 1e-13 * scale) {
        if (q === k0) v += S[q] * Ln[q];
        else if (wn > 0) Ln[used + wn - 1] += Ln[q];
        continue;
      }
      S[used + wn] = S[q];
      Ln[used + wn] = Ln[q];
      wn++;
    }
    if (lo < L - tol) return false;
    VO[t] = used;
    VN[t] = wn;
    VLo[t] = lo;
    VV[t] = v;
    VHi[t] = Math.max(hi, lo);
    used += wn;
  }
  return true;
}

/**
 * The schedule from s0 on the value functions and stages backwardPass stored, into the buffers;
 * returns the penalised objective (without the terminal value), −Infinity if infeasible.
 */
function forwardPass(p: ChainParams, lam: Float64Array | null, w: ChainWork, bb: ChainBuffers): number {
  const { c, d, s, thr } = bb;
  const { slope: VS, len: VL, off: VO, cnt: VN, lo: VLo, hi: VHi } = w;
  const { sOff, sM, sDl, sOb, sCc, sDd } = w;
  const tol = 1e-9 * Math.max(1, p.P);
  let soc = p.s0;
  let obj = 0;
  for (let t = 0; t < p.n; t++) {
    const lt = lam ? lam[p.day[t]] : 0;
    const so = sOff[t];
    const m = sM[t];
    // V_t is in slot t + 1
    if (soc + sDl[so] > VHi[t + 1] + tol || soc + sDl[so + m - 1] < VLo[t + 1] - tol) return -Infinity;
    // the best next SoC: maximise stage(s' − soc) + V_t(s'); ties go to the smallest s'
    let nx: number;
    {
      const glo = VLo[t + 1];
      const d0 = sDl[so];
      const dm = sDl[so + m - 1];
      let x = Math.max(glo, soc + d0);
      const xEnd = Math.min(VHi[t + 1], soc + dm);
      if (xEnd <= x) nx = Math.min(Math.max(x, soc + d0), soc + dm);
      else {
        // pointers: V's segment containing x (right side), the stage's segment containing x − soc
        const go = VO[t + 1];
        const ge = go + VN[t + 1];
        let i = go;
        let gp = glo;
        while (i < ge && gp + VL[i] <= x) {
          gp += VL[i];
          i++;
        }
        const fe = so + m - 1;
        let j = so;
        while (j < fe - 1 && soc + sDl[j + 1] <= x) j++;
        for (;;) {
          const gs = i < ge ? VS[i] : -Infinity;
          const fs = j < fe ? (sOb[j + 1] - sOb[j]) / (sDl[j + 1] - sDl[j]) : -Infinity;
          if (gs + fs <= 1e-12 * (Math.abs(gs) + Math.abs(fs) + 1)) break;
          const gNext = i < ge ? gp + VL[i] : Infinity;
          const fNext = j < fe ? soc + sDl[j + 1] : Infinity;
          const nxt = Math.min(gNext, fNext, xEnd);
          if (nxt >= xEnd) {
            x = xEnd;
            break;
          }
          x = nxt;
          if (gNext <= x) {
            gp = gNext;
            i++;
          }
          if (fNext <= x) j++;
        }
        nx = x;
      }
    }
    // the flows realising Δ = nx − soc: interpolated between the bracketing hull vertices
    const delta = nx - soc;
    const last = so + m - 1;
    let ct: number;
    let dt_: number;
    if (delta <= sDl[so]) {
      ct = sCc[so];
      dt_ = sDd[so];
    } else if (delta >= sDl[last]) {
      ct = sCc[last];
      dt_ = sDd[last];
    } else {
      let jj = so;
      while (jj < last - 1 && sDl[jj + 1] < delta) jj++;
      const wt = (delta - sDl[jj]) / (sDl[jj + 1] - sDl[jj]);
      ct = sCc[jj] + wt * (sCc[jj + 1] - sCc[jj]);
      dt_ = sDd[jj] + wt * (sDd[jj + 1] - sDd[jj]);
    }
    c[t] = ct;
    d[t] = dt_;
    // SoC from the flows (exact energy balance), clamped to the bounds against rounding
    let ns = soc + (p.etaC * ct - dt_ / p.etaD) * p.dt;
    ns = Math.min(Math.max(ns, p.L[t]), p.H[t]);
    s[t] = ns;
    soc = ns;
    const net = dt_ - ct;
    const th = (dt_ / p.etaD) * p.dt;
    thr[p.day[t]] += th;
    const o = p.dt * (net > 0 ? p.ex[t] * net : p.im[t] * net) - lt * th;
    obj += o;
  }
  return obj;
}

export interface CapSolution extends ChainSolution {
  /** Revenue of the primal schedule (no penalties). */
  revenue: number;
  /** Dual bound − revenue (≥ 0): certified distance to the LP optimum, absolute. */
  gap: number;
  /** Passes over the chain: the uncapped one, then one per envelope round. */
  passes: number;
}

const revenueOf = (p: ChainParams, sol: ChainSolution) => {
  let r = 0;
  for (let t = 0; t < p.n; t++) {
    const net = sol.d[t] - sol.c[t];
    r += p.dt * (net > 0 ? p.ex[t] * net : p.im[t] * net);
  }
  return r;
};

let zeros = new Int32Array(0);
/** m zeros (the day index of a one-day chain), shared: nothing writes to it. */
const zeroDays = (m: number) => {
  if (zeros.length < m) zeros = new Int32Array(Math.max(m, 2 * zeros.length));
  return zeros.subarray(0, m);
};

/** The chain restricted to intervals [t0, t1) of one day, from SoC sStart. */
function dayParams(
  p: ChainParams,
  t0: number,
  t1: number,
  sStart: number,
  startL = sStart,
  startH = sStart,
): ChainParams {
  const m = t1 - t0;
  return {
    ...p,
    n: m,
    s0: sStart,
    ex: p.ex.subarray(t0, t1),
    im: p.im.subarray(t0, t1),
    A: p.A.subarray(t0, t1),
    B: p.B.subarray(t0, t1),
    L: p.L.subarray(t0, t1),
    H: p.H.subarray(t0, t1),
    day: zeroDays(m),
    nDays: 1,
    // always set, so every day's parameters have one shape (V8 keeps its loads monomorphic)
    startL,
    startH,
  };
}

interface DayFix {
  ok: boolean;
  lambda: number;
  c: Float64Array;
  d: Float64Array;
  s: Float64Array;
  thr: number;
}

/**
 * Copies a day's schedule into the horizon's arrays at t0. A solveDay result may live in pooled
 * buffers longer than the day, so only its first t1 − t0 entries are the day's.
 */
function putDay(fix: DayFix, t0: number, t1: number, c: Float64Array, d: Float64Array, s: Float64Array) {
  const m = t1 - t0;
  c.set(fix.c.subarray(0, m), t0);
  d.set(fix.d.subarray(0, m), t0);
  s.set(fix.s.subarray(0, m), t0);
}

/** The longest day of a chain (intervals), for buffers reused from day to day. */
function longestDay(start: Int32Array, D: number): number {
  let m = 0;
  for (let k = 0; k < D; k++) m = Math.max(m, start[k + 1] - start[k]);
  return m;
}

/** Relative gap at which a day's Kelley search stops without confirming the kink (0107). */
const KELLEY_TOL = 1e-7;

/** Buffers for the four schedules a day solve keeps at once (reusable from day to day). */
const newPool = (m: number) => [
  chainBuffers(m, 1),
  chainBuffers(m, 1),
  chainBuffers(m, 1),
  chainBuffers(m, 1),
];

/**
 * W_k of envelopeBound, built from the multipliers a day solve tries: for each λ, the day's
 * value G_λ of its start SoC over the start's bounds, plus λ·cap; W_k = their pointwise minimum.
 */
class DayEnvelope implements DayObserver {
  first = true;
  startL = 0;
  startH = 0;
  private W = new Pwl(16);
  private G = new Pwl(64);
  private tmp = new Pwl(64);
  constructor(private cap: number) {}
  begin(W: Pwl, L: number, H: number) {
    this.W = W;
    this.startL = L;
    this.startH = H;
    this.first = true;
  }
  tried(l: number, work: ChainWork) {
    const { G, W } = this;
    work.load(-1, G);
    G.v += l * this.cap;
    if (this.first) W.copyFrom(G);
    else {
      pointwiseMin(W, G, this.tmp);
      W.copyFrom(this.tmp);
    }
    this.first = false;
  }
}

/** Multiples of a day's λ* that envelopeBound also tries when asked to probe (0107 update 6). */
const PROBES = [0.7, 1.4];

/**
 * G_λ of a day's start SoCs at multiples of its λ*, into the day's envelope: W_k then stays tight
 * over more of its domain than around ŝ_k alone. Backward passes only: no schedule is needed.
 */
function probeDay(
  p: ChainParams,
  t0: number,
  t1: number,
  s0: number,
  w: ChainWork,
  terminal: Pwl | undefined,
  lambda: number,
  env: DayEnvelope,
) {
  const dp = dayParams(p, t0, t1, s0, env.startL, env.startH);
  const l = new Float64Array(1);
  w.size(dp.n);
  for (const f of PROBES) {
    l[0] = lambda * f;
    if (backwardPass(dp, l, w, terminal)) env.tried(l[0], w);
  }
}

/**
 * An upper bound on the capped chain's optimum, tight along a given trajectory, by backward
 * induction over days on an over-estimate W_k of the capped value-to-go:
 *  - day k = D−1 … 0 is solved exactly for its cap from the trajectory's start SoC ŝ_k with W_{k+1}
 *    as terminal value (solveDay: Kelley on the day's dual). Every multiplier λ it tries gives, by
 *    one more backward step, the day's penalised value G_λ(s) for every start s, and
 *    W_k(s) = min_λ [G_λ(s) + λ·cap] ≥ the true capped value (weak duality, by induction from
 *    the last day); it is tight at ŝ_k.
 *  - W_0(s0) ≥ the LP optimum. Along a near-optimal trajectory (the repaired schedule) it is
 *    much tighter than the global Lagrangian bound L(λ) + Σλ·cap, whose 366 multipliers are
 *    only approximately optimal (GB 2024: 0.06 % above the optimum vs 0.35 %).
 * Also returns the schedule of the days solved from ŝ, chained forwards (re-solving a day from
 * its actual start where the chain departs from ŝ): feasible, often better than the input.
 */
function envelopeBound(
  p: ChainParams,
  start: Int32Array,
  sRef: Float64Array,
  lam: Float64Array,
  scale: number,
  probe = false,
): { bound: number; c: Float64Array; d: Float64Array; s: Float64Array; thr: Float64Array } | null {
  const D = p.nDays;
  const pool = newPool(longestDay(start, D));
  const dw = new ChainWork();
  const W: Pwl[] = Array.from({ length: D }, () => new Pwl(16));
  const cB = new Float64Array(p.n);
  const dB = new Float64Array(p.n);
  const sB = new Float64Array(p.n);
  let bound = Infinity;
  // day k from a start SoC, W_{k+1} as its terminal value, warm-started at its multiplier
  const solveFrom = (k: number, s0: number, observer?: DayObserver) =>
    solveDay(
      p,
      start[k],
      start[k + 1],
      s0,
      dw,
      scale,
      k + 1 < D ? W[k + 1] : undefined,
      // warm start: this day's multiplier from the last round, else the next day's (just solved)
      lam[k] || (k + 1 < D ? lam[k + 1] : 0),
      observer,
      pool,
    );
  const env = new DayEnvelope(p.cap);
  for (let k = D - 1; k >= 0; k--) {
    const t0 = start[k];
    const t1 = start[k + 1];
    const Wk = W[k];
    env.begin(Wk, k > 0 ? p.L[t0 - 1] : p.s0, k > 0 ? p.H[t0 - 1] : p.s0);
    const fix = solveFrom(k, sRef[k], env);
    if (!fix.ok || env.first || !Wk.ok) return null;
    putDay(fix, t0, t1, cB, dB, sB);
    lam[k] = fix.lambda;
    if (probe && fix.lambda > 0)
      probeDay(p, t0, t1, sRef[k], dw, k + 1 < D ? W[k + 1] : undefined, fix.lambda, env);
    if (k === 0) bound = Wk.at(p.s0);
  }
  // forwards: the days' schedules chained, a day re-solved where it starts off its ŝ
  const thr = new Float64Array(D);
  const sTol = 1e-9 * Math.max(1, p.H[0]);
  let sStart = p.s0;
  for (let k = 0; k < D; k++) {
    const t0 = start[k];
    const t1 = start[k + 1];
    if (Math.abs(sStart - sRef[k]) > sTol) {
      const fix = solveFrom(k, sStart);
      if (!fix.ok) return null;
      putDay(fix, t0, t1, cB, dB, sB);
    }
    for (let t = t0; t < t1; t++) thr[k] += (dB[t] / p.etaD) * p.dt;
    sStart = sB[t1 - 1];
  }
  return { bound, c: cB, d: dB, s: sB, thr };
}

/** Told of every multiplier a day solve tries (with the day's chain and its value functions in w). */
interface DayObserver {
  /** The start SoCs over which the day's V_{−1} is wanted. */
  startL: number;
  startH: number;
  tried(lambda: number, w: ChainWork): void;
}

/** One evaluation of a day's dual at λ: g = penalised objective + λ·cap, slope = cap − throughput. */
interface DayEval {
  l: number;
  r: ChainSolution;
  thr: number;
  g: number;
  slope: number;
}

/** What a day solve's evaluations share (module functions, not closures: see evalDay). */
interface DayCtx {
  p: ChainParams;
  dp: ChainParams;
  lam: Float64Array;
  w: ChainWork;
  terminal: Pwl | undefined;
  observer: DayObserver | undefined;
  pool: ChainBuffers[];
  a: DayEval | null;
  b: DayEval | null;
}

// The day solve's helpers are module functions rather than closures: under tsx (esbuild's
// keepNames) every closure created costs a __name call, and solveDay runs ≈ 2400 times a year
// (5 % of the GB 2024 solve, profiled).

/** A pool buffer neither end of the bracket uses. */
function freeBuffers(x: DayCtx): ChainBuffers {
  for (const buf of x.pool) if (buf.c !== x.a?.r.c && buf.c !== x.b?.r.c) return buf;
  throw new Error("day solve: no free buffers");
}

function evalDay(x: DayCtx, l: number): DayEval {
  x.lam[0] = l;
  const r = solveChain(x.dp, x.lam, x.w, x.terminal, freeBuffers(x));
  if (x.observer && r.feasible) x.observer.tried(l, x.w);
  const thr = r.dayThroughput[0];
  return { l, r, thr, g: r.objective + l * x.p.cap, slope: x.p.cap - thr };
}

const dayFix = (e: DayEval, ok: boolean): DayFix => ({
  ok,
  lambda: e.l,
  c: e.r.c,
  d: e.r.d,
  s: e.r.s,
  thr: e.thr,
});

/**
 * One day with fixed boundary SoCs and its cap, solved exactly: the day's dual g(λ) = L(λ) + λ·cap
 * is convex piecewise-linear in λ; Kelley's cutting planes find its minimiser in a few solves and
 * the two schedules on either side of it (both optimal at λ*) are mixed so the cap holds with
 * equality — the mixture is optimal for the capped day (complementary slackness).
 */
function solveDay(
  p: ChainParams,
  t0: number,
  t1: number,
  sStart: number,
  w: ChainWork,
  scale: number,
  terminal?: Pwl,
  hint = 0,
  observer?: DayObserver,
  pool: ChainBuffers[] = newPool(t1 - t0),
): DayFix {
  const dp = dayParams(p, t0, t1, sStart, observer?.startL, observer?.startH);
  const x: DayCtx = {
    p,
    dp,
    lam: new Float64Array(1),
    w,
    terminal,
    observer,
    pool,
    a: null,
    b: null,
  };
  const capTol = 1e-9 * Math.max(1, p.cap);
  const overCap = p.cap + capTol;
  if (hint > 0) {
    // warm start around the multiplier of the previous round; λ = 0 only when it may be the answer
    const e = evalDay(x, hint);
    if (!e.r.feasible) return dayFix(e, false);
    if (e.thr > overCap) {
      x.a = e;
      x.b = evalDay(x, hint * 1.25);
    } else {
      x.b = e;
      const e2 = evalDay(x, hint * 0.8);
      if (e2.thr > overCap) x.a = e2;
      else {
        x.b = e2;
        x.a = evalDay(x, 0);
        if (!(x.a.thr > overCap)) return dayFix(x.a, true);
      }
    }
  } else {
    x.a = evalDay(x, 0);
    if (!x.a.r.feasible) return dayFix(x.a, false);
    if (!(x.a.thr > overCap)) return dayFix(x.a, true);
    x.b = x.a;
  }
  let a = x.a;
  let b = x.b!;
  if (b === a || b.thr > overCap) b = x.b = evalDay(x, Math.max(scale, 2 * a.l));
  for (let k = 0; k < 6 && b.thr > overCap; k++) b = x.b = evalDay(x, b.l * 4);
  if (b.thr > overCap) return dayFix(b, false);
  for (let it = 0; it < 12; it++) {
    const l = (b.g - a.g + a.slope * a.l - b.slope * b.l) / (a.slope - b.slope);
    if (!(l > a.l && l < b.l)) break;
    const lineVal = a.g + a.slope * (l - a.l);
    // the bracket already proves its mixture within a hair of the day's optimum (the gap between
    // the best value seen and the cutting-plane model's minimum bounds the loss)
    if (Math.min(a.g, b.g) - lineVal <= KELLEY_TOL * Math.abs(lineVal)) break;
    const e = evalDay(x, l);
    if (Math.abs(e.thr - p.cap) <= capTol) return dayFix(e, true);
    if (e.g <= lineVal + 1e-11 * (Math.abs(lineVal) + 1)) break; // l is the kink: a and b both optimal at l
    if (e.thr > p.cap) a = x.a = e;
    else b = x.b = e;
  }
  // mix a (over the cap) and b (under): θ·a + (1−θ)·b meets the cap exactly
  const th = (p.cap - b.thr) / (a.thr - b.thr);
  const m = t1 - t0;
  const { c, d, s } = freeBuffers(x); // a pool buffer: callers copy the day's schedule out at once
  for (let t = 0; t < m; t++) {
    c[t] = th * a.r.c[t] + (1 - th) * b.r.c[t];
    d[t] = th * a.r.d[t] + (1 - th) * b.r.d[t];
    s[t] = th * a.r.s[t] + (1 - th) * b.r.s[t];
  }
  const lambda = (b.g - a.g + a.slope * a.l - b.slope * b.l) / (a.slope - b.slope);
  return { ok: true, lambda: Number.isFinite(lambda) ? lambda : b.l, c, d, s, thr: p.cap };
}

/**
 * The value functions of a chain (no schedule), into w: V_t in slot t + 1 (`w.load(t, f)`). One
 * backward pass; false when the chain is infeasible. The bidding policy's look-ahead (bidding.ts).
 */
export function valueFunctions(p: ChainParams, lam: Float64Array | null, w: ChainWork): boolean {
  w.size(p.n);
  return backwardPass(p, lam, w);
}

/**
 * The multiplier of a chain's cap solved as one day (0 when the cap is slack or infinite): what a
 * MWh of cell throughput is worth that day, the discharge penalty the bidding policy carries.
 */
export function dayCapMultiplier(p: ChainParams, w: ChainWork = new ChainWork()): number {
  if (!Number.isFinite(p.cap)) return 0;
  let scale = 0;
  for (let t = 0; t < p.n; t++) scale = Math.max(scale, Math.abs(p.ex[t]), Math.abs(p.im[t]));
  const fix = solveDay(p, 0, p.n, p.s0, w, Math.max(scale, 1) * p.etaD);
  return fix.ok && Number.isFinite(fix.lambda) ? Math.max(0, fix.lambda) : 0;
}

/**
 * Solves the chain with the daily cap. One pass without the cap; when no day exceeds it, that is
 * the optimum. Otherwise envelopeBound along that pass's midnight SoCs gives a feasible schedule
 * and an upper bound on the optimum; more rounds follow, each along the best schedule so far,
 * while the certificate (best bound − revenue) is above `accept` (relative), up to
 * `envelopeRounds`. The schedule is always feasible; `gap` certifies how far it can be from the
 * LP optimum.
 */
export function solveChainWithCap(
  p: ChainParams,
  opts: {
    /** Relative certificate at which the rounds stop (default 5e-5). */
    accept?: number;
    /** Most rounds of envelopeBound (default 4). */
    envelopeRounds?: number;
  } = {},
  w = new ChainWork(),
): CapSolution {
  const D = p.nDays;
  const capTol = 1e-9 * Math.max(1, p.cap);
  const lam = new Float64Array(D);
  const sol = solveChain(p, null, w);
  if (!sol.feasible) return { ...sol, revenue: -Infinity, gap: Infinity, passes: 1 };
  let over = false;
  for (let k = 0; k < D; k++) if (sol.dayThroughput[k] > p.cap + capTol) over = true;
  if (!Number.isFinite(p.cap) || !over) return { ...sol, revenue: revenueOf(p, sol), gap: 0, passes: 1 };
  let scale = 0;
  for (let t = 0; t < p.n; t++) scale = Math.max(scale, Math.abs(p.ex[t]), Math.abs(p.im[t]));
  scale = Math.max(scale, 1) * p.etaD;
  // day ranges
  const start = new Int32Array(D + 1);
  for (let t = 1; t < p.n; t++) if (p.day[t] !== p.day[t - 1]) start[p.day[t]] = t;
  start[D] = p.n;
  // the uncapped optimum bounds the capped one; each round's envelope bound may tighten it
  let bound = sol.objective;
  let best: CapSolution | null = null;
  let traj = sol.s;
  const accept = opts.accept ?? 5e-5;
  const rounds = opts.envelopeRounds ?? 4;
  for (let round = 0; round < rounds; round++) {
    const sRef = new Float64Array(D);
    sRef[0] = p.s0;
    for (let k = 1; k < D; k++) sRef[k] = traj[start[k] - 1];
    // from the third round on, each day also probes multiples of its λ*: a year like GB 2024
    // certifies in two rounds, which the probes would make 30 % slower (0107 update 6)
    const env = envelopeBound(p, start, sRef, lam, scale, round >= 2);
    if (!env) break;
    bound = Math.min(bound, env.bound);
    const cand = { feasible: true, objective: 0, c: env.c, d: env.d, s: env.s, dayThroughput: env.thr };
    const rev = revenueOf(p, cand);
    if (!best || rev > best.revenue) best = { ...cand, revenue: rev, gap: 0, passes: 0 };
    best.passes = round + 2;
    best.gap = Math.max(0, bound - best.revenue);
    if (best.gap <= accept * Math.max(1, Math.abs(best.revenue))) break;
    traj = best.s;
  }
  return best ?? { ...sol, feasible: false, revenue: -Infinity, gap: Infinity, passes: 1 };
}
