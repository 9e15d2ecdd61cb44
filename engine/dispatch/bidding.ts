// Decisions as prices become known (decision 0130): the battery bids the opportunity cost of its
// stored energy. At each refresh the dynamic programme's value-to-go V(s) is computed on the
// forecast known then (one backward pass over the look-ahead); each interval's action is then
// chosen against the ACTUAL price and V — discharge while p·ηd beats the marginal value of a
// stored MWh, charge while p/ηc is below it — within power, energy, headroom and reservations.
// The daily cycle cap is priced by the day's multiplier (from the forecast) and held exactly by a
// throughput budget.
import {
  ChainWork,
  chainBuffers,
  dayCapMultiplier,
  solveChain,
  valueFunctions,
  type ChainParams,
} from "./dp.ts";
import { Pwl } from "./pwl.ts";

export interface BiddingSetup {
  /** The physical problem's chain at the actual prices: limits, bounds, cap, trading days. */
  actual: ChainParams;
  /**
   * Writes the effective export and import price forecasts known at (fine) interval r — before
   * its price is known — for the intervals [r, r + len) into ex and im from index 0.
   */
  forecast(r: number, len: number, ex: Float64Array, im: Float64Array): void;
  /** Fine intervals per planning interval, the value function's step (NEM 5 min → 30 min: 6). */
  k: number;
  /** Planning intervals between refreshes of the forecast and the value function. */
  refresh: number;
  /** Planning intervals looked ahead at each refresh. */
  horizon: number;
  /**
   * Per fine interval: how far the actual price must be from its forecast before the action
   * answers it; within that band the forecast's action stands (a deviation smaller than the
   * forecast's usual error is noise). Default 0.
   */
  deadband?: Float64Array;
  /** SoC to head for where the look-ahead is infeasible (the position's), per fine interval. */
  fallbackSoc?: Float64Array;
}

export interface BidSchedule {
  c: Float64Array;
  d: Float64Array;
  s: Float64Array;
  /** Cell throughput per trading day, MWh. */
  dayThroughput: Float64Array;
}

/** f extended to [lo, hi] by its end slopes (flat for a one-point f), into out. */
const extendTo = (f: Pwl, lo: number, hi: number, out: Pwl) => {
  out.copyFrom(f);
  out.ensure(1);
  if (out.n === 0) {
    out.lo = Math.min(lo, f.lo);
    out.slope[0] = 0;
    out.len[0] = Math.max(hi, f.lo) - out.lo;
    out.n = out.len[0] > 0 ? 1 : 0;
    return;
  }
  if (lo < f.lo) {
    out.len[0] += f.lo - lo;
    out.v -= out.slope[0] * (f.lo - lo);
    out.lo = lo;
  }
  const h = out.hi;
  if (hi > h) out.len[out.n - 1] += hi - h;
};

/** The schedule of the bidding policy over the whole chain (see the file's head). */
export function bidSchedule(setup: BiddingSetup): BidSchedule {
  const a = setup.actual;
  const n = a.n;
  const k = setup.k >= 1 && n % setup.k === 0 ? setup.k : 1;
  const nc = n / k;
  const refresh = Math.max(1, setup.refresh);
  const horizon = Math.max(refresh, setup.horizon);
  // planning-interval bounds: the tightest of their fine intervals
  const cA = new Float64Array(nc).fill(Infinity);
  const cB = new Float64Array(nc).fill(Infinity);
  const cL = new Float64Array(nc).fill(-Infinity);
  const cH = new Float64Array(nc).fill(Infinity);
  for (let t = 0; t < n; t++) {
    const j = (t / k) | 0;
    cA[j] = Math.min(cA[j], a.A[t]);
    cB[j] = Math.min(cB[j], a.B[t]);
    cL[j] = Math.max(cL[j], a.L[t]);
    cH[j] = Math.min(cH[j], a.H[t]);
  }
  for (let j = 0; j < nc; j++) if (cL[j] > cH[j]) cL[j] = cH[j];
  const fex = new Float64Array(horizon * k);
  const fim = new Float64Array(horizon * k);
  const cex = new Float64Array(horizon);
  const cim = new Float64Array(horizon);
  const zeros = new Int32Array(horizon);
  const c = new Float64Array(n);
  const d = new Float64Array(n);
  const s = new Float64Array(n);
  const dayThroughput = new Float64Array(a.nDays);
  const w = new ChainWork();
  const w1 = new ChainWork();
  const buf1 = chainBuffers(1, 1);
  const lam = new Float64Array(1);
  const V = new Pwl(32);
  const Vx = new Pwl(32);
  // the one-interval chain of an action: the actual prices, V as its terminal value
  const one: ChainParams = {
    ...a,
    n: 1,
    ex: new Float64Array(1),
    im: new Float64Array(1),
    A: new Float64Array(1),
    B: new Float64Array(1),
    L: new Float64Array(1),
    H: new Float64Array(1),
    day: new Int32Array(1),
    nDays: 1,
    cap: Infinity,
  };
  const rise = a.etaC * a.cMax * a.dt;
  const drop = (a.dMax / a.etaD) * a.dt;
  let soc = a.s0;
  let mu = 0;
  let lastDay = -1;
  let ok = false;
  for (let j = 0; j < nc; j += refresh) {
    const m = Math.min(horizon, nc - j);
    setup.forecast(j * k, m * k, fex, fim);
    for (let q = 0; q < m; q++) {
      let se = 0;
      let si = 0;
      for (let i = 0; i < k; i++) {
        se += fex[q * k + i];
        si += fim[q * k + i];
      }
      cex[q] = se / k;
      cim[q] = si / k;
    }
    const sub: ChainParams = {
      ...a,
      n: m,
      dt: a.dt * k,
      s0: soc,
      ex: cex.subarray(0, m),
      im: cim.subarray(0, m),
      A: cA.subarray(j, j + m),
      B: cB.subarray(j, j + m),
      L: cL.subarray(j, j + m),
      H: cH.subarray(j, j + m),
      day: zeros.subarray(0, m),
      nDays: 1,
      startL: soc,
      startH: soc,
    };
    const today = a.day[j * k];
    if (today !== lastDay && Number.isFinite(a.cap)) {
      // the day's price of throughput, from its forecast (the look-ahead as one capped day)
      mu = dayCapMultiplier(sub, w);
      lastDay = today;
    }
    lam[0] = mu;
    ok = valueFunctions(sub, lam, w);
    let loaded = -1;
    const tEnd = Math.min(n, (j + refresh) * k);
    for (let t = j * k; t < tEnd; t++) {
      const q = ((t / k) | 0) - j;
      if (q !== loaded) {
        if (ok) w.load(q, V);
        else {
          // no feasible look-ahead from here: head for the position's SoC
          const target = setup.fallbackSoc ? setup.fallbackSoc[Math.min(n - 1, (q + j + 1) * k - 1)] : soc;
          V.ensure(2);
          V.ok = true;
          V.v = 0;
          V.lo = target;
          V.n = 0;
          if (a.H[t] > target) {
            V.slope[0] = -1e6;
            V.len[0] = a.H[t] - target;
            V.n = 1;
          }
          if (a.L[t] < target) {
            // rises to the target, then falls
            V.slope[1] = V.slope[0];
            V.len[1] = V.len[0];
            V.slope[0] = 1e6;
            V.len[0] = target - a.L[t];
            V.n++;
            V.lo = a.L[t];
            V.v = -1e6 * (target - a.L[t]);
          }
        }
        loaded = q;
      }
      // SoC band at the end of t: V's domain at its planning interval's end, widened by what the
      // fine intervals left in that planning interval can still move
      const left = k - 1 - (t % k);
      const bandLo = Math.max(a.L[t], V.lo - left * rise);
      const bandHi = Math.min(a.H[t], V.hi + left * drop);
      extendTo(V, Math.min(bandLo, V.lo), Math.max(bandHi, V.hi), Vx);
      const day = a.day[t];
      const room = Number.isFinite(a.cap) ? Math.max(0, a.cap - dayThroughput[day]) : Infinity;
      one.dMax = Math.min(a.dMax, (room * a.etaD) / a.dt);
      one.s0 = one.startL = one.startH = soc;
      const i0 = t - j * k;
      const band = setup.deadband ? setup.deadband[t] : 0;
      const inBand = Math.abs(a.ex[t] - fex[i0]) <= band && Math.abs(a.im[t] - fim[i0]) <= band;
      one.ex[0] = inBand ? fex[i0] : a.ex[t];
      one.im[0] = inBand ? fim[i0] : a.im[t];
      one.A[0] = a.A[t];
      one.B[0] = a.B[t];
      one.L[0] = Math.min(bandLo, bandHi);
      one.H[0] = bandHi;
      w1.polyA = NaN; // the polygon depends on this interval's discharge room too
      let r = solveChain(one, lam, w1, Vx, buf1);
      if (!r.feasible) {
        // the band is out of reach: the nearest SoC the interval allows
        one.L[0] = Math.min(Math.max(a.L[t], soc - drop), a.H[t]);
        one.H[0] = Math.max(Math.min(a.H[t], soc + rise), one.L[0]);
        w1.polyA = NaN;
        r = solveChain(one, lam, w1, Vx, buf1);
      }
      if (r.feasible) {
        c[t] = r.c[0];
        d[t] = r.d[0];
        soc = r.s[0];
      }
      s[t] = soc;
      dayThroughput[day] += (d[t] / a.etaD) * a.dt;
    }
  }
  return { c, d, s, dayThroughput };
}
