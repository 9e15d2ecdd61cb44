// What a user may see and do: their subscriptions (own and their company's) and their flags.
import type pg from "pg";
import { DEFAULT_FLAGS, type FlagKey, type Flags } from "./catalog.ts";

export interface Access {
  subscriptions: Set<string>;
  flags: Flags;
}

export async function subscriptionsOf(pool: pg.Pool, userId: string | undefined): Promise<Set<string>> {
  if (!userId) return new Set();
  const { rows } = await pool.query(
    `select g.subscription_key from subscription_grants g
      where g.user_id = $1 or g.company_id = (select company_id from users where id = $1)`,
    [userId],
  );
  return new Set(rows.map((r) => r.subscription_key));
}

export async function flagsOf(pool: pg.Pool, userId: string | undefined): Promise<Flags> {
  const { rows } = await pool.query(
    `select f.key, coalesce(o.enabled, f.enabled) as enabled
       from feature_flags f left join feature_flag_overrides o on o.flag_key = f.key and o.user_id = $1`,
    [userId ?? null],
  );
  const flags = { ...DEFAULT_FLAGS };
  for (const r of rows) if (r.key in flags) flags[r.key as FlagKey] = r.enabled;
  return flags;
}

export async function accessOf(pool: pg.Pool, userId: string | undefined): Promise<Access> {
  const [subscriptions, flags] = await Promise.all([subscriptionsOf(pool, userId), flagsOf(pool, userId)]);
  return { subscriptions, flags };
}
