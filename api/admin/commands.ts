// Administration: subscriptions, feature flags, API keys, users. Used by `npm run admin` and tests.
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  companies,
  featureFlagOverrides,
  featureFlags,
  subscriptionGrants,
  upgradeRequests,
  users,
} from "../db/schema/index.ts";
import { FLAGS, SUBSCRIPTIONS } from "../access/catalog.ts";
import { createApiKey } from "../auth/apiKeys.ts";
import { createCompany, setMember } from "../auth/companies.ts";
import { accountLinkUrl, createAccountLink } from "../auth/accountLinks.ts";
import { DEMO_ACCOUNTS } from "../seed/demoAccounts.ts";

export class AdminError extends Error {}

async function userIdByEmail(db: Db, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  if (!row) throw new AdminError(`No user with email ${email}`);
  return row.id;
}

async function existingCompanyId(db: Db, name: string): Promise<string> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name));
  if (!row)
    throw new AdminError(`No company named ${name} (create it with: create-company "${name}" --admin EMAIL)`);
  return row.id;
}

function checkSubscription(key: string) {
  if (!SUBSCRIPTIONS.some((s) => s.key === key)) {
    throw new AdminError(`No subscription ${key}. Known: ${SUBSCRIPTIONS.map((s) => s.key).join(", ")}`);
  }
}

function checkFlag(key: string) {
  if (!FLAGS.some((f) => f.key === key))
    throw new AdminError(`No flag ${key}. Known: ${FLAGS.map((f) => f.key).join(", ")}`);
}

export type Target = { user: string } | { company: string };

export async function grantSubscription(db: Db, key: string, target: Target) {
  checkSubscription(key);
  if ("user" in target) {
    const id = await userIdByEmail(db, target.user);
    await db.insert(subscriptionGrants).values({ subscriptionKey: key, userId: id }).onConflictDoNothing();
    await db
      .update(upgradeRequests)
      .set({ status: "granted", decidedAt: sql`now()` })
      .where(
        and(
          eq(upgradeRequests.userId, id),
          eq(upgradeRequests.subscriptionKey, key),
          inArray(upgradeRequests.status, ["pending", "approved"]),
        ),
      );
  } else {
    const id = await existingCompanyId(db, target.company);
    await db.insert(subscriptionGrants).values({ subscriptionKey: key, companyId: id }).onConflictDoNothing();
  }
}

export async function revokeSubscription(db: Db, key: string, target: Target) {
  checkSubscription(key);
  const g = subscriptionGrants;
  const { rowCount } = await db
    .delete(g)
    .where(
      and(
        eq(g.subscriptionKey, key),
        "user" in target
          ? eq(g.userId, await userIdByEmail(db, target.user))
          : eq(g.companyId, await existingCompanyId(db, target.company)),
      ),
    );
  if (!rowCount) throw new AdminError(`${key} was not granted to ${JSON.stringify(target)}`);
}

/** Set a flag for everyone, or for one user (value "default" removes the user's override). */
export async function setFlag(db: Db, key: string, value: "on" | "off" | "default", user?: string) {
  checkFlag(key);
  if (!user) {
    const enabled = value === "default" ? FLAGS.find((f) => f.key === key)!.enabled : value === "on";
    await db.update(featureFlags).set({ enabled }).where(eq(featureFlags.key, key));
    return;
  }
  const id = await userIdByEmail(db, user);
  const o = featureFlagOverrides;
  if (value === "default") await db.delete(o).where(and(eq(o.flagKey, key), eq(o.userId, id)));
  else
    await db
      .insert(o)
      .values({ flagKey: key, userId: id, enabled: value === "on" })
      .onConflictDoUpdate({ target: [o.flagKey, o.userId], set: { enabled: value === "on" } });
}

export async function newApiKey(db: Db, email: string, name = "admin-created") {
  return createApiKey(db, await userIdByEmail(db, email), { name, scopes: ["read", "run"] });
}

export async function listUsers(db: Db) {
  const g = subscriptionGrants;
  return db
    .select({
      email: users.email,
      full_name: users.fullName,
      company: companies.name,
      subscriptions: sql<string>`coalesce(string_agg(distinct ${g.subscriptionKey}, ', '), '')`,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(g, or(eq(g.userId, users.id), eq(g.companyId, users.companyId)))
    .groupBy(users.email, users.fullName, companies.name)
    .orderBy(asc(users.email));
}

/** A company and its first admin (who then invites the others from the company page). */
export async function createCompanyWithAdmin(db: Db, name: string, adminEmail: string) {
  const userId = await userIdByEmail(db, adminEmail);
  const id = await createCompany(db, name);
  await setMember(db, id, userId, "admin");
  return id;
}

/** Make a member of a company (or anyone, into it) its admin. */
export async function makeCompanyAdmin(db: Db, name: string, email: string) {
  await setMember(db, await existingCompanyId(db, name), await userIdByEmail(db, email), "admin");
}

/** A one-time link to choose a new password, for an operator to pass on (no mail server). */
export async function resetLink(db: Db, email: string, base: string): Promise<string> {
  const token = await createAccountLink(db, await userIdByEmail(db, email), "reset-password");
  return accountLinkUrl(base, "reset-password", token);
}

/** Upgrade requests waiting for Voltcast: approved by a company admin, or from users with no company. */
export async function openUpgradeRequests(db: Db) {
  const r = upgradeRequests;
  return db
    .select({
      id: r.id,
      email: users.email,
      subscription: r.subscriptionKey,
      status: r.status,
      company: companies.name,
      created: sql<string>`to_char(${r.createdAt}, 'YYYY-MM-DD HH24:MI')`,
    })
    .from(r)
    .innerJoin(users, eq(users.id, r.userId))
    .leftJoin(companies, eq(companies.id, r.companyId))
    .where(or(eq(r.status, "approved"), and(eq(r.status, "pending"), isNull(r.companyId))))
    .orderBy(asc(r.createdAt));
}

/** Voltcast's decision on an upgrade request: confirm (grants it to the user) or decline. */
export async function decideUpgradeRequest(db: Db, id: string, confirm: boolean) {
  const [r] = await db
    .select()
    .from(upgradeRequests)
    .where(eq(sql`${upgradeRequests.id}::text`, id));
  if (!r) throw new AdminError(`No upgrade request ${id}`);
  if (r.status === "pending" && r.companyId)
    throw new AdminError("The company admin has not approved this request yet.");
  if (r.status !== "pending" && r.status !== "approved")
    throw new AdminError(`This request is already ${r.status}.`);
  if (confirm) {
    await db
      .insert(subscriptionGrants)
      .values({ subscriptionKey: r.subscriptionKey, userId: r.userId })
      .onConflictDoNothing();
  }
  await db
    .update(upgradeRequests)
    .set({ status: confirm ? "granted" : "declined", decidedAt: sql`now()` })
    .where(eq(upgradeRequests.id, r.id));
}

export async function removeDemoAccounts(db: Db): Promise<number> {
  const { rowCount } = await db.delete(users).where(
    inArray(
      users.email,
      DEMO_ACCOUNTS.map((a) => a.email),
    ),
  );
  return rowCount ?? 0;
}
