// Personal API keys: shown once, stored only as a SHA-256 hash.
import { createHash, randomBytes } from "node:crypto";
import type pg from "pg";

export const API_KEY_PREFIX = "vc_";

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export async function createApiKey(pool: pg.Pool, userId: string, name: string) {
  const key = `${API_KEY_PREFIX}${randomBytes(24).toString("base64url")}`;
  const { rows } = await pool.query(
    `insert into api_keys(user_id, name, prefix, key_hash) values ($1, $2, $3, $4)
     returning id, name, prefix, created_at as "createdAt"`,
    [userId, name, key.slice(0, 10), hashApiKey(key)],
  );
  return { ...rows[0], key } as { id: string; name: string; prefix: string; createdAt: Date; key: string };
}

/** The user a live key belongs to, or null. */
export async function userForApiKey(pool: pg.Pool, key: string): Promise<string | null> {
  if (!key.startsWith(API_KEY_PREFIX)) return null;
  const { rows } = await pool.query(
    `update api_keys set last_used_at = now() where key_hash = $1 and revoked_at is null returning user_id`,
    [hashApiKey(key)],
  );
  return rows[0]?.user_id ?? null;
}
