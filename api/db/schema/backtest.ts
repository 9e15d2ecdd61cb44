// Typed view of the tables of migrations/0110_backtest.sql: GB Capacity Market auction results and
// the computed backtest rows, cached per state of the data (decision 0118).
import { pgTable, text, timestamp, doublePrecision, jsonb, primaryKey } from "drizzle-orm/pg-core";
import type { BacktestRow } from "../../../engine/backtest/index.ts";
import type { LeaderboardResultAsset } from "../../../engine/backtest/leaderboard.ts";

export const capacityMarketAuctions = pgTable("capacity_market_auctions", {
  auctionName: text("auction_name").primaryKey(),
  auctionType: text("auction_type").notNull(),
  deliveryYear: text("delivery_year").notNull(),
  clearingPricePerKwYear: doublePrecision("clearing_price_per_kw_year").notNull(),
});

export const capacityMarketDerating = pgTable(
  "capacity_market_derating",
  {
    auctionName: text("auction_name").notNull(),
    technologyClass: text("technology_class").notNull(),
    durationH: doublePrecision("duration_h"),
    deratingFactor: doublePrecision("derating_factor").notNull(),
  },
  (t) => [primaryKey({ columns: [t.auctionName, t.technologyClass] })],
);

export const backtestResults = pgTable("backtest_results", {
  dataKey: text("data_key").primaryKey(),
  rows: jsonb("rows").$type<BacktestRow[]>().notNull(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The GB leaderboard's modelled assets, cached per state of the GB data and assets (0336). */
export const gbLeaderboardResults = pgTable("gb_leaderboard_results", {
  dataKey: text("data_key").primaryKey(),
  assets: jsonb("assets").$type<LeaderboardResultAsset[]>().notNull(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
});
