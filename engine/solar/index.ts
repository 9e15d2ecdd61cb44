// PV output from latitude, longitude and rated power, or from a user profile.
//
// Model (docs/decisions/0105-solar-wind.md):
//  1. Solar position: NOAA / Spencer (1971) declination and equation of time, hour angle from UTC.
//  2. Clear-sky GHI: Haurwitz (1945), GHI = 1098·cosZ·exp(−0.057/cosZ) W/m².
//  3. Cloudiness: a per-region monthly clear-sky index kc (REGION_CLEARNESS) times a
//     deterministic day-to-day variation (seeded by the location) — calibrated so annual yields
//     land near PVGIS long-term values (GB ≈ 950, DE ≈ 1 050, ES ≈ 1 650, ERCOT ≈ 1 600,
//     NEM ≈ 1 650 kWh/kWp); checked in the tests against the PVGIS Aachen 2020 sample.
//  4. Transposition to a fixed, equator-facing plane at tilt ≈ 0.76·|lat| + 3.1° (isotropic sky,
//     diffuse fraction from kc), albedo 0.2.
//  5. Cell temperature: T_amb(region, season, hour) + POA/800·25 °C (NOCT-style), −0.4 %/°C.
//  6. Losses: 10 % system (soiling, mismatch, wiring) and 2 % inverter; AC clipped at the
//     inverter rating (DC/AC ratio DEFAULT_DC_AC_RATIO unless the caller sets the inverter).
import type { MarketRegion } from "../types.ts";

export const DEFAULT_DC_AC_RATIO = 1.2;
/** Efficiency of one inverter conversion (DC → AC or AC → DC). */
export const INVERTER_EFFICIENCY = 0.98;

/** Monthly mean clear-sky index (Jan..Dec) per region. */
export const REGION_CLEARNESS: Record<MarketRegion, number[]> = {
  GB: [0.42, 0.47, 0.52, 0.58, 0.6, 0.6, 0.6, 0.58, 0.55, 0.5, 0.44, 0.4],
  DE: [0.42, 0.5, 0.56, 0.62, 0.63, 0.64, 0.65, 0.64, 0.6, 0.52, 0.44, 0.4],
  ES: [0.7, 0.72, 0.74, 0.74, 0.78, 0.84, 0.88, 0.86, 0.8, 0.72, 0.68, 0.66],
  ERCOT: [0.66, 0.67, 0.7, 0.72, 0.72, 0.78, 0.8, 0.8, 0.76, 0.74, 0.68, 0.64],
  NEM: [0.8, 0.76, 0.74, 0.72, 0.7, 0.68, 0.7, 0.74, 0.76, 0.76, 0.76, 0.78],
};
/** Annual mean ambient temperature and seasonal amplitude, °C. */
const REGION_TEMPERATURE: Record<MarketRegion, [number, number]> = {
  GB: [10, 6],
  DE: [10, 8],
  ES: [16, 8],
  ERCOT: [20, 9],
  NEM: [17, 6],
};

export interface SolarSite {
  region: MarketRegion;
  latitude: number;
  longitude: number;
  /** DC rating, MWp. */
  ratedPowerMW: number;
  /** AC inverter limit, MW (default rated / DEFAULT_DC_AC_RATIO). Infinity for the DC-side output. */
  inverterMW?: number;
}

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Cosine of the solar zenith angle and the sun's azimuth-related terms at a UTC instant. */
export function solarPosition(ms: number, latDeg: number, lonDeg: number) {
  const d = new Date(ms);
  const start = Date.UTC(d.getUTCFullYear(), 0, 1);
  const doy = Math.floor((ms - start) / 86_400_000);
  const hours = d.getUTCHours() + d.getUTCMinutes() / 60 + d.getUTCSeconds() / 3600;
  const g = ((2 * Math.PI) / 365) * (doy + (hours - 12) / 24);
  const decl =
    0.006918 -
    0.399912 * Math.cos(g) +
    0.070257 * Math.sin(g) -
    0.006758 * Math.cos(2 * g) +
    0.000907 * Math.sin(2 * g) -
    0.002697 * Math.cos(3 * g) +
    0.00148 * Math.sin(3 * g);
  const eqt =
    229.18 *
    (0.000075 +
      0.001868 * Math.cos(g) -
      0.032077 * Math.sin(g) -
      0.014615 * Math.cos(2 * g) -
      0.040849 * Math.sin(2 * g));
  const solarMinutes = hours * 60 + eqt + 4 * lonDeg;
  const ha = ((solarMinutes / 4 - 180) * Math.PI) / 180;
  const lat = (latDeg * Math.PI) / 180;
  const cosZ = Math.sin(lat) * Math.sin(decl) + Math.cos(lat) * Math.cos(decl) * Math.cos(ha);
  return { cosZ, decl, ha, lat, doy, hours };
}

/** PV AC output (MW) per interval. */
export function solarProfile(
  site: SolarSite,
  startUtc: string,
  intervalMinutes: number,
  n: number,
): Float64Array {
  const out = new Float64Array(n);
  const t0 = Date.parse(startUtc);
  const kcMonth = REGION_CLEARNESS[site.region];
  const [tMean, tAmp] = REGION_TEMPERATURE[site.region];
  const south = site.latitude >= 0;
  const tilt = ((0.76 * Math.abs(site.latitude) + 3.1) * Math.PI) / 180;
  const inverter = site.inverterMW ?? site.ratedPowerMW / DEFAULT_DC_AC_RATIO;
  const rnd = mulberry32(
    Math.round((site.latitude + 90) * 1000) * 7919 + Math.round((site.longitude + 180) * 1000),
  );
  const dayFactor = new Map<number, number>();
  for (let t = 0; t < n; t++) {
    // sample at the middle of the interval
    const ms = t0 + (t + 0.5) * intervalMinutes * 60_000;
    const { cosZ, decl, ha, lat, doy, hours } = solarPosition(ms, site.latitude, site.longitude);
    if (cosZ <= 0.01) continue;
    const day = Math.floor(ms / 86_400_000);
    let f = dayFactor.get(day);
    if (f === undefined) {
      f = 0.45 + 1.1 * rnd(); // day-to-day cloudiness, mean 1
      dayFactor.set(day, f);
    }
    const month = new Date(ms).getUTCMonth();
    const kc = Math.min(1, Math.max(0.05, kcMonth[month] * f));
    const ghiClear = 1098 * cosZ * Math.exp(-0.057 / cosZ);
    const ghi = ghiClear * kc;
    const diffuseFrac = Math.min(1, Math.max(0.15, 1 - 0.85 * kc));
    const dhi = ghi * diffuseFrac;
    const dni = (ghi - dhi) / cosZ;
    // angle of incidence on an equator-facing plane tilted by `tilt`
    const effLat = south ? lat - tilt : lat + tilt;
    const cosAoi = Math.max(
      0,
      Math.sin(effLat) * Math.sin(decl) + Math.cos(effLat) * Math.cos(decl) * Math.cos(ha),
    );
    const poa = dni * cosAoi + dhi * ((1 + Math.cos(tilt)) / 2) + ghi * 0.2 * ((1 - Math.cos(tilt)) / 2);
    const season = Math.cos((2 * Math.PI * (doy - (south ? 200 : 15))) / 365); // +1 in the cold season peak
    const tAmb = tMean - tAmp * season + 4 * Math.sin(((hours + site.longitude / 15 - 9) / 24) * 2 * Math.PI);
    const tCell = tAmb + (poa / 800) * 25;
    const dc = site.ratedPowerMW * (poa / 1000) * (1 - 0.004 * (tCell - 25)) * 0.9;
    out[t] = Math.max(0, Math.min(inverter, dc * INVERTER_EFFICIENCY));
  }
  return out;
}

/** Resamples a profile given at `fromMinutes` to `toMinutes` (repeat or average). */
export function resampleProfile(
  p: Float64Array,
  fromMinutes: number,
  toMinutes: number,
  n: number,
): Float64Array {
  const out = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    const a = (t * toMinutes) / fromMinutes;
    const b = ((t + 1) * toMinutes) / fromMinutes;
    let s = 0;
    let c = 0;
    for (let k = Math.floor(a); k < Math.max(Math.floor(a) + 1, Math.ceil(b)); k++) {
      s += p[k % p.length];
      c++;
    }
    out[t] = s / c;
  }
  return out;
}
