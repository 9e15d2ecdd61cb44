// Personal API keys (decision 0009): shown once, stored only as a SHA-256 hash; each has scopes
// (read: GET/HEAD; run: calls that create or change things), an optional expiry and a last-used time.
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Db, Executor, Row } from "../db/client.ts";
import { apiKeys, type ApiKeyRevocation } from "../db/schema/index.ts";
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
  revokedAt: apiKeys.revokedAt,
  revokedBecause: apiKeys.revokedBecause,
};

/** How long the profile still lists a key that a password reset or change revoked. */
export const REVOKED_KEYS_LISTED_DAYS = 90;

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

/** How stale a key's `lastUsedAt` may be before a call moves it (as sessions: SESSION_TOUCH_SECONDS). */
const KEY_TOUCH_SECONDS = 60;

/**
 * The user and scopes of a live key (and records its use), or null when unknown, revoked or expired.
 * A read, writing `lastUsedAt` at most once a minute: a script's concurrent calls do not queue on
 * the key's row lock (issue 29).
 */
export async function apiKeyOf(
  db: Db,
  key: string,
): Promise<{ id: string; userId: string; scopes: ApiKeyScope[] } | null> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 100) return null;
  const [row] = await db
    .select({
      id: apiKeys.id,
      userId: apiKeys.userId,
      scopes: apiKeys.scopes,
      stale: sql<boolean>`${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - make_interval(secs => ${KEY_TOUCH_SECONDS})`,
    })
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.keyHash, hashApiKey(key)),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)),
      ),
    );
  if (!row) return null;
  if (row.stale)
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(apiKeys.id, row.id));
  return { id: row.id, userId: row.userId, scopes: row.scopes };
}

/**
 * The user's keys as the profile lists them: the live ones, and those a password reset or change
 * revoked in the last REVOKED_KEYS_LISTED_DAYS (so the owner sees which integrations stopped).
 * A key its owner revoked is gone from the list.
 */
export function listApiKeys(db: Db, userId: string) {
  return db
    .select(SHOWN_API_KEY)
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.userId, userId),
        or(
          isNull(apiKeys.revokedAt),
          and(
            isNotNull(apiKeys.revokedBecause),
            gt(apiKeys.revokedAt, sql`now() - make_interval(days => ${REVOKED_KEYS_LISTED_DAYS})`),
          ),
        ),
      ),
    )
    .orderBy(desc(apiKeys.createdAt));
}

/** Revokes every live key of the user (issue 28, item 2); returns how many. */
export async function revokeApiKeysOf(db: Executor, userId: string, because: ApiKeyRevocation) {
  const { rowCount } = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()`, revokedBecause: because })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return rowCount ?? 0;
}
