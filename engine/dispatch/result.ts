// A solver's schedule → DispatchResult, the same way for every solver (DP, chain interior point,
// HiGHS): flows cleaned of numerical dust and clipped to their limits, the state of charge
// recomputed from the flows, the site's net position settled at one price per interval (export
// price when exporting, import price when importing), revenues recomputed from the schedule.
import { batteryLimits, busImportFactor, hasGridStage } from "./formulation.ts";
import type { DispatchProblem, DispatchResult } from "./types.ts";

export interface Schedule {
  chargeMW: Float64Array;
  dischargeMW: Float64Array;
  /** Generation used (after curtailment), MW. */
  generationMW?: Float64Array;
  /** Reserved MW per service (same order as problem.services), per interval. */
  serviceMW?: (Float64Array | undefined)[];
}

/** Upper bound of a service's reservation in interval t (the column bound of the formulation). */
export function serviceCap(p: DispatchProblem, k: number, t: number): number {
  return serviceCapOf(p, k)(t);
}

/**
 * serviceCap of service k as a function of the interval, with the battery's limits worked out
 * once: loops over every interval of a year call it for each service.
 */
export function serviceCapOf(p: DispatchProblem, k: number): (t: number) => number {
  const { cMax, dMax } = batteryLimits(p);
  const sv = p.services![k];
  const side = sv.direction === "both" ? Math.min(cMax, dMax) : sv.direction === "up" ? dMax : cMax;
  const cap = Math.min(sv.maxMW ?? Infinity, side);
  const byInterval = sv.maxMWByInterval;
  return byInterval ? (t) => Math.min(cap, byInterval[t] ?? Infinity) : () => cap;
}

export function scheduleResult(
  p: DispatchProblem,
  sch: Schedule,
  solver: DispatchResult["solver"],
  solveMs: number,
  iterations: number,
): DispatchResult {
  const n = p.price.length;
  const dt = p.intervalMinutes / 60;
  const { cMax, dMax, E, etaC, etaD } = batteryLimits(p);
  const chargeMW = new Float64Array(n);
  const dischargeMW = new Float64Array(n);
  const socMWh = new Float64Array(n);
  let s = p.battery?.initialSocMWh ?? 0;
  let throughput = 0;
  for (let t = 0; t < n; t++) {
    let c = Math.min(Math.max(sch.chargeMW[t], 0), cMax);
    let d = Math.min(Math.max(sch.dischargeMW[t], 0), dMax);
    if (c < 1e-9 * (cMax || 1)) c = 0;
    if (d < 1e-9 * (dMax || 1)) d = 0;
    s += (etaC * c - d / etaD) * dt;
    if (s < 0 && s > -1e-6 * (E || 1)) {
      // solver dust: take the tiny excess out of the discharge
      d = Math.max(0, d + (s * etaD) / dt);
      s = 0;
    } else if (s > E && s < E + 1e-6 * (E || 1)) {
      c = Math.max(0, c - (s - E) / etaC / dt);
      s = E;
    }
    chargeMW[t] = c;
    dischargeMW[t] = d;
    socMWh[t] = s;
    throughput += (d / etaD) * dt;
  }
  const services = (p.services ?? []).map((sv, k) => {
    const src = sch.serviceMW?.[k];
    const mw = new Float64Array(n);
    const capAt = serviceCapOf(p, k);
    let revenue = 0;
    for (let t = 0; t < n; t++) {
      const cap = capAt(t);
      const v = src ? src[t] : sv.fixedMW ? sv.fixedMW[t] : 0;
      mw[t] = Math.min(Math.max(v, 0), cap);
      if (mw[t] < 1e-9 * (cap || 1)) mw[t] = 0;
      revenue += sv.price[t] * mw[t] * dt;
    }
    return { key: sv.key, mw, revenue };
  });
  const serviceRevenue = services.reduce((a, b) => a + b.revenue, 0);
  let exportMW = dischargeMW;
  let importMW = chargeMW;
  let generationMW: Float64Array | undefined;
  let energyRevenue = 0;
  let gridChargeCost = 0;
  if (hasGridStage(p)) {
    exportMW = new Float64Array(n);
    importMW = new Float64Array(n);
    if (p.generation) {
      generationMW = new Float64Array(n);
      for (let t = 0; t < n; t++) {
        const g = Math.min(Math.max(sch.generationMW?.[t] ?? 0, 0), Math.max(0, p.generation.profileMW[t]));
        generationMW[t] = g < 1e-9 ? 0 : g;
      }
    }
    // DC coupling: an import reaches the DC bus through the shared inverter (decision 0119)
    const f = busImportFactor(p);
    for (let t = 0; t < n; t++) {
      const net = (generationMW ? generationMW[t] : 0) + dischargeMW[t] - chargeMW[t];
      exportMW[t] = net > 0 ? net : 0;
      importMW[t] = net < 0 ? -net / f : 0;
      const pe = (p.exportPrice ?? p.price)[t];
      const pi = (p.importPrice ?? p.price)[t];
      energyRevenue += (pe * exportMW[t] - pi * importMW[t]) * dt;
      gridChargeCost +=
        ((p.exportCharge ? p.exportCharge[t] : 0) * exportMW[t] +
          (p.importCharge ? p.importCharge[t] : 0) * importMW[t]) *
        dt;
    }
  } else for (let t = 0; t < n; t++) energyRevenue += p.price[t] * (dischargeMW[t] - chargeMW[t]) * dt;
  const cycleEnergy = p.battery?.cycleEnergyMWh ?? E;
  return {
    revenue: energyRevenue - gridChargeCost + serviceRevenue,
    chargeMW,
    dischargeMW,
    socMWh,
    generationMW,
    exportMW,
    importMW,
    services,
    cycles: cycleEnergy > 0 ? throughput / cycleEnergy : 0,
    throughputMWh: throughput,
    energyRevenue,
    serviceRevenue,
    gridChargeCost,
    solver,
    solveMs,
    iterations,
  };
}
