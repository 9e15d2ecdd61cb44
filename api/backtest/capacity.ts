// GB Capacity Market auction results in the database (migration 0110): imported from the shared
// data folder's capacity/gb CSVs with the market data, read by the backtest.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "../db/client.ts";
import {
  capacityMarketAuctions as auctionsTable,
  capacityMarketDerating as deratingTable,
} from "../db/schema/index.ts";
import { sql } from "drizzle-orm";
import {
  capacityYears,
  parseCmAuctions,
  parseCmDerating,
  type CmAuction,
  type CmDerating,
} from "../../engine/backtest/capacity.ts";
import type { CapacityYear } from "../../engine/backtest/index.ts";

const PRICES = "capacity/gb/gb_cm_auction_clearing_prices_2016-17_2029-30.csv";
const DERATING = "capacity/gb/gb_cm_storage_derating_factors_by_duration_2016-17_2030-31.csv";

/** Upsert the auction results from the shared data folder (idempotent); returns rows written. */
export async function seedCapacityMarket(db: Db, dir: string): Promise<number> {
  const pf = path.join(dir, PRICES);
  const df = path.join(dir, DERATING);
  if (!existsSync(pf) || !existsSync(df)) return 0;
  const auctions = parseCmAuctions(readFileSync(pf, "utf8"));
  const derating = parseCmDerating(readFileSync(df, "utf8"));
  // One row per key (the last one read wins, as a row-by-row upsert would): a batch upsert may not
  // touch a row twice.
  const last = <T>(rows: T[], key: (r: T) => string) => [...new Map(rows.map((r) => [key(r), r])).values()];
  await db.transaction(async (tx) => {
    if (auctions.length)
      await tx
        .insert(auctionsTable)
        .values(
          last(auctions, (a) => a.auctionName).map((a) => ({
            auctionName: a.auctionName,
            auctionType: a.auctionType,
            deliveryYear: a.deliveryYear,
            clearingPricePerKwYear: a.clearingPricePerKWYear,
          })),
        )
        .onConflictDoUpdate({
          target: auctionsTable.auctionName,
          set: {
            auctionType: sql`excluded.auction_type`,
            deliveryYear: sql`excluded.delivery_year`,
            clearingPricePerKwYear: sql`excluded.clearing_price_per_kw_year`,
          },
        });
    if (derating.length)
      await tx
        .insert(deratingTable)
        .values(
          last(derating, (d) => `${d.auctionName}|${d.technologyClass}`).map((d) => ({
            auctionName: d.auctionName,
            technologyClass: d.technologyClass,
            durationH: d.durationHours,
            deratingFactor: d.factor,
          })),
        )
        .onConflictDoUpdate({
          target: [deratingTable.auctionName, deratingTable.technologyClass],
          set: { durationH: sql`excluded.duration_h`, deratingFactor: sql`excluded.derating_factor` },
        });
  });
  return auctions.length + derating.length;
}

/** Per duration, the delivery years' Capacity Market revenue; undefined when nothing is imported. */
export async function capacityFromDb(db: Db): Promise<Record<number, CapacityYear[]> | undefined> {
  const a = await db.select().from(auctionsTable);
  if (!a.length) return undefined;
  const d = await db.select().from(deratingTable);
  const auctions: CmAuction[] = a.map((r) => ({
    auctionName: r.auctionName,
    auctionType: r.auctionType,
    deliveryYear: r.deliveryYear,
    clearingPricePerKWYear: r.clearingPricePerKwYear,
  }));
  const derating: CmDerating[] = d.map((r) => ({
    auctionName: r.auctionName,
    technologyClass: r.technologyClass,
    durationHours: r.durationH,
    factor: r.deratingFactor,
  }));
  return capacityYears(auctions, derating);
}
