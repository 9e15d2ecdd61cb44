// EXPERIMENTAL — services co-optimisation by block search + exact arbitrage DP (docs/decisions/0108).
// Not used by the forecast: its service choice is measured 3–9 % below the LP optimum.
//
// Reservations are contracted per block (GB EFA: 4 h; ERCOT: 1 h; NEM, per interval). For a
// given reservation in every block, arbitrage on the remaining headroom is the exact DP of dp.ts
// (headroom → net flow bounds, energy headroom → SoC bounds). The reservation of each block is
// chosen from a few candidates (service mixes at several power/energy levels, greedy by price)
// by coordinate sweeps over the blocks: with the value-to-go V after the block (backward pass)
// and the forward value F before it, a candidate is scored exactly as
//   max_s F(s) + W_cand(s) + service revenue,   W_cand = V carried back through the block.
// It is a heuristic for the service choice (the LP optimum may mix services differently); the
// arbitrage around the chosen services is exact, the daily cap is enforced exactly (dp.ts), and
// the gap to the full LP is measured in the tests and the bench.
import { batteryLimits, validateProblem } from "./formulation.ts";
import { chainParams } from "./fast.ts";
import { ChainWork, solveChain, type ChainParams } from "./dp.ts";
import { Pwl, backwardStep, forwardStep, clip } from "./pwl.ts";
import type { DispatchProblem, ServiceSpec } from "./types.ts";

interface Candidate {
  /** MW per service (index into the services list). */
  mw: Float64Array;
  up: number;
  dn: number;
  eUp: number;
  eDn: number;
}

/** Block boundaries: the union of every service's contract boundaries. */
function blockStarts(services: ServiceSpec[], n: number): Int32Array {
  const starts: number[] = [0];
  for (let t = 1; t < n; t++) {
    for (const s of services) {
      const bi = Math.max(1, s.blockIntervals);
      if (bi <= 1 || (t - (s.blockOffset ?? 0)) % bi === 0) {
        starts.push(t);
        break;
      }
    }
  }
  starts.push(n);
  return Int32Array.from(starts);
}

/**
 * Best mix on one side for a power budget and an energy budget: the LP
 * max Σ π_k r_k, Σ r_k ≤ power, Σ e_k r_k ≤ energy, 0 ≤ r_k ≤ ub_k has an optimal basis with at most
 * two services between their bounds; enumerate singles and pairs (a handful of services per side).
 */
function bestSide(
  idx: number[],
  price: number[],
  ub: number[],
  e: number[],
  power: number,
  energy: number,
): Float64Array | null {
  let best = 0;
  let bi = -1;
  let bri = 0;
  let bj = -1;
  let brj = 0;
  const tryMix = (i: number, ri: number, j: number, rj: number) => {
    if (!(ri >= -1e-9) || !(rj >= -1e-9) || ri > ub[i] + 1e-9 || (j >= 0 && rj > ub[j] + 1e-9)) return;
    ri = Math.max(0, Math.min(ri, ub[i]));
    rj = j >= 0 ? Math.max(0, Math.min(rj, ub[j])) : 0;
    if (ri + rj > power + 1e-9 || e[i] * ri + (j >= 0 ? e[j] * rj : 0) > energy + 1e-9) return;
    const v = price[i] * ri + (j >= 0 ? price[j] * rj : 0);
    if (v > best + 1e-12) {
      best = v;
      bi = i;
      bri = ri;
      bj = j;
      brj = rj;
    }
  };
  for (const i of idx) {
    tryMix(i, Math.min(ub[i], power, e[i] > 0 ? energy / e[i] : Infinity), -1, 0);
    for (const j of idx) {
      if (j <= i) continue;
      const det = e[j] - e[i];
      if (Math.abs(det) > 1e-12) {
        const rj = (energy - e[i] * power) / det;
        tryMix(i, power - rj, j, rj);
      }
      for (const [a, b] of [
        [i, j],
        [j, i],
      ]) {
        const ra = ub[a];
        const rb = Math.min(power - ra, e[b] > 0 ? (energy - e[a] * ra) / e[b] : Infinity, ub[b]);
        tryMix(a, ra, b, rb);
      }
    }
  }
  if (bi < 0) return null;
  const out = new Float64Array(price.length);
  out[bi] = bri;
  if (bj >= 0) out[bj] = brj;
  return out;
}

const PF = [0.5, 1];
/** Candidate mixes per side: the best mix for several power and energy budgets (index 0 = none). */
function sideOptions(
  sv: ServiceSpec[],
  price: number[],
  E: number,
  cMax: number,
  dMax: number,
  etaC: number,
  etaD: number,
): { up: Float64Array[]; dn: Float64Array[] } {
  const K = sv.length;
  const ub = sv.map((s) =>
    Math.min(
      s.maxMW ?? Infinity,
      s.direction === "both" ? Math.min(cMax, dMax) : s.direction === "up" ? dMax : cMax,
    ),
  );
  const upIdx = sv.map((_, k) => k).filter((k) => sv[k].direction !== "down" && price[k] > 0);
  const dnIdx = sv.map((_, k) => k).filter((k) => sv[k].direction === "down" && price[k] > 0);
  // energy per MW: floor dur/ηd on the up side (a "both" service also needs room dur·ηc above)
  const eUp = sv.map((s) => s.durationHours / etaD + (s.direction === "both" ? s.durationHours * etaC : 0));
  const eDn = sv.map((s) => s.durationHours * etaC);
  const fr = [1 / 16, 1 / 8, 1 / 4, 3 / 8, 1 / 2, 3 / 4, 1];
  const gen = (idx: number[], e: number[], P: number) => {
    const out: Float64Array[] = [new Float64Array(K)];
    const seen = new Set<string>();
    if (!idx.length) return out;
    for (const pf of PF)
      for (const ef of fr) {
        const m = bestSide(idx, price, ub, e, pf * P, ef * E);
        if (!m) continue;
        const key = Array.from(m, (v) => v.toFixed(6)).join(",");
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(m);
      }
    return out;
  };
  return { up: gen(upIdx, eUp, dMax), dn: gen(dnIdx, eDn, cMax) };
}

function combine(
  sv: ServiceSpec[],
  up: Float64Array,
  dn: Float64Array,
  E: number,
  cMax: number,
  dMax: number,
  etaC: number,
  etaD: number,
): Candidate | null {
  const K = sv.length;
  const mw = new Float64Array(K);
  let u = 0;
  let d = 0;
  let eu = 0;
  let ed = 0;
  for (let k = 0; k < K; k++) {
    const r = up[k] + dn[k];
    mw[k] = r;
    if (sv[k].direction !== "down") {
      u += r;
      eu += (r * sv[k].durationHours) / etaD;
    }
    if (sv[k].direction !== "up") {
      d += r;
      ed += r * sv[k].durationHours * etaC;
    }
  }
  if (u > dMax + 1e-9 || d > cMax + 1e-9 || eu + ed > E + 1e-9) return null;
  return { mw, up: u, dn: d, eUp: eu, eDn: ed };
}

/** max_s F(s) + W(s) over the common domain (−∞ if empty). */
function bestSum(F: Pwl, W: Pwl): number {
  if (!F.ok || !W.ok) return -Infinity;
  const lo = Math.max(F.lo, W.lo);
  const hi = Math.min(F.hi, W.hi);
  const tol = 1e-9;
  if (lo > hi + tol) return -Infinity;
  let best = F.at(lo) + W.at(lo);
  let x = F.lo;
  for (let i = 0; i < F.n; i++) {
    x += F.len[i];
    if (x > lo && x < hi) best = Math.max(best, F.at(x) + W.at(x));
  }
  x = W.lo;
  for (let i = 0; i < W.n; i++) {
    x += W.len[i];
    if (x > lo && x < hi) best = Math.max(best, F.at(x) + W.at(x));
  }
  return Math.max(best, F.at(Math.min(hi, Math.max(lo, hi))) + W.at(Math.min(hi, Math.max(lo, hi))));
}

export interface BlockSearchResult {
  /** The problem with every service's reservation fixed (fixedMW). */
  fixed: DispatchProblem;
  sweeps: number;
}

/**
 * Chooses service reservations per block (coordinate sweeps: the up-side mix, then the down-side
 * mix of each block, scored exactly with the arbitrage DP around it). `lambda` (per UTC day,
 * optional) prices the daily cap during the search.
 */
export function chooseServices(
  p: DispatchProblem,
  opts: { sweeps?: number; lambda?: Float64Array; start?: DispatchProblem } = {},
): BlockSearchResult {
  validateProblem(p);
  const services = p.services ?? [];
  const n = p.price.length;
  const { cMax, dMax, E, etaC, etaD } = batteryLimits(p);
  const dt = p.intervalMinutes / 60;
  const base = chainParams({ ...p, services: undefined });
  const cp: ChainParams = {
    ...base.params,
    A: base.params.A.slice(),
    B: base.params.B.slice(),
    L: base.params.L.slice(),
    H: base.params.H.slice(),
  };
  const A0 = base.params.A;
  const B0 = base.params.B;
  const starts = blockStarts(services, n);
  const J = starts.length - 1;
  const opt: { up: Float64Array[]; dn: Float64Array[] }[] = [];
  const prices: number[][] = [];
  for (let j = 0; j < J; j++) {
    const b0 = starts[j];
    const b1 = starts[j + 1];
    const price = services.map((s) => {
      let a = 0;
      for (let t = b0; t < b1; t++) a += s.price[t];
      return a / (b1 - b0);
    });
    prices.push(price);
    opt.push(sideOptions(services, price, E, cMax, dMax, etaC, etaD));
  }
  const cu = new Int32Array(J);
  const cd = new Int32Array(J);
  const lam = opts.lambda ?? null;
  const apply = (j: number, c: Candidate) => {
    for (let t = starts[j]; t < starts[j + 1]; t++) {
      cp.A[t] = Math.min(A0[t], dMax - c.up);
      cp.B[t] = Math.min(B0[t], cMax - c.dn);
      cp.L[t] = c.eUp;
      cp.H[t] = E - c.eDn;
    }
  };
  const cand = (j: number, u: number, d: number) =>
    combine(services, opt[j].up[u], opt[j].dn[d], E, cMax, dMax, etaC, etaD);
  const svcRevenue = (j: number, c: Candidate) => {
    let a = 0;
    for (let k = 0; k < services.length; k++) a += c.mw[k] * prices[j][k];
    return a * dt * (starts[j + 1] - starts[j]);
  };
  for (let j = 0; j < J; j++) apply(j, cand(j, 0, 0)!);
  const w = new ChainWork();
  const F = new Pwl(256);
  const F2 = new Pwl(256);
  const W = new Pwl(256);
  const W2 = new Pwl(256);
  const score = (j: number, c: Candidate) => {
    const b0 = starts[j];
    const b1 = starts[j + 1];
    apply(j, c);
    let g = W;
    let h = W2;
    if (b1 < n) w.load(b1 - 1, g);
    else g.setZero(cp.L[n - 1], cp.H[n - 1]);
    clip(g, cp.L[b1 - 1], cp.H[b1 - 1]);
    for (let t = b1 - 1; t >= b0 && g.ok; t--) {
      const st = w.stageAt(cp, t, lam ? lam[cp.day[t]] : 0);
      backwardStep(g, st, t > b0 ? cp.L[t - 1] : -Infinity, t > b0 ? cp.H[t - 1] : Infinity, h);
      const tmp = g;
      g = h;
      h = tmp;
    }
    return bestSum(F, g) + svcRevenue(j, c);
  };
  const sweeps = opts.sweeps ?? 2;
  let done = 0;
  for (let sw = 0; sw < sweeps; sw++) {
    const back = solveChain(cp, lam, w);
    if (!back.feasible) break;
    done++;
    F.lo = cp.s0;
    F.v = 0;
    F.n = 0;
    F.ok = true;
    let changed = false;
    for (let j = 0; j < J; j++) {
      const cur = cand(j, cu[j], cd[j])!;
      let bestV = score(j, cur);
      let bu = cu[j];
      let bd = cd[j];
      for (let side = 0; side < 2; side++) {
        const list = side === 0 ? opt[j].up : opt[j].dn;
        for (let k = 0; k < list.length; k++) {
          if ((side === 0 ? bu : bd) === k) continue;
          const c = side === 0 ? cand(j, k, bd) : cand(j, bu, k);
          if (!c) continue;
          const v = score(j, c);
          if (v > bestV + 1e-9 * Math.max(1, Math.abs(v))) {
            bestV = v;
            if (side === 0) bu = k;
            else bd = k;
          }
        }
      }
      if (bu !== cu[j] || bd !== cd[j]) changed = true;
      cu[j] = bu;
      cd[j] = bd;
      apply(j, cand(j, bu, bd)!);
      for (let t = starts[j]; t < starts[j + 1]; t++) {
        const st = w.stageAt(cp, t, lam ? lam[cp.day[t]] : 0);
        forwardStep(F, st, cp.L[t], cp.H[t], F2);
        F.copyFrom(F2);
      }
      if (!F.ok) break;
    }
    if (!changed) break;
  }
  const fixedServices = services.map((s, k) => {
    const mw = new Float64Array(n);
    for (let j = 0; j < J; j++) {
      const v = cand(j, cu[j], cd[j])!.mw[k];
      for (let t = starts[j]; t < starts[j + 1]; t++) mw[t] = v;
    }
    return { ...s, fixedMW: mw };
  });
  return { fixed: { ...p, services: fixedServices }, sweeps: done };
}
