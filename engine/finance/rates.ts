// Discounting: NPV, IRR (a robust root finder), capital recovery. Pure functions of yearly cash
// flows, flows[0] at year 0 (undiscounted), flows[t] at the end of year t. Rates are fractions.

/** Net present value at `rate`; flows[0] is not discounted (unlike Excel's NPV, which discounts its first value). */
export function npv(rate: number, flows: readonly number[]): number {
  let pv = 0;
  let factor = 1;
  for (let t = 0; t < flows.length; t++) {
    pv += flows[t] / factor;
    factor *= 1 + rate;
  }
  return pv;
}

/** d NPV / d rate. */
function npvSlope(rate: number, flows: readonly number[]): number {
  let d = 0;
  for (let t = 1; t < flows.length; t++) d -= (t * flows[t]) / Math.pow(1 + rate, t + 1);
  return d;
}

// Rates at which NPV's sign is looked at: fine near the usual range, coarser beyond. A sign change
// between two neighbours brackets a root.
const GRID: number[] = (() => {
  // a short life can lose almost everything: down to −99.99 %
  const g: number[] = [-0.9999, -0.999, -0.995];
  for (let r = -0.99; r < 1; r += 0.01) g.push(Math.round(r * 100) / 100);
  for (let r = 1; r <= 1000; r *= 1.25) g.push(r);
  return g;
})();

/**
 * The internal rate of return: the rate at which the flows' NPV is zero, or null when there is none
 * (no sign change: all flows of one sign, or a root beyond −99.99 % … 100 000 %). With several roots
 * (flows that change sign more than once), the one nearest `guess` (Excel's default 10 %).
 * Roots are bracketed on a grid of rates, then refined by Newton steps kept inside the bracket
 * (bisection when a step leaves it), to 1e-12.
 */
export function irr(flows: readonly number[], guess = 0.1): number | null {
  if (!flows.some((f) => f > 0) || !flows.some((f) => f < 0)) return null;
  let best: number | null = null;
  let prevRate = GRID[0];
  let prevValue = npv(prevRate, flows);
  for (let i = 1; i < GRID.length; i++) {
    const rate = GRID[i];
    const value = npv(rate, flows);
    if (prevValue === 0) best = nearer(best, prevRate, guess);
    else if (Math.sign(value) !== Math.sign(prevValue) && value !== 0) {
      const root = refine(flows, prevRate, rate, prevValue);
      if (root !== null) best = nearer(best, root, guess);
    }
    prevRate = rate;
    prevValue = value;
  }
  if (prevValue === 0) best = nearer(best, prevRate, guess);
  return best;
}

function nearer(best: number | null, root: number, guess: number): number {
  return best === null || Math.abs(root - guess) < Math.abs(best - guess) ? root : best;
}

/** Newton inside [lo, hi] (NPV changes sign there), falling back to bisection. */
function refine(flows: readonly number[], lo: number, hi: number, fLo: number): number | null {
  let r = (lo + hi) / 2;
  for (let k = 0; k < 200; k++) {
    const f = npv(r, flows);
    if (f === 0) return r;
    if (Math.sign(f) === Math.sign(fLo)) {
      lo = r;
      fLo = f;
    } else hi = r;
    const slope = npvSlope(r, flows);
    let next = slope !== 0 ? r - f / slope : NaN;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - r) <= 1e-12 * Math.max(1, Math.abs(r)) || hi - lo <= 1e-14) return next;
    r = next;
  }
  return r;
}

/**
 * Capital recovery factor: the level yearly payment, per unit of money at year 0, that repays it
 * with a return of `rate` over `years` years: rate / (1 − (1 + rate)^−years); 1/years at rate 0.
 */
export function capitalRecoveryFactor(rate: number, years: number): number {
  if (years <= 0) throw new Error("capitalRecoveryFactor: years must be positive");
  if (rate === 0) return 1 / years;
  return rate / (1 - Math.pow(1 + rate, -years));
}

/**
 * The level yearly revenue a project needs to earn exactly `hurdle` (pre-tax, unlevered) over
 * `years`: capex × CRF(hurdle, years) + yearly costs. Revenue above it earns more than the hurdle,
 * below it less — the test a new entrant's revenue is put to.
 */
export function requiredAnnualRevenue(p: {
  capex: number;
  annualCosts: number;
  hurdle: number;
  years: number;
}): number {
  return p.capex * capitalRecoveryFactor(p.hurdle, p.years) + p.annualCosts;
}

/** Real rate from a nominal one (Fisher): (1 + nominal) / (1 + inflation) − 1. */
export function realRate(nominal: number, inflation: number): number {
  return (1 + nominal) / (1 + inflation) - 1;
}
