// Companies and their members (decision 0007). A user joins a company only by accepting its
// admin's invitation, or by confirming an e-mail address at the domain the admin set. Subscriptions
// granted to a company reach its members (api/access/access.ts), nobody else.
import { and, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { companies, companyInvitations, users } from "../db/schema/index.ts";

/** Free-mail domains a company cannot claim: their users are not one company's staff. */
const PUBLIC_EMAIL_DOMAINS = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "hotmail.co.uk",
  "live.com",
  "msn.com",
  "yahoo.com",
  "yahoo.co.uk",
  "icloud.com",
  "me.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "gmx.com",
  "gmx.de",
  "web.de",
  "mail.com",
  "zoho.com",
  "yandex.com",
  "qq.com",
]);

export const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

export async function createCompany(db: Executor, name: string): Promise<string> {
  const [row] = await db
    .insert(companies)
    .values({ name: name.trim() })
    .onConflictDoUpdate({ target: companies.name, set: { name: sql`excluded.name` } })
    .returning({ id: companies.id });
  return row.id;
}

export async function setMember(db: Executor, companyId: string, userId: string, role: "admin" | "member") {
  await db.update(users).set({ companyId, companyRole: role }).where(eq(users.id, userId));
}

/** A user with a confirmed address at a company's domain, and no company yet, joins it as a member. */
export async function joinByEmailDomain(db: Executor, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ companyId: companies.id, companyRole: "member" })
    .from(companies)
    .where(
      and(
        eq(users.id, userId),
        isNull(users.companyId),
        isNotNull(users.emailVerifiedAt),
        eq(companies.emailDomain, sql`split_part(${users.email}, '@', 2)`),
      ),
    );
}

/**
 * The domain an admin may set: their own confirmed address's, and not a free-mail provider's.
 * Returns the reason it may not, or null.
 */
export function emailDomainRefusal(adminEmail: string, domain: string): string | null {
  if (domainOf(adminEmail) !== domain)
    return `You can only set the domain of your own e-mail address (${domainOf(adminEmail)}).`;
  if (PUBLIC_EMAIL_DOMAINS.has(domain))
    return `${domain} is a public e-mail provider: invite members one by one instead.`;
  return null;
}

/** An invitation not yet answered or revoked (and, unless `anyTime`, not expired). */
export function openInvitation(anyTime = false) {
  const i = companyInvitations;
  return and(
    isNull(i.acceptedAt),
    isNull(i.declinedAt),
    isNull(i.revokedAt),
    anyTime ? undefined : gt(i.expiresAt, sql`now()`),
  );
}
