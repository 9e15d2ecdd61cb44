// Location services for the forecast builder (spec §7): pure lookups over loaded tables.
// Every lookup answers "no zones" instead of throwing (spec §8: GB zone lookup failures are silent).
import { haversineKm, inGreatBritain, tnuosZoneAt } from "./geo.ts";
import { ercotZoneForLocation, type ErcotZone } from "../markets/ercot.ts";
import { australiaRegionName, nemRegionForState, type NemRegionId } from "../markets/nem.ts";
import { inAustraliaBox } from "../markets/regions.ts";
import type { MarketRegion } from "../types.ts";

export interface GbOutcode {
  outcode: string;
  latitude: number;
  longitude: number;
  gspGroup: string | null;
  tnuosZone: number | null;
  place: string;
}
export interface UsZip {
  zip: string;
  place: string;
  county: string;
  state: string;
  latitude: number;
  longitude: number;
  ercotZone: ErcotZone | null;
}
export interface AuPostcode {
  postcode: string;
  state: string;
  place: string;
  latitude: number;
  longitude: number;
  nemRegion: NemRegionId | null;
  regionName: string | null;
}
export interface Place {
  name: string;
  admin: string;
  latitude: number;
  longitude: number;
  /** GeoNames population when known (data/place_population.csv), for ranking a search. */
  population?: number;
}
export interface ErcotNode {
  id: string;
  name: string;
  zone: string;
  lat: number;
  lon: number;
  voltage: number;
}
export type Country = "gb" | "us" | "au" | "de" | "es";

export interface GeoTables {
  gbOutcodes: Map<string, GbOutcode>;
  usZips: Map<string, UsZip>;
  auPostcodes: Map<string, AuPostcode>;
  places: Record<Country, Place[]>;
  ercotNodes: ErcotNode[];
}

export function emptyTables(): GeoTables {
  return {
    gbOutcodes: new Map(),
    usZips: new Map(),
    auPostcodes: new Map(),
    places: { gb: [], us: [], au: [], de: [], es: [] },
    ercotNodes: [],
  };
}

/** The zones answer of a GB lookup; all-null means "no zones". */
export interface GbZones {
  latitude: number | null;
  longitude: number | null;
  gspGroup: string | null;
  tnuosGenerationZone: number | null;
}

export const NO_GB_ZONES: GbZones = Object.freeze({
  latitude: null,
  longitude: null,
  gspGroup: null,
  tnuosGenerationZone: null,
});

/** Outward code of a UK postcode ("SW1A 1AA" → "SW1A", "sw1a1aa" → "SW1A", "M1" → "M1"). */
export function outcodeOf(postcode: string): string | null {
  const s = postcode.toUpperCase().replace(/[^A-Z0-9]/g, "");
  if (s.length < 2 || s.length > 7) return null;
  // full postcode: inward code is always digit + 2 letters
  const m = /^([A-Z]{1,2}[0-9][A-Z0-9]?)([0-9][A-Z]{2})?$/.exec(s);
  return m ? m[1] : null;
}

/** GB postcode (full or outward) → lat/lon, GSP group, TNUoS generation zone; NO_GB_ZONES when unknown. */
export function lookupGbPostcode(t: GeoTables, postcode: string): GbZones {
  try {
    const oc = outcodeOf(postcode);
    const row = oc ? t.gbOutcodes.get(oc) : undefined;
    if (!row) return NO_GB_ZONES;
    return {
      latitude: row.latitude,
      longitude: row.longitude,
      gspGroup: row.gspGroup,
      tnuosGenerationZone: row.gspGroup ? (row.tnuosZone ?? tnuosZoneAt(row.latitude, row.longitude)) : null,
    };
  } catch {
    return NO_GB_ZONES;
  }
}

/** Nearest outcodes to a point (brute force over ~3,000 rows). */
function nearestOutcodes(
  t: GeoTables,
  lat: number,
  lon: number,
  k: number,
): Array<{ row: GbOutcode; km: number }> {
  const best: Array<{ row: GbOutcode; km: number }> = [];
  for (const row of t.gbOutcodes.values()) {
    if (!row.gspGroup) continue;
    if (Math.abs(row.latitude - lat) > 1 || Math.abs(row.longitude - lon) > 1.6) continue;
    const km = haversineKm(lat, lon, row.latitude, row.longitude);
    if (best.length < k || km < best[best.length - 1].km) {
      best.push({ row, km });
      best.sort((a, b) => a.km - b.km);
      if (best.length > k) best.pop();
    }
  }
  return best;
}

/** lat/lon → GSP group: majority of the 5 nearest outcode centroids within 40 km; null = no zone. */
export function gspGroupAt(t: GeoTables, lat: number, lon: number): string | null {
  try {
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || !inGreatBritain(lat, lon)) return null;
    const near = nearestOutcodes(t, lat, lon, 5);
    if (!near.length || near[0].km > 40) return null;
    const votes = new Map<string, number>();
    near.forEach(({ row, km }) => votes.set(row.gspGroup!, (votes.get(row.gspGroup!) ?? 0) + 1 / (1 + km)));
    return [...votes.entries()].sort((a, b) => b[1] - a[1])[0][0];
  } catch {
    return null;
  }
}

/** lat/lon → TNUoS generation zone (null outside GB). */
export function tnuosZoneForLocation(lat: number, lon: number): number | null {
  try {
    return tnuosZoneAt(lat, lon);
  } catch {
    return null;
  }
}

/** lat/lon → both GB zones (spec §7 get-gsp-group / get-tnuos-zone). */
export function gbZonesAt(t: GeoTables, lat: number, lon: number): GbZones {
  const gspGroup = gspGroupAt(t, lat, lon);
  if (!gspGroup) return NO_GB_ZONES;
  return { latitude: lat, longitude: lon, gspGroup, tnuosGenerationZone: tnuosZoneForLocation(lat, lon) };
}

export interface UsZipAnswer {
  latitude: number | null;
  longitude: number | null;
  ercotZone: ErcotZone | null;
  state: string | null;
  place: string | null;
}
const NO_US: UsZipAnswer = Object.freeze({
  latitude: null,
  longitude: null,
  ercotZone: null,
  state: null,
  place: null,
});

/** US ZIP → coordinates and ERCOT zone (Texas, ERCOT-served counties only; otherwise zone null). */
export function lookupUsZip(t: GeoTables, zip: string): UsZipAnswer {
  try {
    const z = zip.trim().slice(0, 5);
    const row = /^\d{5}$/.test(z) ? t.usZips.get(z) : undefined;
    if (!row) return NO_US;
    const zone =
      row.state === "TX"
        ? (row.ercotZone ?? ercotZoneForLocation(row.latitude, row.longitude, row.county) ?? null)
        : null;
    return {
      latitude: row.latitude,
      longitude: row.longitude,
      ercotZone: zone,
      state: row.state,
      place: row.place,
    };
  } catch {
    return NO_US;
  }
}

export interface AuAnswer {
  latitude: number | null;
  longitude: number | null;
  nemRegion: NemRegionId | null;
  regionName: string | null;
  state: string | null;
}
const NO_AU: AuAnswer = Object.freeze({
  latitude: null,
  longitude: null,
  nemRegion: null,
  regionName: null,
  state: null,
});

/** AU postcode → coordinates, NEM price region and spec §3 region name (WA/NT: no region). */
export function lookupAuPostcode(t: GeoTables, postcode: string): AuAnswer {
  try {
    const p = postcode.trim().padStart(4, "0");
    const row = /^\d{4}$/.test(p) ? t.auPostcodes.get(p) : undefined;
    if (!row || !inAustraliaBox(row.latitude, row.longitude)) return NO_AU;
    return {
      latitude: row.latitude,
      longitude: row.longitude,
      nemRegion: row.nemRegion ?? nemRegionForState(row.state) ?? null,
      regionName: row.regionName ?? australiaRegionName(row.state, row.latitude, row.longitude) ?? null,
      state: row.state,
    };
  } catch {
    return NO_AU;
  }
}

/**
 * Spec §7 "postal-code zone lookup by region": latitude, longitude, gspGroup, tnuosGenerationZone
 * (GB), plus ercotZone (ERCOT) or nemRegion (NEM). Never throws.
 */
export function postalCodeZones(
  t: GeoTables,
  region: MarketRegion,
  code: string,
): GbZones & { ercotZone?: string | null; nemRegion?: string | null; regionName?: string | null } {
  if (region === "GB") return lookupGbPostcode(t, code);
  if (region === "ERCOT") {
    const a = lookupUsZip(t, code);
    return {
      latitude: a.latitude,
      longitude: a.longitude,
      gspGroup: null,
      tnuosGenerationZone: null,
      ercotZone: a.ercotZone,
    };
  }
  if (region === "NEM") {
    const a = lookupAuPostcode(t, code);
    return {
      latitude: a.latitude,
      longitude: a.longitude,
      gspGroup: null,
      tnuosGenerationZone: null,
      nemRegion: a.nemRegion,
      regionName: a.regionName,
    };
  }
  return NO_GB_ZONES;
}

/** A name for comparing: no accents, lower case. */
export const foldName = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
const fold = foldName;

/**
 * Place search restricted to one country (spec §5), and to `within` its states when given (a
 * market's area: Texas for ERCOT, the NEM's states — no Northern Territory or Western Australia);
 * starts only after more than 2 characters. Names starting with the query, then names containing
 * it. Starting matches rank the exact name first, then places in `preferAdmin` (Texas for ERCOT),
 * then by population (the big town before the hamlet of the same name), then the shorter name.
 */
export function searchPlaces(
  t: GeoTables,
  country: Country,
  query: string,
  limit = 10,
  preferAdmin?: string,
  within?: readonly string[],
): Place[] {
  const q = fold(query.trim());
  if (q.length <= 2) return [];
  const list = t.places[country] ?? [];
  const prefix: Place[] = [];
  const inner: Place[] = [];
  const seen = new Set<string>();
  for (const p of list) {
    if (within && !within.includes(p.admin)) continue;
    const n = fold(p.name);
    const key = `${n}|${p.admin}`;
    if (seen.has(key)) continue;
    if (n.startsWith(q)) {
      prefix.push(p);
      seen.add(key);
    } else if (n.includes(q)) {
      inner.push(p);
      seen.add(key);
    }
  }
  const rank = (a: Place, b: Place) =>
    Number(fold(b.name) === q) - Number(fold(a.name) === q) ||
    Number(b.admin === preferAdmin) - Number(a.admin === preferAdmin) ||
    (b.population ?? 0) - (a.population ?? 0) ||
    a.name.length - b.name.length ||
    a.name.localeCompare(b.name);
  prefix.sort(rank);
  inner.sort(rank);
  return [...prefix, ...inner].slice(0, limit);
}

/** The postal code nearest a point (GB outcode, US ZIP, AU postcode), or null (DE, ES: none shipped). */
export function nearestPostalCode(t: GeoTables, country: Country, lat: number, lon: number): string | null {
  const rows: Iterable<{ code: string; latitude: number; longitude: number }> =
    country === "gb"
      ? [...t.gbOutcodes.values()].map((o) => ({
          code: o.outcode,
          latitude: o.latitude,
          longitude: o.longitude,
        }))
      : country === "us"
        ? [...t.usZips.values()].map((z) => ({ code: z.zip, latitude: z.latitude, longitude: z.longitude }))
        : country === "au"
          ? [...t.auPostcodes.values()].map((z) => ({
              code: z.postcode,
              latitude: z.latitude,
              longitude: z.longitude,
            }))
          : [];
  let best: string | null = null;
  let bestKm = 50; // farther than this is not the place's code
  for (const r of rows) {
    if (!Number.isFinite(r.latitude)) continue;
    const km = haversineKm(lat, lon, r.latitude, r.longitude);
    if (km < bestKm) {
      bestKm = km;
      best = r.code;
    }
  }
  return best;
}

export const ERCOT_NODE_SEARCH_LIMIT = 100;

/** ERCOT node list and search (spec §7): id, name, zone, lat, lon, voltage; limit capped at 100. */
export function searchErcotNodes(
  t: GeoTables,
  opts: { search?: string; offset?: number; limit?: number; zone?: string } = {},
): { count: number; results: ErcotNode[] } {
  const q = fold(opts.search?.trim() ?? "");
  const limit = Math.max(0, Math.min(ERCOT_NODE_SEARCH_LIMIT, opts.limit ?? ERCOT_NODE_SEARCH_LIMIT));
  const offset = Math.max(0, opts.offset ?? 0);
  const all = t.ercotNodes.filter(
    (n) =>
      (!q || fold(n.id).includes(q) || fold(n.name).includes(q)) &&
      (!opts.zone || n.zone === opts.zone.toUpperCase()),
  );
  return { count: all.length, results: all.slice(offset, offset + limit) };
}

/** Words that stay in capitals when a name is put in proper case: abbreviations (BC, DC, GPO, MSC). */
const KEEP_CAPITALS = /^[B-DF-HJ-NP-TV-XZ]+$/;
const PROPER_WORDS: Record<string, string> = { ST: "St", MT: "Mt" };

/**
 * A place name in proper case ("ADELAIDE RIVER" → "Adelaide River", "MCKINLAY" → "McKinlay",
 * "O'CONNOR" → "O'Connor", "ADELAIDE BC" → "Adelaide BC"): Australia's postcode list spells its
 * localities in capitals. Names already in mixed case are left as they are.
 */
export function properPlaceName(name: string): string {
  if (name !== name.toUpperCase()) return name;
  return name
    .split(" ")
    .map((word) => {
      if (PROPER_WORDS[word]) return PROPER_WORDS[word];
      if (KEEP_CAPITALS.test(word) || /\d/.test(word)) return word;
      return word
        .toLowerCase()
        .replace(/(^|[-'(])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase())
        .replace(/^Mc(\p{L})/u, (_, c: string) => `Mc${c.toUpperCase()}`);
    })
    .join(" ");
}
