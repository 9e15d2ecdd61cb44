// Asset availability (issue 25 item 4, decision 0121): a battery is out of service on some days of
// each year — planned maintenance and faults — and earns nothing then. The outage days are drawn
// by a seeded, reproducible rule: whole days, round((1 − availability) × days in the year) of
// them, the first ones of one fixed shuffle of the year's days (seeded by the year alone, so a
// lower availability adds days to a higher one's and every run of a year draws the same days).
// The dispatch is planned without the outage and its trades on outage days are removed
// (settlement), the state of charge held through them — the plan does not re-optimise around a
// day it cannot trade, so it slightly misstates the days beside an outage.
import type { DispatchProblem, DispatchResult } from "../dispatch/types.ts";
import { hashSeed, Rng } from "../worldview/rng.ts";

/**
 * Default availability, percent. An assumption, stated: BESS suppliers guarantee about 98.5 %
 * availability excluding planned maintenance (e.g. https://nenghui.com/faq/do-you-offer-performance-guarantees-for-energy-throughput/);
 * with planned maintenance of about 1.5 % of the year, 97 %.
 */
export const DEFAULT_AVAILABILITY = 97;

/** The outage days (0-based day of the market-year) for an availability in percent. */
export function outageDays(year: number, days: number, availabilityPct: number): Set<number> {
  const k = Math.max(0, Math.min(days, Math.round(((100 - availabilityPct) / 100) * days)));
  if (k === 0) return new Set();
  const order = Array.from({ length: days }, (_, i) => i);
  const rng = new Rng(hashSeed("availability", year));
  for (let i = days - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return new Set(order.slice(0, k));
}

/** Interval mask of the outage days of a year of `n` intervals (1 = out of service). */
export function outageMask(
  year: number,
  n: number,
  intervalMinutes: number,
  availabilityPct: number,
): Uint8Array {
  const perDay = Math.round(1440 / intervalMinutes);
  const days = outageDays(year, Math.ceil(n / perDay), availabilityPct);
  const mask = new Uint8Array(n);
  if (days.size) for (let t = 0; t < n; t++) if (days.has(Math.floor(t / perDay))) mask[t] = 1;
  return mask;
}

/**
 * The schedule with the battery out of service where `mask` is set: no charge, discharge,
 * import or service reservation, the state of charge held; generation still exported within the
 * site limit. Cycles and throughput fall by the discharge removed. A new result; `r` is unchanged.
 */
export function withOutages(r: DispatchResult, problem: DispatchProblem, mask: Uint8Array): DispatchResult {
  if (mask.indexOf(1) < 0) return r;
  const out: DispatchResult = {
    ...r,
    chargeMW: Float64Array.from(r.chargeMW),
    dischargeMW: Float64Array.from(r.dischargeMW),
    socMWh: Float64Array.from(r.socMWh),
    exportMW: Float64Array.from(r.exportMW),
    importMW: Float64Array.from(r.importMW),
    services: r.services.map((s) => ({ ...s, mw: Float64Array.from(s.mw) })),
  };
  const dt = problem.intervalMinutes / 60;
  const svMW = out.services.map((s) => s.mw);
  let before = 0;
  let after = 0;
  let soc = problem.battery?.initialSocMWh ?? 0;
  for (let t = 0; t < mask.length; t++) {
    before += r.dischargeMW[t];
    if (mask[t]) {
      out.chargeMW[t] = 0;
      out.dischargeMW[t] = 0;
      out.importMW[t] = 0;
      const g = r.generationMW?.[t] ?? 0;
      out.exportMW[t] = Math.min(g, problem.siteExportLimitMW ?? g);
      out.socMWh[t] = soc;
      for (let k = 0; k < svMW.length; k++) svMW[k][t] = 0;
    } else soc = r.socMWh[t];
    after += out.dischargeMW[t];
  }
  out.services.forEach((s, k) => {
    const price = problem.services?.[k]?.price;
    if (!price) return;
    let revenue = 0;
    for (let t = 0; t < s.mw.length; t++) revenue += s.mw[t] * price[t] * dt;
    s.revenue = revenue;
  });
  const kept = before > 0 ? after / before : 1;
  out.cycles = r.cycles * kept;
  out.throughputMWh = r.throughputMWh * kept;
  return out;
}
