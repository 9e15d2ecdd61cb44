// One-time links sent to a user's e-mail address: confirming it at sign-up, and setting a new
// password. The token is random and only its hash is stored; a link works once, before it expires.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { accountLinks } from "../db/schema/index.ts";

export type LinkPurpose = "verify-email" | "reset-password";

export const LINK_HOURS: Record<LinkPurpose, number> = { "verify-email": 48, "reset-password": 1 };
export const LINK_PATHS: Record<LinkPurpose, string> = {
  "verify-email": "/verify-email",
  "reset-password": "/reset-password",
};

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new link's token; earlier unused links of the same purpose stop working. */
export async function createAccountLink(db: Executor, userId: string, purpose: LinkPurpose): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .update(accountLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(accountLinks.userId, userId), eq(accountLinks.purpose, purpose), isNull(accountLinks.usedAt)),
    );
  await db.insert(accountLinks).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: sql`now() + make_interval(hours => ${LINK_HOURS[purpose]})`,
  });
  return token;
}

/** Uses up a link: the user it was for, or null when it is unknown, used or expired. */
export async function useAccountLink(
  db: Executor,
  token: string,
  purpose: LinkPurpose,
): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .update(accountLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountLinks.tokenHash, hashToken(token)),
        eq(accountLinks.purpose, purpose),
        isNull(accountLinks.usedAt),
        gt(accountLinks.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: accountLinks.userId });
  return row?.userId ?? null;
}

export function accountLinkUrl(base: string | undefined, purpose: LinkPurpose, token: string): string {
  return `${(base ?? "").replace(/\/$/, "")}${LINK_PATHS[purpose]}/${token}`;
}
