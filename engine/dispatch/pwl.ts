// Concave piecewise-linear functions of the state of charge and the one-interval battery stage,
// the building blocks of the exact dynamic programme in dp.ts.
//
// A function is stored as its domain start `lo`, its value `v` at lo and its segments in order of
// increasing SoC: (slope, length) with slopes strictly decreasing (concavity). The max-plus
// (sup-)convolution of two concave piecewise-linear functions is then a merge of their slope
// sequences (Rockafellar, Convex Analysis §5; the standard "marginal value" storage recursion),
// and clipping to [L, H] trims segments from either end.

export class Pwl {
  lo = 0;
  v = 0;
  n = 0;
  /** false when the domain is empty (infeasible). */
  ok = true;
  slope: Float64Array;
  len: Float64Array;
  constructor(cap = 64) {
    this.slope = new Float64Array(cap);
    this.len = new Float64Array(cap);
  }
  ensure(cap: number) {
    if (cap <= this.slope.length) return;
    const c = Math.max(cap, this.slope.length * 2);
    const s = new Float64Array(c);
    s.set(this.slope.subarray(0, this.n));
    const l = new Float64Array(c);
    l.set(this.len.subarray(0, this.n));
    this.slope = s;
    this.len = l;
  }
  get hi(): number {
    let h = this.lo;
    for (let i = 0; i < this.n; i++) h += this.len[i];
    return h;
  }
  setZero(lo: number, hi: number) {
    this.ok = hi >= lo;
    this.lo = lo;
    this.v = 0;
    this.n = 0;
    if (hi > lo) {
      this.slope[0] = 0;
      this.len[0] = hi - lo;
      this.n = 1;
    }
  }
  copyFrom(o: Pwl) {
    this.ensure(o.n);
    this.lo = o.lo;
    this.v = o.v;
    this.n = o.n;
    this.ok = o.ok;
    this.slope.set(o.slope.subarray(0, o.n));
    this.len.set(o.len.subarray(0, o.n));
  }
  /** Value at x (x inside the domain; clamped otherwise). */
  at(x: number): number {
    let v = this.v;
    let p = this.lo;
    for (let i = 0; i < this.n; i++) {
      const l = this.len[i];
      if (x <= p + l) return v + this.slope[i] * Math.max(0, x - p);
      v += this.slope[i] * l;
      p += l;
    }
    return v;
  }
  /** Maximum value over the domain. */
  max(): number {
    let v = this.v;
    let best = v;
    for (let i = 0; i < this.n; i++) {
      v += this.slope[i] * this.len[i];
      if (v > best) best = v;
    }
    return best;
  }
}

/**
 * One interval's reward as a function of the SoC change Δ (MWh): the upper concave hull of the
 * images (Δ, reward) of the vertices of the feasible (charge, discharge) polygon. Because the
 * reward is concave in (c, d) and the polygon is convex, this hull IS the interval's best
 * reward for each Δ (the LP's parametric value), and the hull vertex pair that brackets a Δ
 * gives the (c, d) that realises it.
 */
export class Stage {
  /** Hull points sorted by Δ ascending. */
  m = 0;
  dl = new Float64Array(16);
  ob = new Float64Array(16);
  cc = new Float64Array(16);
  dd = new Float64Array(16);
}

/** Vertices of {0 ≤ c ≤ cMax, 0 ≤ d ≤ dMax, c + d ≤ P, d − c ≤ A, c − d ≤ B} and the points where c = d crosses it. */
export class Polygon {
  n = 0;
  c = new Float64Array(32);
  d = new Float64Array(32);
  /** Vertex order by Δ (set by buildStage on first use for given efficiencies). */
  order = new Int32Array(32);
  dl = new Float64Array(32);
  sortedFor = NaN;
  static build(cMax: number, dMax: number, P: number, A: number, B: number, out: Polygon): Polygon {
    // lines α·c + β·d = γ
    const L: [number, number, number][] = [
      [1, 0, 0],
      [1, 0, cMax],
      [0, 1, 0],
      [0, 1, dMax],
      [1, 1, P],
      [-1, 1, A],
      [1, -1, B],
      [1, -1, 0],
    ];
    const tol = 1e-9 * Math.max(1, P);
    out.n = 0;
    for (let i = 0; i < L.length; i++)
      for (let j = i + 1; j < L.length; j++) {
        const [a1, b1, g1] = L[i];
        const [a2, b2, g2] = L[j];
        const det = a1 * b2 - a2 * b1;
        if (Math.abs(det) < 1e-12) continue;
        if (!Number.isFinite(g1) || !Number.isFinite(g2)) continue;
        const c = (g1 * b2 - g2 * b1) / det;
        const d = (a1 * g2 - a2 * g1) / det;
        if (
          c < -tol ||
          d < -tol ||
          c > cMax + tol ||
          d > dMax + tol ||
          c + d > P + tol ||
          d - c > A + tol ||
          c - d > B + tol
        )
          continue;
        const cc = Math.min(Math.max(c, 0), cMax);
        const dd = Math.min(Math.max(d, 0), dMax);
        let dup = false;
        for (let k = 0; k < out.n; k++)
          if (Math.abs(out.c[k] - cc) <= tol && Math.abs(out.d[k] - dd) <= tol) dup = true;
        if (dup) continue;
        out.c[out.n] = cc;
        out.d[out.n] = dd;
        out.n++;
      }
    out.sortedFor = NaN;
    return out;
  }
}

/**
 * Builds the stage (upper hull) for one interval: reward(c, d) = dt·(ex·(d−c)⁺ − im·(c−d)⁺ − λ·d/ηd),
 * concave when ex ≤ im (equal without a grid stage). Δ = (ηc·c − d/ηd)·dt.
 */
export function buildStage(
  poly: Polygon,
  etaC: number,
  etaD: number,
  dt: number,
  ex: number,
  im: number,
  lam: number,
  out: Stage,
): Stage {
  const k = poly.n;
  const idx = poly.order;
  const dl = poly.dl;
  const key = etaC * 1e6 + etaD * 1e3 + dt;
  if (poly.sortedFor !== key) {
    for (let i = 0; i < k; i++) {
      dl[i] = (etaC * poly.c[i] - poly.d[i] / etaD) * dt;
      idx[i] = i;
    }
    for (let i = 1; i < k; i++) {
      const x = idx[i];
      let j = i - 1;
      while (j >= 0 && dl[idx[j]] > dl[x]) {
        idx[j + 1] = idx[j];
        j--;
      }
      idx[j + 1] = x;
    }
    poly.sortedFor = key;
  }
  // upper hull (monotone chain) of (Δ, reward)
  let m = 0;
  const ODL = out.dl;
  const OOB = out.ob;
  for (let q = 0; q < k; q++) {
    const i = idx[q];
    const x = dl[i];
    const c = poly.c[i];
    const d = poly.d[i];
    const net = d - c;
    const y = dt * ((net > 0 ? ex * net : im * net) - (lam * d) / etaD);
    if (m > 0 && Math.abs(ODL[m - 1] - x) <= 1e-12 * Math.max(1, Math.abs(x))) {
      if (OOB[m - 1] >= y) continue;
      m--;
    }
    while (m >= 2) {
      const x1 = ODL[m - 2];
      const y1 = OOB[m - 2];
      const x2 = ODL[m - 1];
      const y2 = OOB[m - 1];
      if ((y2 - y1) * (x - x1) <= (y - y1) * (x2 - x1) + 1e-15 * Math.abs((y - y1) * (x2 - x1))) m--;
      else break;
    }
    ODL[m] = x;
    OOB[m] = y;
    out.cc[m] = c;
    out.dd[m] = d;
    m++;
  }
  out.m = m;
  return out;
}

/**
 * Backward step: out(s) = max_{s'} g(s') + f(s' − s), s in [L, H]. f is the stage (function of Δ).
 * With h(x) = f(−x): out = g □ h (sup-convolution), then clipped.
 */
export function backwardStep(g: Pwl, st: Stage, L: number, H: number, out: Pwl): void {
  if (!g.ok) {
    out.ok = false;
    return;
  }
  out.ensure(g.n + st.m + 2);
  const n = backwardRaw(g.slope, g.len, 0, g.n, g.lo, g.v, st, L, H, out.slope, out.len, 0);
  out.ok = n >= 0;
  out.n = Math.max(n, 0);
  out.lo = RAW[0];
  out.v = RAW[1];
}

/** lo, v and hi of the function backwardRaw or clipRaw just wrote. */
export const RAW = new Float64Array(3);

/**
 * backwardStep on flat storage (the dynamic programme keeps every value function in two arrays,
 * dp.ts ChainWork): g's segments at gS/gL[go … go+gn) from glo with value gv there; the result's
 * segments are written at oS/oL[oo …] (room for gn + st.m + 2 needed; may be g's own arrays past
 * its end). Returns the result's segment count, −1 if its domain is empty; its lo, v, hi in RAW.
 */
export function backwardRaw(
  gS: Float64Array,
  gL: Float64Array,
  go: number,
  gn: number,
  glo: number,
  gv: number,
  st: Stage,
  L: number,
  H: number,
  oS: Float64Array,
  oL: Float64Array,
  oo: number,
): number {
  const m = st.m;
  if (m === 0) return -1;
  const dl = st.dl;
  const ob = st.ob;
  // h: lo = −Δ_{m−1}, value ob_{m−1}; segments j = m−2 … 0 with slope −σ_j
  let n = 0;
  let i = go;
  const ge = go + gn;
  let j = m - 2;
  let hs = j >= 0 ? -(ob[j + 1] - ob[j]) / (dl[j + 1] - dl[j]) : -Infinity;
  while (i < ge || j >= 0) {
    let s: number;
    let l: number;
    if (i < ge && (j < 0 || gS[i] >= hs)) {
      s = gS[i];
      l = gL[i];
      i++;
    } else {
      s = hs;
      l = dl[j + 1] - dl[j];
      j--;
      hs = j >= 0 ? -(ob[j + 1] - ob[j]) / (dl[j + 1] - dl[j]) : -Infinity;
    }
    if (!(l > 0)) continue;
    if (n > 0 && Math.abs(oS[oo + n - 1] - s) <= 1e-12 * Math.max(1, Math.abs(s))) oL[oo + n - 1] += l;
    else {
      oS[oo + n] = s;
      oL[oo + n] = l;
      n++;
    }
  }
  return clipRaw(oS, oL, oo, n, glo - dl[m - 1], gv + ob[m - 1], L, H);
}

/** Forward step: out(s') = max_s F(s) + f(s' − s) = F □ f, clipped to [L, H]. */
export function forwardStep(F: Pwl, st: Stage, L: number, H: number, out: Pwl): void {
  if (!F.ok || st.m === 0) {
    out.ok = false;
    return;
  }
  const m = st.m;
  out.ensure(F.n + m + 2);
  let n = 0;
  let i = 0;
  let j = 0;
  const S = out.slope;
  const Ln = out.len;
  while (i < F.n || j < m - 1) {
    let s: number;
    let l: number;
    const fs = j < m - 1 ? (st.ob[j + 1] - st.ob[j]) / (st.dl[j + 1] - st.dl[j]) : -Infinity;
    if (i < F.n && (j >= m - 1 || F.slope[i] >= fs)) {
      s = F.slope[i];
      l = F.len[i];
      i++;
    } else {
      s = fs;
      l = st.dl[j + 1] - st.dl[j];
      j++;
    }
    if (!(l > 0)) continue;
    if (n > 0 && Math.abs(S[n - 1] - s) <= 1e-12 * Math.max(1, Math.abs(s))) Ln[n - 1] += l;
    else {
      S[n] = s;
      Ln[n] = l;
      n++;
    }
  }
  out.lo = F.lo + st.dl[0];
  out.v = F.v + st.ob[0];
  out.n = n;
  out.ok = true;
  clip(out, L, H);
}

/** Restricts the domain to [L, H] (empty → ok = false). */
export function clip(f: Pwl, L: number, H: number): void {
  if (!f.ok) return;
  const n = clipRaw(f.slope, f.len, 0, f.n, f.lo, f.v, L, H);
  f.ok = n >= 0;
  f.n = Math.max(n, 0);
  f.lo = RAW[0];
  f.v = RAW[1];
}

/**
 * clip on flat storage: the function with segments S/Ln[o … o+n) from lo, value v there. Trims in
 * place; returns the new segment count (−1 = empty domain) and lo, v, hi in RAW.
 */
export function clipRaw(
  S: Float64Array,
  Ln: Float64Array,
  o: number,
  n: number,
  lo: number,
  v: number,
  L: number,
  H: number,
): number {
  const scale = Math.max(
    1,
    Math.abs(lo),
    Number.isFinite(H) ? Math.abs(H) : 0,
    Number.isFinite(L) ? Math.abs(L) : 0,
  );
  const tol = 1e-9 * scale;
  if (lo < L) {
    let need = L - lo;
    let k = 0;
    while (k < n && Ln[o + k] <= need) {
      need -= Ln[o + k];
      v += S[o + k] * Ln[o + k];
      k++;
    }
    if (k === n) {
      // consumed everything: feasible only if L is (numerically) the right end
      RAW[0] = RAW[2] = L;
      RAW[1] = v;
      return need > tol ? -1 : 0;
    }
    v += S[o + k] * need;
    Ln[o + k] -= need;
    if (k > 0) {
      for (let q = k; q < n; q++) {
        S[o + q - k] = S[o + q];
        Ln[o + q - k] = Ln[o + q];
      }
    }
    n -= k;
    lo = L;
  }
  if (lo > H + tol) return -1;
  let hi = lo;
  for (let k = 0; k < n; k++) hi += Ln[o + k];
  if (hi > H) {
    let extra = hi - H;
    while (n > 0 && Ln[o + n - 1] <= extra) {
      extra -= Ln[o + n - 1];
      n--;
    }
    if (n > 0) Ln[o + n - 1] -= extra;
    hi = H;
  }
  // drop numerically empty segments
  let w = 0;
  for (let k = 0; k < n; k++) {
    if (Ln[o + k] <= 1e-13 * scale) {
      if (k === 0) v += S[o] * Ln[o];
      else if (w > 0) Ln[o + w - 1] += Ln[o + k];
      continue;
    }
    S[o + w] = S[o + k];
    Ln[o + w] = Ln[o + k];
    w++;
  }
  RAW[0] = lo;
  RAW[1] = v;
  RAW[2] = Math.max(hi, lo);
  if (lo < L - tol) return -1;
  return w;
}

/**
 * The (c, d) realising Δ on the stage hull stored at dl/cc/dd[so … so+m) (interpolated between
 * the bracketing vertices), into FLOW.
 */
export const FLOW = new Float64Array(2);
export function flowsFor(
  dl: Float64Array,
  cc: Float64Array,
  dd: Float64Array,
  so: number,
  m: number,
  delta: number,
): Float64Array {
  const last = so + m - 1;
  if (delta <= dl[so]) {
    FLOW[0] = cc[so];
    FLOW[1] = dd[so];
  } else if (delta >= dl[last]) {
    FLOW[0] = cc[last];
    FLOW[1] = dd[last];
  } else {
    let j = so;
    while (j < last - 1 && dl[j + 1] < delta) j++;
    const w = (delta - dl[j]) / (dl[j + 1] - dl[j]);
    FLOW[0] = cc[j] + w * (cc[j + 1] - cc[j]);
    FLOW[1] = dd[j] + w * (dd[j + 1] - dd[j]);
  }
  return FLOW;
}

const envX: number[] = [];
const envY: number[] = [];

/** Walks a Pwl left to right: the segment at the current point (a class, not closures: dp.ts solveDay). */
class Walk {
  i = 0;
  x = 0;
  v = 0;
  f!: Pwl;
  start(f: Pwl) {
    this.f = f;
    this.i = 0;
    this.x = f.lo;
    this.v = f.v;
  }
  /** Value at x on the current segment's line (x at or right of the segment's start). */
  at(x: number): number {
    return this.i < this.f.n ? this.v + this.f.slope[this.i] * (x - this.x) : this.v;
  }
  /** Moves to the segment containing x (its right end belongs to the next one). */
  seek(x: number) {
    const f = this.f;
    while (this.i < f.n && this.x + f.len[this.i] <= x) {
      this.v += f.slope[this.i] * f.len[this.i];
      this.x += f.len[this.i];
      this.i++;
    }
  }
  /** End of the current segment (Infinity past the last). */
  end(): number {
    return this.i < this.f.n ? this.x + this.f.len[this.i] : Infinity;
  }
}
const walkA = new Walk();
const walkB = new Walk();

/**
 * out = min(a, b) on the intersection of their domains; the minimum of concave functions is
 * concave. Used for the dual envelope min_λ [G_λ(s) + λ·cap] of a capped day (dp.ts).
 */
export function pointwiseMin(a: Pwl, b: Pwl, out: Pwl): void {
  const lo = Math.max(a.lo, b.lo);
  const hi = Math.min(a.hi, b.hi);
  const scale = Math.max(1, Math.abs(lo), Math.abs(hi));
  if (!a.ok || !b.ok || hi < lo - 1e-9 * scale) {
    out.ok = false;
    return;
  }
  // both functions' breakpoints in order, plus the points where they cross
  const A = walkA;
  const B = walkB;
  A.start(a);
  B.start(b);
  envX.length = 0;
  envY.length = 0;
  let x = lo;
  A.seek(x);
  B.seek(x);
  envX.push(x);
  envY.push(Math.min(A.at(x), B.at(x)));
  while (x < hi) {
    const xn = Math.min(A.end(), B.end(), hi);
    const d0 = A.at(x) - B.at(x);
    const d1 = A.at(xn) - B.at(xn);
    if ((d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0)) {
      const xc = x + ((xn - x) * d0) / (d0 - d1);
      envX.push(xc);
      envY.push(A.at(xc));
    }
    envX.push(xn);
    envY.push(Math.min(A.at(xn), B.at(xn)));
    x = xn;
    A.seek(x);
    B.seek(x);
  }
  out.ensure(envX.length);
  out.lo = lo;
  out.v = envY[0];
  out.ok = true;
  let n = 0;
  const tol = 1e-13 * scale;
  for (let i = 1; i < envX.length; i++) {
    const l = envX[i] - envX[i - 1];
    if (!(l > tol)) continue;
    // concave by construction; against rounding, slopes never increase
    let s = (envY[i] - envY[i - 1]) / l;
    if (n > 0 && s > out.slope[n - 1]) s = out.slope[n - 1];
    if (n > 0 && Math.abs(out.slope[n - 1] - s) <= 1e-12 * Math.max(1, Math.abs(s))) out.len[n - 1] += l;
    else {
      out.slope[n] = s;
      out.len[n] = l;
      n++;
    }
  }
  out.n = n;
}
