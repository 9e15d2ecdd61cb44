// Realised reserve shortfalls: ERCOT's real-time scarcity tail as events, not as an expectation
// (decision 0246). The ORDC adder of the merit order is (cap − energy price) × LOLP, the *expected*
// adder: spread over every tight interval, it gives many hours a few dollars and almost none the
// thousands a real shortfall pays (2025: no hour above $500 against 3 real, all three above $1,000).
// A real interval is either short of reserves or not. So the expected shortfall probability becomes
// a realised series: events are placed along the cumulative hazard by systematic sampling (one
// seeded offset; the year's count is its expectation ±1, not a lottery of a few events), each event
// drawing a severity — the share of (cap − energy price) it pays — from a log-uniform distribution.
// The hazard is scaled by 1 / E[severity], so the expected adder, and with it the year's mean price,
// is the ORDC's own. Pure and seeded: the same year and weather draw give the same events.
import { hashSeed, Rng } from "./rng.ts";

/** Severity of a shortfall event: log-uniform share of (cap − energy price), from `min` to `max`. */
export interface ShortfallSeverity {
  min: number;
  max: number;
}

/** Mean of the log-uniform severity. */
export function meanSeverity(s: ShortfallSeverity): number {
  return s.max === s.min ? s.min : (s.max - s.min) / Math.log(s.max / s.min);
}

/**
 * The realised shortfall share per interval (0..1) from the expected one (`lolp`): events at the
 * expected rate lolp / E[severity] per interval, each with a seeded severity; several events in one
 * interval add up to at most 1 (the cap).
 */
export function realiseShortfalls(
  lolp: ArrayLike<number>,
  severity: ShortfallSeverity,
  seed: number,
): Float64Array {
  if (!(severity.min > 0 && severity.max <= 1 && severity.min <= severity.max))
    throw new Error(
      `shortfall severity must satisfy 0 < min ≤ max ≤ 1, got ${severity.min}..${severity.max}`,
    );
  const rng = new Rng(hashSeed(seed, "shortfall-events"));
  const rate = 1 / meanSeverity(severity);
  const span = Math.log(severity.max / severity.min);
  const out = new Float64Array(lolp.length);
  let c = rng.next();
  for (let i = 0; i < lolp.length; i++) {
    const next = c + rate * Math.max(0, lolp[i]);
    let events = Math.floor(next) - Math.floor(c);
    c = next;
    let s = 0;
    while (events-- > 0) s += severity.min * Math.exp(span * rng.next());
    out[i] = Math.min(1, s);
  }
  return out;
}
