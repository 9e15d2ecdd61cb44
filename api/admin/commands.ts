// Administration: subscriptions, feature flags, API keys, users. Used by `npm run admin` and tests.
import type pg from "pg";
import { FLAGS, SUBSCRIPTIONS } from "../access/catalog.ts";
import { createApiKey } from "../auth/apiKeys.ts";
import { companyId } from "../auth/users.ts";

export class AdminError extends Error {}

async function userIdByEmail(pool: pg.Pool, email: string): Promise<string> {
  const { rows } = await pool.query("select id from users where email = $1", [email.toLowerCase()]);
  if (!rows[0]) throw new AdminError(`No user with email ${email}`);
  return rows[0].id;
}

async function existingCompanyId(pool: pg.Pool, name: string): Promise<string> {
  const { rows } = await pool.query("select id from companies where name = $1", [name]);
  if (!rows[0]) throw new AdminError(`No company named ${name}`);
  return rows[0].id;
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

export async function grantSubscription(pool: pg.Pool, key: string, target: Target) {
  checkSubscription(key);
  if ("user" in target) {
    const id = await userIdByEmail(pool, target.user);
    await pool.query(
      "insert into subscription_grants(subscription_key, user_id) values ($1,$2) on conflict do nothing",
      [key, id],
    );
    await pool.query(
      "update upgrade_requests set status = 'approved' where user_id = $1 and subscription_key = $2 and status = 'pending'",
      [id, key],
    );
  } else {
    const id = await companyId(pool, target.company);
    await pool.query(
      "insert into subscription_grants(subscription_key, company_id) values ($1,$2) on conflict do nothing",
      [key, id],
    );
  }
}

export async function revokeSubscription(pool: pg.Pool, key: string, target: Target) {
  checkSubscription(key);
  const { rowCount } =
    "user" in target
      ? await pool.query("delete from subscription_grants where subscription_key = $1 and user_id = $2", [
          key,
          await userIdByEmail(pool, target.user),
        ])
      : await pool.query("delete from subscription_grants where subscription_key = $1 and company_id = $2", [
          key,
          await existingCompanyId(pool, target.company),
        ]);
  if (!rowCount) throw new AdminError(`${key} was not granted to ${JSON.stringify(target)}`);
}

/** Set a flag for everyone, or for one user (value "default" removes the user's override). */
export async function setFlag(pool: pg.Pool, key: string, value: "on" | "off" | "default", user?: string) {
  checkFlag(key);
  if (!user) {
    if (value === "default") {
      const def = FLAGS.find((f) => f.key === key)!.enabled;
      await pool.query("update feature_flags set enabled = $2 where key = $1", [key, def]);
    } else await pool.query("update feature_flags set enabled = $2 where key = $1", [key, value === "on"]);
    return;
  }
  const id = await userIdByEmail(pool, user);
  if (value === "default")
    await pool.query("delete from feature_flag_overrides where flag_key = $1 and user_id = $2", [key, id]);
  else
    await pool.query(
      `insert into feature_flag_overrides(flag_key, user_id, enabled) values ($1,$2,$3)
       on conflict (flag_key, user_id) do update set enabled = excluded.enabled`,
      [key, id, value === "on"],
    );
}

export async function newApiKey(pool: pg.Pool, email: string, name = "admin-created") {
  return createApiKey(pool, await userIdByEmail(pool, email), name);
}

export async function listUsers(pool: pg.Pool) {
  const { rows } = await pool.query(
    `select u.email, u.full_name, c.name as company,
            coalesce(string_agg(distinct g.subscription_key, ', '), '') as subscriptions
       from users u left join companies c on c.id = u.company_id
       left join subscription_grants g on g.user_id = u.id or g.company_id = u.company_id
      group by u.email, u.full_name, c.name order by u.email`,
  );
  return rows;
}
