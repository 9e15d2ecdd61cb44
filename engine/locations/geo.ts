// Pure geographic helpers for the location services.
import { TNUOS_ZONES } from "../markets/gb.ts";

export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const R = 6371;
  const toRad = Math.PI / 180;
  const dLat = (lat2 - lat1) * toRad;
  const dLon = (lon2 - lon1) * toRad;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** GB mainland/islands rough bounds (excludes Northern Ireland, whose zones the GB tables do not cover). */
export function inGreatBritain(lat: number, lon: number): boolean {
  if (lat < 49.8 || lat > 61 || lon < -8.7 || lon > 2) return false;
  // Northern Ireland box
  if (lat > 54.0 && lat < 55.4 && lon < -5.4 && lon > -8.2) return false;
  return true;
}

/**
 * TNUoS generation zone of a GB location: the zone of the nearest representative anchor
 * (a Voronoi approximation of NESO's zone map). Null outside Great Britain.
 */
export function tnuosZoneAt(lat: number, lon: number): number | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || !inGreatBritain(lat, lon)) return null;
  let best: number | null = null;
  let bestD = Infinity;
  for (const z of TNUOS_ZONES) {
    for (const [a, b] of z.anchors) {
      const d = haversineKm(lat, lon, a, b);
      if (d < bestD) {
        bestD = d;
        best = z.zone;
      }
    }
  }
  return best;
}
