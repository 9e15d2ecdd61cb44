import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadGeoTables } from "../../../engine/locations/load.server.ts";
import {
  lookupGbPostcode,
  gspGroupAt,
  gbZonesAt,
  tnuosZoneForLocation,
  lookupUsZip,
  lookupAuPostcode,
  postalCodeZones,
  searchPlaces,
  properPlaceName,
  nearestPostalCode,
  searchErcotNodes,
  outcodeOf,
  NO_GB_ZONES,
  emptyTables,
  ERCOT_NODE_SEARCH_LIMIT,
} from "../../../engine/locations/index.ts";
import { AUSTRALIA_REGION_TO_NEM, AUSTRALIA_REGION_NAMES } from "../../../engine/markets/nem.ts";
import { AUSTRALIA_BOUNDING_BOX, inAustraliaBox, REGIONS } from "../../../engine/markets/regions.ts";
import {
  GSP_GROUPS,
  TNUOS_ZONES,
  DUOS_BANDS,
  defaultDuosBandTimes,
  duosBandAt,
} from "../../../engine/markets/gb.ts";
import { ERCOT_ZONES, ercotZoneId } from "../../../engine/markets/ercot.ts";

// shipped tables only (no VOLTCAST_GEO_DIR): what a fresh install has
const t = loadGeoTables({ geoDir: null });
const GEO_DIR = new URL("../../../../shared/data/geo", import.meta.url).pathname;

describe("GB postcodes", () => {
  it("finds GSP group and TNUoS zone for real postcodes", () => {
    const pall = lookupGbPostcode(t, "SW1A 1AA");
    expect(pall.gspGroup).toBe("_C");
    expect(pall.tnuosGenerationZone).toBe(23);
    expect(pall.latitude).toBeCloseTo(51.5, 1);
    expect(lookupGbPostcode(t, "M1 1AE").gspGroup).toBe("_G"); // Manchester: Electricity North West
    expect(lookupGbPostcode(t, "AB10 1XG").gspGroup).toBe("_P"); // Aberdeen: North Scotland
    expect(lookupGbPostcode(t, "CF10 1EP").gspGroup).toBe("_K"); // Cardiff: South Wales
    expect(lookupGbPostcode(t, "EH1 1YZ").gspGroup).toBe("_N"); // Edinburgh: South Scotland
    expect(lookupGbPostcode(t, "LS1 4DY").gspGroup).toBe("_M"); // Leeds: Yorkshire
    expect(lookupGbPostcode(t, "TR1 1AA").tnuosGenerationZone).toBe(27); // Truro: West Devon and Cornwall
    expect(lookupGbPostcode(t, "kw1 4aa").tnuosGenerationZone).toBe(1); // Wick: North Scotland
  });

  it("answers no zones (never throws) for unknown or malformed input", () => {
    expect(lookupGbPostcode(t, "ZZ99 9ZZ")).toEqual(NO_GB_ZONES);
    expect(lookupGbPostcode(t, "")).toEqual(NO_GB_ZONES);
    expect(lookupGbPostcode(t, "not a postcode at all")).toEqual(NO_GB_ZONES);
    expect(lookupGbPostcode(emptyTables(), "SW1A 1AA")).toEqual(NO_GB_ZONES);
    expect(outcodeOf("sw1a1aa")).toBe("SW1A");
    expect(outcodeOf("M1")).toBe("M1");
  });

  it("maps latitude/longitude to GSP group and TNUoS zone, with no zones outside GB", () => {
    expect(gspGroupAt(t, 51.5074, -0.1278)).toBe("_C");
    expect(gspGroupAt(t, 52.4862, -1.8904)).toBe("_E"); // Birmingham
    expect(gbZonesAt(t, 48.8566, 2.3522)).toEqual(NO_GB_ZONES); // Paris
    expect(gspGroupAt(t, NaN, 0)).toBeNull();
    expect(tnuosZoneForLocation(55.95, -3.19)).toBe(11);
    expect(tnuosZoneForLocation(40, -3)).toBeNull();
  });
});

describe("US ZIP codes", () => {
  it("gives coordinates and the ERCOT zone for Texas ZIPs", () => {
    expect(lookupUsZip(t, "77002")).toMatchObject({ ercotZone: "HOUSTON", state: "TX" });
    expect(lookupUsZip(t, "79701")).toMatchObject({ ercotZone: "WEST" }); // Midland
    expect(lookupUsZip(t, "78701").ercotZone).toBe("SOUTH"); // Austin
    expect(lookupUsZip(t, "75201").ercotZone).toBe("NORTH"); // Dallas
    expect(lookupUsZip(t, "77002").latitude).toBeCloseTo(29.76, 1);
  });

  it("gives no zone outside ERCOT and for unknown ZIPs", () => {
    expect(lookupUsZip(t, "79901").ercotZone).toBeNull(); // El Paso (WECC)
    expect(lookupUsZip(t, "10001").ercotZone).toBeNull(); // New York (not shipped: not found)
    expect(lookupUsZip(t, "abc").latitude).toBeNull();
  });
});

describe("AU postcodes", () => {
  it("gives coordinates, NEM region and spec region name", () => {
    expect(lookupAuPostcode(t, "2000")).toMatchObject({
      nemRegion: "NSW1",
      regionName: "Central New South Wales",
    });
    expect(lookupAuPostcode(t, "3000")).toMatchObject({ nemRegion: "VIC1", regionName: "Victoria" });
    expect(lookupAuPostcode(t, "4000")).toMatchObject({ nemRegion: "QLD1", regionName: "South Queensland" });
    expect(lookupAuPostcode(t, "4810").regionName).toBe("North Queensland"); // Townsville
    expect(lookupAuPostcode(t, "5000").nemRegion).toBe("SA1");
    expect(lookupAuPostcode(t, "7000").nemRegion).toBe("TAS1");
    expect(lookupAuPostcode(t, "2600").nemRegion).toBe("NSW1"); // Canberra (ACT is in NSW1)
    expect(lookupAuPostcode(t, "6000").nemRegion).toBeNull(); // Perth: not in the NEM
    expect(lookupAuPostcode(t, "12345").latitude).toBeNull();
    expect(lookupAuPostcode(t, "abcd").nemRegion).toBeNull();
  });

  it("postal-code zone lookup dispatches by region", () => {
    expect(postalCodeZones(t, "GB", "SW1A 1AA").gspGroup).toBe("_C");
    expect(postalCodeZones(t, "ERCOT", "77002").ercotZone).toBe("HOUSTON");
    expect(postalCodeZones(t, "NEM", "3000").nemRegion).toBe("VIC1");
  });
});

describe("place and node search", () => {
  it("searches places only after more than 2 characters, restricted to the country", () => {
    expect(searchPlaces(t, "gb", "Ma")).toEqual([]);
    expect(searchPlaces(t, "gb", "Manchester")[0].name).toBe("Manchester");
    expect(searchPlaces(t, "us", "Houston").every((p) => p.admin === "TX")).toBe(true);
    expect(searchPlaces(t, "au", "Sydney").length).toBeGreaterThan(0);
    expect(searchPlaces(t, "gb", "Sydney")).toEqual([]);
    expect(searchPlaces(t, "de", "Münch").length).toBeGreaterThan(0);
    expect(searchPlaces(t, "es", "Sevilla").length).toBeGreaterThan(0);
    expect(searchPlaces(t, "gb", "Lon", 5).length).toBeLessThanOrEqual(5);
  });

  it("ranks the region's places and the big town first, and gives each its nearest postal code (issue 19)", () => {
    const brighton = searchPlaces(t, "gb", "Brighton");
    expect(`${brighton[0].name}, ${brighton[0].admin}`).toBe("Brighton, East Sussex");
    expect(brighton.findIndex((p) => p.admin === "Cornwall")).toBeGreaterThan(0);
    expect(nearestPostalCode(t, "gb", brighton[0].latitude, brighton[0].longitude)).toMatch(/^BN\d/);
    expect(nearestPostalCode(t, "gb", 53.48, -2.24)).toMatch(/^M\d/);
    const adelaide = searchPlaces(t, "au", "Adelaide")[0];
    const code = nearestPostalCode(t, "au", adelaide.latitude, adelaide.longitude)!;
    expect(lookupAuPostcode(t, code).regionName).toBe("South Australia");
  });

  it("writes Australian places in proper case, and keeps a search within the market's states (issue 27 item 10)", () => {
    expect(properPlaceName("ADELAIDE")).toBe("Adelaide");
    expect(properPlaceName("ADELAIDE RIVER")).toBe("Adelaide River");
    expect(properPlaceName("ADELAIDE BC")).toBe("Adelaide BC");
    expect(properPlaceName("ST KILDA")).toBe("St Kilda");
    expect(properPlaceName("MCKINLAY")).toBe("McKinlay");
    expect(properPlaceName("O'CONNOR")).toBe("O'Connor");
    expect(properPlaceName("KURRI KURRI")).toBe("Kurri Kurri");
    expect(properPlaceName("Australian National University")).toBe("Australian National University");
    const adelaide = searchPlaces(t, "au", "Adelaide");
    expect(`${adelaide[0].name}, ${adelaide[0].admin}`).toBe("Adelaide, SA");
    expect(adelaide.map((p) => p.admin)).toContain("NT");
    const nem = searchPlaces(t, "au", "Adelaide", 10, undefined, ["NSW", "ACT", "QLD", "VIC", "SA", "TAS"]);
    expect(nem.length).toBeGreaterThan(2);
    expect(nem.map((p) => p.admin)).not.toContain("NT");
    expect(searchPlaces(t, "au", "Darwin", 10, undefined, ["NSW", "ACT", "QLD", "VIC", "SA", "TAS"])).toEqual(
      [],
    );
  });

  it.skipIf(!existsSync(GEO_DIR))("ranks Odessa, TX first for ERCOT among every US Odessa", () => {
    const us = loadGeoTables({ geoDir: GEO_DIR });
    const odessa = searchPlaces(us, "us", "Odessa", 10, "TX");
    expect(odessa.length).toBeGreaterThan(3);
    expect(`${odessa[0].name}, ${odessa[0].admin}`).toBe("Odessa, TX");
    // Without the region's preference, by population: Odessa, TX (119k) is still first, then FL (7k).
    expect(
      searchPlaces(us, "us", "Odessa")
        .map((p) => p.admin)
        .slice(0, 2),
    ).toEqual(["TX", "FL"]);
  });

  it("lists and searches ERCOT nodes with id, name, zone, lat, lon, voltage and a limit of 100", () => {
    const all = searchErcotNodes(t, { limit: 1000 });
    expect(all.results.length).toBeLessThanOrEqual(ERCOT_NODE_SEARCH_LIMIT);
    expect(all.count).toBeGreaterThan(50);
    const m = searchErcotNodes(t, { search: "midland" });
    expect(m.results[0]).toMatchObject({ zone: "WEST" });
    for (const n of all.results) {
      expect(Object.keys(n).sort()).toEqual(["id", "lat", "lon", "name", "voltage", "zone"]);
      expect(["WEST", "NORTH", "SOUTH", "HOUSTON"]).toContain(n.zone);
    }
    expect(searchErcotNodes(t, { zone: "HOUSTON" }).results.every((n) => n.zone === "HOUSTON")).toBe(true);
    expect(searchErcotNodes(t, { offset: 5, limit: 3 }).results).toEqual(all.results.slice(5, 8));
  });
});

describe("market reference tables", () => {
  it("has 14 GSP groups, 27 TNUoS zones and DUoS bands for every DNO", () => {
    expect(GSP_GROUPS).toHaveLength(14);
    expect(TNUOS_ZONES.map((z) => z.zone)).toEqual(Array.from({ length: 27 }, (_, i) => i + 1));
    expect(DUOS_BANDS.map((b) => b.gspGroup).sort()).toEqual(GSP_GROUPS.map((g) => g.id).sort());
    expect(defaultDuosBandTimes("_A")).toMatchObject({ redBandStartTime: "16:00", redBandEndTime: "19:00" });
    expect(duosBandAt("_C", 2, 12 * 60)).toBe("red"); // London midday red band
    expect(duosBandAt("_A", 6, 17 * 60)).toBe("green"); // weekends have no red band
  });

  it("maps the nine Australian region names to NEM regions and knows the bounding box", () => {
    expect(AUSTRALIA_REGION_NAMES).toHaveLength(9);
    expect(AUSTRALIA_REGION_TO_NEM["North Queensland"]).toBe("QLD1");
    expect(AUSTRALIA_REGION_TO_NEM["South New South Wales"]).toBe("NSW1");
    expect(AUSTRALIA_BOUNDING_BOX).toEqual({ north: -10, south: -44, west: 128, east: 154 });
    expect(inAustraliaBox(-33.87, 151.21)).toBe(true);
    expect(inAustraliaBox(-31.95, 115.86)).toBe(false); // Perth lies west of 128°E
  });

  it("has the ERCOT zones of the builder and the region table", () => {
    expect(ERCOT_ZONES.map((z) => z.name)).toEqual(["West", "North", "South", "Houston"]);
    expect(ercotZoneId("Houston")).toBe("HOUSTON");
    expect(REGIONS.NEM.settlementMinutes).toBe(5);
    expect(REGIONS.GB.slug).toBe("great-britain");
    expect(REGIONS.DE.code).toBe("EUR");
  });
});
