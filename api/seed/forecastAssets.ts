// The asset library: operational battery projects with their public headline figures (rated
// power, energy, location, start of operation), to start a forecast from an existing asset.
import type { Db } from "../db/client.ts";
import { assetLibrary } from "../db/schema/index.ts";

interface SeedAsset {
  assetId: string;
  name: string;
  marketRegion: "GB" | "ERCOT" | "NEM" | "DE" | "ES";
  region: string;
  ratedPower: number;
  energyCapacity: number;
  operationalSince: string;
  city: string;
  address: string;
  zipCode: string;
  latitude: number;
  longitude: number;
  gsp?: string;
}

export const LIBRARY_ASSETS: SeedAsset[] = [
  {
    assetId: "gb-pillswood",
    name: "Pillswood",
    marketRegion: "GB",
    region: "Northern",
    ratedPower: 98,
    energyCapacity: 196,
    operationalSince: "2022-11-01",
    city: "Cottingham",
    address: "Creyke Beck substation, East Riding of Yorkshire",
    zipCode: "HU16 4",
    latitude: 53.8,
    longitude: -0.43,
    gsp: "_F",
  },
  {
    assetId: "gb-minety",
    name: "Minety",
    marketRegion: "GB",
    region: "South Western",
    ratedPower: 100,
    energyCapacity: 100,
    operationalSince: "2021-07-01",
    city: "Minety",
    address: "Minety substation, Wiltshire",
    zipCode: "SN16 9",
    latitude: 51.62,
    longitude: -1.98,
    gsp: "_H",
  },
  {
    assetId: "gb-capenhurst",
    name: "Capenhurst",
    marketRegion: "GB",
    region: "Merseyside and North Wales",
    ratedPower: 100,
    energyCapacity: 100,
    operationalSince: "2019-05-01",
    city: "Capenhurst",
    address: "Capenhurst, Cheshire",
    zipCode: "CH1 6",
    latitude: 53.26,
    longitude: -2.95,
    gsp: "_D",
  },
  {
    assetId: "gb-contego",
    name: "Contego",
    marketRegion: "GB",
    region: "South Eastern",
    ratedPower: 34,
    energyCapacity: 34,
    operationalSince: "2020-01-01",
    city: "Burgess Hill",
    address: "Bolney, West Sussex",
    zipCode: "RH15 9",
    latitude: 50.97,
    longitude: -0.18,
    gsp: "_J",
  },
  {
    assetId: "gb-bumpers",
    name: "Bumpers",
    marketRegion: "GB",
    region: "Southern",
    ratedPower: 99,
    energyCapacity: 198,
    operationalSince: "2023-09-01",
    city: "Slough",
    address: "Bumpers Farm, Buckinghamshire",
    zipCode: "SL3 8",
    latitude: 51.5,
    longitude: -0.52,
    gsp: "_H",
  },
  {
    assetId: "ercot-gambit",
    name: "Gambit Energy Storage",
    marketRegion: "ERCOT",
    region: "Houston",
    ratedPower: 100,
    energyCapacity: 200,
    operationalSince: "2021-06-01",
    city: "Angleton",
    address: "Angleton, Brazoria County, Texas",
    zipCode: "77515",
    latitude: 29.17,
    longitude: -95.43,
  },
  {
    assetId: "ercot-notrees",
    name: "Notrees Battery",
    marketRegion: "ERCOT",
    region: "West",
    ratedPower: 36,
    energyCapacity: 24,
    operationalSince: "2013-01-01",
    city: "Notrees",
    address: "Notrees, Winkler County, Texas",
    zipCode: "79759",
    latitude: 31.92,
    longitude: -102.75,
  },
  {
    assetId: "ercot-upton2",
    name: "Upton 2 Storage",
    marketRegion: "ERCOT",
    region: "West",
    ratedPower: 180,
    energyCapacity: 360,
    operationalSince: "2021-04-01",
    city: "McCamey",
    address: "Upton County, Texas",
    zipCode: "79752",
    latitude: 31.2,
    longitude: -102.2,
  },
  {
    assetId: "nem-hornsdale",
    name: "Hornsdale Power Reserve",
    marketRegion: "NEM",
    region: "South Australia",
    ratedPower: 150,
    energyCapacity: 193.5,
    operationalSince: "2017-12-01",
    city: "Jamestown",
    address: "Hornsdale, South Australia",
    zipCode: "5481",
    latitude: -33.09,
    longitude: 138.52,
  },
  {
    assetId: "nem-victorian-big-battery",
    name: "Victorian Big Battery",
    marketRegion: "NEM",
    region: "Victoria",
    ratedPower: 300,
    energyCapacity: 450,
    operationalSince: "2021-12-01",
    city: "Geelong",
    address: "Moorabool terminal station, Victoria",
    zipCode: "3221",
    latitude: -38.0,
    longitude: 144.33,
  },
  {
    assetId: "de-bigbattery-lausitz",
    name: "BigBattery Lausitz",
    marketRegion: "DE",
    region: "Brandenburg",
    ratedPower: 50,
    energyCapacity: 53,
    operationalSince: "2020-07-01",
    city: "Spremberg",
    address: "Schwarze Pumpe, Brandenburg",
    zipCode: "03130",
    latitude: 51.53,
    longitude: 14.35,
  },
  {
    assetId: "es-son-orlandis",
    name: "Son Orlandis",
    marketRegion: "ES",
    region: "Balearic Islands",
    ratedPower: 3,
    energyCapacity: 9,
    operationalSince: "2023-01-01",
    city: "Palma",
    address: "Son Orlandis, Mallorca",
    zipCode: "07141",
    latitude: 39.6,
    longitude: 2.69,
  },
];

export async function seedLibraryAssets(db: Db, log: (m: string) => void) {
  let added = 0;
  for (const a of LIBRARY_ASSETS) {
    const { rowCount } = await db
      .insert(assetLibrary)
      .values({
        assetId: a.assetId,
        name: a.name,
        assetName: a.name,
        technology: "BESS",
        marketRegion: a.marketRegion,
        region: a.region,
        image: null,
        ratedPower: a.ratedPower,
        energyCapacity: a.energyCapacity,
        operationalSince: a.operationalSince,
        zipCode: a.zipCode,
        city: a.city,
        address: a.address,
        latitude: a.latitude,
        longitude: a.longitude,
        gsp: a.gsp ?? null,
        cycles: a.energyCapacity / a.ratedPower >= 2 ? 1.5 : 2,
        importCapacity: a.ratedPower,
        exportCapacity: a.ratedPower,
        forecastAssetConfig: "stand_alone_bess",
      })
      .onConflictDoNothing({ target: assetLibrary.assetId });
    added += rowCount ?? 0;
  }
  if (added) log(`Seeded ${added} library assets`);
}
