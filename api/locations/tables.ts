// The location tables of engine/locations, loaded once per process: the compact tables Voltcast
// ships in data/ plus the richer folder VOLTCAST_GEO_DIR (default ../shared/data/geo, as in
// api/config.ts) when it exists.
import { loadGeoTables } from "../../engine/locations/load.server.ts";
import type { GeoTables } from "../../engine/locations/index.ts";
import { parseEnv } from "../config.ts";

let cached: GeoTables | null = null;

export function locationTables(): GeoTables {
  cached ??= loadGeoTables({ geoDir: parseEnv().VOLTCAST_GEO_DIR });
  return cached;
}
