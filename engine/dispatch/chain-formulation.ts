// The dispatch LP of formulation.ts written as a chain LP (lp/chain.ts) and solved by the
// chain interior-point method (lp/chain-ipm.ts) — the production solver for everything the
// dynamic programme does not cover (services still to choose, generation). Decision 0110.
//
// Same LP, arranged as a control problem, one stage per interval:
//   state   s  state of charge (end of interval), w  cell throughput since UTC midnight (cap),
//           and per group of block-contracted services the reservation in force, summed by side:
//           U (up MW), Ue (up MWh of headroom), D (down MW), De (down MWh) — set at each block
//           start by the block's reservations, carried through the block;
//   controls c, d (battery), r_k (a service's reservation: at its block start, or every interval
//           for per-interval services), g (generation used), e (site export, when the site may
//           also import); site import i = e − net and net = g + d − c are expressions, not variables;
//   rows    c + d ≤ P; 0 ≤ s ≤ E; w ≤ cap; d − c + U ≤ dMax; c − d + D ≤ cMax; s ≥ Ue; s + De ≤ E;
//           0 ≤ e − net ≤ siteImport (or 0 ≤ net ≤ siteExport when the site cannot import);
//           |net| ≤ inverter (DC coupling: battery and PV share the inverter).
// Units inside: MW ÷ the reference power, so every quantity is of order 1.
import { ChainBuilder, U, XN, type ChainLp } from "../lp/chain.ts";
import { solveChainIpm, type ChainIpmOptions } from "../lp/chain-ipm.ts";
import {
  batteryLimits,
  busImportFactor,
  carriedIntervals,
  effectivePrices,
  hasGridStage,
  problemDays,
  isBlockContracted,
  isBlockStart,
  validateProblem,
} from "./formulation.ts";
import { scheduleResult, serviceCapOf } from "./result.ts";
import type { DispatchProblem, DispatchResult, ServiceSpec } from "./types.ts";

interface Group {
  /** A service of the group: its blocks are the group's (isBlockStart). */
  like: ServiceSpec;
  /** The partial first block keeps the reservations in force (initialMW): no choice at t = 0. */
  carried: boolean;
  services: number[];
  iU: number;
  iUe: number;
  iD: number;
  iDe: number;
}

export interface ChainIndex {
  pref: number;
  /** Control index (global) of c, d, g, e per interval (−1 if absent). */
  c: Int32Array;
  d: Int32Array;
  g: Int32Array;
  /** Per service: control holding the reservation in force at each interval. */
  r: Int32Array[];
}

export function buildDispatchChain(p: DispatchProblem): { lp: ChainLp; index: ChainIndex } {
  validateProblem(p);
  const n = p.price.length;
  const dt = p.intervalMinutes / 60;
  const b = p.battery;
  const { P, cMax, dMax, E, etaC, etaD } = batteryLimits(p);
  const hasBat = !!b && E > 0;
  const gen = p.generation;
  let genMax = 0;
  if (gen) for (let t = 0; t < n; t++) genMax = Math.max(genMax, gen.profileMW[t]);
  const grid = hasGridStage(p);
  const siteImport = p.siteImportLimitMW ?? (hasBat ? cMax : 0);
  const siteExport = p.siteExportLimitMW ?? (hasBat ? dMax : 0) + genMax;
  const pref = Math.max(hasBat ? P : 0, genMax, Number.isFinite(siteExport) ? siteExport : 0, 1e-6);
  const k = 1 / pref; // MW → per unit
  const { exportPrice: ex, importPrice: im } = effectivePrices(p);
  const cap =
    hasBat && b!.maxCyclesPerDay !== undefined ? b!.maxCyclesPerDay * (b!.cycleEnergyMWh ?? E) : Infinity;
  const day = problemDays(p, n);
  const dc = !!gen && gen.coupling === "DC" && hasBat;
  const inverter = gen?.inverterMW ?? siteExport;
  // DC coupling: import i reaches the DC bus as f·i, so i = (e − net) ÷ f (decision 0119)
  const f = dc ? busImportFactor(p) : 1;

  // services: fixed ones tighten the limits; the others are chosen per block (groups) or per interval
  const services = hasBat ? (p.services ?? []) : [];
  const fixedUp = new Float64Array(n);
  const fixedDn = new Float64Array(n);
  const fixedEUp = new Float64Array(n);
  const fixedEDn = new Float64Array(n);
  const perInterval: number[] = [];
  const groups: Group[] = [];
  let nx = 0;
  const iS = hasBat ? nx++ : -1;
  const iW = hasBat && Number.isFinite(cap) ? nx++ : -1;
  const fixedUntil = services.map((sv) => carriedIntervals(sv, p.blockContracts ?? true));
  const capOf = services.map((_, q) => serviceCapOf(p, q));
  services.forEach((sv, q) => {
    if (sv.fixedMW || fixedUntil[q] > 0) {
      // a fixed reservation, or the one carried into the partial first block, tightens the limits
      const until = sv.fixedMW ? n : fixedUntil[q];
      for (let t = 0; t < until; t++) {
        const r = Math.min(Math.max(sv.fixedMW ? sv.fixedMW[t] : sv.initialMW!, 0), capOf[q](t));
        if (sv.direction !== "down") {
          fixedUp[t] += r;
          fixedEUp[t] += (r * sv.durationHours) / etaD;
        }
        if (sv.direction !== "up") {
          fixedDn[t] += r;
          fixedEDn[t] += r * sv.durationHours * etaC;
        }
      }
      if (sv.fixedMW) return;
    }
    if ((p.blockContracts ?? true) && isBlockContracted(sv)) {
      const carried = fixedUntil[q] > 0;
      let g = groups.find((x) => x.carried === carried && sameBlocks(x.like, sv, n));
      if (!g) groups.push((g = { like: sv, carried, services: [], iU: -1, iUe: -1, iD: -1, iDe: -1 }));
      g.services.push(q);
    } else perInterval.push(q);
  });
  for (const g of groups) {
    const up = g.services.some((q) => services[q].direction !== "down");
    const dn = g.services.some((q) => services[q].direction !== "up");
    if (up) {
      g.iU = nx++;
      g.iUe = nx++;
    }
    if (dn) {
      g.iD = nx++;
      g.iDe = nx++;
    }
  }
  const anyUp = services.some((s) => !s.fixedMW && s.direction !== "down");
  const anyDn = services.some((s) => !s.fixedMW && s.direction !== "up");
  const blockStart = (g: Group, t: number) => (t === 0 && !g.carried) || (t > 0 && isBlockStart(g.like, t));

  const needPow = hasBat && cMax + dMax > P + 1e-12;
  const x0 = new Float64Array(nx);
  if (hasBat) x0[iS] = Math.min(Math.max(b!.initialSocMWh ?? 0, 0), E) * k;
  const B = new ChainBuilder(nx, x0);
  const keep = new Uint8Array(nx);
  const idx: ChainIndex = {
    pref,
    c: new Int32Array(n).fill(-1),
    d: new Int32Array(n).fill(-1),
    g: new Int32Array(n).fill(-1),
    r: services.map(() => new Int32Array(n).fill(-1)),
  };
  // term buffers, reused for every row: [ref, coef, …]
  const up = new Float64Array(64);
  const dn = new Float64Array(64);
  const eUp = new Float64Array(64);
  const eDn = new Float64Array(64);
  const net = new Float64Array(16);
  const tmp = new Float64Array(16);
  const rCtl: number[] = []; // (service, control) pairs of this stage's per-interval services
  let uCount = 0;
  const ctl = (lo: number, hi: number, cost: number) => {
    uCount++;
    return B.control(lo, hi, cost);
  };
  // with c + d ≤ P and both limits equal to P, the upper bounds of c and d are implied: leaving
  // them out saves two complementarity pairs per interval
  const cHi = needPow && cMax >= P ? Infinity : cMax * k;
  const dHi = needPow && dMax >= P ? Infinity : dMax * k;
  for (let t = 0; t < n; t++) {
    keep.fill(1);
    if (iW >= 0 && t > 0 && day[t] !== day[t - 1]) keep[iW] = 0;
    for (const g of groups)
      if (blockStart(g, t)) {
        if (g.iU >= 0) keep[g.iU] = keep[g.iUe] = 0;
        if (g.iD >= 0) keep[g.iD] = keep[g.iDe] = 0;
      }
    B.stage(keep);
    const base = uCount;
    // the net position g + d − c earns the import price when the site also imports (the export
    // control e adds ex − im), else the export price
    const pNet = grid ? (siteImport > 0 ? im[t] / f : ex[t]) : p.price[t];
    // battery
    let c = -1;
    let d = -1;
    if (hasBat) {
      c = ctl(0, cHi, -pNet * dt * pref);
      d = ctl(0, dHi, pNet * dt * pref);
      idx.c[t] = base + c;
      idx.d[t] = base + d;
    }
    // generation and export
    let g = -1;
    let e = -1;
    if (gen) {
      g = ctl(0, Math.max(0, gen.profileMW[t]) * k, pNet * dt * pref);
      idx.g[t] = base + g;
    }
    if (grid && siteImport > 0) e = ctl(0, siteExport * k, (ex[t] - im[t] / f) * dt * pref);
    // services
    rCtl.length = 0;
    for (const q of perInterval) {
      const sv = services[q];
      const j = ctl(0, capOf[q](t) * k, sv.price[t] * dt * pref);
      idx.r[q][t] = base + j;
      rCtl.push(q, j);
    }
    for (const gr of groups) {
      for (const q of gr.services) {
        if (!blockStart(gr, t)) {
          idx.r[q][t] = t > 0 ? idx.r[q][t - 1] : -1; // −1: the carried reservation (initialMW)
          continue;
        }
        const sv = services[q];
        let end = t + 1;
        while (end < n && !blockStart(gr, end)) end++;
        let price = 0;
        for (let tau = t; tau < end; tau++) price += sv.price[tau];
        const j = ctl(0, capOf[q](t) * k, price * dt * pref);
        idx.r[q][t] = base + j;
        if (sv.direction !== "down") {
          B.move(gr.iU, j, 1);
          B.move(gr.iUe, j, sv.durationHours / etaD);
        }
        if (sv.direction !== "up") {
          B.move(gr.iD, j, 1);
          B.move(gr.iDe, j, sv.durationHours * etaC);
        }
      }
    }
    if (hasBat) {
      B.move(iS, c, etaC * dt);
      B.move(iS, d, -dt / etaD);
      if (iW >= 0) B.move(iW, d, dt / etaD);
    }
    // ---- rows ----
    if (hasBat) {
      if (needPow) {
        tmp[0] = U(c);
        tmp[1] = 1;
        tmp[2] = U(d);
        tmp[3] = 1;
        B.row(-Infinity, P * k, tmp, 4);
      }
      const hasUp = anyUp || fixedUp[t] > 0 || fixedEUp[t] > 0;
      const hasDn = anyDn || fixedDn[t] > 0 || fixedEDn[t] > 0;
      // state of charge bounds (the service rows below give them when services are present)
      tmp[0] = XN(iS);
      tmp[1] = 1;
      B.row(hasUp ? -Infinity : 0, hasDn ? Infinity : E * k, tmp, 2);
      if (iW >= 0) {
        tmp[0] = XN(iW);
        B.row(-Infinity, cap * k, tmp, 2);
      }
      if (hasUp) {
        let a = 0;
        let b = 0;
        up[a++] = U(d);
        up[a++] = 1;
        up[a++] = U(c);
        up[a++] = -1;
        eUp[b++] = XN(iS);
        eUp[b++] = 1;
        for (let i = 0; i < rCtl.length; i += 2) {
          const sv = services[rCtl[i]];
          if (sv.direction === "down") continue;
          up[a++] = U(rCtl[i + 1]);
          up[a++] = 1;
          eUp[b++] = U(rCtl[i + 1]);
          eUp[b++] = -sv.durationHours / etaD;
        }
        for (const gr of groups)
          if (gr.iU >= 0) {
            up[a++] = XN(gr.iU);
            up[a++] = 1;
            eUp[b++] = XN(gr.iUe);
            eUp[b++] = -1;
          }
        B.row(-Infinity, (dMax - fixedUp[t]) * k, up, a);
        B.row(fixedEUp[t] * k, Infinity, eUp, b);
      }
      if (hasDn) {
        let a = 0;
        let b = 0;
        dn[a++] = U(c);
        dn[a++] = 1;
        dn[a++] = U(d);
        dn[a++] = -1;
        eDn[b++] = XN(iS);
        eDn[b++] = 1;
        for (let i = 0; i < rCtl.length; i += 2) {
          const sv = services[rCtl[i]];
          if (sv.direction === "up") continue;
          dn[a++] = U(rCtl[i + 1]);
          dn[a++] = 1;
          eDn[b++] = U(rCtl[i + 1]);
          eDn[b++] = sv.durationHours * etaC;
        }
        for (const gr of groups)
          if (gr.iD >= 0) {
            dn[a++] = XN(gr.iD);
            dn[a++] = 1;
            eDn[b++] = XN(gr.iDe);
            eDn[b++] = 1;
          }
        B.row(-Infinity, (cMax - fixedDn[t]) * k, dn, a);
        B.row(-Infinity, (E - fixedEDn[t]) * k, eDn, b);
      }
    }
    if (grid) {
      // net = g + d − c
      let a = 0;
      if (g >= 0) {
        net[a++] = U(g);
        net[a++] = 1;
      }
      if (hasBat) {
        net[a++] = U(d);
        net[a++] = 1;
        net[a++] = U(c);
        net[a++] = -1;
      }
      if (siteImport > 0) {
        // import i = (e − net) ÷ f ∈ [0, siteImport]
        tmp[0] = U(e);
        tmp[1] = 1;
        for (let q = 0; q < a; q += 2) {
          tmp[2 + q] = net[q];
          tmp[3 + q] = -net[q + 1];
        }
        B.row(0, f * siteImport * k, tmp, a + 2);
      } else if (a) B.row(0, siteExport * k, net, a);
      if (dc && a) B.row(-f * inverter * k, inverter * k, net, a);
    }
  }
  const lp = B.build();
  // start the interior point where the battery neither gains nor loses charge (d = η·c): a
  // mid-box start drains the state of charge by a little every interval, far below zero by the
  // end of a year, and the method then spends its first iterations undoing that
  const uInit = new Float64Array(lp.uStart[n]);
  for (let j = 0; j < uInit.length; j++)
    uInit[j] = lp.uHi[j] < Infinity ? 0.5 * (lp.uLo[j] + lp.uHi[j]) : lp.uLo[j] + 0.5;
  if (hasBat)
    for (let t = 0; t < n; t++) {
      const c0 = 0.25 * Math.min(cMax, dMax, P) * k;
      uInit[idx.c[t]] = c0;
      uInit[idx.d[t]] = etaC * etaD * c0;
    }
  lp.uInit = uInit;
  return { lp, index: idx };
}

/** Production solver: the exact LP optimum by the chain interior-point method. */
export function solveDispatchChain(p: DispatchProblem, opts: ChainIpmOptions = {}): DispatchResult {
  const t0 = performance.now();
  const { lp, index } = buildDispatchChain(p);
  const sol = solveChainIpm(lp, opts);
  if (sol.status !== "optimal") throw new Error(`dispatch optimisation failed: ${sol.status}`);
  const n = p.price.length;
  const pick = (cols: Int32Array) => {
    const out = new Float64Array(n);
    for (let t = 0; t < n; t++) out[t] = cols[t] >= 0 ? sol.u[cols[t]] * index.pref : 0;
    return out;
  };
  return scheduleResult(
    p,
    {
      chargeMW: pick(index.c),
      dischargeMW: pick(index.d),
      generationMW: p.generation ? pick(index.g) : undefined,
      serviceMW: index.r.map((cols, q) => {
        const sv = p.services![q];
        if (sv.fixedMW) return undefined;
        const mw = pick(cols);
        mw.fill(sv.initialMW ?? 0, 0, carriedIntervals(sv, p.blockContracts ?? true));
        return mw;
      }),
    },
    "ipm",
    performance.now() - t0,
    sol.iterations,
  );
}

/** Two services whose blocks start at the same intervals of the horizon. */
function sameBlocks(a: ServiceSpec, b: ServiceSpec, n: number): boolean {
  if (!a.blockStarts && !b.blockStarts)
    return (
      a.blockIntervals === b.blockIntervals &&
      ((((a.blockOffset ?? 0) - (b.blockOffset ?? 0)) % a.blockIntervals) + a.blockIntervals) %
        a.blockIntervals ===
        0
    );
  for (let t = 1; t < n; t++) if (isBlockStart(a, t) !== isBlockStart(b, t)) return false;
  return true;
}
