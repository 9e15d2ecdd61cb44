// The GB Balancing Mechanism as a revenue stream (decision 0140): a stage after the day-ahead
// position and the services committed with it. The battery offers every MW and MWh those leave
// free — offers (discharge more, or charge less) and bids (charge more, or discharge less) — and
// the system operator accepts a share of them: the dispatch (acceptance) rate. It accepts offers
// when the system is short (the marginal balancing action, the imbalance price, above the
// day-ahead price) and bids when it is long, at the marginal action's price. What an acceptance
// moves is carried in the state of charge; where the position's own schedule would then break the
// battery's energy limits (or a reservation's energy headroom), the battery trades back toward its
// position, the deviation settled at the imbalance (cash-out) price. The rule reads only the
// current interval and the state it inherits: no foresight of later prices.
import type { DispatchProblem, DispatchResult } from "../dispatch/types.ts";
import { batteryLimits, tradingDayIndex } from "../dispatch/formulation.ts";

/**
 * Share of the headroom the battery offers that the system operator accepts. National: no
 * dispatch rates per GSP group are held (../shared/data/SOURCES.md, pass 4).
 */
export const BM_DISPATCH_RATE = 0.09;

/** Where the dispatch rate and the BM price come from, as the results name them. */
export const BM_SOURCES = {
  dispatchRate:
    "Published rate, national: battery dispatch rates in the Balancing Mechanism above 9 % on average in April–June 2024 (Modo Energy forecast changelog, https://forecastdocs.modoenergy.com/changelog); no rates per GSP group or accepted volumes are held",
  realPrice:
    "Elexon BMRS system (cash-out) price, DETSYSPRICES, 2023-01 to 2024-05 — the price of the marginal balancing action, a proxy for accepted offer and bid prices",
  modelledPrice:
    "Modelled: day-ahead price + an imbalance spread fitted to Elexon system prices minus the Market Index Price, 2023-01 to 2024-05 — no cash-out prices are held after 2024-05",
} as const;

export interface BalancingMechanismResult {
  /** Net revenue: accepted offers − accepted bids, both at the BM price, and the trades back. */
  revenue: number;
  /** Revenue by interval, currency. */
  revenueByInterval: Float64Array;
  /** Accepted offers and bids, MWh at the grid. */
  offerMWh: number;
  bidMWh: number;
  /** Accepted MW by interval: + offer, − bid. */
  acceptedMW: Float64Array;
  /** Headroom by interval the battery offered (MW up and down) after any trade back. */
  headroomUpMW: Float64Array;
  headroomDownMW: Float64Array;
  /** MWh traded back toward the position (settled at the imbalance price). */
  tradeBackMWh: number;
  /** The physical schedule with the acceptances and trades back: MW and state of charge. */
  chargeMW: Float64Array;
  dischargeMW: Float64Array;
  socMWh: Float64Array;
  /** Energy discharged from the cells, MWh (for cycles), after the acceptances. */
  throughputMWh: number;
}

/**
 * Acceptances of one year (or any horizon) around a settled schedule `position` of `problem`
 * (battery only; a site with generation is not offered).
 *
 * @param price  the marginal balancing action's price (the imbalance price, or its model), per MWh
 * @param reference the day-ahead price: the system is short where `price` is above it
 * @param rate   dispatch rate, 0–1
 */
export function balancingMechanism(
  problem: DispatchProblem,
  position: DispatchResult,
  price: Float64Array,
  reference: Float64Array,
  rate: number,
): BalancingMechanismResult {
  const n = problem.price.length;
  const dt = problem.intervalMinutes / 60;
  const { cMax, dMax, E, etaC, etaD } = batteryLimits(problem);
  const exportMax = Math.min(dMax, problem.siteExportLimitMW ?? Infinity);
  const importMax = Math.min(cMax, problem.siteImportLimitMW ?? Infinity);
  const a = Math.max(0, Math.min(1, rate));
  const out: BalancingMechanismResult = {
    revenue: 0,
    revenueByInterval: new Float64Array(n),
    offerMWh: 0,
    bidMWh: 0,
    acceptedMW: new Float64Array(n),
    headroomUpMW: new Float64Array(n),
    headroomDownMW: new Float64Array(n),
    tradeBackMWh: 0,
    chargeMW: new Float64Array(n),
    dischargeMW: new Float64Array(n),
    socMWh: new Float64Array(n),
    throughputMWh: 0,
  };
  const services = problem.services ?? [];
  let soc = Math.min(problem.battery?.initialSocMWh ?? 0, E);
  // The daily cycle cap holds for the BM too: each trading day's acceptances may add at most the
  // throughput the position left under the cap. An offer uses its extra discharge; a bid the
  // energy it charges (it may be discharged later, by a trade-back).
  const cap = problem.battery?.maxCyclesPerDay;
  const day = tradingDayIndex(problem.startUtc, problem.intervalMinutes, n, problem.timeZone);
  // each trading day's throughput left, by day from the first; none when there is no cap
  const d0 = n ? day[0] : 0;
  let budget: Float64Array | undefined;
  if (cap !== undefined && Number.isFinite(cap)) {
    budget = new Float64Array(n ? day[n - 1] - d0 + 1 : 0).fill(cap * E);
    for (let t = 0; t < n; t++) budget[day[t] - d0] -= (position.dischargeMW[t] / etaD) * dt;
  }
  // the services' per-interval reservations, looked up once
  const svMW = services.map((_, k) => position.services[k]?.mw);
  for (let t = 0; t < n; t++) {
    const left = budget ? Math.max(0, budget[day[t] - d0]) : Infinity;
    const net0 = position.dischargeMW[t] - position.chargeMW[t];
    // what the services committed ahead hold: power each way, and energy the state of charge keeps
    let upMW = 0;
    let downMW = 0;
    let floor = 0;
    let ceiling = E;
    for (let k = 0; k < services.length; k++) {
      const s = services[k];
      const mw = svMW[k]?.[t] ?? 0;
      if (mw <= 0) continue;
      if (s.direction !== "down") {
        upMW += mw;
        floor += (mw * s.durationHours) / etaD;
      }
      if (s.direction !== "up") {
        downMW += mw;
        ceiling -= mw * s.durationHours * etaC;
      }
    }
    // … no tighter than the position itself keeps them (its own solver dust, or a horizon's edge)
    const planned = position.socMWh[t];
    floor = Math.min(Math.max(0, floor), E, planned);
    ceiling = Math.max(floor, Math.min(E, ceiling), planned);
    // the deviation x (MW, + = more export) the connection and the reservations leave
    const xMax = Math.max(0, exportMax - net0 - upMW);
    const xMin = -Math.max(0, importMax + net0 - downMW);
    // 1. trade back: the position's own move would leave the limits (acceptances before moved the
    //    state of charge): deviate just enough, at the imbalance price
    let x = 0;
    const s0 = socAt(soc, net0, etaC, etaD, dt);
    if (s0 < floor) x = Math.max(xMin, netFor(soc, floor, etaC, etaD, dt) - net0);
    else if (s0 > ceiling) x = Math.min(xMax, netFor(soc, ceiling, etaC, etaD, dt) - net0);
    // never past the battery's own limits, whatever the reservations: back to no move at worst
    if (socAt(soc, net0 + x, etaC, etaD, dt) < 0 || socAt(soc, net0 + x, etaC, etaD, dt) > E) x = -net0;
    let rev = price[t] * x * dt;
    out.tradeBackMWh += Math.abs(x) * dt;
    // 2. the headroom offered, and what the system operator accepts of it
    const up = Math.max(0, xMax - x);
    const down = Math.max(0, x - xMin);
    out.headroomUpMW[t] = up;
    out.headroomDownMW[t] = down;
    let accepted = 0;
    if (price[t] > reference[t] && up > 0) {
      // offer: no further than the energy the state of charge holds above its floor
      const energyRoom = Math.max(
        0,
        netFor(soc, Math.min(floor, socAt(soc, net0 + x, etaC, etaD, dt)), etaC, etaD, dt) - (net0 + x),
      );
      accepted = Math.min(a * up, energyRoom);
      // the extra discharge it brings, within the day's budget
      const before = Math.max(0, net0 + x);
      const extra = ((Math.max(0, net0 + x + accepted) - before) / etaD) * dt;
      if (extra > left) accepted = Math.max(0, before + (left * etaD) / dt - (net0 + x));
    } else if (price[t] < reference[t] && down > 0) {
      const energyRoom = Math.max(
        0,
        net0 + x - netFor(soc, Math.max(ceiling, socAt(soc, net0 + x, etaC, etaD, dt)), etaC, etaD, dt),
      );
      accepted = -Math.min(a * down, energyRoom, left / (etaC * dt));
    }
    if (budget) {
      const used =
        accepted > 0
          ? ((Math.max(0, net0 + x + accepted) - Math.max(0, net0 + x)) / etaD) * dt
          : -accepted * etaC * dt;
      budget[day[t] - d0] -= used;
    }
    if (accepted > 0) out.offerMWh += accepted * dt;
    else out.bidMWh -= accepted * dt;
    rev += price[t] * accepted * dt;
    out.acceptedMW[t] = accepted;
    out.revenueByInterval[t] = rev;
    out.revenue += rev;
    const net = net0 + x + accepted;
    const d = net > 0 ? net : 0;
    const c = net < 0 ? -net : 0;
    out.dischargeMW[t] = d;
    out.chargeMW[t] = c;
    soc = Math.min(E, Math.max(0, socAt(soc, net, etaC, etaD, dt)));
    out.socMWh[t] = soc;
    out.throughputMWh += (d / etaD) * dt;
  }
  return out;
}

/** State of charge at the end of an interval that starts at `soc` with net export y (MW). */
function socAt(soc: number, y: number, etaC: number, etaD: number, dt: number): number {
  return soc + (y < 0 ? -y * etaC : -y / etaD) * dt;
}

/** The net export that takes the state of charge from `soc` to s (inverse of socAt). */
function netFor(soc: number, s: number, etaC: number, etaD: number, dt: number): number {
  const delta = (s - soc) / dt;
  return delta > 0 ? -delta / etaC : -delta * etaD;
}
