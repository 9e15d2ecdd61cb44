// Typed view of the tables of migrations/0300_plotting.sql: saved charts and dataset downloads.
import { pgTable, uuid, text, timestamp, date, integer } from "drizzle-orm/pg-core";

export const savedPlots = pgTable("saved_plots", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull(),
  title: text("title").notNull(),
  slug: text("slug").notNull(),
  description: text("description").notNull().default(""),
  startDate: date("start_date"),
  endDate: date("end_date"),
  shortcut: text("shortcut"),
  period: text("period"),
  categories: text("categories").array().notNull(),
  fields: text("fields").array().notNull(),
  movingAverage: integer("moving_average"),
  chartType: text("chart_type").notNull().default("linear"),
  unit: text("unit").notNull().default("Price"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const datasetDownloads = pgTable("dataset_downloads", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id"),
  anonymousId: uuid("anonymous_id"),
  datasetIds: text("dataset_ids").array().notNull(),
  startDate: date("start_date"),
  endDate: date("end_date"),
  status: text("status").$type<"preparing" | "ready" | "failed">().notNull().default("preparing"),
  jobId: text("job_id"),
  zipFile: text("zip_file"),
  error: text("error"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
