// Typed view of the tables of migrations/0001_accounts.sql to 0004_organisations.sql and 0028–0030 (tests/integration/startup.test.ts checks they agree).
import { sql } from "drizzle-orm";
import { pgTable, uuid, text, timestamp, boolean, bigserial, integer, primaryKey } from "drizzle-orm/pg-core";
import type { ApiKeyScope } from "../../../app/validation/account.ts";

export type ApiKeyRevocation = "password-reset" | "password-change";

export const companies = pgTable("companies", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  /** Confirmed addresses at this domain join as members (set by the company admin). */
  emailDomain: text("email_domain"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull(),
  fullName: text("full_name").notNull(),
  companyId: uuid("company_id").references(() => companies.id),
  companyRole: text("company_role").$type<"admin" | "member">(),
  /** The company named at sign-up: profile text only, never membership. */
  companyName: text("company_name").notNull().default(""),
  passwordHash: text("password_hash").notNull(),
  emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const apiKeys = pgTable("api_keys", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull(),
  name: text("name").notNull(),
  prefix: text("prefix").notNull(),
  keyHash: text("key_hash").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
  /** Set when a password reset or change revoked the key (migration 0028); null when its owner did. */
  revokedBecause: text("revoked_because").$type<ApiKeyRevocation>(),
  scopes: text("scopes").array().$type<ApiKeyScope[]>().notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
});

/** Each API key's current rate-limit window (migration 0030, decision 0017). */
export const apiKeyCalls = pgTable("api_key_calls", {
  keyId: uuid("key_id").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  calls: integer("calls").notNull(),
});

export const sessions = pgTable("sessions", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull(),
  tokenHash: text("token_hash").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  endedAt: timestamp("ended_at", { withTimezone: true }),
  userAgent: text("user_agent").notNull(),
  ip: text("ip").notNull(),
});

export const accountLinks = pgTable("account_links", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull(),
  purpose: text("purpose").$type<"verify-email" | "reset-password">().notNull(),
  tokenHash: text("token_hash").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

export const signupAttempts = pgTable("signup_attempts", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  ip: text("ip").notNull(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
});

export const companyInvitations = pgTable("company_invitations", {
  id: uuid("id").primaryKey().defaultRandom(),
  companyId: uuid("company_id").notNull(),
  email: text("email").notNull(),
  invitedBy: uuid("invited_by"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true })
    .notNull()
    .default(sql`now() + interval '30 days'`),
  acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  declinedAt: timestamp("declined_at", { withTimezone: true }),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
});

export const loginAttempts = pgTable("login_attempts", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  email: text("email").notNull(),
  ip: text("ip").notNull(),
  succeeded: boolean("succeeded").notNull(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  /** The recognised device the attempt came with (migration 0029), if any. */
  device: text("device"),
});

export const subscriptions = pgTable("subscriptions", {
  key: text("key").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  plan: text("plan").notNull(),
});

export const subscriptionGrants = pgTable("subscription_grants", {
  id: uuid("id").primaryKey().defaultRandom(),
  subscriptionKey: text("subscription_key").notNull(),
  userId: uuid("user_id"),
  companyId: uuid("company_id"),
  grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
});

export const upgradeRequests = pgTable("upgrade_requests", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull(),
  subscriptionKey: text("subscription_key").notNull(),
  status: text("status")
    .$type<"pending" | "approved" | "granted" | "declined">()
    .notNull()
    .default("pending"),
  companyId: uuid("company_id"),
  reviewedBy: uuid("reviewed_by"),
  reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
  decidedAt: timestamp("decided_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const featureFlags = pgTable("feature_flags", {
  key: text("key").primaryKey(),
  description: text("description").notNull(),
  enabled: boolean("enabled").notNull(),
});

export const featureFlagOverrides = pgTable(
  "feature_flag_overrides",
  {
    flagKey: text("flag_key").notNull(),
    userId: uuid("user_id").notNull(),
    enabled: boolean("enabled").notNull(),
  },
  (t) => [primaryKey({ columns: [t.flagKey, t.userId] })],
);
