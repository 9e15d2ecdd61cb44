// Typed view of the tables of migrations/0100_forecasts.sql and 0020_forecast_run_dispatch.sql.
import {
  pgTable,
  uuid,
  text,
  timestamp,
  boolean,
  bigserial,
  jsonb,
  integer,
  numeric,
  customType,
  doublePrecision,
  date,
  primaryKey,
} from "drizzle-orm/pg-core";
import type { ForecastRegion } from "../../../app/validation/forecast.ts";
import type { PathYear } from "../../../engine/paths/index.ts";

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

export const forecastRuns = pgTable("forecast_runs", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id"),
  runName: text("run_name").notNull(),
  assetName: text("asset_name"),
  status: text("status").$type<"draft" | "processing" | "ready_for_review" | "failed">().notNull(),
  isCustom: boolean("is_custom").notNull().default(true),
  source: text("source").$type<"engine" | "client_upload" | "library">().notNull().default("engine"),
  marketRegion: text("market_region").$type<ForecastRegion>().notNull(),
  configuration: text("configuration").notNull(),
  subscription: text("subscription"),
  macroScenarioId: text("macro_scenario_id"),
  forecast: jsonb("forecast").$type<Record<string, unknown>>().notNull(),
  financeStatus: text("finance_status")
    .$type<"no_status" | "scoping" | "ready_for_finance" | "shared_for_finance">()
    .notNull()
    .default("no_status"),
  modelVersion: text("model_version"),
  result: jsonb("result"),
  partial: jsonb("partial").notNull().default([]),
  resultFile: bytea("result_file"),
  resultFileName: text("result_file_name"),
  jobId: text("job_id"),
  attempts: integer("attempts").notNull().default(0),
  error: text("error"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp("started_at", { withTimezone: true }),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
});

export const forecastRunEvents = pgTable("forecast_run_events", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  runId: uuid("run_id").notNull(),
  event: text("event").notNull(),
  status: text("status").$type<"success" | "warning">().notNull(),
  percentage: numeric("percentage", { mode: "number" }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const customDegradationCurves = pgTable("custom_degradation_curves", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull(),
  fileName: text("file_name").notNull(),
  points: jsonb("points").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const solarProfiles = pgTable("solar_profiles", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull(),
  fileName: text("file_name").notNull(),
  capacityFactors: jsonb("capacity_factors").notNull(),
  annualYieldMwhPerMwp: numeric("annual_yield_mwh_per_mwp", { mode: "number" }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const runZipArchives = pgTable("run_zip_archives", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id"),
  anonymousId: uuid("anonymous_id"),
  runIds: uuid("run_ids").array().notNull(),
  status: text("status").$type<"preparing" | "completed" | "failed">().notNull().default("preparing"),
  fullName: text("full_name"),
  companyName: text("company_name"),
  file: bytea("file"),
  fileName: text("file_name"),
  error: text("error"),
  jobId: text("job_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const assetLibrary = pgTable("asset_library", {
  uid: uuid("uid").primaryKey().defaultRandom(),
  assetId: text("asset_id").notNull(),
  name: text("name").notNull(),
  assetName: text("asset_name").notNull(),
  technology: text("technology").notNull().default("BESS"),
  marketRegion: text("market_region").$type<ForecastRegion>().notNull(),
  region: text("region").notNull(),
  image: text("image"),
  ratedPower: numeric("rated_power", { mode: "number" }).notNull(),
  energyCapacity: numeric("energy_capacity", { mode: "number" }).notNull(),
  operationalSince: date("operational_since"),
  zipCode: text("zip_code"),
  city: text("city"),
  address: text("address"),
  latitude: doublePrecision("latitude"),
  longitude: doublePrecision("longitude"),
  gsp: text("gsp"),
  cycles: numeric("cycles", { mode: "number" }),
  importCapacity: numeric("import_capacity", { mode: "number" }),
  exportCapacity: numeric("export_capacity", { mode: "number" }),
  forecastAssetConfig: text("forecast_asset_config").notNull().default("stand_alone_bess"),
  exampleRevenue: jsonb("example_revenue"),
});

export const portfolioAssets = pgTable("portfolio_assets", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull(),
  assetId: text("asset_id"),
  assetName: text("asset_name").notNull(),
  ratedPower: numeric("rated_power", { mode: "number" }).notNull(),
  energyCapacity: numeric("energy_capacity", { mode: "number" }).notNull(),
  gsp: text("gsp"),
  technology: text("technology").notNull().default("BESS"),
  marketRegion: text("market_region").$type<ForecastRegion>().notNull(),
  city: text("city"),
  address: text("address"),
  zipCode: text("zip_code"),
  latitude: doublePrecision("latitude"),
  longitude: doublePrecision("longitude"),
  importCapacity: numeric("import_capacity", { mode: "number" }),
  exportCapacity: numeric("export_capacity", { mode: "number" }),
  operationalSince: date("operational_since"),
  userFullName: text("user_full_name"),
  companyName: text("company_name"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const portfolioAssetRuns = pgTable(
  "portfolio_asset_runs",
  {
    portfolioAssetId: uuid("portfolio_asset_id").notNull(),
    forecastRunId: uuid("forecast_run_id").notNull(),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.portfolioAssetId, t.forecastRunId] })],
);

/** A finished run's whole interval dispatch, packed per strategy and year (see the migration). */
export const forecastRunDispatch = pgTable(
  "forecast_run_dispatch",
  {
    runId: uuid("run_id").notNull(),
    strategy: text("strategy").notNull(),
    year: integer("year").notNull(),
    startUtc: timestamp("start_utc", { withTimezone: true }).notNull(),
    intervalMinutes: integer("interval_minutes").notNull(),
    intervals: integer("intervals").notNull(),
    currency: text("currency").notNull(),
    columns: bytea("columns").notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.strategy, t.year] })],
);

/** A run's price paths (migration 0130, decision 0403): one row per path, counted once. */
export const forecastRunPaths = pgTable(
  "forecast_run_paths",
  {
    runId: uuid("run_id").notNull(),
    path: integer("path").notNull(),
    seed: integer("seed").notNull(),
    status: text("status").$type<"waiting" | "done" | "failed">().notNull().default("waiting"),
    jobId: text("job_id"),
    attempts: integer("attempts").notNull().default(0),
    /** The worker process that computed it (host:pid). */
    worker: text("worker"),
    years: jsonb("years").$type<PathYear[]>(),
    error: text("error"),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.runId, t.path] })],
);
