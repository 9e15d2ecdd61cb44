// Loads the location tables: the compact tables Voltcast ships in data/ and, when the geo folder
// given exists (the API passes VOLTCAST_GEO_DIR, default ../shared/data/geo), richer files there (all US ZIPs,
// GeoNames postcodes for place search). Missing or unreadable files leave tables empty: lookups then
// answer "no zones" (spec §8) instead of failing.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { emptyTables, properPlaceName, type Country, type GeoTables, type Place } from "./lookup.ts";
import type { ErcotZone } from "../markets/ercot.ts";
import { ercotZoneForLocation } from "../markets/ercot.ts";
import type { NemRegionId } from "../markets/nem.ts";

const here = path.dirname(fileURLToPath(import.meta.url));

function parseCsv(text: string): Record<string, string>[] {
  const lines = text.split(/\r?\n/).filter((l) => l.length);
  const split = (l: string) => {
    const out: string[] = [];
    let cur = "";
    let q = false;
    for (let i = 0; i < l.length; i++) {
      const c = l[i];
      if (c === '"') {
        if (q && l[i + 1] === '"') {
          cur += '"';
          i++;
        } else q = !q;
      } else if (c === "," && !q) {
        out.push(cur);
        cur = "";
      } else cur += c;
    }
    out.push(cur);
    return out;
  };
  const h = split(lines[0] ?? "");
  return lines.slice(1).map((l) => {
    const v = split(l);
    return Object.fromEntries(h.map((k, i) => [k, v[i] ?? ""]));
  });
}

function readCsv(file: string): Record<string, string>[] {
  try {
    return existsSync(file) ? parseCsv(readFileSync(file, "utf8")) : [];
  } catch {
    return [];
  }
}

export interface LoadOptions {
  /** Folder of the shipped tables (default: the repo's data/). */
  dataDir?: string;
  /** Folder of richer geo files (the API passes VOLTCAST_GEO_DIR); ignored when absent or unset. */
  geoDir?: string | null;
}

export function loadGeoTables(opts: LoadOptions = {}): GeoTables {
  const dataDir = opts.dataDir ?? path.resolve(here, "../../data");
  const geoDir = opts.geoDir;
  const t = emptyTables();
  const num = (s: string) => (s === "" ? NaN : Number(s));

  for (const r of readCsv(path.join(dataDir, "gb_outcodes.csv"))) {
    t.gbOutcodes.set(r.outcode, {
      outcode: r.outcode,
      latitude: num(r.latitude),
      longitude: num(r.longitude),
      gspGroup: r.gsp_group || null,
      tnuosZone: r.tnuos_zone ? Number(r.tnuos_zone) : null,
      place: r.place,
    });
  }
  for (const r of readCsv(path.join(dataDir, "us_tx_zips.csv"))) {
    t.usZips.set(r.zip, {
      zip: r.zip,
      place: r.place,
      county: r.county,
      state: "TX",
      latitude: num(r.latitude),
      longitude: num(r.longitude),
      ercotZone: (r.ercot_zone || null) as ErcotZone | null,
    });
  }
  for (const r of readCsv(path.join(dataDir, "au_postcodes.csv"))) {
    t.auPostcodes.set(r.postcode, {
      postcode: r.postcode,
      state: r.state,
      place: r.place,
      latitude: num(r.latitude),
      longitude: num(r.longitude),
      nemRegion: (r.nem_region || null) as NemRegionId | null,
      regionName: r.region_name || null,
    });
  }
  for (const cc of ["gb", "us", "au", "de", "es"] as Country[]) {
    t.places[cc] = readCsv(path.join(dataDir, `places_${cc}.csv`)).map(
      (r): Place => ({
        name: r.place,
        admin: r.admin,
        latitude: num(r.latitude),
        longitude: num(r.longitude),
      }),
    );
  }
  // Populations (engine/locations/build-population.ts), for ranking place searches.
  const population = new Map<string, number>();
  const popFile = path.join(dataDir, "place_population.csv");
  if (existsSync(popFile))
    for (const r of readCsv(popFile))
      population.set(`${r.country}|${r.place}|${r.admin}`, Number(r.population));
  const withPopulation = (cc: Country, p: Place): Place => {
    const n = population.get(`${cc}|${p.name}|${p.admin}`);
    return n ? { ...p, population: n } : p;
  };
  for (const cc of ["gb", "au", "de", "es", "us"] as Country[])
    t.places[cc] = t.places[cc].map((p) => withPopulation(cc, p));
  // Australia's localities are spelt in capitals in the postcode list: shown in proper case.
  t.places.au = t.places.au.map((p) => ({ ...p, name: properPlaceName(p.name) }));
  t.ercotNodes = readCsv(path.join(dataDir, "ercot_nodes.csv")).map((r) => ({
    id: r.id,
    name: r.name,
    zone: r.zone,
    lat: num(r.latitude),
    lon: num(r.longitude),
    voltage: num(r.voltage_kv),
  }));

  if (geoDir && existsSync(geoDir)) {
    // all US ZIPs (coordinates for non-Texas ZIPs; those get no ERCOT zone) and US place search
    const us = readCsv(path.join(geoDir, "geonames_postcodes_us.csv"));
    const usPlaces = new Map<string, Place>();
    for (const r of us) {
      const lat = num(r.latitude);
      const lon = num(r.longitude);
      if (!Number.isFinite(lat) || lat < 15) continue; // drop territory/military rows with odd coordinates
      if (!t.usZips.has(r.zipcode)) {
        t.usZips.set(r.zipcode, {
          zip: r.zipcode,
          place: r.place,
          county: r.province,
          state: r.state_code,
          latitude: lat,
          longitude: lon,
          ercotZone: r.state_code === "TX" ? (ercotZoneForLocation(lat, lon, r.province) ?? null) : null,
        });
      }
      const key = `${r.place}|${r.state_code}`;
      if (!usPlaces.has(key))
        usPlaces.set(key, { name: r.place, admin: r.state_code, latitude: lat, longitude: lon });
    }
    if (usPlaces.size) t.places.us = [...usPlaces.values()].map((p) => withPopulation("us", p));
  }
  return t;
}
