// Demo accounts for trying Voltcast (README): free, GB-only and pro, password `voltcast-demo`.
// Seeded only in development or with VOLTCAST_SEED_DEMO=true (decision 0006): their password is public.
// Pro is the admin of the company "Voltcast Demo Energy", GB a member of it; Free belongs to none.
import { asc, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { featureFlagOverrides, subscriptionGrants, users } from "../db/schema/index.ts";
import { ConfigError } from "../config.ts";
import { SUBSCRIPTIONS } from "../access/catalog.ts";
import { createUser, findUserByEmail } from "../auth/users.ts";
import { createCompany, setMember } from "../auth/companies.ts";

export const DEMO_PASSWORD = "voltcast-demo";
export const DEMO_COMPANY = "Voltcast Demo Energy";

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
    companyRole: null as "admin" | "member" | null,
    subscriptions: [] as string[],
    portfolio: false,
  },
  {
    email: "gb@voltcast.local",
    fullName: "Gabi Britton",
    companyName: "Voltcast Demo Energy",
    companyRole: "member" as const,
    subscriptions: GB_ONLY,
    portfolio: false,
  },
  {
    email: "pro@voltcast.local",
    fullName: "Pat Pro",
    companyName: "Voltcast Demo Energy",
    companyRole: "admin" as const,
    subscriptions: SUBSCRIPTIONS.map((s) => s.key) as string[],
    portfolio: true,
  },
];

export async function seedDemoAccounts(db: Db, log: (m: string) => void) {
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByEmail(db, account.email)) continue;
    const user = await createUser(db, { ...account, password: DEMO_PASSWORD, verified: true });
    if (!user) continue;
    if (account.companyRole)
      await setMember(db, await createCompany(db, DEMO_COMPANY), user.id, account.companyRole);
    for (const key of account.subscriptions) {
      await db
        .insert(subscriptionGrants)
        .values({ subscriptionKey: key, userId: user.id })
        .onConflictDoNothing();
    }
    if (account.portfolio) {
      await db
        .insert(featureFlagOverrides)
        .values({ flagKey: "portfolio_access", userId: user.id, enabled: true })
        .onConflictDoNothing();
    }
    log(`Seeded demo account ${account.email}`);
  }
}

/**
 * Production with the demo accounts in its database (their password is public) starts only when
 * VOLTCAST_SEED_DEMO=true says so; otherwise start-up stops with what to do.
 */
export async function refuseDemoAccountsInProduction(
  db: Db,
  config: { NODE_ENV: string; VOLTCAST_SEED_DEMO?: string },
) {
  if (config.NODE_ENV !== "production" || config.VOLTCAST_SEED_DEMO === "true") return;
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    )
    .orderBy(asc(users.email));
  if (!rows.length) return;
  throw new DemoAccountsInProduction(
    `This database has the demo accounts ${rows.map((r) => r.email).join(", ")}, whose password is public.
` +
      "Production mode does not start with them. Remove them with `npm run admin -- remove-demo-accounts`,\n" +
      "or set VOLTCAST_SEED_DEMO=true if this is a demonstration install.",
  );
}

/** A configuration problem: start-up stops with its message (server.ts). */
export class DemoAccountsInProduction extends ConfigError {}
