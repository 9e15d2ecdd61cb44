// The price map: base-year bias correction of the merit-order model's price, fitted so that the
// model's price-duration curve lands on the real one, and carried into future years by quantile
// delta mapping (Cannon et al. 2015, the bias correction used for climate-model output): an
// interval at rank τ of its year gets the real base-year price at τ plus the model's own change at
// τ since the base year. So the base year reproduces the real duration curve (negative prices,
// spikes), while every change after it — more renewable surplus and deeper negative bids, scarcity
// as margins tighten, storage flattening the day, fuel and carbon — comes from the merit order.
// The map keeps the model's ranking of intervals (which hours are dear or cheap).
//
// Negative prices are an occurrence as well as a level (decision 0210): they happen in the hours when
// must-run and renewable output exceed demand, exports and storage, and the merit order says how
// often that happens each year. Plain quantile delta mapping pins their share to the base year's:
// the real price at a rank near the zero crossing moves by tens of currency units per percentile
// while the model's negative bids are a few units deep, so no change of the model's own can carry
// a rank across zero. The map therefore first warps the ranks at the zero crossing (occurrence
// adaptation, as the wet-day frequency in precipitation bias correction): the year's negative
// intervals are mapped onto the base-year model's negative ranks and the rest onto the others. In
// the base year the warp is the identity; when the merit order's negative share grows by a factor,
// so does the real one it lands on.
//
// It works in units of the year's reference cost so that fuel and carbon keep moving prices: a
// positive price is divided by the year's CCGT short-run cost, a negative price by the base year's
// (negative bids follow subsidies and must-run, not gas). Knots come from cli/derive-price-map.ts
// (real data in ../shared/data) and live in price-map.generated.ts.
import { PRICE_MAPS } from "./price-map.generated.ts";
import type { PriceMap } from "./derived-shapes.ts";

/** Probabilities of the map's knots: dense in both tails, where negative prices and spikes live. */
export const KNOT_PROBABILITIES: number[] = (() => {
  const tail = [0, 0.0002, 0.0005, 0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.015];
  const mid: number[] = [];
  for (let k = 2; k <= 98; k++) mid.push(k / 100);
  const top = tail.map((q) => 1 - q).reverse();
  return [...tail, ...mid, ...top];
})();

function sortedFinite(a: ArrayLike<number>, mask: ArrayLike<number>): Float64Array {
  const v: number[] = [];
  for (let i = 0; i < a.length; i++) if (Number.isFinite(a[i]) && Number.isFinite(mask[i])) v.push(a[i]);
  return Float64Array.from(v).sort();
}

const normalise = (p: number, refYear: number, refBase: number) => (p > 0 ? p / refYear : p / refBase);
const denormalise = (x: number, refYear: number, refBase: number) => (x > 0 ? x * refYear : x * refBase);

/**
 * Fit a map from a base-year model series to the observed series on the same grid (NaN where there
 * is no observation).
 */
export function fitPriceMap(
  model: ArrayLike<number>,
  observed: ArrayLike<number>,
  refCost: number,
  /**
   * Other full years of the same system's real prices pooled with `observed` into one duration
   * curve (the NEM regions: decision 0242), so the map lands on the years' shape, not one year's.
   */
  pooled: ArrayLike<number>[] = [],
): PriceMap {
  const m = sortedFinite(model, observed);
  const o = pooled.length
    ? Float64Array.from([
        ...sortedFinite(observed, model),
        ...pooled.flatMap((y) => [...sortedFinite(y, y)]),
      ]).sort()
    : sortedFinite(observed, model);
  const at = (s: Float64Array, f: number) => Math.min(s.length - 1, Math.round(f * (s.length - 1)));
  const q: number[] = [];
  const u: number[] = [];
  const v: number[] = [];
  // every knot is kept, also where the model repeats one price (the floor, the cap): the map works
  // by rank, so such a stretch still maps onto the real prices of the same ranks
  for (const f of KNOT_PROBABILITIES) {
    q.push(f);
    u.push(+normalise(m[at(m, f)], refCost, refCost).toPrecision(6));
    v.push(+normalise(o[at(o, f)], refCost, refCost).toPrecision(6));
  }
  // the real series may repeat one price (OMIE clears many hours at exactly 0.00): spread such
  // stretches upwards by a hair so the map does not turn model hours into runs of one price
  for (let k = 1; k < v.length; k++) if (v[k] <= v[k - 1]) v[k] = +(v[k - 1] + 1e-4).toPrecision(6);
  return { refCost, q, u, v, modelNegativeShare: +negativeShare(model).toPrecision(6) };
}

function negativeShare(a: ArrayLike<number>): number {
  let neg = 0;
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    if (!Number.isFinite(a[i])) continue;
    n++;
    if (a[i] < 0) neg++;
  }
  return n > 0 ? neg / n : 0;
}

/** Below this base-year model share of negative prices (ERCOT 0.25 %, GB 0) the ratio of shares is noise: the warp is off. */
const MIN_NEGATIVE_SHARE = 0.01;

/**
 * The occurrence warp: the rank τ of an interval in a year whose model prices are negative in a share
 * `now` of intervals, as the base-year model rank it stands for (negative share `base`). Piecewise
 * linear through (0, 0), (now, base), (1, 1); the identity when the shares agree.
 */
export function occurrenceWarp(tau: number, now: number, base: number): number {
  if (base < MIN_NEGATIVE_SHARE || now <= 0 || now >= 1) return tau;
  return tau <= now ? (tau * base) / now : base + ((tau - now) * (1 - base)) / (1 - now);
}

/**
 * The real base-year price v plus the model's change. Where the warp is on it has already decided
 * which intervals are negative (its share × the real one), so a change that would carry v across
 * zero only shrinks it towards zero (v² / (v − change): continuous, same sign): otherwise the
 * deeper negative bids of a year with more surplus turned the real base year's zero-price hours
 * negative too and counted the surplus twice (Spain 2025: 12 % negative against the warp's 4 % and
 * 6.4 % real; decision 0216). Without the warp (GB, ERCOT: the base-year model has no negative
 * prices to scale) the change alone carries prices below zero.
 */
function keepSign(v: number, change: number, warped: boolean): number {
  const y = v + change;
  if (!warped || y === 0 || v === 0 || Math.sign(y) === Math.sign(v)) return y;
  return (v * v) / (v - change);
}

/** Linear interpolation of ys over increasing xs at x (held flat beyond the ends). */
function interp(xs: number[], ys: number[], x: number): number {
  const last = xs.length - 1;
  if (x <= xs[0]) return ys[0];
  if (x >= xs[last]) return ys[last];
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] <= x) lo = mid;
    else hi = mid;
  }
  return ys[lo] + ((ys[hi] - ys[lo]) * (x - xs[lo])) / (xs[hi] - xs[lo]);
}

/**
 * Apply a map in place to one year (or any stretch) of model prices: each interval's rank τ in the
 * series, warped at the zero crossing (occurrenceWarp) to τ', gives corrected = v(τ') + (x − u(τ'))
 * in normalised units; `refCost` is the year's CCGT short-run cost; results stay within floor..cap.
 */
export function applyPriceMap(
  price: Float64Array,
  map: PriceMap,
  refCost: number,
  floor: number,
  cap: number,
): void {
  const n = price.length;
  if (n === 0) return;
  const x = new Float64Array(n);
  for (let i = 0; i < n; i++) x[i] = normalise(price[i], refCost, map.refCost);
  const now = negativeShare(x);
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => x[a] - x[b]);
  // a map with the scarcity adder outside also keeps signs: its top knots are lowered to leave
  // the spikes to the adder, and an additive change there must not carry a dear hour below zero
  const warped = map.modelNegativeShare >= MIN_NEGATIVE_SHARE || !!map.scarcityOutside;
  for (let r = 0; r < n; r++) {
    const i = order[r];
    const tau = occurrenceWarp(n > 1 ? r / (n - 1) : 0.5, now, map.modelNegativeShare);
    const v = interp(map.q, map.v, tau);
    const change = x[i] - interp(map.q, map.u, tau);
    price[i] = Math.min(cap, Math.max(floor, denormalise(keepSign(v, change, warped), refCost, map.refCost)));
  }
}

/** The derived map of a price system (GB, DE, ES, ERCOT, NSW1 …), if the real data gave one. */
export function priceMapFor(system: string): PriceMap | undefined {
  return (PRICE_MAPS as Record<string, PriceMap>)[system];
}

/** (cap − energy) × shortfall probability on top of an energy price: the ORDC adder (decision 0230). */
export function addScarcity(
  energy: ArrayLike<number>,
  scarcity: ArrayLike<number>,
  floor: number,
  cap: number,
): Float64Array {
  const out = new Float64Array(energy.length);
  for (let i = 0; i < out.length; i++) {
    const e = energy[i];
    const add = e < cap ? (cap - Math.max(e, 0)) * scarcity[i] : 0;
    out[i] = Math.min(cap, Math.max(floor, e + add));
  }
  return out;
}

/**
 * Apply a map whose scarcity adder stays outside it: the energy price (price − adder) is mapped,
 * then the adder is computed again on the mapped price. Returns the new price and adder.
 */
export function applyPriceMapOutsideScarcity(
  price: ArrayLike<number>,
  adder: ArrayLike<number>,
  scarcity: ArrayLike<number>,
  map: PriceMap,
  refCost: number,
  floor: number,
  cap: number,
): { price: Float64Array; adder: Float64Array } {
  const energy = Float64Array.from(price, (p, i) => p - adder[i]);
  applyPriceMap(energy, map, refCost, floor, cap);
  const out = addScarcity(energy, scarcity, floor, cap);
  return { price: out, adder: Float64Array.from(out, (p, i) => p - energy[i]) };
}

/**
 * Share of the base year's real prices left to the scarcity adder where it stays outside the map:
 * the top 0.5 % (ERCOT 2024: above $235/MWh on hourly means). The energy map is fitted on the real
 * prices held at that ceiling, so its top knots carry no spike; every spike then comes from the
 * adder on the year's own reserve margin (decision 0230).
 */
export const SCARCITY_SHARE = 0.005;

/**
 * Fit a map for the energy price without its scarcity adder: quantile mapping on the real prices
 * held at their (1 − SCARCITY_SHARE) quantile. Mapping onto the real spikes as well would count them
 * twice — once in the map's top knots, which carry the base year's spikes into every later year
 * whatever its margin, and again in the adder.
 */
export function fitPriceMapOutsideScarcity(
  energy: ArrayLike<number>,
  observed: ArrayLike<number>,
  refCost: number,
): PriceMap & { ceiling: number } {
  const o = sortedFinite(observed, energy);
  const ceiling = o[Math.round((1 - SCARCITY_SHARE) * (o.length - 1))];
  const held = Float64Array.from(observed, (x) => Math.min(x, ceiling));
  return { ...fitPriceMap(energy, held, refCost), scarcityOutside: true, ceiling };
}
