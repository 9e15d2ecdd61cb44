// Typed view of the tables of migrations/0200_datasets.sql (the time-series store; api/datasets/README.md).
import {
  pgTable,
  integer,
  bigint,
  text,
  timestamp,
  boolean,
  doublePrecision,
  primaryKey,
  unique,
  uuid,
} from "drizzle-orm/pg-core";

export const DATASET_CATEGORIES = ["LIVEANDHISTORIC", "FORECAST", "MACROSCENARIO"] as const;
export type DatasetCategory = (typeof DATASET_CATEGORIES)[number];
export const GRANULARITIES = ["5 min", "15 min", "30 min", "hourly", "daily", "monthly"] as const;
export type Granularity = (typeof GRANULARITIES)[number];
export const MARKET_REGIONS = ["great-britain", "ercot", "aus-nem", "europe"] as const;
export type MarketRegion = (typeof MARKET_REGIONS)[number];

export const datasets = pgTable("datasets", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  region: text("region").$type<MarketRegion>().notNull(),
  geography: text("geography").notNull(),
  granularity: text("granularity").$type<Granularity>().notNull(),
  source: text("source").notNull(),
  synthetic: boolean("synthetic").notNull().default(false),
  subscriptionKey: text("subscription_key"),
  unit: text("unit").notNull(),
  category: text("category").$type<DatasetCategory>().notNull(),
  variableType: text("variable_type").notNull(),
  groupName: text("group_name").notNull(),
  readmeSlug: text("readme_slug"),
  startDate: timestamp("start_date", { withTimezone: true }),
  endDate: timestamp("end_date", { withTimezone: true }),
  pointCount: bigint("point_count", { mode: "number" }).notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const datasetPoints = pgTable(
  "dataset_points",
  {
    datasetId: integer("dataset_id").notNull(),
    ts: timestamp("ts", { withTimezone: true }).notNull(),
    value: doublePrecision("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.datasetId, t.ts] })],
);

export const datasetImports = pgTable(
  "dataset_imports",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    datasetId: integer("dataset_id").notNull(),
    origin: text("origin").notNull(),
    format: text("format").notNull(),
    points: integer("points").notNull(),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.datasetId, t.origin)],
);

export const worldViewDownloads = pgTable("world_view_downloads", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  kind: text("kind").$type<"databook" | "power-prices">().notNull(),
  scenarioIds: text("scenario_ids").array().notNull(),
  userId: uuid("user_id"),
  anonymousId: uuid("anonymous_id"),
  email: text("email"),
  fullName: text("full_name"),
  companyName: text("company_name"),
  downloadedAt: timestamp("downloaded_at", { withTimezone: true }).notNull().defaultNow(),
});

/** How far the first start's market-data import is (migrations/0330_dataset_import_progress.sql). */
export const datasetImportProgress = pgTable("dataset_import_progress", {
  name: text("name").primaryKey(),
  status: text("status").$type<"queued" | "importing" | "done" | "failed">().notNull(),
  filesDone: integer("files_done").notNull().default(0),
  filesTotal: integer("files_total"),
  currentFile: text("current_file"),
  error: text("error"),
  startedAt: timestamp("started_at", { withTimezone: true }),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
