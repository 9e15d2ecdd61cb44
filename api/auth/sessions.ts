// Server-side sessions (decision 0006). The browser's cookie carries a random token; only its hash
// is stored. A session ends at log-out, a password change or reset, "log out everywhere", after
// SESSION_IDLE_HOURS without use, and SESSION_MAX_DAYS after log-in however active it is.
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { sessions } from "../db/schema/index.ts";

export const SESSION_IDLE_HOURS = 12;
export const SESSION_MAX_DAYS = 14;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Not ended, not expired, used within SESSION_IDLE_HOURS. */
const live = () =>
  and(
    isNull(sessions.endedAt),
    gt(sessions.expiresAt, sql`now()`),
    gt(sessions.lastSeenAt, sql`now() - make_interval(hours => ${SESSION_IDLE_HOURS})`),
  );

export interface NewSession {
  id: string;
  token: string;
  expiresAt: Date;
}

export async function createSession(
  db: Executor,
  userId: string,
  client: { userAgent?: string; ip?: string } = {},
): Promise<NewSession> {
  const token = randomBytes(32).toString("base64url");
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      expiresAt: sql`now() + make_interval(days => ${SESSION_MAX_DAYS})`,
      userAgent: (client.userAgent ?? "").slice(0, 300),
      ip: client.ip ?? "",
    })
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
  return { id: row.id, token, expiresAt: row.expiresAt };
}

/**
 * How stale `lastSeenAt` may be before a request moves it. Checking a session is a read; writing
 * the same row on every request made a browser's concurrent requests queue on its row lock and a
 * commit each (issue 29). The idle limit is counted in hours, so a minute's lag changes nothing.
 */
export const SESSION_TOUCH_SECONDS = 60;

/** The live session of a token (and marks it used), or null when unknown, ended, idle or expired. */
export async function sessionOf(db: Executor, token: string): Promise<{ id: string; userId: string } | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      stale: sql<boolean>`${sessions.lastSeenAt} < now() - make_interval(secs => ${SESSION_TOUCH_SECONDS})`,
    })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), live()));
  if (!row) return null;
  if (row.stale)
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.id, row.id));
  return { id: row.id, userId: row.userId };
}

export async function endSession(db: Executor, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

/** Ends every live session of the user (but the one kept, if any); returns how many ended. */
export async function endSessionsOf(db: Executor, userId: string, keep?: string): Promise<number> {
  const { rowCount } = await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.endedAt), keep ? ne(sessions.id, keep) : undefined),
    );
  return rowCount ?? 0;
}

/** The user's live sessions, most recently used first. */
export async function liveSessions(db: Executor, userId: string) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), live()))
    .orderBy(desc(sessions.lastSeenAt));
}
