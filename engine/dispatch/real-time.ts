// A later market re-decided every interval against the value of stored energy (decision 0133):
// ERCOT real time after the day-ahead position. At each refresh a backward dynamic programme on
// the price forecast known then gives V(s, u), the value-to-go of the state of charge s with u of
// the trading day's cycle budget already used (the cap is part of the state, so a stored MWh is
// worth what the day's remaining cycle can still sell it for). Each interval's action is then the
// one that maximises the interval's ACTUAL price times its energy plus V at its end: the battery
// bids the opportunity cost of its energy and answers the price as it clears.
// V lives on a grid of `grid` steps of the energy (SoC and throughput), its SoC bounds widened by
// one step so that a band narrower than a step (reservations) still holds a grid point; the action
// itself is continuous and holds power, headroom, SoC bounds and the cap exactly, V read between
// grid points by linear interpolation.
import type { ChainParams } from "./dp.ts";

export interface RealTimeSetup {
  /** The physical problem's chain at the actual prices (reservations fixed). */
  actual: ChainParams;
  /** The battery's energy, MWh (the grid's span). */
  energyMWh: number;
  /** Grid steps over the energy (SoC and daily throughput move by energy ÷ grid). */
  grid: number;
  /** Whether the forecast is refreshed (and V recomputed) at interval r. Interval 0 always is. */
  refreshAt(r: number): boolean;
  /**
   * At refresh r (before r's price is known): the price forecast for [r, end) written into out
   * from index 0, and end returned (the look-ahead's end, > r).
   */
  forecast(r: number, out: Float64Array): number;
  /**
   * Prices persist: at each interval the next `intervals` are re-valued with the interval's own
   * deviation from its forecast, of which `keptPerInterval` is left an interval later.
   */
  persistence?: { intervals: number; keptPerInterval: number };
  /** An actual price within this of its forecast is noise: the forecast's action stands. */
  band?: number;
}

export interface RealTimeSchedule {
  c: Float64Array;
  d: Float64Array;
  s: Float64Array;
}

const NEG = -1e30;
const EPS = 1e-9;

/** The schedule of the policy over the whole chain (see the file's head). */
export function realTimeSchedule(setup: RealTimeSetup): RealTimeSchedule {
  const a = setup.actual;
  const n = a.n;
  const G = Math.max(2, Math.round(setup.grid));
  const E = setup.energyMWh;
  const step = E / G;
  const S = G + 1;
  // throughput levels of the day's budget (one level when there is no cap)
  const capped = Number.isFinite(a.cap);
  const U = capped ? Math.floor(a.cap / step + EPS) + 1 : 1;
  const { dt, etaC, etaD } = a;
  let fc = new Float64Array(0);
  // V for the look-ahead stages [r, end]: stage q holds the value at the START of interval r + q
  let V = new Float64Array(0);
  let base = 0;
  let end = 0;
  const c = new Float64Array(n);
  const d = new Float64Array(n);
  const s = new Float64Array(n);
  const newDay = (t: number) => t > 0 && a.day[t] !== a.day[t - 1];
  /** SoC the interval can add (charge) or take (discharge), MWh of cell energy. */
  const rise = (t: number) => etaC * Math.max(0, Math.min(a.cMax, a.B[t])) * dt;
  const fall = (t: number) => (Math.max(0, Math.min(a.dMax, a.A[t])) / etaD) * dt;
  /** Cash of moving the SoC by x MWh in interval t (x > 0 charge, x < 0 discharge). */
  const cash = (x: number, ex: number, im: number) => (x > 0 ? (-im * x) / etaC : -ex * x * etaD);

  /**
   * Backward pass over intervals [t0, t1) with prices price(t) into out (stage t − t0 at offset
   * (t − t0)·S·U), the values at t1 already in out's stage t1 − t0.
   */
  const backward = (out: Float64Array, t0: number, t1: number, price: (t: number) => number, stop = t0) => {
    for (let t = t1 - 1; t >= stop; t--) {
      const q = t - t0;
      const ex = price(t);
      const im = ex + (a.im[t] - a.ex[t]);
      const up = Math.round(rise(t) / step);
      const down = Math.round(fall(t) / step);
      const lo = a.L[t] - step - EPS;
      const hi = a.H[t] + step + EPS;
      const reset = t + 1 < n && newDay(t + 1);
      const next = (q + 1) * S * U;
      const here = q * S * U;
      for (let i = 0; i < S; i++)
        for (let u = 0; u < U; u++) {
          let best = NEG;
          for (let k = -Math.min(down, i); k <= Math.min(up, G - i); k++) {
            const j = i + k;
            if (j * step < lo || j * step > hi) continue;
            const u2 = k < 0 ? u - k : u;
            if (u2 >= U) continue;
            const v = out[next + j * U + (reset ? 0 : u2)];
            if (v <= NEG / 2) continue;
            const x = cash(k * step, ex, im) + v;
            if (x > best) best = x;
          }
          out[here + i * U + u] = best;
        }
    }
  };

  const refresh = (r: number) => {
    if (fc.length < n - r + 1) fc = new Float64Array(n - r + 1);
    end = Math.min(n, Math.max(r + 1, setup.forecast(r, fc)));
    const m = end - r;
    if (V.length < (m + 1) * S * U) V = new Float64Array((m + 1) * S * U);
    base = r;
    // terminal: energy left at the look-ahead's end counts nothing more (the look-ahead runs
    // through the day after the last one whose prices are known, far enough for today's choices)
    V.fill(0, m * S * U, (m + 1) * S * U);
    backward(V, r, end, (t) => fc[t - r]);
  };

  // the next hours re-valued on the interval's own price deviation, persisting (fading)
  const K = Math.max(0, Math.round(setup.persistence?.intervals ?? 0));
  const kept = setup.persistence?.keptPerInterval ?? 0;
  const W = new Float64Array((K + 2) * S * U);

  /** V (of `vs`) at stage q + 1, read between grid points; NEG if unknown. */
  const value = (vs: Float64Array, q: number, soc: number, used: number, reset: boolean) => {
    const off = (q + 1) * S * U;
    const x = Math.min(G, Math.max(0, soc / step));
    const i0 = Math.min(G - 1, Math.floor(x));
    const fx = x - i0;
    const y = reset ? 0 : Math.min(U - 1, Math.max(0, used / step));
    const u0 = Math.min(Math.max(0, U - 2), Math.floor(y));
    const fy = U > 1 ? y - u0 : 0;
    const u1 = Math.min(U - 1, u0 + 1);
    const v00 = vs[off + i0 * U + u0];
    const v10 = vs[off + (i0 + 1) * U + u0];
    const v01 = vs[off + i0 * U + u1];
    const v11 = vs[off + (i0 + 1) * U + u1];
    if (v00 <= NEG / 2 || v10 <= NEG / 2 || v01 <= NEG / 2 || v11 <= NEG / 2) {
      // at the edge of the feasible states: the nearest known one
      const i = fx < 0.5 ? i0 : i0 + 1;
      const u = fy < 0.5 ? u0 : u1;
      return vs[off + i * U + u];
    }
    return (1 - fx) * ((1 - fy) * v00 + fy * v01) + fx * ((1 - fy) * v10 + fy * v11);
  };

  const cand: number[] = [];
  let soc = a.s0;
  let used = 0;
  for (let t = 0; t < n; t++) {
    if (newDay(t)) used = 0;
    if (t === 0 || t >= end || setup.refreshAt(t)) refresh(t);
    let q = t - base;
    let vs = V;
    const k1 = Math.min(K, end - 1 - t);
    const dev = a.ex[t] - fc[q];
    // a deviation within the band is noise: the interval is decided at its forecast price
    const answer = Math.abs(dev) > (setup.band ?? 0);
    const pEx = answer ? a.ex[t] : fc[q];
    const pIm = pEx + (a.im[t] - a.ex[t]);
    if (answer && k1 > 0 && kept > 0) {
      // W: stages t .. t + k1 + 1, its last the refresh's V there
      W.set(V.subarray((q + k1 + 1) * S * U, (q + k1 + 2) * S * U), (k1 + 1) * S * U);
      backward(W, t, t + k1 + 1, (u) => fc[u - base] + dev * kept ** (u - t), t + 1);
      vs = W;
      q = 0;
    }
    const reset = t + 1 < n && newDay(t + 1);
    // the end-of-interval SoCs this interval allows: power, headroom, bounds and the cap
    const room = capped ? Math.max(0, a.cap - used) : Infinity;
    let lo = Math.max(soc - Math.min(fall(t), room), a.L[t], 0);
    let hi = Math.min(soc + rise(t), a.H[t], E);
    if (lo > hi + EPS) {
      // the bounds are out of reach: the nearest SoC the interval allows
      lo = hi = a.L[t] > soc ? Math.min(soc + rise(t), E) : Math.max(soc - Math.min(fall(t), room), 0);
    }
    hi = Math.max(lo, hi);
    // the best end SoC lies where the piecewise-linear objective bends: the range's ends, the
    // start (cash changes slope) and grid crossings of the SoC and of the throughput
    cand.length = 0;
    cand.push(lo, hi);
    if (soc > lo && soc < hi) cand.push(soc);
    for (let j = Math.ceil(lo / step); j * step < hi; j++) cand.push(j * step);
    if (U > 1)
      for (let g = Math.ceil(used / step); g < U; g++)
        if (soc - (g * step - used) > lo) cand.push(soc - (g * step - used));
    let best = NEG;
    let to = soc >= lo && soc <= hi ? soc : lo;
    for (const y of cand) {
      if (y < lo - EPS || y > hi + EPS) continue;
      const v = value(vs, q, y, used + Math.max(0, soc - y), reset);
      if (v <= NEG / 2) continue;
      // the interval's actual price and the value of what is left
      const x = cash(y - soc, pEx, pIm) + v;
      if (x > best + 1e-12) {
        best = x;
        to = y;
      }
    }
    const move = to - soc;
    if (move > 0) c[t] = move / (etaC * dt);
    else if (move < 0) d[t] = (-move * etaD) / dt;
    if (move < 0) used -= move;
    soc = to;
    s[t] = soc;
  }
  return { c, d, s };
}
