// Wind farm output for the Germany and Spain models (docs/decisions/0105-solar-wind.md).
//
//  - Hub-height (100 m) wind speed: Weibull, shape k = 2 (Rayleigh, the IEC 61400-1 design
//    assumption), scale from a regional mean speed adjusted by latitude/coast distance proxy
//    (REGION_MEAN_SPEED), seasonal modulation (±15 %, winter high) and a weak diurnal term.
//  - Temporal structure: an AR(1) Gaussian process (hourly autocorrelation 0.97, typical of
//    hub-height wind) mapped to the Weibull marginal through the normal CDF (Gaussian copula),
//    seeded by the location so a site always gets the same series.
//  - Power curve: generic IEC class II 3.6 MW-class turbine normalised to rated power — cut-in
//    3 m/s, rated 12 m/s (cubic in between), cut-out 25 m/s — and 10 % farm losses (wakes,
//    availability, electrical).
// Checked in the tests: mean capacity factor ≈ 0.2–0.35 (German onshore fleet ≈ 0.2–0.25,
// Spanish ≈ 0.24–0.27 by the national statistics; a single well-sited new farm higher).
import type { MarketRegion } from "../types.ts";

export const REGION_MEAN_SPEED: Partial<Record<MarketRegion, number>> = {
  DE: 6.8,
  ES: 6.9,
  GB: 7.8,
  ERCOT: 7.5,
  NEM: 7.2,
};

export interface WindSite {
  region: MarketRegion;
  latitude: number;
  longitude: number;
  ratedPowerMW: number;
}

export function powerCurve(v: number): number {
  if (v < 3 || v >= 25) return 0;
  if (v >= 12) return 1;
  return (v ** 3 - 27) / (12 ** 3 - 27);
}

function normCdf(x: number): number {
  // Abramowitz–Stegun 26.2.17
  const t = 1 / (1 + 0.2316419 * Math.abs(x));
  const d = 0.3989423 * Math.exp((-x * x) / 2);
  const p = d * t * (0.3193815 + t * (-0.3565638 + t * (1.781478 + t * (-1.821256 + t * 1.330274))));
  return x > 0 ? 1 - p : p;
}

export function windProfile(
  site: WindSite,
  startUtc: string,
  intervalMinutes: number,
  n: number,
): Float64Array {
  const out = new Float64Array(n);
  const mean = REGION_MEAN_SPEED[site.region] ?? 7;
  // northern Germany (coast) is windier than the south: ±10 % by latitude within the region
  const latAdj = site.region === "DE" ? 1 + 0.04 * (site.latitude - 51) : 1;
  const scale = (mean * latAdj) / 0.8862; // Weibull k=2: mean = scale·Γ(1.5)
  let seed = (Math.round(site.latitude * 1e4) * 31 + Math.round(site.longitude * 1e4)) >>> 0 || 1;
  const rnd = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296;
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
  const rho = Math.pow(0.97, intervalMinutes / 60);
  const innov = Math.sqrt(1 - rho * rho);
  let z = gauss();
  const t0 = Date.parse(startUtc);
  for (let t = 0; t < n; t++) {
    z = rho * z + innov * gauss();
    const ms = t0 + t * intervalMinutes * 60_000;
    const d = new Date(ms);
    const doy = (ms - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000;
    const seasonal = 1 + 0.15 * Math.cos((2 * Math.PI * (doy - 15)) / 365);
    const diurnal = 1 + 0.04 * Math.cos((2 * Math.PI * (d.getUTCHours() - 3)) / 24);
    const u = Math.min(1 - 1e-12, Math.max(1e-12, normCdf(z)));
    const v = scale * seasonal * diurnal * Math.sqrt(-Math.log(1 - u)); // Weibull k=2 quantile
    out[t] = site.ratedPowerMW * 0.9 * powerCurve(v);
  }
  return out;
}
