// Location services of the builder (spec §7): GSP group and TNUoS zone of a point, the zones of a
// postal code by region, ERCOT nodes, and place search restricted to the region's country. They
// answer from reference data (engine/locations) and fail silently with no zones (spec §8).
import express from "express";
import { z } from "../zod.ts";
import { describe } from "../openapi.ts";
import { offsetSchema } from "../http/input.ts";
import { parse, route } from "../http/route.ts";
import { access, type ApiContext } from "../http/context.ts";
import { FORECAST_REGIONS, type ForecastRegion } from "../../app/validation/forecast.ts";
import {
  ERCOT_NODE_SEARCH_LIMIT,
  gspGroupAt,
  nearestPostalCode,
  postalCodeZones,
  searchErcotNodes,
  searchPlaces,
  tnuosZoneForLocation,
  type Country,
} from "../../engine/locations/index.ts";
import { locationTables } from "../locations/tables.ts";
import { NEM_REGIONS } from "../../engine/markets/nem.ts";

/** Lenient numbers: a bad or missing coordinate is "no zone", not an error (spec §8). */
const coord = z.preprocess((v) => {
  const n = Number(v);
  return v === undefined || v === "" || !Number.isFinite(n) ? null : n;
}, z.number().nullable());
const PointQuery = z.object({ lat: coord, long: coord });
const region = z.enum(FORECAST_REGIONS, {
  errorMap: () => ({ message: `region must be one of ${FORECAST_REGIONS.join(", ")}` }),
});
const PostalQuery = z.object({
  region,
  zipCode: z
    .string({ required_error: "zipCode is required" })
    .trim()
    .min(1, "zipCode is required")
    .max(8, "zipCode is at most 8 characters"),
});
const NodeQuery = z.object({
  search: z.string().max(100).optional(),
  zone: z.string().max(20).optional(),
  offset: offsetSchema,
  limit: z.coerce
    .number({ invalid_type_error: "limit must be a number" })
    .int()
    .min(1)
    .max(ERCOT_NODE_SEARCH_LIMIT, `limit is at most ${ERCOT_NODE_SEARCH_LIMIT}`)
    .default(ERCOT_NODE_SEARCH_LIMIT),
});
const PlacesQuery = z.object({
  search: z.string().max(100).default(""),
  region,
  unlimited: z.enum(["true", "false"]).optional(),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});

const COUNTRIES: Record<ForecastRegion, Country[]> = {
  GB: ["gb"],
  ERCOT: ["us"],
  NEM: ["au"],
  DE: ["de"],
  ES: ["es"],
};
const ALL_COUNTRIES: Country[] = ["gb", "us", "au", "de", "es"];
/** The states a market covers where its country holds more: ERCOT is Texas; the NEM is not NT or WA. */
const MARKET_AREA: Partial<Record<ForecastRegion, readonly string[]>> = {
  ERCOT: ["TX"],
  NEM: NEM_REGIONS.flatMap((r) => r.states),
};
/** The market whose zones a country's postal codes give. */
const MARKET_OF_COUNTRY: Partial<Record<Country, "GB" | "ERCOT" | "NEM">> = {
  gb: "GB",
  us: "ERCOT",
  au: "NEM",
};

describe({
  method: "get",
  path: "/forecast/run-library/get-gsp-group/",
  tag: "Locations",
  summary: "GSP group of a GB point (null when none)",
  query: z.object({ lat: z.number(), long: z.number() }),
  response: z.object({ gspGroup: z.string().nullable() }),
});
describe({
  method: "get",
  path: "/forecast/run-library/get-tnuos-zone/",
  tag: "Locations",
  summary: "TNUoS generation zone of a GB point (null when none)",
  query: z.object({ lat: z.number(), long: z.number() }),
  response: z.object({ tnuosZone: z.number().nullable() }),
});
describe({
  method: "get",
  path: "/forecast/run-library/postal-code-zone/",
  tag: "Locations",
  summary:
    "Zones of a postal code: GB postcode → latitude, longitude, gspGroup, tnuosGenerationZone; US ZIP → ercotZone; AU postcode → nemRegion",
  query: PostalQuery,
  response: z.object({
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    gspGroup: z.string().nullable(),
    tnuosGenerationZone: z.number().nullable(),
    ercotZone: z.string().nullable().optional(),
    nemRegion: z.string().nullable().optional(),
    regionName: z.string().nullable().optional(),
  }),
});
describe({
  method: "get",
  path: "/forecast/run-library/ercot-node/",
  tag: "Locations",
  summary: "ERCOT nodes (id, name, zone, lat, lon, voltage); search limit 100",
  query: NodeQuery,
  response: z.object({
    count: z.number().int(),
    results: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        zone: z.string(),
        lat: z.number(),
        lon: z.number(),
        voltage: z.number().describe("kV"),
      }),
    ),
  }),
});
describe({
  method: "get",
  path: "/forecast/run-library/places/",
  tag: "Locations",
  summary: "Place search in the region's country (after more than 2 characters)",
  query: PlacesQuery,
  response: z.object({
    count: z.number().int(),
    results: z.array(
      z.object({
        id: z.string(),
        label: z.string(),
        city: z.string(),
        admin: z.string().describe("State, county or region"),
        country: z.string(),
        latitude: z.number(),
        longitude: z.number(),
        population: z
          .number()
          .int()
          .nullable()
          .describe("GeoNames population, when known (ranks the search)"),
        zipCode: z
          .string()
          .nullable()
          .describe("The postal code nearest the place (GB outcode, US ZIP, AU postcode)"),
        gspGroup: z.string().nullable().describe("GB: GSP group of that postal code"),
        tnuosGenerationZone: z.number().int().nullable().describe("GB: TNUoS generation zone"),
        ercotZone: z.string().nullable().describe("US (Texas): ERCOT zone"),
        nemRegion: z.string().nullable().describe("AU: NEM price region (e.g. SA1)"),
        regionName: z.string().nullable().describe("AU: spec §3 region name (e.g. South Australia)"),
      }),
    ),
  }),
});

export function locationsRouter(ctx: ApiContext) {
  const r = express.Router();
  // Load the tables now (≈1–3 s, synchronous) rather than inside a visitor's first search.
  locationTables();

  r.get(
    "/forecast/run-library/get-gsp-group/",
    route(async (req, res) => {
      const q = parse(PointQuery, req.query);
      res.json({
        gspGroup: q.lat === null || q.long === null ? null : gspGroupAt(locationTables(), q.lat, q.long),
      });
    }),
  );

  r.get(
    "/forecast/run-library/get-tnuos-zone/",
    route(async (req, res) => {
      const q = parse(PointQuery, req.query);
      res.json({ tnuosZone: q.lat === null || q.long === null ? null : tnuosZoneForLocation(q.lat, q.long) });
    }),
  );

  r.get(
    "/forecast/run-library/postal-code-zone/",
    route(async (req, res) => {
      const q = parse(PostalQuery, req.query);
      res.json(postalCodeZones(locationTables(), q.region, q.zipCode));
    }),
  );

  r.get(
    "/forecast/run-library/ercot-node/",
    route(async (req, res) => {
      const q = parse(NodeQuery, req.query);
      const { count, results } = searchErcotNodes(locationTables(), q);
      res.json({ count, results });
    }),
  );

  r.get(
    "/forecast/run-library/places/",
    route(async (req, res) => {
      const q = parse(PlacesQuery, req.query);
      // Unlimited (all countries) only for callers with the forecast_form_unlimited_locations flag.
      const { flags } = await access(ctx, req);
      const countries =
        q.unlimited === "true" && flags.forecast_form_unlimited_locations
          ? ALL_COUNTRIES
          : COUNTRIES[q.region];
      const tables = locationTables();
      // ERCOT is Texas: Texan places first (Odessa, TX before Odessa, DE).
      const preferAdmin = q.region === "ERCOT" ? "TX" : undefined;
      // Within the market's own area (decision 0333); the unlimited flag searches every country whole.
      const within = countries === ALL_COUNTRIES ? undefined : MARKET_AREA[q.region];
      const results = countries
        .flatMap((country) =>
          searchPlaces(tables, country, q.search, q.limit, preferAdmin, within).map((p) => ({ p, country })),
        )
        .slice(0, q.limit)
        .map(({ p, country }) => {
          // A pick sets the zip code, coordinates and zones together: the place's nearest postal code and its zones.
          const zipCode = nearestPostalCode(tables, country, p.latitude, p.longitude);
          const market = MARKET_OF_COUNTRY[country];
          const zones = zipCode && market ? postalCodeZones(tables, market, zipCode) : null;
          return {
            id: `${country}:${p.name}|${p.admin}`,
            label: `${p.name}, ${p.admin}`,
            city: p.name,
            admin: p.admin,
            country: country.toUpperCase(),
            latitude: p.latitude,
            longitude: p.longitude,
            population: p.population ?? null,
            zipCode,
            gspGroup: zones?.gspGroup ?? null,
            tnuosGenerationZone: zones?.tnuosGenerationZone ?? null,
            ercotZone: zones?.ercotZone ?? null,
            nemRegion: zones?.nemRegion ?? null,
            regionName: zones?.regionName ?? null,
          };
        });
      res.json({ count: results.length, results });
    }),
  );

  return r;
}
