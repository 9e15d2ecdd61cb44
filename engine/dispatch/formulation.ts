// The dispatch linear programme (one formulation, solved by the fast IPM in production and by
// HiGHS as the oracle). Rows are created period by period and every column only touches the
// rows of its own period and of the next one, so the normal equations stay banded.
//
// Per interval t (Δt hours, ηc = ηd = √η):
//   c_t ∈ [0, min(P, import)]        battery charge, grid side, MW
//   d_t ∈ [0, min(P, export)]        battery discharge, grid side, MW
//   c_t + d_t ≤ P                    time sharing (no burning at full power both ways)
//   s_t = s_{t−1} + (ηc·c_t − d_t/ηd)·Δt,  0 ≤ s_t ≤ E      state of charge (end of interval)
//   w_t = w_{t−1}[same trading day] + d_t/ηd·Δt ≤ maxCycles·E   daily throughput cap
//   services r_{k,t} ≥ 0:  d − c + Σ_up r ≤ export,  c − d + Σ_down r ≤ import   (power headroom)
//                          s_t ≥ Σ_up r·dur/ηd,   s_t + Σ_down r·dur·ηc ≤ E       (energy headroom)
//                          r_{k,t} = r_{k,t−1} inside a contracted block
//   generation / grid (when present): export e, import i, used generation g ≤ profile
//      AC: e − i = g + d − c;   DC: g + d + a_in = c + a_out, e − i = a_out − a_in, a ≤ inverter
//   maximise Σ [p_exp·e − p_imp·i]·Δt  (or Σ p·(d − c)·Δt without a grid stage) + Σ price_k·r_k·Δt
import { tzOffset } from "@date-fns/tz";
import { LpModel } from "../lp/model.ts";
import type { DispatchProblem, ServiceSpec } from "./types.ts";

export interface DispatchIndex {
  n: number;
  dt: number;
  etaC: number;
  etaD: number;
  cycleCap: number; // MWh per day, Infinity if none
  col: {
    c: Int32Array;
    d: Int32Array;
    s: Int32Array;
    w: Int32Array;
    g: Int32Array;
    e: Int32Array;
    i: Int32Array;
    r: Int32Array[]; // per service
  };
  gridStage: boolean;
  exportPrice: Float64Array;
  importPrice: Float64Array;
  dayIndex: Int32Array;
}

/**
 * The trading day of every interval: days since 1970-01-01 in the market's time zone (the day an
 * interval starts in), so the daily cycle cap counts the market's own day. A clock-change day has
 * 23 or 25 hours of intervals.
 */
export function tradingDayIndex(
  startUtc: string,
  intervalMinutes: number,
  n: number,
  timeZone = "UTC",
): Int32Array {
  const t0 = Date.parse(startUtc);
  if (!Number.isFinite(t0)) throw new Error(`invalid start timestamp '${startUtc}'`);
  const out = new Int32Array(n);
  const ms = intervalMinutes * 60_000;
  const offset = timeZone === "UTC" ? () => 0 : utcOffsetMs(timeZone);
  for (let t = 0; t < n; t++) {
    const at = t0 + t * ms;
    const off = offset(at);
    out[t] = Math.floor((at + off) / 86_400_000);
  }
  return out;
}

/** Offsets by zone at the start of each UTC hour, computed once per thread: look-ups cost microseconds. */
const offsetCache = new Map<string, Map<number, number>>();
/** … and at the start of each UTC day. */
const dayOffsetCache = new Map<string, Map<number, number>>();
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const QUARTER_HOUR_MS = 900_000;

/**
 * Local time minus UTC (ms) at an instant, in an IANA time zone, by the project's date library.
 * An hour whose start and end share an offset keeps it throughout; in the hour of a clock change
 * the offset is read at the quarter-hour (Adelaide changes at 16:30 UTC, not on the hour).
 */
export function utcOffsetMs(timeZone: string): (at: number) => number {
  let byHour = offsetCache.get(timeZone);
  if (!byHour) offsetCache.set(timeZone, (byHour = new Map()));
  let byDay = dayOffsetCache.get(timeZone);
  if (!byDay) dayOffsetCache.set(timeZone, (byDay = new Map()));
  const cache = byHour;
  const days = byDay;
  const atDay = (d: number) => {
    let off = days.get(d);
    if (off === undefined) days.set(d, (off = tzOffset(timeZone, new Date(d * DAY_MS)) * 60_000));
    return off;
  };
  const atHour = (h: number) => {
    // a UTC day that starts and ends on one offset keeps it every hour (no zone changes its clocks
    // twice within a day): one look-up a day instead of one an hour (decision 0519)
    const d = Math.floor(h / 24);
    const od = atDay(d);
    if (od === atDay(d + 1)) return od;
    let off = cache.get(h);
    if (off === undefined) cache.set(h, (off = tzOffset(timeZone, new Date(h * HOUR_MS)) * 60_000));
    return off;
  };
  return (at) => {
    const h = Math.floor(at / HOUR_MS);
    const off = atHour(h);
    if (off === atHour(h + 1)) return off;
    return tzOffset(timeZone, new Date(Math.floor(at / QUARTER_HOUR_MS) * QUARTER_HOUR_MS)) * 60_000;
  };
}

/** The trading day of every interval of a problem (its time zone, default UTC). */
export const problemDays = (p: DispatchProblem, n = p.price.length) =>
  tradingDayIndex(p.startUtc, p.intervalMinutes, n, p.timeZone);

export function batteryLimits(p: DispatchProblem) {
  const b = p.battery;
  if (!b) return { P: 0, cMax: 0, dMax: 0, E: 0, etaC: 1, etaD: 1 };
  const P = b.powerMW;
  const cMax = Math.min(P, b.importLimitMW ?? P);
  const dMax = Math.min(P, b.exportLimitMW ?? P);
  const eta = Math.sqrt(b.roundTripEfficiency);
  // DC coupling: charged from the DC bus, the cells skip the inverter's conversion that the
  // round-trip efficiency (grid to grid) counts on the way in (decision 0119)
  const f = busImportFactor(p);
  return { P, cMax, dMax, E: b.energyMWh, etaC: Math.min(1, eta / f), etaD: eta };
}

/**
 * DC coupling with a lossy shared inverter: the share of a MW imported from the grid that reaches
 * the DC bus, in the bus's AC-equivalent MW (two conversions: the import's own, and the one the
 * profile already counts). 1 otherwise.
 */
export function busImportFactor(p: DispatchProblem): number {
  const g = p.generation;
  if (!g || g.coupling !== "DC" || !p.battery || p.battery.energyMWh <= 0) return 1;
  const e = g.inverterEfficiency ?? 1;
  return e * e;
}

/**
 * Prices the optimisation settles the site's net position at, per MWh: export price less export
 * charges, import price plus import charges. The real settlement is on the net position, one
 * price per interval; when export would pay more than import costs (an export credit larger
 * than the import charge), an LP could import and export at once and earn the difference for
 * nothing (decision 0109), so there the optimisation uses the import price for both. Reported
 * revenue settles the actual net position at the true prices (result.ts).
 */
export function effectivePrices(p: DispatchProblem): {
  exportPrice: Float64Array;
  importPrice: Float64Array;
} {
  const n = p.price.length;
  const exportPrice = new Float64Array(n);
  const importPrice = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    const ex = (p.exportPrice ?? p.price)[t] - (p.exportCharge ? p.exportCharge[t] : 0);
    const im = (p.importPrice ?? p.price)[t] + (p.importCharge ? p.importCharge[t] : 0);
    exportPrice[t] = Math.min(ex, im);
    importPrice[t] = im;
  }
  return { exportPrice, importPrice };
}

export function validateProblem(p: DispatchProblem): void {
  const n = p.price.length;
  if (n === 0) throw new Error("no price intervals");
  if (!(p.intervalMinutes > 0)) throw new Error("interval minutes must be positive");
  for (let t = 0; t < n; t++)
    if (!Number.isFinite(p.price[t])) throw new Error(`price at interval ${t} is not a number`);
  const b = p.battery;
  if (b) {
    if (!(b.powerMW > 0)) throw new Error("battery power must be positive");
    if (!(b.energyMWh >= 0)) throw new Error("battery energy must be non-negative");
    if (!(b.roundTripEfficiency > 0 && b.roundTripEfficiency <= 1))
      throw new Error("efficiency must be in (0, 100] %");
    if (b.importLimitMW !== undefined && !(b.importLimitMW >= 0))
      throw new Error("import limit must be non-negative");
    if (b.exportLimitMW !== undefined && !(b.exportLimitMW >= 0))
      throw new Error("export limit must be non-negative");
    if (b.maxCyclesPerDay !== undefined && !(b.maxCyclesPerDay >= 0))
      throw new Error("max cycles must be non-negative");
    const s0 = b.initialSocMWh ?? 0;
    if (!(s0 >= -1e-9 && s0 <= b.energyMWh + 1e-9))
      throw new Error("initial state of charge outside [0, capacity]");
  }
  for (const arr of [p.exportPrice, p.importPrice, p.importCharge, p.exportCharge, p.generation?.profileMW])
    if (arr && arr.length !== n)
      throw new Error("all per-interval series must have the same length as the prices");
  for (const s of p.services ?? []) {
    if (s.price.length !== n) throw new Error(`service ${s.key}: price series length differs`);
    if (s.initialMW !== undefined && !(s.initialMW >= 0 && Number.isFinite(s.initialMW)))
      throw new Error(`service ${s.key}: the reservation in force at the start must be ≥ 0 MW`);
  }
}

/** True when the site settles a net position at export/import prices (generation, grid charges, different prices). */
export function hasGridStage(p: DispatchProblem): boolean {
  return !!(p.generation || p.exportPrice || p.importPrice || p.importCharge || p.exportCharge);
}

/** Share of rated power by which a reservation handed on to a later solve is shaved. */
export const HANDED_ON_SHAVE = 1e-3;

/**
 * A reservation handed on as fixed to a later solve (services-first stage 2, the block a rolling
 * window continues), shaved by 0.1 % of rated power: the earlier solve's reservation sits exactly
 * on its headroom limits, and the later LP is then a sliver so thin that rounding makes it
 * infeasible or stalls the interior-point method short of the optimum (measured: GB 2035, a full
 * downward reservation carried at an empty battery).
 */
export function handedOnReservation(mw: number, powerMW: number): number {
  return Math.max(0, mw - HANDED_ON_SHAVE * powerMW);
}

/**
 * Intervals at the start of the horizon whose reservation is the one already in force
 * (ServiceSpec.initialMW): those before the first block boundary, for a block-contracted service
 * still to choose. 0 when nothing is carried.
 */
export function carriedIntervals(sv: ServiceSpec, blockContracts = true): number {
  if (sv.initialMW === undefined || sv.fixedMW || !blockContracts || !isBlockContracted(sv)) return 0;
  return firstBlockStart(sv);
}

/** A service contracted in blocks longer than one interval. */
export const isBlockContracted = (sv: ServiceSpec) => !!sv.blockStarts || sv.blockIntervals > 1;

/** Whether a contracted block of the service starts at interval t (t > 0; t = 0 is the horizon's start). */
export function isBlockStart(sv: ServiceSpec, t: number): boolean {
  if (sv.blockStarts) return sv.blockStarts[t] === 1;
  return (t - (sv.blockOffset ?? 0)) % sv.blockIntervals === 0;
}

/** The first block boundary at or after the horizon's start (the intervals before it are a partial block). */
export function firstBlockStart(sv: ServiceSpec): number {
  if (sv.blockStarts) {
    const i = sv.blockStarts.indexOf(1);
    return i < 0 ? sv.blockStarts.length : i;
  }
  return (((sv.blockOffset ?? 0) % sv.blockIntervals) + sv.blockIntervals) % sv.blockIntervals;
}

export function buildDispatchLp(p: DispatchProblem): { model: LpModel; index: DispatchIndex } {
  validateProblem(p);
  const n = p.price.length;
  const dt = p.intervalMinutes / 60;
  const b = p.battery;
  const { P, cMax, dMax, E, etaC, etaD } = batteryLimits(p);
  const hasBat = !!b && E > 0;
  const gen = p.generation;
  const services = hasBat ? (p.services ?? []) : [];
  const gridStage = hasGridStage(p);
  const { exportPrice, importPrice } = effectivePrices(p);
  const cycleCap =
    hasBat && b!.maxCyclesPerDay !== undefined ? b!.maxCyclesPerDay * (b!.cycleEnergyMWh ?? E) : Infinity;
  const hasCap = Number.isFinite(cycleCap);
  const dayIndex = problemDays(p, n);
  const anyUp = services.some((s) => s.direction !== "down");
  const anyDown = services.some((s) => s.direction !== "up");
  const needPow = hasBat && cMax + dMax > P + 1e-12;
  const blockContracts = p.blockContracts ?? true;
  let genMax = 0;
  if (gen) for (let t = 0; t < n; t++) genMax = Math.max(genMax, gen.profileMW[t]);
  const siteImport = p.siteImportLimitMW ?? (hasBat ? cMax : 0);
  const siteExport = p.siteExportLimitMW ?? (hasBat ? dMax : 0) + genMax;
  const dcCoupled = !!gen && gen.coupling === "DC" && hasBat;
  const inverter = gen?.inverterMW ?? siteExport;
  const busImport = busImportFactor(p);
  const s0 = b?.initialSocMWh ?? 0;

  const model = new LpModel("max");
  const NONE = -1;
  const rows = {
    soc: new Int32Array(n).fill(NONE),
    cyc: new Int32Array(n).fill(NONE),
    pow: new Int32Array(n).fill(NONE),
    up: new Int32Array(n).fill(NONE),
    dn: new Int32Array(n).fill(NONE),
    eUp: new Int32Array(n).fill(NONE),
    eDn: new Int32Array(n).fill(NONE),
    bal: new Int32Array(n).fill(NONE),
    acBal: new Int32Array(n).fill(NONE),
    chain: services.map(() => new Int32Array(n).fill(NONE)),
  };
  const blockStart = (k: number, t: number) => {
    const s = services[k];
    if (!blockContracts || !isBlockContracted(s) || s.fixedMW) return true;
    return isBlockStart(s, t) || t === 0;
  };
  for (let t = 0; t < n; t++) {
    if (hasBat) {
      rows.soc[t] = t === 0 ? model.addRow(s0, s0) : model.addRow(0, 0);
      if (hasCap) rows.cyc[t] = model.addRow(0, 0);
      if (needPow) rows.pow[t] = model.addRow(-Infinity, P);
      if (anyUp) {
        rows.up[t] = model.addRow(-Infinity, dMax);
        rows.eUp[t] = model.addRow(0, Infinity);
      }
      if (anyDown) {
        rows.dn[t] = model.addRow(-Infinity, cMax);
        rows.eDn[t] = model.addRow(-Infinity, E);
      }
      for (let k = 0; k < services.length; k++) if (!blockStart(k, t)) rows.chain[k][t] = model.addRow(0, 0);
    }
    if (gridStage) {
      rows.bal[t] = model.addRow(0, 0);
      if (dcCoupled) rows.acBal[t] = model.addRow(0, 0);
    }
  }

  const col = {
    c: new Int32Array(n).fill(NONE),
    d: new Int32Array(n).fill(NONE),
    s: new Int32Array(n).fill(NONE),
    w: new Int32Array(n).fill(NONE),
    g: new Int32Array(n).fill(NONE),
    e: new Int32Array(n).fill(NONE),
    i: new Int32Array(n).fill(NONE),
    r: services.map(() => new Int32Array(n).fill(NONE)),
  };
  const ent: number[] = [];
  const push = (row: number, v: number) => {
    if (row >= 0) ent.push(row, v);
  };
  for (let t = 0; t < n; t++) {
    const last = t === n - 1;
    if (hasBat) {
      // charge: balance of its bus is +c (consumes), AC balance for AC coupling
      ent.length = 0;
      push(rows.soc[t], -etaC * dt);
      push(rows.pow[t], 1);
      push(rows.up[t], -1);
      push(rows.dn[t], 1);
      if (gridStage) push(rows.bal[t], 1);
      col.c[t] = model.addCol(gridStage ? 0 : -p.price[t] * dt, 0, cMax, ent);
      ent.length = 0;
      push(rows.soc[t], dt / etaD);
      push(rows.cyc[t], -dt / etaD);
      push(rows.pow[t], 1);
      push(rows.up[t], 1);
      push(rows.dn[t], -1);
      if (gridStage) push(rows.bal[t], -1);
      col.d[t] = model.addCol(gridStage ? 0 : p.price[t] * dt, 0, dMax, ent);
      ent.length = 0;
      push(rows.soc[t], 1);
      if (!last) push(rows.soc[t + 1], -1);
      push(rows.eUp[t], 1);
      push(rows.eDn[t], 1);
      col.s[t] = model.addCol(0, 0, E, ent);
      if (hasCap) {
        ent.length = 0;
        push(rows.cyc[t], 1);
        if (!last && dayIndex[t + 1] === dayIndex[t]) push(rows.cyc[t + 1], -1);
        col.w[t] = model.addCol(0, 0, cycleCap, ent);
      }
      for (let k = 0; k < services.length; k++) {
        const sv = services[k];
        ent.length = 0;
        const up = sv.direction !== "down";
        const dn = sv.direction !== "up";
        if (up) {
          push(rows.up[t], 1);
          push(rows.eUp[t], -sv.durationHours / etaD);
        }
        if (dn) {
          push(rows.dn[t], 1);
          push(rows.eDn[t], sv.durationHours * etaC);
        }
        if (rows.chain[k][t] >= 0) push(rows.chain[k][t], 1);
        if (!last && rows.chain[k][t + 1] >= 0) push(rows.chain[k][t + 1], -1);
        const ub = Math.min(
          sv.maxMW ?? Infinity,
          sv.maxMWByInterval?.[t] ?? Infinity,
          up && dn ? Math.min(cMax, dMax) : up ? dMax : cMax,
        );
        const fixed = sv.fixedMW
          ? Math.min(Math.max(sv.fixedMW[t], 0), ub)
          : t < carriedIntervals(sv, blockContracts)
            ? Math.min(sv.initialMW!, ub)
            : undefined;
        col.r[k][t] = model.addCol(sv.price[t] * dt, fixed ?? 0, fixed ?? ub, ent);
      }
    }
    if (gridStage) {
      if (gen) {
        ent.length = 0;
        push(rows.bal[t], -1);
        col.g[t] = model.addCol(0, 0, Math.max(0, gen.profileMW[t]), ent);
      }
      if (dcCoupled) {
        // inverter flows: a_out (DC→AC) and a_in (AC→DC; busImport of it reaches the bus)
        model.addCol(0, 0, inverter, [rows.bal[t], 1, rows.acBal[t], -1]);
        model.addCol(0, 0, inverter, [rows.bal[t], -busImport, rows.acBal[t], 1]);
        col.e[t] = model.addCol(exportPrice[t] * dt, 0, siteExport, [rows.acBal[t], 1]);
        col.i[t] = model.addCol(-importPrice[t] * dt, 0, siteImport, [rows.acBal[t], -1]);
      } else {
        col.e[t] = model.addCol(exportPrice[t] * dt, 0, siteExport, [rows.bal[t], 1]);
        if (siteImport > 0) col.i[t] = model.addCol(-importPrice[t] * dt, 0, siteImport, [rows.bal[t], -1]);
      }
    }
  }
  return {
    model,
    index: { n, dt, etaC, etaD, cycleCap, col, gridStage, exportPrice, importPrice, dayIndex },
  };
}
