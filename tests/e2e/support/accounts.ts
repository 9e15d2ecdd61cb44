// Account helpers for browser tests: one-time links as the server would e-mail them, and the
// product admin's commands (`npm run admin`), run against the test server's database.
import { readFileSync } from "node:fs";
import pg from "pg";
import { createDb } from "../../../api/db/client.ts";
import { createAccountLink, type LinkPurpose } from "../../../api/auth/accountLinks.ts";
import { decideUpgradeRequest } from "../../../api/admin/commands.ts";
import { createUser } from "../../../api/auth/users.ts";
import { DEMO_PASSWORD } from "../../../api/seed/demoAccounts.ts";
import { e2eStateFile } from "./state.ts";

async function withDb<T>(fn: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const { databaseUrl } = JSON.parse(readFileSync(e2eStateFile(), "utf8"));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    return await fn(pool);
  } finally {
    await pool.end();
  }
}

/** The path of a fresh one-time link for this address (what the e-mail would hold). */
export function accountLink(email: string, purpose: LinkPurpose): Promise<string> {
  return withDb(async (pool) => {
    const { rows } = await pool.query("select id from users where email = $1", [email.toLowerCase()]);
    if (!rows[0]) throw new Error(`no user ${email}`);
    const token = await createAccountLink(createDb(pool), rows[0].id, purpose);
    return `/${purpose}/${token}`;
  });
}

/** `npm run admin -- confirm-request ID` for the user's open request of a subscription. */
export function confirmUpgradeRequest(email: string, subscription: string): Promise<void> {
  return withDb(async (pool) => {
    const { rows } = await pool.query(
      `select r.id from upgrade_requests r join users u on u.id = r.user_id
        where u.email = $1 and r.subscription_key = $2 and r.status = 'approved'`,
      [email, subscription],
    );
    if (!rows[0]) throw new Error(`no approved request of ${subscription} by ${email}`);
    await decideUpgradeRequest(createDb(pool), rows[0].id, true);
  });
}

/**
 * A fresh verified account with portfolio access and the GB library subscription (password the
 * demo's): a portfolio of its own, which no other browser test adds to.
 */
export function portfolioAccount(email: string): Promise<void> {
  return withDb(async (pool) => {
    const db = createDb(pool);
    const user = await createUser(db, {
      email,
      fullName: "Paula Portfolio",
      companyName: "Voltcast Demo (Portfolio)",
      password: DEMO_PASSWORD,
      verified: true,
    });
    if (!user) throw new Error(`${email} exists already`);
    await pool.query(
      `insert into subscription_grants (subscription_key, user_id) values ('library_gb_forecast', $1)`,
      [user.id],
    );
    await pool.query(
      `insert into feature_flag_overrides (flag_key, user_id, enabled) values ('portfolio_access', $1, true)`,
      [user.id],
    );
  });
}
