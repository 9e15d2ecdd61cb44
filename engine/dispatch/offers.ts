// Price-responsive offers around a plan (decision 0132): in a market settled every few minutes (the
// NEM 5-minute spot) a battery does not run a fixed schedule; it offers its energy in price bands,
// and the clearing price of each interval decides what runs. Here the plan made on the forecast at
// gate closure (0117, 0119) becomes such an offer:
//  - its discharges are offered at `keepBelowShare` × the interval's forecast price: when the actual
//    price clears below that, the energy is kept for a better interval (not dumped at a loss) —
//    unless a negative price is forecast within `refillHours`: energy that can be bought back at a
//    negative price is worth nothing kept, so the planned discharge runs at any positive price (0135);
//  - the whole power is offered to discharge whenever the actual price beats `spikeFactor` × the
//    best forecast price of the next `lookaheadHours` (what the stored MWh would fetch if held),
//    and to charge whenever the actual price is negative and below the lowest forecast ÷ that factor;
//  - everything within power, energy, headroom left by fixed reservations and the daily cycle cap
//    (a throughput budget held exactly).
// An interval's action reads the forecast (made from earlier days only), the plan, the state left
// by earlier intervals and its own clearing price — never a later price.
import type { ChainParams } from "./dp.ts";

export interface OfferRule {
  /** How far ahead the best (and lowest) forecast price is looked for, hours. */
  lookaheadHours: number;
  /** An actual price this many times the best forecast ahead is answered with the whole power. */
  spikeFactor: number;
  /** A planned discharge runs only while the actual price is at least this share of its forecast. */
  keepBelowShare: number;
  /** A planned discharge is not kept back when a negative price is forecast within this many hours. */
  refillHours: number;
}

/**
 * Chosen on NEM SA1 and NSW1 2024 (1 h and 2 h), checked on every region-year held (decision 0132);
 * refillHours measured on every NEM region-year held, 2023–2025 (0135).
 */
export const SPOT_OFFERS: OfferRule = {
  lookaheadHours: 12,
  spikeFactor: 2,
  keepBelowShare: 0.5,
  refillHours: 6,
};

/** Running max (sign 1) or min (sign −1) of x over [t, t + w), in one pass (a monotone deque). */
export function windowExtreme(x: Float64Array, w: number, sign: 1 | -1): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  const q = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let t = n - 1; t >= 0; t--) {
    while (tail > head && sign * x[q[tail - 1]] <= sign * x[t]) tail--;
    q[tail++] = t;
    while (q[head] >= t + w) head++;
    out[t] = x[q[head]];
  }
  return out;
}

/**
 * The schedule the offers produce: `planC`/`planD` the plan's charge and discharge (MW), `forecast`
 * the export-price forecast known at gate closure, `a` the problem's chain at the actual prices.
 */
export function offerSchedule(
  a: ChainParams,
  planC: Float64Array,
  planD: Float64Array,
  forecast: Float64Array,
  intervalMinutes: number,
  rule: OfferRule = SPOT_OFFERS,
): { c: Float64Array; d: Float64Array } {
  const n = a.n;
  const w = Math.max(1, Math.round((rule.lookaheadHours * 60) / intervalMinutes));
  const best = windowExtreme(forecast, w, 1);
  const lowest = windowExtreme(forecast, w, -1);
  const refillLowest = windowExtreme(
    forecast,
    Math.max(1, Math.round((rule.refillHours * 60) / intervalMinutes)),
    -1,
  );
  const c = new Float64Array(n);
  const d = new Float64Array(n);
  const used = new Float64Array(a.nDays);
  const capped = Number.isFinite(a.cap);
  const m = rule.spikeFactor;
  const { dt, etaC, etaD } = a;
  let soc = a.s0;
  for (let t = 0; t < n; t++) {
    const ex = a.ex[t];
    const im = a.im[t];
    let dMW: number;
    let cMW: number;
    if (ex > 0 && ex * etaD > m * best[t]) {
      dMW = a.dMax;
      cMW = 0;
    } else if (im < 0 && im / etaC < lowest[t] / m) {
      dMW = 0;
      cMW = a.cMax;
    } else {
      const kept = ex < rule.keepBelowShare * forecast[t] && !(ex > 0 && refillLowest[t] < 0);
      dMW = kept ? 0 : planD[t];
      cMW = planC[t];
    }
    // one direction per interval: the net of the plan's
    if (dMW > 0 && cMW > 0) {
      const net = dMW - cMW;
      dMW = Math.max(0, net);
      cMW = Math.max(0, -net);
    }
    // headroom left by reservations and site limits, the cycle budget, the SoC bounds
    const room = capped ? Math.max(0, a.cap - used[a.day[t]]) : Infinity;
    dMW = Math.max(0, Math.min(dMW, a.A[t], (Math.min(room, soc - a.L[t]) * etaD) / dt));
    cMW = Math.max(0, Math.min(cMW, a.B[t], (a.H[t] - soc) / (etaC * dt)));
    soc += (etaC * cMW - dMW / etaD) * dt;
    used[a.day[t]] += (dMW / etaD) * dt;
    c[t] = cMW;
    d[t] = dMW;
  }
  return { c, d };
}
