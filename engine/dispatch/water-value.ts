// Decisions as prices become known, against the price's distribution (decision 0131): the
// "water value" of stored energy. At each refresh a stochastic dynamic programme over a grid of
// states of charge computes the expected value-to-go V_t(s) when every later interval's price is
// one of a few scenarios known at the refresh (e.g. the same interval of day on the last days) and
// the battery acts after seeing it, as a bidder does. Each interval's action is then the threshold
// rule against the ACTUAL price: charge while the price ÷ ηc is below the marginal value of a
// stored MWh (V's slope), discharge while price·ηd − the throughput price is above it, within
// power, energy and the reservations' limits. A point forecast's value function (bidding.ts)
// expects the mean of a heavy-tailed price at every interval and keeps waiting for it; the
// expectation over scenarios values the spike for what it is: possible, not certain.
//
// Cost: one backward pass of len stages × grid × scenarios per refresh (vector work, no solve),
// one look-up per interval.
import type { ChainParams } from "./dp.ts";

export interface WaterValueSetup {
  /** The physical problem's chain at the actual prices: limits, bounds, cap, trading days. */
  actual: ChainParams;
  /**
   * Writes the export-price scenarios known at interval r — before its price is known — for the
   * intervals [r, r + len) into out (interval i's scenarios at out[i·maxScenarios …]); returns how many
   * scenarios each interval has (S ≤ maxScenarios).
   */
  scenarios(r: number, len: number, out: Float64Array): number;
  /** Most scenarios per interval (the size of `out` per interval). */
  maxScenarios: number;
  /** Intervals between refreshes of the scenarios and the value function. */
  refresh: number;
  /** Intervals looked ahead at each refresh. */
  horizon: number;
  /**
   * Prices persist: every `every` intervals the next `intervals` are re-valued with the latest
   * known price's deviation from its scenarios' mean added, × keptPerInterval each interval ahead.
   */
  persistence?: { every: number; intervals: number; keptPerInterval: number };
  /** Grid points over the state of charge (default 41). */
  grid?: number;
}

export interface WaterValueSchedule {
  c: Float64Array;
  d: Float64Array;
  s: Float64Array;
  /** Cell throughput per trading day, MWh. */
  dayThroughput: Float64Array;
  /** The throughput price each day was traded with, currency/MWh. */
  throughputPrice: Float64Array;
}

/** Bisection steps for the day's price of throughput. */
const BISECTIONS = 7;

/** Linear interpolation of the grid values V (step h from 0) at e. */
const at = (V: Float64Array, o: number, N: number, h: number, e: number) => {
  const x = e / h;
  if (x <= 0) return V[o] + (V[o + 1] - V[o]) * x;
  if (x >= N) return V[o + N] + (V[o + N] - V[o + N - 1]) * (x - N);
  const i = Math.floor(x);
  const f = x - i;
  return V[o + i] * (1 - f) + V[o + i + 1] * f;
};

/**
 * The SoCs between which the threshold rule holds (grid values V of the next interval at offset
 * o): below the first, charging is worth its price (V's slope above im ÷ ηc); above the second,
 * discharging is (slope below ex·ηd − mu). V is concave: its slopes decrease with the SoC.
 */
function holdBand(
  V: Float64Array,
  o: number,
  N: number,
  h: number,
  ex: number,
  im: number,
  etaC: number,
  etaD: number,
  mu: number,
  out: Float64Array,
) {
  const buy = im / etaC;
  const sell = ex * etaD - mu;
  let j = 0;
  while (j < N && (V[o + j + 1] - V[o + j]) / h >= buy) j++;
  out[0] = j * h;
  while (j < N && (V[o + j + 1] - V[o + j]) / h >= sell) j++;
  out[1] = j * h;
}

/** Where the rule heads from e, given its hold band [ec, ed] and the reach [lo, hi]. */
const heading = (e: number, ec: number, ed: number, lo: number, hi: number) =>
  Math.max(lo, Math.min(hi, e < ec ? ec : e > ed ? ed : e));

/** The schedule of the water-value policy over the whole chain (see the file's head). */
export function waterValueSchedule(setup: WaterValueSetup): WaterValueSchedule {
  const a = setup.actual;
  const n = a.n;
  const N = Math.max(4, (setup.grid ?? 41) - 1);
  let E = 0;
  for (let t = 0; t < n; t++) E = Math.max(E, a.H[t]);
  const h = E > 0 ? E / N : 1;
  const refresh = Math.max(1, setup.refresh);
  const horizon = Math.max(refresh, setup.horizon);
  const Smax = Math.max(1, setup.maxScenarios);
  const scen = new Float64Array(horizon * Smax);
  // V for the stages of the look-ahead: slot q holds V at the END of interval r + q
  const V = new Float64Array((horizon + 1) * (N + 1));
  const c = new Float64Array(n);
  const d = new Float64Array(n);
  const s = new Float64Array(n);
  const dayThroughput = new Float64Array(a.nDays);
  const throughputPrice = new Float64Array(a.nDays);
  const capped = Number.isFinite(a.cap) && a.cap > 0;
  const { dt, etaC, etaD } = a;
  // reach of one interval: charge power (net import bound too), discharge power (net export bound)
  const rise = (t: number) => Math.max(0, Math.min(a.cMax, a.B[t])) * etaC * dt;
  const drop = (t: number) => (Math.max(0, Math.min(a.dMax, a.A[t])) / etaD) * dt;
  const band = new Float64Array(2);
  const bandC = new Float64Array(Smax);
  const bandD = new Float64Array(Smax);
  // the short pass (decision 0131): the next hours re-valued each `persistence.every` intervals on
  // the scenarios shifted by the latest known price's deviation from them, fading
  const pers = setup.persistence;
  const hs = pers ? Math.max(1, Math.min(horizon, pers.intervals)) : 0;
  const Vs = new Float64Array((hs + 1) * (N + 1));
  const scs = new Float64Array(hs * Smax);
  let rs = -1;
  let ms = 0;
  let mu = 0;
  let soc = a.s0;
  let S = 1;
  /**
   * The backward pass over [r, r + m) on the scenarios sc, throughput priced at mu, into W; V at
   * the end is 0, or the daily pass's V at `end` (its slot).
   */
  const backward = (r: number, m: number, W = V, sc = scen, end = -1) => {
    if (end >= 0) W.set(V.subarray(end * (N + 1), (end + 1) * (N + 1)), m * (N + 1));
    else W.fill(0, m * (N + 1), (m + 1) * (N + 1));
    for (let q = m - 1; q >= 0; q--) {
      const t = r + q;
      const gap = a.im[t] - a.ex[t];
      const up = rise(t);
      const dn = drop(t);
      const L = a.L[t];
      const H = a.H[t];
      const o = (q + 1) * (N + 1);
      const out = q * (N + 1);
      for (let k = 0; k < S; k++) {
        const ex = sc[q * Smax + k];
        holdBand(W, o, N, h, ex, ex + gap, etaC, etaD, mu, band);
        bandC[k] = band[0];
        bandD[k] = band[1];
      }
      for (let i = 0; i <= N; i++) {
        const e = i * h;
        const lo = Math.max(L, e - dn);
        const hi = Math.min(H, e + up);
        let acc = 0;
        if (lo > hi) {
          // out of reach of the bounds: move toward them, at a penalty that keeps the pass away
          const to = e < L ? Math.min(e + up, H) : Math.max(e - dn, L);
          acc = at(W, o, N, h, to) - 1e4 * (e < L ? L - to : to - H);
        } else {
          for (let k = 0; k < S; k++) {
            const ex = sc[q * Smax + k];
            const to = heading(e, bandC[k], bandD[k], lo, hi);
            const reward = to >= e ? (-(ex + gap) * (to - e)) / etaC : (ex * etaD - mu) * (e - to);
            acc += reward + at(W, o, N, h, to);
          }
          acc /= S;
        }
        W[out + i] = acc;
      }
    }
  };
  /** One interval's action from e at export price ex (V of the look-ahead from r), within room. */
  const act = (r: number, t: number, e: number, ex: number, im: number, room: number) => {
    const lo = Math.max(a.L[t], e - Math.min(drop(t), room));
    const hi = Math.min(a.H[t], e + rise(t));
    if (lo > hi) return e < a.L[t] ? Math.min(e + rise(t), a.H[t]) : Math.max(e - drop(t), a.L[t]);
    if (t >= rs && t - rs < ms) holdBand(Vs, (t - rs + 1) * (N + 1), N, h, ex, im, etaC, etaD, mu, band);
    else holdBand(V, (t - r + 1) * (N + 1), N, h, ex, im, etaC, etaD, mu, band);
    return heading(e, band[0], band[1], lo, hi);
  };
  /** Mean throughput to the end of the day along the scenarios taken as paths (the days they are). */
  const expectedThroughput = (r: number, m: number, room: number) => {
    let total = 0;
    for (let k = 0; k < S; k++) {
      let e = soc;
      let used = 0;
      for (let q = 0; q < m && a.day[r + q] === a.day[r]; q++) {
        const ex = scen[q * Smax + k];
        const to = act(r, r + q, e, ex, ex + a.im[r + q] - a.ex[r + q], room - used);
        if (to < e) used += e - to;
        e = to;
      }
      total += used;
    }
    return total / S;
  };
  let r = 0;
  let lastDay = -1;
  for (let t = 0; t < n; t++) {
    const day = a.day[t];
    const newDay = day !== lastDay;
    if (newDay || t - r >= refresh || t === 0) {
      r = t;
      rs = -1;
      ms = 0;
      const m = Math.min(horizon, n - r);
      S = Math.max(1, Math.min(Smax, setup.scenarios(r, m, scen)));
      if (newDay && capped) {
        // the day's price of throughput: the least at which the policy, run along the scenarios,
        // expects to stay within the cap (bisection; 0 when the cap would not bind)
        mu = 0;
        backward(r, m);
        if (expectedThroughput(r, m, Infinity) > a.cap) {
          let sum = 0;
          for (let q = 0; q < m; q++) for (let k = 0; k < S; k++) sum += Math.abs(scen[q * Smax + k]);
          let lo = 0;
          let hi = Math.max(1, sum / (m * S));
          for (;;) {
            mu = hi;
            backward(r, m);
            if (expectedThroughput(r, m, Infinity) <= a.cap || hi > 1e6) break;
            lo = hi;
            hi *= 2;
          }
          for (let it = 0; it < BISECTIONS; it++) {
            mu = (lo + hi) / 2;
            backward(r, m);
            if (expectedThroughput(r, m, Infinity) > a.cap) lo = mu;
            else hi = mu;
          }
          mu = hi;
          backward(r, m);
        }
      } else backward(r, m);
      lastDay = day;
      rs = -1;
      ms = 0;
    }
    if (pers && t > r && (rs < 0 || t - rs >= pers.every)) {
      // the last known price's deviation from its scenarios' mean, expected to fade
      let mean = 0;
      for (let k = 0; k < S; k++) mean += scen[(t - 1 - r) * Smax + k] / S;
      let dev = a.ex[t - 1] - mean;
      rs = t;
      ms = Math.min(hs, r + horizon - t, n - t);
      for (let q = 0; q < ms; q++) {
        dev *= pers.keptPerInterval;
        for (let k = 0; k < S; k++) scs[q * Smax + k] = scen[(t + q - r) * Smax + k] + dev;
      }
      backward(t, ms, Vs, scs, t + ms - r);
    }
    throughputPrice[day] = mu;
    const room = capped ? Math.max(0, a.cap - dayThroughput[day]) : Infinity;
    const to = act(r, t, soc, a.ex[t], a.im[t], room);
    if (to > soc) c[t] = (to - soc) / (etaC * dt);
    else if (to < soc) {
      d[t] = ((soc - to) * etaD) / dt;
      dayThroughput[day] += soc - to;
    }
    soc = to;
    s[t] = soc;
  }
  return { c, d, s, dayThroughput, throughputPrice };
}
