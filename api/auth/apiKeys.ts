// Personal API keys (decision 0009): shown once, stored only as a SHA-256 hash; each has scopes
// (read: GET/HEAD; run: calls that create or change things), an optional expiry and a last-used time.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Db, Row } from "../db/client.ts";
import { apiKeys } from "../db/schema/index.ts";
import type { ApiKeyScope } from "../../app/validation/account.ts";

export const API_KEY_PREFIX = "vc_";

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** A key as its owner sees it (never its hash). */
export const SHOWN_API_KEY = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  createdAt: apiKeys.createdAt,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
};

export type NewApiKey = Row<typeof SHOWN_API_KEY> & { key: string };

export async function createApiKey(
  db: Db,
  userId: string,
  input: { name: string; scopes?: ApiKeyScope[]; expiresInDays?: number | null },
): Promise<NewApiKey> {
  const key = `${API_KEY_PREFIX}${randomBytes(24).toString("base64url")}`;
  const [row] = await db
    .insert(apiKeys)
    .values({
      userId,
      name: input.name,
      prefix: key.slice(0, 10),
      keyHash: hashApiKey(key),
      scopes: input.scopes ?? ["read", "run"],
      expiresAt:
        input.expiresInDays == null ? null : sql`now() + make_interval(days => ${input.expiresInDays})`,
    })
    .returning(SHOWN_API_KEY);
  return { ...row, key };
}

/** The user and scopes of a live key (and records its use), or null when unknown, revoked or expired. */
export async function apiKeyOf(
  db: Db,
  key: string,
): Promise<{ id: string; userId: string; scopes: ApiKeyScope[] } | null> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 100) return null;
  const [row] = await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.keyHash, hashApiKey(key)),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)),
      ),
    )
    .returning({ id: apiKeys.id, userId: apiKeys.userId, scopes: apiKeys.scopes });
  return row ?? null;
}
