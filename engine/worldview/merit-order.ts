// The merit-order (supply-stack) price model. For every interval it:
//   1. takes demand, wind and solar (drivers.ts) and the year's fleet (SystemYear);
//   2. lets reservoir hydro and storage reshape residual demand (daily water-filling: discharge
//      into the highest residual-load intervals, charge in the lowest, within power/energy limits);
//   3. clears the residual against a stack: price-insensitive renewables and must-run at negative
//      bids, subsidised renewables at minus their subsidy, merchant renewables at ~0, then thermal
//      blocks at short-run marginal cost (fuel/efficiency + carbon × emission factor + VOM),
//      imports/exports against a neighbour price and price-responsive flexible demand;
//   4. adds a utilisation mark-up, seeded bid noise and a scarcity adder
//      (VOLL-style: (cap − price) × P[margin < 0], margin ~ Normal) when reserves run short.
import { normCdf, ar1, hashSeed, Rng } from "./rng.ts";
import type { LocalGrid } from "./calendar.ts";
import type { Drivers } from "./drivers.ts";
import { STORM_RESERVE_HOURS } from "./winter-storms.ts";

export interface ThermalBlock {
  tech: string;
  mw: number;
  /** Marginal cost of the block, currency/MWh. */
  cost: number;
  availability: number;
}

export interface StorageFleet {
  mw: number;
  hours: number;
  efficiency: number;
  /** Average share of a full daily cycle actually used (pumped hydro cycles far less than daily). */
  cycleFraction: number;
}

/** Calibrated behavioural parameters of a price system (see calibration.ts). */
export interface PriceParams {
  /** Mark-up at full thermal utilisation, as a fraction of marginal cost (price = c·(1 + a·u^k)). */
  markupA: number;
  markupK: number;
  /** Bid noise: sigma of a log-normal AR(1) multiplier on thermal prices, and its hourly persistence. */
  noiseSigma: number;
  noisePhi: number;
  /** Extra i.i.d. noise sigma at sub-hourly intervals (5/15-minute markets). */
  subHourlyNoise: number;
  /** Scarcity: reserve margin (fraction of peak demand) at which P[shortfall] = 50%, and its sigma. */
  scarcityM0: number;
  scarcitySigma: number;
  /** Neighbour (interconnected market) price as a multiple of a reference CCGT cost. */
  neighbourFactor: number;
  /**
   * Coupling of the neighbour price to this system's standardised residual load (shared weather
   * across interconnected markets): neighbour = ref·factor·(1 + coupling·z + noise).
   */
  neighbourCoupling: number;
  /**
   * Economic withholding: share of thermal capacity offered only at a strategic price of
   * withholdPrice × the dearest block's cost (portfolio bidding, as in the NEM).
   */
  withholdShare: number;
  withholdPrice: number;
  /** Depth of negative bids: multiplies the inflexible/must-run negative bid levels. */
  negDepth: number;
  /**
   * Sigma of an interval-by-interval (i.i.d.) log-normal factor on positive prices: short-lived
   * bidding and outages that make one hour dear and the next not. It sets how much of the price
   * variation falls within a day rather than between days (the mean daily spread); derived per
   * system with the price map (cli/derive-price-map.ts).
   */
  spreadNoise: number;
  /**
   * Share of storage and hydro power not already discharging that counts as reserve in the scarcity
   * margin (energy-limited: 0.5 by default). ERCOT counts batteries' online capacity in its
   * real-time reserves for the ORDC (decision 0230): 1 there.
   */
  storageReserveShare: number;
  /**
   * Where set, the scarcity adder outside the price map is paid by realised shortfall events of this
   * log-uniform severity instead of the expected LOLP (ERCOT's real-time tail, decision 0246).
   */
  shortfallSeverity?: { min: number; max: number };
}

export interface SystemYear {
  system: string;
  year: number;
  peakDemandMW: number;
  /** Renewables (wind+solar, MW from drivers) split by bidding behaviour, shares of output. */
  inflexibleShare: number;
  subsidisedShare: number;
  subsidyBid: number;
  /** Must-run generation (nuclear, CHP, run-of-river, min-stable thermal), MW and bid. */
  mustRunMW: number;
  mustRunBid: number;
  /** Reservoir hydro: power and mean capacity factor (daily energy budget). */
  hydroMW: number;
  hydroCf: number;
  storage: StorageFleet[];
  thermal: ThermalBlock[];
  interconnectorMW: number;
  /** Reference CCGT cost for the neighbour price, currency/MWh. */
  neighbourRefCost: number;
  /** Correlation of neighbour price with own wind (0..1): shared weather. */
  neighbourWindCorr: number;
  flexDemandMW: number;
  flexBid: number;
  priceCap: number;
  priceFloor: number;
  /**
   * Rooftop PV added since the base year (MW) in markets whose demand is operational demand with the
   * base year's rooftop output already netted (NEM): it reshapes demand — less at midday, the same
   * energy over the day — because rooftop output is not curtailed by price.
   */
  rooftopGrowthMW: number;
  params: PriceParams;
}

/** Merchant wind and solar bid within ± this (currency/MWh) around zero: their marginal cost is ~0. */
const MERCHANT_BID = 5;
/** Share of renewable output curtailed over which merchant offers fall by 2·MERCHANT_BID. */
const MERCHANT_SPAN = 0.3;

/** Rooftop PV's capacity factor relative to utility solar's (fixed tilt, shading, inverter limits). */
export const ROOFTOP_CF_RATIO = 0.65;

/** Pre-sorted thermal stack with cumulative available capacity. */
interface Stack {
  cost: Float64Array;
  cum: Float64Array; // cumulative nameplate×availability
  total: number;
}

function buildStack(blocks: ThermalBlock[]): Stack {
  const b = blocks.filter((x) => x.mw > 0).sort((x, y) => x.cost - y.cost);
  const cost = new Float64Array(b.length);
  const cum = new Float64Array(b.length);
  let c = 0;
  b.forEach((x, i) => {
    c += x.mw * x.availability;
    cost[i] = x.cost;
    cum[i] = c;
  });
  return { cost, cum, total: c };
}

/** Cost of the marginal thermal block for a residual X (MW) with availability scale s. */
function stackCost(st: Stack, x: number, s: number): number {
  if (st.cost.length === 0) return Infinity;
  let lo = 0;
  let hi = st.cost.length - 1;
  const target = x / s;
  if (target > st.cum[hi]) return Infinity;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (st.cum[mid] >= target) hi = mid;
    else lo = mid + 1;
  }
  // interpolate within the block towards the next block's cost for a smooth stack
  const prevCum = lo > 0 ? st.cum[lo - 1] : 0;
  const next = lo + 1 < st.cost.length ? st.cost[lo + 1] : st.cost[lo];
  const f = (target - prevCum) / Math.max(st.cum[lo] - prevCum, 1e-9);
  return st.cost[lo] + (next - st.cost[lo]) * 0.5 * f;
}

/**
 * Daily water-filling of an energy-limited resource on a load series (in place).
 * Discharges `dischargeMWh` into the highest intervals (≤ powerMW) and, when chargeMWh > 0,
 * charges it from the lowest intervals. Levels are found by bisection on a coarse copy of the day
 * (at most 48 points) and applied to every interval.
 */
function waterFill(
  load: Float64Array,
  from: number,
  to: number,
  powerMW: number,
  dischargeMWh: number,
  chargeMWh: number,
  dtH: number,
): void {
  if (to <= from || powerMW <= 0) return;
  const len = to - from;
  const agg = Math.max(1, Math.ceil(len / 48));
  const m = Math.ceil(len / agg);
  const coarse = new Float64Array(m);
  const w = new Float64Array(m);
  for (let i = from; i < to; i++) {
    const k = Math.floor((i - from) / agg);
    coarse[k] += load[i];
    w[k] += 1;
  }
  let max = -Infinity;
  let min = Infinity;
  for (let k = 0; k < m; k++) {
    coarse[k] /= w[k];
    if (coarse[k] > max) max = coarse[k];
    if (coarse[k] < min) min = coarse[k];
  }
  const discharged = (h: number) => {
    let e = 0;
    for (let k = 0; k < m; k++) e += Math.min(powerMW, Math.max(0, coarse[k] - h)) * w[k];
    return e * dtH;
  };
  const charged = (l: number) => {
    let e = 0;
    for (let k = 0; k < m; k++) e += Math.min(powerMW, Math.max(0, l - coarse[k])) * w[k];
    return e * dtH;
  };
  const dTarget = Math.min(dischargeMWh, discharged(min - powerMW));
  let hLo = min - powerMW;
  let hHi = max;
  for (let it = 0; it < 16; it++) {
    const mid = 0.5 * (hLo + hHi);
    if (discharged(mid) > dTarget) hLo = mid;
    else hHi = mid;
  }
  const H = hHi;
  let L = -Infinity;
  if (chargeMWh > 0) {
    const cTarget = Math.min(chargeMWh, charged(max + powerMW));
    let lLo = min;
    let lHi = max + powerMW;
    for (let it = 0; it < 16; it++) {
      const mid = 0.5 * (lLo + lHi);
      if (charged(mid) < cTarget) lLo = mid;
      else lHi = mid;
    }
    L = Math.min(lLo, H);
  }
  for (let i = from; i < to; i++) {
    const v = load[i];
    if (v > H) load[i] = v - Math.min(powerMW, v - H);
    else if (v < L) load[i] = v + Math.min(powerMW, L - v);
  }
}

export interface ClearResult {
  price: Float64Array;
  /** Residual demand on thermal plant after storage (MW), for diagnostics/ancillary coupling. */
  thermalLoadMW: Float64Array;
  /** Scarcity probability (0..1) per interval — drives ancillary and imbalance spikes. */
  scarcity: Float64Array;
  /** The scarcity adder included in `price`: (cap − energy price) × scarcity, currency/MWh. */
  adder: Float64Array;
  /** Reserve margin left per interval, MW (what the shortfall probability is a function of). */
  reserveMW: Float64Array;
  /** Neighbour price series used for coupling. */
  neighbourPrice: Float64Array;
}

/**
 * Clear prices for every interval. `grid` gives the local day of each interval (storage cycles per
 * local day). Deterministic for a given seed.
 */
export function clearPrices(
  sy: SystemYear,
  d: Drivers,
  grid: LocalGrid,
  intervalMinutes: number,
  seed: number,
  opts: { neighbourPrice?: Float64Array } = {},
): ClearResult {
  const n = d.demandMW.length;
  const dtH = intervalMinutes / 60;
  const p = sy.params;
  const rng = new Rng(hashSeed(seed, sy.system, "bids"));

  // Residual after renewables and must-run: what hydro and storage see.
  const residual = new Float64Array(n);
  for (let i = 0; i < n; i++) residual[i] = d.demandMW[i] - d.windMW[i] - d.solarMW[i] - sy.mustRunMW;
  if (sy.rooftopGrowthMW > 0) {
    let meanCf = 0;
    for (let i = 0; i < n; i++) meanCf += d.solarCf[i];
    meanCf /= n;
    const k = sy.rooftopGrowthMW * ROOFTOP_CF_RATIO;
    for (let i = 0; i < n; i++) residual[i] -= k * (d.solarCf[i] - meanCf);
  }

  // Reservoir hydro and storage reshape residual load, local day by local day.
  const shaped = Float64Array.from(residual);
  let start = 0;
  for (let i = 1; i <= n; i++) {
    if (i === n || grid.dayIndex[i] !== grid.dayIndex[start]) {
      const hours = (i - start) * dtH;
      if (sy.hydroMW > 0) waterFill(shaped, start, i, sy.hydroMW, sy.hydroMW * sy.hydroCf * hours, 0, dtH);
      for (const s of sy.storage) {
        if (s.mw <= 0 || s.hours <= 0) continue;
        const e = s.mw * s.hours * s.cycleFraction;
        const rt = Math.sqrt(s.efficiency);
        // one full cycle per day at most; the round-trip loss is charged on the way in
        waterFill(shaped, start, i, s.mw, e * rt, e / rt, dtH);
      }
      start = i;
    }
  }

  // Peakers the adequacy rule adds ("-new") enter to keep the system adequate (a reliability
  // scheme's contract pays their availability) and offer at cost; the calibrated withholding is the
  // incumbent portfolios' behaviour. Withholding them too re-priced the evening peak of a fleet
  // that the world view had just made adequate: Central NSW1 rose to A$226/MWh by 2050 (decision 0214).
  const withheld = (b: ThermalBlock) => (b.tech.endsWith("-new") ? 0 : p.withholdShare);
  const blocks = sy.thermal.map((b) => ({ ...b, mw: b.mw * (1 - withheld(b)) }));
  if (p.withholdShare > 0 && sy.thermal.length) {
    // withheld capacity is priced against the dearest fossil peaker, the incumbent reference of a
    // portfolio bidder: a first few MW of hydrogen turbines (SA1 from 2030: 33 MW at A$299 against
    // OCGT's A$160) must not re-price the whole withheld fleet of the NEM (it raised NSW1's 2030
    // mean by a third)
    const fossil = sy.thermal.filter((b) => !b.tech.startsWith("hydrogen"));
    const dearest = Math.max(...(fossil.length ? fossil : sy.thermal).map((b) => b.cost));
    const held = sy.thermal.reduce((a, b) => a + b.mw * b.availability * withheld(b), 0);
    blocks.push({ tech: "strategic", mw: held * 0.5, availability: 1, cost: dearest * p.withholdPrice });
    blocks.push({ tech: "strategic", mw: held * 0.5, availability: 1, cost: dearest * p.withholdPrice * 2 });
  }
  const stack = buildStack(blocks);
  const flexMW = sy.hydroMW + sy.storage.reduce((a, st) => a + st.mw, 0);
  // in a winter storm a battery is reserve only for what it can hold over the storm's peak (its
  // energy over STORM_RESERVE_HOURS), not its full power (decision 0250)
  const stormFlexMW =
    sy.hydroMW + sy.storage.reduce((a, st) => a + st.mw * Math.min(1, st.hours / STORM_RESERVE_HOURS), 0);
  const storm = d.storm;
  const noise = ar1(n, Math.pow(p.noisePhi, intervalMinutes / 60), rng);
  const sub = intervalMinutes < 60 ? p.subHourlyNoise : 0;
  const nbNoise = ar1(n, Math.pow(0.97, intervalMinutes / 60), rng);
  const price = new Float64Array(n);
  const thermalLoad = new Float64Array(n);
  const scarcity = new Float64Array(n);
  const adder = new Float64Array(n);
  const reserveMW = new Float64Array(n);
  const neighbour = new Float64Array(n);
  const m0 = p.scarcityM0 * sy.peakDemandMW;
  const sig = Math.max(1, p.scarcitySigma * sy.peakDemandMW);
  const negInflex = Math.max(sy.priceFloor, -60 * p.negDepth);
  const negMust = Math.max(sy.priceFloor, sy.mustRunBid * p.negDepth);
  // standardised residual load (before storage) drives the correlated neighbour price
  let rMean = 0;
  for (let i = 0; i < n; i++) rMean += residual[i];
  rMean /= n;
  let rVar = 0;
  for (let i = 0; i < n; i++) rVar += (residual[i] - rMean) ** 2;
  const rStd = Math.sqrt(rVar / n) || 1;

  // price of the stack (without imports/flex) for a residual x at interval i
  const stackPrice = (i: number, x: number, availScale: number): number => {
    const res = d.windMW[i] + d.solarMW[i];
    const inflex = res * sy.inflexibleShare;
    const subsid = res * sy.subsidisedShare;
    const merch = res - inflex - subsid;
    // x is residual after ALL renewables and must-run; walk back down the low segment if x < 0
    if (x > 0) {
      const c = stackCost(stack, x, availScale);
      if (!Number.isFinite(c)) return sy.priceCap;
      // utilisation of the dispatchable fleet — thermal plus storage and hydro power, with what
      // storage and hydro discharge now (decision 0211): the mark-up is the rent of a tight system,
      // and as storage replaces coal the thermal fleet alone runs near full at every evening peak
      // although the system is no tighter (that alone put NSW1 at A$270/MWh by 2050)
      const dispatched = x + Math.max(0, residual[i] - shaped[i]);
      const u = Math.min(1.2, dispatched / Math.max(1, stack.total * availScale + flexMW));
      const mult = Math.exp(
        p.noiseSigma * noise[i] - 0.5 * p.noiseSigma * p.noiseSigma + (sub > 0 ? sub * rng.normal() : 0),
      );
      return c * mult * (1 + p.markupA * Math.pow(u, p.markupK));
    }
    // x < 0: renewables and must-run exceed demand and some must turn down. Supply leaves the
    // stack from the highest bid down, and the price walks along a continuous bid curve (no flat
    // steps, so no runs of one repeated price): merchant wind/solar within ±MERCHANT_BID,
    // subsidised output at minus its subsidy, must-run at its bid, then inflexible
    // (FiT/rooftop) output, whose curtailment drives the price towards the floor.
    const segs = [
      { mw: subsid, bid: -sy.subsidyBid },
      { mw: sy.mustRunMW, bid: negMust },
    ].sort((a, b) => b.bid - a.bid);
    let surplus = -x;
    // merchant offers fall by 2·MERCHANT_BID for every MERCHANT_SPAN of renewable output curtailed:
    // the deeper the curtailment, the more contracted output (paid per MWh generated) must give way
    const slope = (2 * MERCHANT_BID) / Math.max(MERCHANT_SPAN * res, 1);
    let from = MERCHANT_BID;
    if (surplus <= merch) return from - slope * surplus;
    let to = from - slope * merch;
    surplus -= merch;
    for (const sg of segs) {
      from = to;
      to = Math.min(from, sg.bid);
      if (surplus <= sg.mw) return from + ((to - from) * surplus) / Math.max(sg.mw, 1);
      surplus -= sg.mw;
    }
    // inflexible output curtails: the price falls from `to` to twice negInflex as the surplus grows
    // by half the renewable output (deep curtailment is rare: the floor is reached only beyond that)
    const deep = 2 * Math.min(to, negInflex);
    return Math.max(sy.priceFloor, to + ((deep - to) * surplus) / Math.max(0.5 * res, 1));
  };

  const perHour = Math.max(1, Math.round(60 / intervalMinutes));
  let hourZ = 0;
  for (let i = 0; i < n; i++) {
    // forced-outage wobble, correlated with bid noise; less the cold outages of a winter storm
    const availScale = (1 + 0.03 * noise[(i * 7919) % n]) * (storm ? 1 - storm.coldOutageShare[i] : 1);
    const nb = opts.neighbourPrice
      ? opts.neighbourPrice[i]
      : Math.max(
          -20,
          sy.neighbourRefCost *
            p.neighbourFactor *
            (1 + p.neighbourCoupling * ((residual[i] - rMean) / rStd) + 0.12 * nbNoise[i]),
        );
    neighbour[i] = nb;
    let x = shaped[i];
    let pr = stackPrice(i, x, availScale);
    // price-responsive flexible demand (electrolysers, smart charging) consumes below its bid
    // (each interval's bid varies around flexBid: many owners, not one price)
    const flexBid = sy.flexBid * (1 + 0.25 * nbNoise[i]);
    if (sy.flexDemandMW > 0 && pr < flexBid) {
      const p1 = stackPrice(i, x + sy.flexDemandMW, availScale);
      if (p1 <= flexBid) {
        x += sy.flexDemandMW;
        pr = p1;
      } else pr = flexBid;
    }
    // interconnection: export when cheaper than the neighbour, import when dearer
    let importUsed = 0;
    if (sy.interconnectorMW > 0) {
      if (pr < nb) {
        const p1 = stackPrice(i, x + sy.interconnectorMW, availScale);
        if (p1 <= nb) {
          x += sy.interconnectorMW;
          pr = p1;
        } else pr = nb;
      } else if (pr > nb) {
        const p1 = stackPrice(i, x - sy.interconnectorMW, availScale);
        if (p1 >= nb) {
          x -= sy.interconnectorMW;
          pr = p1;
          importUsed = sy.interconnectorMW;
        } else {
          pr = nb;
          importUsed = sy.interconnectorMW * 0.5;
        }
      }
    }
    // scarcity adder on the remaining reserve margin; storage/hydro power not already discharging
    // counts at storageReserveShare (half by default: energy-limited)
    const discharging = Math.max(0, residual[i] - shaped[i]);
    const spareFlex =
      p.storageReserveShare * Math.max(0, (storm?.active[i] ? stormFlexMW : flexMW) - discharging);
    const margin = stack.total * availScale + (sy.interconnectorMW - importUsed) + spareFlex - Math.max(0, x);
    const lolp = 1 - normCdf((margin - m0) / sig);
    // one draw per hour, also in the NEM: real half-hourly spikes persist across half hours (per
    // half-hour draws left the NEM's hourly-mean daily spreads 10–20 % short in the base year)
    if (i % perHour === 0) hourZ = rng.normal();
    if (p.spreadNoise > 0 && pr > 0)
      pr *= Math.exp(p.spreadNoise * hourZ - 0.5 * p.spreadNoise * p.spreadNoise);
    const add = pr < sy.priceCap ? (sy.priceCap - Math.max(pr, 0)) * lolp : 0;
    price[i] = Math.min(sy.priceCap, Math.max(sy.priceFloor, pr + add));
    adder[i] = add;
    thermalLoad[i] = Math.max(0, x);
    scarcity[i] = lolp;
    reserveMW[i] = margin;
  }
  return { price, thermalLoadMW: thermalLoad, scarcity, adder, reserveMW, neighbourPrice: neighbour };
}
