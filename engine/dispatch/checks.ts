// Independent checks of a dispatch schedule (used by the property tests, and by the CLI in
// --check mode): every constraint of the formulation, re-evaluated from the schedule alone,
// and the revenue recomputed from prices × flows.
import {
  HANDED_ON_SHAVE,
  batteryLimits,
  carriedIntervals,
  hasGridStage,
  problemDays,
  isBlockContracted,
  isBlockStart,
} from "./formulation.ts";
import { serviceCap } from "./result.ts";
import type { DispatchProblem, DispatchResult } from "./types.ts";

export interface ScheduleCheck {
  ok: boolean;
  violations: string[];
  /** Revenue recomputed from the schedule. */
  revenue: number;
}

export function checkSchedule(p: DispatchProblem, r: DispatchResult, relTol = 1e-6): ScheduleCheck {
  const v: string[] = [];
  const n = p.price.length;
  const dt = p.intervalMinutes / 60;
  const { P, cMax, dMax, E, etaC, etaD } = batteryLimits(p);
  const tolP = relTol * Math.max(P, 1);
  const tolE = relTol * Math.max(E, 1) * 10;
  let s = p.battery?.initialSocMWh ?? 0;
  const day = problemDays(p, n);
  const cap =
    p.battery?.maxCyclesPerDay !== undefined
      ? p.battery.maxCyclesPerDay * (p.battery.cycleEnergyMWh ?? E)
      : Infinity;
  let dayThroughput = 0;
  for (let t = 0; t < n; t++) {
    const c = r.chargeMW[t];
    const d = r.dischargeMW[t];
    if (c < -tolP || c > cMax + tolP) v.push(`t=${t}: charge ${c} outside [0, ${cMax}]`);
    if (d < -tolP || d > dMax + tolP) v.push(`t=${t}: discharge ${d} outside [0, ${dMax}]`);
    if (c + d > P + tolP) v.push(`t=${t}: charge + discharge ${c + d} > power ${P}`);
    s += (etaC * c - d / etaD) * dt;
    if (Math.abs(s - r.socMWh[t]) > tolE)
      v.push(`t=${t}: energy balance broken (soc ${r.socMWh[t]} vs ${s})`);
    s = r.socMWh[t];
    if (s < -tolE || s > E + tolE) v.push(`t=${t}: state of charge ${s} outside [0, ${E}]`);
    if (t > 0 && day[t] !== day[t - 1]) dayThroughput = 0;
    dayThroughput += (d / etaD) * dt;
    if (dayThroughput > cap + tolE) v.push(`t=${t}: daily throughput ${dayThroughput} > cap ${cap}`);
    // service headroom
    if (p.services?.length) {
      let up = 0;
      let dn = 0;
      let eUp = 0;
      let eDn = 0;
      p.services.forEach((sv, k) => {
        const mw = r.services[k].mw[t];
        if (sv.direction !== "down") {
          up += mw;
          eUp += (mw * sv.durationHours) / etaD;
        }
        if (sv.direction !== "up") {
          dn += mw;
          eDn += mw * sv.durationHours * etaC;
        }
      });
      if (d - c + up > dMax + tolP) v.push(`t=${t}: upward headroom exceeded`);
      if (c - d + dn > cMax + tolP) v.push(`t=${t}: downward headroom exceeded`);
      if (s < eUp - tolE) v.push(`t=${t}: energy for upward services ${eUp} > soc ${s}`);
      if (s + eDn > E + tolE) v.push(`t=${t}: room for downward services exceeded`);
    }
    if (v.length > 20) break;
  }
  // Site balance and limits
  // revenue at the true prices: the net position settles at the export price when exporting and
  // at the import price when importing, less the grid charges
  let revenue = 0;
  for (let t = 0; t < n; t++) {
    if (hasGridStage(p)) {
      const e = r.exportMW[t];
      const i = r.importMW[t];
      if (e < -tolP || i < -tolP) v.push(`t=${t}: negative grid flow`);
      if (Math.min(e, i) > tolP) v.push(`t=${t}: the site imports and exports at once`);
      if (p.siteExportLimitMW !== undefined && e > p.siteExportLimitMW + tolP)
        v.push(`t=${t}: export ${e} above limit`);
      if (p.siteImportLimitMW !== undefined && i > p.siteImportLimitMW + tolP)
        v.push(`t=${t}: import ${i} above limit`);
      const g = r.generationMW ? r.generationMW[t] : 0;
      if (p.generation && (g < -tolP || g > p.generation.profileMW[t] + tolP))
        v.push(`t=${t}: generation above profile`);
      if (!p.generation || p.generation.coupling === "AC" || !p.battery) {
        const bal = g + r.dischargeMW[t] - r.chargeMW[t] - (e - i);
        if (Math.abs(bal) > tolP * 10) v.push(`t=${t}: site balance off by ${bal}`);
      }
      const pe = (p.exportPrice ?? p.price)[t] - (p.exportCharge ? p.exportCharge[t] : 0);
      const pi = (p.importPrice ?? p.price)[t] + (p.importCharge ? p.importCharge[t] : 0);
      revenue += (pe * e - pi * i) * dt;
    } else revenue += p.price[t] * (r.dischargeMW[t] - r.chargeMW[t]) * dt;
  }
  p.services?.forEach((sv, k) => {
    for (let t = 0; t < n; t++) revenue += sv.price[t] * r.services[k].mw[t] * dt;
    // a block-contracted reservation holds for its whole block; the partial first block keeps
    // the reservation already in force when there is one
    if (sv.fixedMW || !(p.blockContracts ?? true) || !isBlockContracted(sv)) return;
    const mw = r.services[k].mw;
    const carried = carriedIntervals(sv);
    for (let t = 0; t < carried; t++)
      if (Math.abs(mw[t] - Math.min(sv.initialMW!, serviceCap(p, k, t))) > tolP)
        v.push(`t=${t}: ${sv.key} ${mw[t]} MW differs from the reservation in force (${sv.initialMW})`);
    // (a block continued by a later solve may be lower by the shave of handedOnReservation)
    const shave = HANDED_ON_SHAVE * P;
    for (let t = 1; t < n; t++)
      if (!isBlockStart(sv, t) && (mw[t] > mw[t - 1] + tolP || mw[t] < mw[t - 1] - shave - tolP))
        v.push(`t=${t}: ${sv.key} reservation changes inside its block`);
  });
  return { ok: v.length === 0, violations: v, revenue };
}
