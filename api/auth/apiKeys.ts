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

/** A live key's call: who, what it may do, its call counted (rate limit) and the owner's subscriptions. */
export interface ApiKeyCall {
  id: string;
  userId: string;
  scopes: ApiKeyScope[];
  /** The key's calls in its current minute, this one included, and the ms left of that minute. */
  counted: { calls: number; msLeft: number } | null;
  /** The owner's subscriptions (their own grants and their company's), read with the key. */
  subscriptions: Set<string>;
}

/**
 * A call made with `key` needing `scope`, in one statement (issue 29, decision 0521): the live key
 * (null when unknown, revoked or expired), and — only when the key has the scope — the call counted
 * against its per-minute limit (the upsert of decision 0017, unlogged table: migration 0503) and its
 * owner's subscriptions. Nothing is held between calls: a revoked key or a withdrawn grant counts
 * from the next call, in any process. The window restarts inside the upsert (CASE on the stored
 * row, which every SET expression reads as it was). `lastUsedAt` is written at most once a minute,
 * as a second statement, so a script's concurrent calls do not queue on the key's row lock.
 */
export async function apiKeyCall(db: Db, key: string, scope: ApiKeyScope): Promise<ApiKeyCall | null> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 100) return null;
  // A data-modifying CTE has no builder form in drizzle: SQL text, every value a parameter.
  const { rows } = await db.execute<{
    id: string;
    user_id: string;
    scopes: ApiKeyScope[];
    stale: boolean;
    calls: number | null;
    ms_left: number | null;
    subscriptions: string[];
  }>(sql`
    with k as (
      select id, user_id, scopes,
        last_used_at is null or last_used_at < now() - make_interval(secs => ${KEY_TOUCH_SECONDS}) as stale,
        ${scope}::text = any(scopes) as allowed
      from api_keys
      where key_hash = ${hashApiKey(key)} and revoked_at is null and (expires_at is null or expires_at > now())
    ),
    c as (
      insert into api_key_calls as a (key_id, window_start, calls)
      select id, now(), 1 from k where allowed
      on conflict (key_id) do update set
        window_start = case when a.window_start <= now() - interval '1 minute' then now() else a.window_start end,
        calls = case when a.window_start <= now() - interval '1 minute' then 1 else a.calls + 1 end
      returning calls, (extract(epoch from window_start + interval '1 minute' - now()) * 1000)::float8 as ms_left
    )
    select k.id, k.user_id, k.scopes, k.stale, c.calls, c.ms_left,
      array(
        select g.subscription_key from subscription_grants g
        where k.allowed and (g.user_id = k.user_id
          or g.company_id = (select u.company_id from users u where u.id = k.user_id))
      ) as subscriptions
    from k left join c on true`);
  const [row] = rows;
  if (!row) return null;
  if (row.stale)
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(apiKeys.id, row.id));
  return {
    id: row.id,
    userId: row.user_id,
    scopes: row.scopes,
    counted: row.calls === null ? null : { calls: row.calls, msLeft: Number(row.ms_left) },
    subscriptions: new Set(row.subscriptions),
  };
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
