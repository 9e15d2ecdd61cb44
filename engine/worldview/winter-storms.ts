// Winter storms: ERCOT's winter scarcity (decision 0250). Real ERCOT winter shortfalls come in
// storms, when an arctic outbreak raises heating demand to near the summer peak and freezes plant
// and gas supply on the same days (Uri, February 2021: 52,277 MW, 48.6 % of generation, forced out
// at the worst point, mostly for want of gas — ERCOT, "Review of February 2021 Extreme Cold Weather
// Event", 25 February 2021; Elliott, December 2022: winter record 74,525 MW on 23 December; Heather,
// January 2024: 78.14 GW on 16 January with thermal outages "slightly below average at 7 GW" —
// ERCOT news release 15 January 2024, RTO Insider; FERC/NERC count five cold-weather events that
// jeopardised reliability in the 11 years to 2022: 2011, 2014, 2018, 2021, 2022). The world view's
// demand otherwise has a Gaussian daily anomaly and flat availability, so its winter margins never
// come near the summer peak's (2026 January–March: 31–36 % of peak against 10–11 % in summer).
//
// The rule (seeded by the weather draw, so it is part of the weather and the shortfall hazard's
// expectation over weather draws covers it):
// - storms arrive at STORMS_PER_WINTER a winter (Poisson), each starting on a day drawn uniformly
//   from December–February (the days of that window in the calendar year), lasting 2–5 days
//   (Elliott 2, Heather 3, January 2026 4 — the 25–28 January hours above $500 in the shared data —,
//   Uri 5–6);
// - each storm draws one severity s ~ U(0, 1) that sets both sides, because the same cold drives
//   both: demand on its days is raised so that the day's peak is (0.85 + 0.2 s) × the year's peak
//   before storms (real storm peaks over the same year's summer peak: January 2018 62.9 / 73.3 GW
//   = 0.86, Elliott 74.5 / 80.1 = 0.93, Heather 78.1 / 85.2 = 0.92, Uri's estimated unserved
//   demand ≈ 76.8 / 73.6 = 1.04), and a share COLD_OUTAGE_MAX × s⁴ of the thermal fleet is forced
//   out (near zero for an ordinary storm — Heather's outages were no more than usual — and about
//   four tenths of thermal at the extreme, Uri; P(share > 0.25) = 0.11 a storm, roughly the two
//   load-shedding storms, 2011 and 2021, in fifteen winters).
import { hashSeed, Rng } from "./rng.ts";
import type { LocalGrid } from "./calendar.ts";

export interface WinterStormRule {
  /** Mean number of storms a winter (December–February). */
  stormsPerWinter: number;
  /** Storm length in days, drawn uniformly from min to max (inclusive). */
  minDays: number;
  maxDays: number;
  /** Storm-day demand peak as a share of the year's peak: low + span × severity^peakExponent. */
  peakRatioLow: number;
  peakRatioSpan: number;
  peakExponent: number;
  /** Thermal fleet share forced out at severity 1; out share = max × severity^outageExponent. */
  coldOutageMax: number;
  outageExponent: number;
}

/** ERCOT's rule (sources above). */
export const ERCOT_WINTER_STORMS: WinterStormRule = {
  stormsPerWinter: 1,
  minDays: 2,
  maxDays: 5,
  peakRatioLow: 0.84,
  peakRatioSpan: 0.2,
  peakExponent: 2,
  coldOutageMax: 0.4,
  outageExponent: 6,
};

/**
 * Duration (hours) a battery must hold its output to count as reserve in a storm: a winter storm's
 * shortfall spans a whole peak (ERCOT's conservation appeal of 16 January 2024 ran 6–9 a.m.; on 25
 * January 2026 the price stayed above $500 for five hours running), not the one or two hours of a
 * summer evening. A battery counts min(power, energy / STORM_RESERVE_HOURS) (decision 0250).
 */
export const STORM_RESERVE_HOURS = 4;

export interface WinterStorm {
  /** Local day index (grid.dayIndex) of the first storm day. */
  firstDay: number;
  days: number;
  severity: number;
}

/** Per-interval storm drivers: the thermal share forced out by cold (0 outside storms). */
export interface StormDrivers {
  storms: WinterStorm[];
  /** 1 on storm intervals. */
  active: Uint8Array;
  coldOutageShare: Float64Array;
}

/** Poisson draw by inversion (small means). */
function poisson(mean: number, rng: Rng): number {
  let k = 0;
  let p = Math.exp(-mean);
  let c = p;
  const u = rng.next();
  while (u > c && k < 50) {
    k++;
    p *= mean / k;
    c += p;
  }
  return k;
}

/** The storms of one weather draw (seeded), on the local days of the grid. */
export function drawWinterStorms(rule: WinterStormRule, grid: LocalGrid, seed: number): WinterStorm[] {
  const n = grid.dayIndex.length;
  if (n === 0) return [];
  // the winter days of the run (December–February, local), one entry per local day
  const winterDays: number[] = [];
  let last = -1;
  for (let i = 0; i < n; i++) {
    const d = grid.dayIndex[i];
    if (d === last) continue;
    last = d;
    const m = grid.month[i];
    if (m === 11 || m <= 1) winterDays.push(d);
  }
  if (winterDays.length === 0) return [];
  const rng = new Rng(hashSeed(seed, "winter-storms"));
  // the run covers winterDays / ~90 of a winter (a calendar year: January–February and December)
  const count = poisson((rule.stormsPerWinter * winterDays.length) / 90.25, rng);
  const storms: WinterStorm[] = [];
  for (let k = 0; k < count; k++) {
    const firstDay = winterDays[Math.floor(rng.next() * winterDays.length)];
    const days = rule.minDays + Math.floor(rng.next() * (rule.maxDays - rule.minDays + 1));
    storms.push({ firstDay, days, severity: rng.next() });
  }
  return storms;
}

/**
 * Applies the storms of a draw to a demand series (in place): each storm day's demand is scaled up so
 * that its peak reaches the storm's share of the year's peak (never down), and the cold outage share
 * of the thermal fleet is set on its intervals (the larger where two storms overlap).
 */
export function applyWinterStorms(
  rule: WinterStormRule,
  demandMW: Float64Array,
  grid: LocalGrid,
  seed: number,
): StormDrivers {
  const n = demandMW.length;
  const storms = drawWinterStorms(rule, grid, seed);
  const active = new Uint8Array(n);
  const coldOutageShare = new Float64Array(n);
  if (storms.length === 0) return { storms, active, coldOutageShare };
  let yearPeak = 0;
  for (const v of demandMW) if (v > yearPeak) yearPeak = v;
  // each local day's intervals and peak
  const dayPeak = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const d = grid.dayIndex[i];
    dayPeak.set(d, Math.max(dayPeak.get(d) ?? 0, demandMW[i]));
  }
  const factor = new Map<number, number>();
  const outage = new Map<number, number>();
  for (const s of storms) {
    const target =
      (rule.peakRatioLow + rule.peakRatioSpan * Math.pow(s.severity, rule.peakExponent)) * yearPeak;
    const out = rule.coldOutageMax * Math.pow(s.severity, rule.outageExponent);
    for (let d = s.firstDay; d < s.firstDay + s.days; d++) {
      const p = dayPeak.get(d);
      if (p === undefined || p <= 0) continue;
      factor.set(d, Math.max(factor.get(d) ?? 1, target / p));
      outage.set(d, Math.max(outage.get(d) ?? 0, out));
    }
  }
  for (let i = 0; i < n; i++) {
    const d = grid.dayIndex[i];
    const f = factor.get(d);
    if (f === undefined) continue;
    demandMW[i] *= f;
    active[i] = 1;
    coldOutageShare[i] = outage.get(d) ?? 0;
  }
  return { storms, active, coldOutageShare };
}
