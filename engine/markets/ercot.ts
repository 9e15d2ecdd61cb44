// ERCOT reference data: the four load zones of the builder (spec §3: West, North, South, Houston),
// trading hubs, and the rules that place a Texas county/ZIP in a zone. The settlement-point node
// list itself ships in data/ercot_nodes.csv (see data/README.md for how it is derived).

export type ErcotZone = "WEST" | "NORTH" | "SOUTH" | "HOUSTON";

export const ERCOT_ZONES: Array<{ id: ErcotZone; name: string; loadZone: string; hub: string }> = [
  { id: "WEST", name: "West", loadZone: "LZ_WEST", hub: "HB_WEST" },
  { id: "NORTH", name: "North", loadZone: "LZ_NORTH", hub: "HB_NORTH" },
  { id: "SOUTH", name: "South", loadZone: "LZ_SOUTH", hub: "HB_SOUTH" },
  { id: "HOUSTON", name: "Houston", loadZone: "LZ_HOUSTON", hub: "HB_HOUSTON" },
];

/** Spec zone name ("West") or id ("WEST") → id. */
export function ercotZoneId(nameOrId: string): ErcotZone | undefined {
  const s = nameOrId.trim().toLowerCase();
  return ERCOT_ZONES.find((z) => z.id.toLowerCase() === s || z.name.toLowerCase() === s)?.id;
}

/**
 * Texas counties outside the ERCOT grid: El Paso region (WECC), the Panhandle/South Plains and
 * north-east Texas (SPP), south-east Texas (MISO, Entergy Texas). Source: ERCOT service-area map;
 * partial counties are assigned whole (approximation).
 */
export const NON_ERCOT_COUNTIES = new Set([
  "El Paso",
  "Hudspeth",
  "Dallam",
  "Sherman",
  "Hansford",
  "Ochiltree",
  "Lipscomb",
  "Hartley",
  "Moore",
  "Hutchinson",
  "Roberts",
  "Hemphill",
  "Oldham",
  "Potter",
  "Carson",
  "Gray",
  "Wheeler",
  "Deaf Smith",
  "Randall",
  "Armstrong",
  "Donley",
  "Collingsworth",
  "Parmer",
  "Castro",
  "Swisher",
  "Briscoe",
  "Hall",
  "Bailey",
  "Lamb",
  "Hale",
  "Floyd",
  "Cochran",
  "Hockley",
  "Yoakum",
  "Terry",
  "Lynn",
  "Bowie",
  "Cass",
  "Marion",
  "Harrison",
  "Panola",
  "Morris",
  "Camp",
  "Upshur",
  "Gregg",
  "Jefferson",
  "Orange",
  "Hardin",
  "Jasper",
  "Newton",
  "Tyler",
  "Polk",
  "San Jacinto",
  "Liberty",
  "Sabine",
  "San Augustine",
  "Shelby",
]);

/** Counties of the Houston load zone (CenterPoint service area, approximated by whole counties). */
export const HOUSTON_COUNTIES = new Set([
  "Harris",
  "Fort Bend",
  "Galveston",
  "Brazoria",
  "Chambers",
  "Waller",
  "Montgomery",
]);

/**
 * ERCOT zone of a Texas location. Rules (approximation of ERCOT's load-zone map, documented):
 * non-ERCOT counties → none; Houston counties → HOUSTON; west of 99.5°W and north of 29.8°N → WEST
 * (Far West and West weather zones: Permian Basin, Abilene, San Angelo); south of 30.6°N → SOUTH
 * (Austin, San Antonio, Corpus Christi, Rio Grande Valley, Laredo); otherwise NORTH.
 */
export function ercotZoneForLocation(lat: number, lon: number, county?: string): ErcotZone | undefined {
  const c = county?.replace(/ County$/i, "").trim();
  if (c && NON_ERCOT_COUNTIES.has(c)) return undefined;
  if (c && HOUSTON_COUNTIES.has(c)) return "HOUSTON";
  // outside Texas' rough bounds
  if (lat < 25.8 || lat > 36.6 || lon < -106.7 || lon > -93.5) return undefined;
  if (!c && lon < -104.5) return undefined; // El Paso area (WECC)
  if (lon <= -99.5 && lat >= 29.8) return "WEST";
  if (lat < 30.6) return "SOUTH";
  return "NORTH";
}
