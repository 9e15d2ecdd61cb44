// What a user may see and do: their subscriptions (own and their company's) and their flags.
import { and, eq, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { featureFlagOverrides, featureFlags, subscriptionGrants, users } from "../db/schema/index.ts";
import { DEFAULT_FLAGS, type FlagKey, type Flags } from "./catalog.ts";

export interface Access {
  subscriptions: Set<string>;
  flags: Flags;
}

export async function subscriptionsOf(db: Db, userId: string | undefined): Promise<Set<string>> {
  if (!userId) return new Set();
  const g = subscriptionGrants;
  const companyId = db.select({ id: users.companyId }).from(users).where(eq(users.id, userId));
  const rows = await db
    .select({ key: g.subscriptionKey })
    .from(g)
    .where(or(eq(g.userId, userId), eq(g.companyId, companyId)));
  return new Set(rows.map((r) => r.key));
}

export async function flagsOf(db: Db, userId: string | undefined): Promise<Flags> {
  const o = featureFlagOverrides;
  const rows = await db
    .select({ key: featureFlags.key, enabled: sql<boolean>`coalesce(${o.enabled}, ${featureFlags.enabled})` })
    .from(featureFlags)
    .leftJoin(o, and(eq(o.flagKey, featureFlags.key), userId ? eq(o.userId, userId) : sql`false`));
  const flags = { ...DEFAULT_FLAGS };
  for (const r of rows) if (r.key in flags) flags[r.key as FlagKey] = r.enabled;
  return flags;
}

export async function accessOf(db: Db, userId: string | undefined): Promise<Access> {
  const [subscriptions, flags] = await Promise.all([subscriptionsOf(db, userId), flagsOf(db, userId)]);
  return { subscriptions, flags };
}
