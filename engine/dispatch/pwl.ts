// Concave piecewise-linear functions of the state of charge, and the (charge, discharge) polygon
// of one interval: what the exact dynamic programme in dp.ts works on (its backward pass merges
// and clips these functions in its own loop, for speed).
//
// A function is stored as its domain start `lo`, its value `v` at lo and its segments in order of
// increasing SoC: (slope, length) with slopes strictly decreasing (concavity).

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
}

/** Vertices of {0 ≤ c ≤ cMax, 0 ≤ d ≤ dMax, c + d ≤ P, d − c ≤ A, c − d ≤ B} and the points where c = d crosses it. */
export class Polygon {
  n = 0;
  c = new Float64Array(32);
  d = new Float64Array(32);
  /** Vertex order by Δ (set by sortFor). */
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
  /** Each vertex's Δ = (ηc·c − d/ηd)·Δt and the vertices' order by Δ (kept until these change). */
  sortFor(etaC: number, etaD: number, dt: number): Polygon {
    const key = etaC * 1e6 + etaD * 1e3 + dt;
    if (this.sortedFor === key) return this;
    const { n: k, order: idx, dl } = this;
    for (let i = 0; i < k; i++) {
      dl[i] = (etaC * this.c[i] - this.d[i] / etaD) * dt;
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
    this.sortedFor = key;
    return this;
  }
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
