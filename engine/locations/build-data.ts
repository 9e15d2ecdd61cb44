// Dev script: derives the compact location tables Voltcast ships in data/ from the raw files in
// ../shared/data/geo (GeoNames CC BY 4.0 and others; see data/README.md). Run:
//   npx tsx engine/locations/build-data.ts [GEO_DIR]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { tnuosZoneAt, haversineKm } from "./geo.ts";
import { parseEnv } from "../../api/config.ts";
import { ercotZoneForLocation } from "../markets/ercot.ts";
import { australiaRegionName, nemRegionForState } from "../markets/nem.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
// The folder given, else the setting VOLTCAST_GEO_DIR (api/config.ts; a relative one from the repo's root).
const geoDir = process.argv[2] ?? path.resolve(here, "../..", parseEnv().VOLTCAST_GEO_DIR);
const outDir = path.resolve(here, "../../data");
if (!existsSync(geoDir)) {
  console.error(`geo folder not found: ${geoDir}`);
  process.exit(1);
}
mkdirSync(outDir, { recursive: true });

/** Minimal CSV parser (quoted fields with commas). */
export function parseCsv(text: string): Record<string, string>[] {
  const lines = text.split(/\r?\n/).filter((l) => l.length);
  const split = (l: string) => {
    const out: string[] = [];
    let cur = "";
    let q = false;
    for (let i = 0; i < l.length; i++) {
      const c = l[i];
      if (c === '"') q = !q;
      else if (c === "," && !q) {
        out.push(cur);
        cur = "";
      } else cur += c;
    }
    out.push(cur);
    return out;
  };
  const h = split(lines[0]);
  return lines.slice(1).map((l) => {
    const v = split(l);
    return Object.fromEntries(h.map((k, i) => [k, v[i] ?? ""]));
  });
}
const read = (f: string) => parseCsv(readFileSync(path.join(geoDir, f), "utf8"));
const csvField = (s: string | number) =>
  typeof s === "string" && /[",]/.test(s) ? `"${s.replace(/"/g, '""')}"` : String(s);
const write = (f: string, header: string[], rows: Array<Array<string | number>>) => {
  writeFileSync(
    path.join(outDir, f),
    [header.join(","), ...rows.map((r) => r.map(csvField).join(","))].join("\n") + "\n",
  );
  console.log(`${f}: ${rows.length} rows`);
};
const r4 = (x: number) => Math.round(x * 1e4) / 1e4;

// ---------------- GB outcodes: centroid (GeoNames), GSP group (rurigrass), TNUoS zone (nearest anchor)
const centroids = new Map(read("uk_outcode_centroids_geonames.csv").map((r) => [r.outcode, r]));
const gspRows = new Map(read("uk_outcode_to_gsp_group_rurigrass.csv").map((r) => [r.outcode, r]));
const academe = new Map(read("uk_outcodes_latlon_academe.csv").map((r) => [r.postcode, r]));
const outcodes = new Set([...centroids.keys(), ...gspRows.keys()]);
const gb: Array<{ oc: string; lat: number; lon: number; gsp: string; place: string; country: string }> = [];
for (const oc of outcodes) {
  const c = centroids.get(oc);
  const a = academe.get(oc);
  const lat = c ? Number(c.latitude) : a ? Number(a.latitude) : NaN;
  const lon = c ? Number(c.longitude) : a ? Number(a.longitude) : NaN;
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue;
  const g = gspRows.get(oc)?.gsp_group_id ?? "";
  gb.push({
    oc,
    lat,
    lon,
    gsp: /^_[A-P]$/.test(g) ? g : "",
    place: c?.place ?? a?.city ?? "",
    country: c?.country ?? a?.country_name ?? "",
  });
}
// outcodes without a group (new or missing in the 2020 table): majority of the 5 nearest mainland neighbours
const known = gb.filter((x) => x.gsp);
for (const x of gb) {
  if (x.gsp || x.country === "Northern Ireland" || /^(BT|JE|GY|IM)/.test(x.oc)) continue;
  const near = known
    .map((k) => ({ k, d: haversineKm(x.lat, x.lon, k.lat, k.lon) }))
    .sort((p, q) => p.d - q.d)
    .slice(0, 5);
  if (near[0] && near[0].d < 40) {
    const votes = new Map<string, number>();
    for (const { k } of near) votes.set(k.gsp, (votes.get(k.gsp) ?? 0) + 1);
    x.gsp = [...votes.entries()].sort((p, q) => q[1] - p[1])[0][0];
  }
}
write(
  "gb_outcodes.csv",
  ["outcode", "latitude", "longitude", "gsp_group", "tnuos_zone", "place"],
  gb
    .sort((a, b) => a.oc.localeCompare(b.oc))
    .map((x) => [x.oc, r4(x.lat), r4(x.lon), x.gsp, x.gsp ? (tnuosZoneAt(x.lat, x.lon) ?? "") : "", x.place]),
);

// ---------------- GB places (GeoNames): name, outcode, lat, lon
const gbPlaces = new Map<string, [string, string, number, number]>();
for (const r of read("geonames_postcodes_gb.csv")) {
  const key = `${r.place}|${r.province}`;
  if (!gbPlaces.has(key) && r.place)
    gbPlaces.set(key, [r.place, r.province || r.state, Number(r.latitude), Number(r.longitude)]);
}
write(
  "places_gb.csv",
  ["place", "admin", "latitude", "longitude"],
  [...gbPlaces.values()].map((p) => [p[0], p[1], r4(p[2]), r4(p[3])]),
);

// ---------------- US: Texas ZIPs with county and ERCOT zone
const tx = read("geonames_postcodes_us.csv").filter((r) => r.state_code === "TX");
write(
  "us_tx_zips.csv",
  ["zip", "place", "county", "latitude", "longitude", "ercot_zone"],
  tx.map((r) => [
    r.zipcode,
    r.place,
    r.province,
    r4(Number(r.latitude)),
    r4(Number(r.longitude)),
    ercotZoneForLocation(Number(r.latitude), Number(r.longitude), r.province) ?? "",
  ]),
);
const txPlaces = new Map<string, [string, string, number, number]>();
for (const r of tx)
  if (!txPlaces.has(r.place)) txPlaces.set(r.place, [r.place, "TX", Number(r.latitude), Number(r.longitude)]);
write(
  "places_us.csv",
  ["place", "admin", "latitude", "longitude"],
  [...txPlaces.values()].map((p) => [p[0], p[1], r4(p[2]), r4(p[3])]),
);

// ---------------- AU postcodes: centroid, state, NEM region, spec §3 region name
const auNames = new Map<string, string>();
for (const r of read("geonames_postcodes_au.csv"))
  if (!auNames.has(r.zipcode)) auNames.set(r.zipcode, r.place);
write(
  "au_postcodes.csv",
  ["postcode", "state", "place", "latitude", "longitude", "nem_region", "region_name"],
  read("au_postcode_centroids.csv").map((r) => {
    const lat = Number(r.latitude);
    const lon = Number(r.longitude);
    return [
      r.postcode,
      r.state,
      auNames.get(r.postcode) ?? "",
      r4(lat),
      r4(lon),
      nemRegionForState(r.state) ?? "",
      australiaRegionName(r.state, lat, lon) ?? "",
    ];
  }),
);
const auPlaces = new Map<string, [string, string, number, number]>();
for (const r of read("au_postcode_localities.csv")) {
  const key = `${r.locality}|${r.state}`;
  if (!auPlaces.has(key) && Number(r.latitude) !== 0)
    auPlaces.set(key, [r.locality, r.state, Number(r.latitude), Number(r.longitude)]);
}
write(
  "places_au.csv",
  ["place", "admin", "latitude", "longitude"],
  [...auPlaces.values()].map((p) => [p[0], p[1], r4(p[2]), r4(p[3])]),
);

// ---------------- DE / ES places (unique place + state)
for (const cc of ["de", "es"]) {
  const m = new Map<string, [string, string, number, number]>();
  for (const r of read(`geonames_postcodes_${cc}.csv`)) {
    const key = `${r.place}|${r.state}`;
    if (!m.has(key)) m.set(key, [r.place, r.state, Number(r.latitude), Number(r.longitude)]);
  }
  write(
    `places_${cc}.csv`,
    ["place", "admin", "latitude", "longitude"],
    [...m.values()].map((p) => [p[0], p[1], r4(p[2]), r4(p[3])]),
  );
}

// ---------------- ERCOT nodes (illustrative): the hubs and load zones at representative points, plus
// one node per ERCOT-served Texas place with ≥ 3 ZIP codes (a proxy for a load centre with a
// transmission substation). Ids and names are Voltcast's, NOT ERCOT settlement-point names.
const nodes: Array<Array<string | number>> = [];
const hubs: Array<[string, string, string, number, number, number]> = [
  ["HB_HOUSTON", "Houston hub", "HOUSTON", 29.76, -95.37, 345],
  ["HB_NORTH", "North hub", "NORTH", 32.78, -96.8, 345],
  ["HB_SOUTH", "South hub", "SOUTH", 29.42, -98.49, 345],
  ["HB_WEST", "West hub", "WEST", 31.99, -102.08, 345],
  ["LZ_HOUSTON", "Houston load zone", "HOUSTON", 29.76, -95.37, 345],
  ["LZ_NORTH", "North load zone", "NORTH", 32.78, -96.8, 345],
  ["LZ_SOUTH", "South load zone", "SOUTH", 27.8, -97.4, 345],
  ["LZ_WEST", "West load zone", "WEST", 31.85, -102.37, 345],
];
for (const h of hubs) nodes.push(h);
const byPlace = new Map<string, { n: number; lat: number; lon: number; county: string }>();
for (const r of tx) {
  const z = ercotZoneForLocation(Number(r.latitude), Number(r.longitude), r.province);
  if (!z) continue;
  const p = byPlace.get(r.place) ?? { n: 0, lat: 0, lon: 0, county: r.province };
  p.n++;
  p.lat += Number(r.latitude);
  p.lon += Number(r.longitude);
  byPlace.set(r.place, p);
}
let k = 0;
for (const [place, p] of [...byPlace.entries()].filter(([, p]) => p.n >= 3).sort((a, b) => b[1].n - a[1].n)) {
  const lat = p.lat / p.n;
  const lon = p.lon / p.n;
  const zone = ercotZoneForLocation(lat, lon, p.county)!;
  const kv = p.n >= 20 ? 345 : 138;
  const id = `VC_${place.toUpperCase().replace(/[^A-Z0-9]+/g, "_")}_${kv}`;
  nodes.push([id, `${place} ${kv} kV`, zone, r4(lat), r4(lon), kv]);
  k++;
}
write("ercot_nodes.csv", ["id", "name", "zone", "latitude", "longitude", "voltage_kv"], nodes);
console.log(`ercot nodes from places: ${k}`);
