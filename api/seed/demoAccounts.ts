// Demo accounts for a local install (README): free, GB-only and pro, password `voltcast-demo`.
import type pg from "pg";
import { SUBSCRIPTIONS } from "../access/catalog.ts";
import { createUser, findUserByEmail } from "../auth/users.ts";

export const DEMO_PASSWORD = "voltcast-demo";

const GB_ONLY = [
  "data_gb",
  "world_view_gb_power_prices",
  "world_view_gb",
  "library_gb_forecast",
  "forecast_gb_bess",
  "forecast_gb_solar",
];

export const DEMO_ACCOUNTS = [
  {
    email: "free@voltcast.local",
    fullName: "Fran Free",
    companyName: "Voltcast Demo (Free)",
    subscriptions: [] as string[],
    portfolio: false,
  },
  {
    email: "gb@voltcast.local",
    fullName: "Gabi Britton",
    companyName: "Voltcast Demo (GB)",
    subscriptions: GB_ONLY,
    portfolio: false,
  },
  {
    email: "pro@voltcast.local",
    fullName: "Pat Pro",
    companyName: "Voltcast Demo (Pro)",
    subscriptions: SUBSCRIPTIONS.map((s) => s.key) as string[],
    portfolio: true,
  },
];

export async function seedDemoAccounts(pool: pg.Pool, log: (m: string) => void) {
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByEmail(pool, account.email)) continue;
    const user = await createUser(pool, { ...account, password: DEMO_PASSWORD });
    if (!user) continue;
    for (const key of account.subscriptions) {
      await pool.query(
        `insert into subscription_grants(subscription_key, user_id) values ($1,$2) on conflict do nothing`,
        [key, user.id],
      );
    }
    if (account.portfolio) {
      await pool.query(
        `insert into feature_flag_overrides(flag_key, user_id, enabled) values ('portfolio_access', $1, true) on conflict do nothing`,
        [user.id],
      );
    }
    log(`Seeded demo account ${account.email}`);
  }
}
