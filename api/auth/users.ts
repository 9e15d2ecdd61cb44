// Users: their profile and the company they belong to (decision 0007).
import { eq, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { companies, users } from "../db/schema/index.ts";
import { hashPassword } from "./passwords.ts";

export interface PublicUser {
  id: string;
  email: string;
  fullName: string;
  /** The company they belong to, else the one they named at sign-up (profile text only). */
  companyName: string | null;
  /** Membership: only by invitation or a confirmed e-mail at the company's domain. */
  company: { id: string; name: string; role: "admin" | "member" } | null;
}

type StoredUser = PublicUser & { passwordHash: string; emailVerifiedAt: Date | null };

async function findUser(db: Executor, where: SQL): Promise<StoredUser | null> {
  const [r] = await db
    .select({ user: users, company: companies })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(where);
  if (!r) return null;
  const { user: u, company: c } = r;
  return {
    id: u.id,
    email: u.email,
    fullName: u.fullName,
    companyName: c?.name ?? (u.companyName || null),
    company: c ? { id: c.id, name: c.name, role: u.companyRole! } : null,
    passwordHash: u.passwordHash,
    emailVerifiedAt: u.emailVerifiedAt,
  };
}

export async function findUserByEmail(db: Executor, email: string): Promise<StoredUser | null> {
  return findUser(db, eq(users.email, email.toLowerCase()));
}

export function publicUser(user: StoredUser): PublicUser {
  const { passwordHash: _h, emailVerifiedAt: _v, ...rest } = user;
  return rest;
}

export async function findUserById(db: Executor, id: string): Promise<PublicUser | null> {
  const user = await findUser(db, eq(users.id, id));
  return user ? publicUser(user) : null;
}

/** Creates the user; null when the e-mail is taken. The company name is profile text only. */
export async function createUser(
  db: Executor,
  input: { email: string; fullName: string; companyName: string; password: string; verified?: boolean },
): Promise<{ id: string } | null> {
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .insert(users)
    .values({
      email: input.email.toLowerCase(),
      fullName: input.fullName,
      companyName: input.companyName.trim(),
      passwordHash,
      emailVerifiedAt: input.verified ? sql`now()` : null,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return row ?? null;
}

export async function setPassword(db: Executor, userId: string, password: string) {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, userId));
}

/** The address is confirmed (the first time only). */
export async function confirmEmail(db: Executor, userId: string) {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId));
}

/** A never-confirmed account's details, replaced by whoever signs up with its address again. */
export async function replaceUnconfirmed(
  db: Executor,
  userId: string,
  input: { fullName: string; companyName: string; password: string },
) {
  await db
    .update(users)
    .set({
      fullName: input.fullName,
      companyName: input.companyName,
      passwordHash: await hashPassword(input.password),
    })
    .where(eq(users.id, userId));
}
