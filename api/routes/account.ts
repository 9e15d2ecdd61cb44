// The caller's account: profile, subscriptions and flags, sessions, password, API keys, upgrade
// requests and invitations to join a company. Changing keys, sessions or the password needs a
// log-in through the web app: an API key cannot (decision 0009).
import express from "express";
import { and, desc, eq, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  apiKeys,
  companies,
  companyInvitations,
  sessions,
  upgradeRequests,
  users,
} from "../db/schema/index.ts";
import { z } from "../zod.ts";
import { ApiKeySchema, PasswordChangeSchema } from "../../app/validation/account.ts";
import { describe } from "../openapi.ts";
import { parse, route } from "../http/route.ts";
import { access, requireAccountUser, requireUserId, type ApiContext } from "../http/context.ts";
import { ApiError, badRequest, notFound, tooManyRequests } from "../http/errors.ts";
import { findUserByEmail, findUserById, setPassword } from "../auth/users.ts";
import { verifyPassword } from "../auth/passwords.ts";
import { loginWaitMessage, loginWaitSeconds, recordLoginAttempt } from "../auth/loginThrottle.ts";
import { endSessionsOf, liveSessions } from "../auth/sessions.ts";
import { createApiKey, listApiKeys, revokeApiKeysOf } from "../auth/apiKeys.ts";
import { openInvitation, setMember } from "../auth/companies.ts";
import { SUBSCRIPTIONS } from "../access/catalog.ts";
import { forecastCapabilities } from "../forecasts/permissions.ts";
import { CONFIGURATIONS, FORECAST_REGIONS } from "../../app/validation/forecast.ts";
import { PublicUserSchema, refuseWeakPassword } from "./auth.ts";

const Configurations = z.array(z.enum(CONFIGURATIONS));
const ByRegion = z.object({
  GB: Configurations,
  ERCOT: Configurations,
  NEM: Configurations,
  DE: Configurations,
  ES: Configurations,
});
const Capabilities = z
  .object({
    forecasts: z.object({
      regions: z
        .array(z.enum(FORECAST_REGIONS))
        .describe("Regions the caller may build forecasts for (subscription, and the region's flag)"),
      offeredRegions: z
        .array(z.enum(FORECAST_REGIONS))
        .describe(
          "Regions the builder offers: the allowed ones, or the supported ones (spec §6) when none is",
        ),
      create: ByRegion.describe(
        "Per region, the configurations the caller may run (every subscription held)",
      ),
      draft: ByRegion.describe(
        "Per region, the configurations the caller may save drafts of (one of the subscriptions held)",
      ),
    }),
  })
  .openapi("Capabilities", {
    description:
      "What the caller may do, by the rules the API enforces on each call (the web app shows this and decides nothing itself).",
  });
const Me = z.object({
  user: PublicUserSchema.nullable(),
  anonymousId: z.string().nullable(),
  subscriptions: z.array(z.string()),
  flags: z.record(z.boolean()),
  capabilities: Capabilities,
});
const Subscription = z.object({
  key: z.string(),
  name: z.string(),
  plan: z.string(),
  description: z.string(),
});
const Id = z.object({ id: z.string() });
const Session = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string(),
  ip: z.string(),
  current: z.boolean(),
});
const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(["read", "run"])),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable().describe("Set on a key a password reset or change revoked"),
  revokedBecause: z
    .enum(["password-reset", "password-change"])
    .nullable()
    .describe("Why the key was revoked; the list keeps such keys for 90 days, so the owner sees them"),
});
const Detail = z.object({ detail: z.string() });
const UpgradeRequest = z.object({
  id: z.string(),
  subscription: z.string(),
  status: z.enum(["pending", "approved", "granted", "declined"]),
  createdAt: z.string(),
});
const Invitation = z.object({ id: z.string(), companyName: z.string(), createdAt: z.string() });

describe({
  method: "get",
  path: "/users/me",
  tag: "Account",
  summary: "The caller: profile, company, subscriptions, feature flags and what they may do",
  response: Me,
});
describe({
  method: "get",
  path: "/subscriptions",
  tag: "Account",
  summary: "Every subscription and what it unlocks",
  response: z.array(Subscription),
});
describe({
  method: "get",
  path: "/users/me/sessions",
  tag: "Account",
  summary: "The caller's live sessions (web log-in only)",
  response: z.array(Session),
  errors: [403],
});
describe({
  method: "delete",
  path: "/users/me/sessions/:id",
  tag: "Account",
  summary: "End one of the caller's sessions",
  params: Id,
  response: "empty",
  status: 204,
  errors: [403],
});
describe({
  method: "post",
  path: "/users/me/sessions/end-all",
  tag: "Account",
  summary: "Log out everywhere: end every session of the caller, this one included",
  response: z.object({ ended: z.number() }),
  errors: [403],
});
describe({
  method: "post",
  path: "/users/me/password",
  tag: "Account",
  summary:
    "Change the password (needs the current one); ends the caller's other sessions and revokes the API keys unless keepApiKeys",
  body: PasswordChangeSchema,
  response: z.object({ detail: z.string(), endedSessions: z.number(), revokedApiKeys: z.number() }),
  errors: [403],
});
describe({
  method: "get",
  path: "/users/me/api-keys",
  tag: "Account",
  summary:
    "The caller's API keys, without the secrets, and those a password reset or change revoked in the last 90 days (web log-in only)",
  response: z.array(ApiKey),
  errors: [403],
});
describe({
  method: "post",
  path: "/users/me/api-keys",
  tag: "Account",
  summary: "Create an API key with scopes and an optional expiry; its secret is shown once (web log-in only)",
  body: ApiKeySchema,
  response: ApiKey.extend({ key: z.string().describe("The secret: shown only in this response") }),
  status: 201,
  errors: [403],
});
describe({
  method: "delete",
  path: "/users/me/api-keys/:id",
  tag: "Account",
  summary: "Revoke an API key (web log-in only)",
  params: Id,
  response: "empty",
  status: 204,
  errors: [403],
});
describe({
  method: "post",
  path: "/users/me/upgrade-requests",
  tag: "Account",
  summary: "Ask for a subscription: the company admin reviews it, then Voltcast confirms",
  body: z.object({ subscription: z.string() }),
  response: z.object({ status: z.literal("pending"), detail: z.string() }),
  status: 201,
  errors: [403],
});
describe({
  method: "get",
  path: "/users/me/upgrade-requests",
  tag: "Account",
  summary: "The caller's upgrade requests and their state",
  response: z.array(UpgradeRequest),
});
describe({
  method: "get",
  path: "/users/me/invitations",
  tag: "Account",
  summary: "Open invitations to join a company, addressed to the caller's confirmed e-mail",
  response: z.array(Invitation),
  errors: [403],
});
describe({
  method: "post",
  path: "/users/me/invitations/:id/accept",
  tag: "Account",
  summary: "Join the company that invited the caller",
  params: Id,
  response: Detail,
  errors: [403, 409],
});
describe({
  method: "post",
  path: "/users/me/invitations/:id/decline",
  tag: "Account",
  summary: "Decline an invitation",
  params: Id,
  response: Detail,
  errors: [403],
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A path id that is a uuid, else a 404 (never a database error). */
export function uuidParam(value: string, what: string): string {
  if (!UUID.test(value)) throw notFound(`No such ${what}.`);
  return value;
}

export function accountRouter(ctx: ApiContext) {
  const r = express.Router();

  r.get(
    "/users/me",
    route(async (req, res) => {
      const user = req.identity.userId ? await findUserById(ctx.db, req.identity.userId) : null;
      const a = await access(ctx, req);
      res.json({
        user,
        anonymousId: user ? null : (req.identity.anonymousId ?? null),
        subscriptions: [...a.subscriptions].sort(),
        flags: a.flags,
        capabilities: { forecasts: forecastCapabilities(a) },
      });
    }),
  );

  r.get("/subscriptions", (_req, res) => {
    res.json(SUBSCRIPTIONS);
  });

  r.get(
    "/users/me/sessions",
    route(async (req, res) => {
      const userId = requireAccountUser(req);
      const sessions = await liveSessions(ctx.db, userId);
      res.json(sessions.map((s) => ({ ...s, current: s.id === req.identity.sessionId })));
    }),
  );

  r.delete(
    "/users/me/sessions/:id",
    route(async (req, res) => {
      const userId = requireAccountUser(req);
      const id = uuidParam(req.params.id, "session");
      const { rowCount } = await ctx.db
        .update(sessions)
        .set({ endedAt: sql`now()` })
        .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.endedAt)));
      if (!rowCount) throw notFound("No such session.");
      res.status(204).end();
    }),
  );

  r.post(
    "/users/me/sessions/end-all",
    route(async (req, res) => {
      const userId = requireAccountUser(req);
      res.json({ ended: await endSessionsOf(ctx.db, userId) });
    }),
  );

  r.post(
    "/users/me/password",
    route(async (req, res) => {
      const userId = requireAccountUser(req);
      const input = parse(PasswordChangeSchema, req.body);
      const user = (await findUserById(ctx.db, userId))!;
      const stored = (await findUserByEmail(ctx.db, user.email))!;
      // Guessing the current password here is throttled like guessing it at log-in.
      const seconds = await loginWaitSeconds(ctx.db, user.email, req.identity.clientIp);
      if (seconds > 0) {
        res.set("Retry-After", String(seconds));
        throw tooManyRequests(loginWaitMessage(seconds), seconds);
      }
      const ok = await verifyPassword(stored.passwordHash, input.currentPassword);
      if (!ok) {
        await recordLoginAttempt(ctx.db, user.email, req.identity.clientIp, false);
        throw badRequest({ currentPassword: ["The current password is not correct"] });
      }
      refuseWeakPassword("newPassword", input.newPassword, user.email);
      const { endedSessions, revokedApiKeys } = await ctx.db.transaction(async (tx) => {
        await setPassword(tx, userId, input.newPassword);
        return {
          endedSessions: await endSessionsOf(tx, userId, req.identity.sessionId),
          // Whoever knew the old password may have made keys with it: they go too, unless kept on purpose.
          revokedApiKeys: input.keepApiKeys ? 0 : await revokeApiKeysOf(tx, userId, "password-change"),
        };
      });
      res.json({
        detail: `Your password has been changed. You have been logged out everywhere else${revokedApiKeys ? ` and your API keys were revoked (${revokedApiKeys})` : ""}.`,
        endedSessions,
        revokedApiKeys,
      });
    }),
  );

  r.get(
    "/users/me/api-keys",
    route(async (req, res) => {
      const userId = requireAccountUser(req);
      res.json(await listApiKeys(ctx.db, userId));
    }),
  );

  r.post(
    "/users/me/api-keys",
    route(async (req, res) => {
      const userId = requireAccountUser(req);
      const input = parse(ApiKeySchema, req.body);
      const created = await createApiKey(ctx.db, userId, input);
      res.status(201).json(created);
    }),
  );

  r.delete(
    "/users/me/api-keys/:id",
    route(async (req, res) => {
      const userId = requireAccountUser(req);
      const id = uuidParam(req.params.id, "API key");
      const { rowCount } = await ctx.db
        .update(apiKeys)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
      if (!rowCount) throw notFound("No such API key.");
      res.status(204).end();
    }),
  );

  r.post(
    "/users/me/upgrade-requests",
    route(async (req, res) => {
      const userId = requireUserId(req);
      const { subscription } = parse(
        z.object({
          subscription: z
            .string()
            .refine((k) => SUBSCRIPTIONS.some((s) => s.key === k), "No such subscription"),
        }),
        req.body,
      );
      const [user] = await ctx.db
        .select({ companyId: users.companyId })
        .from(users)
        .where(eq(users.id, userId));
      await ctx.db
        .insert(upgradeRequests)
        .values({ userId, subscriptionKey: subscription, companyId: user.companyId })
        .onConflictDoNothing({
          target: [upgradeRequests.userId, upgradeRequests.subscriptionKey],
          where: sql`status in ('pending', 'approved')`,
        });
      res.status(201).json({ status: "pending", detail: "Your upgrade request has been sent" });
    }),
  );

  r.get(
    "/users/me/upgrade-requests",
    route(async (req, res) => {
      const userId = requireUserId(req);
      res.json(
        await ctx.db
          .select({
            id: upgradeRequests.id,
            subscription: upgradeRequests.subscriptionKey,
            status: upgradeRequests.status,
            createdAt: upgradeRequests.createdAt,
          })
          .from(upgradeRequests)
          .where(eq(upgradeRequests.userId, userId))
          .orderBy(desc(upgradeRequests.createdAt)),
      );
    }),
  );

  r.get(
    "/users/me/invitations",
    route(async (req, res) => {
      const userId = requireAccountUser(req);
      const i = companyInvitations;
      res.json(
        await ctx.db
          .select({ id: i.id, companyName: companies.name, createdAt: i.createdAt })
          .from(i)
          .innerJoin(companies, eq(companies.id, i.companyId))
          .innerJoin(
            users,
            and(eq(users.email, i.email), eq(users.id, userId), isNotNull(users.emailVerifiedAt)),
          )
          .where(and(openInvitation(), or(isNull(users.companyId), ne(users.companyId, i.companyId))))
          .orderBy(desc(i.createdAt)),
      );
    }),
  );

  r.post(
    "/users/me/invitations/:id/:answer(accept|decline)",
    route(async (req, res) => {
      const userId = requireAccountUser(req);
      const id = uuidParam(req.params.id, "invitation");
      const accept = req.params.answer === "accept";
      await ctx.db.transaction(async (tx) => {
        const i = companyInvitations;
        const [answered] = await tx
          .update(i)
          .set(accept ? { acceptedAt: sql`now()` } : { declinedAt: sql`now()` })
          .from(users)
          .where(
            and(
              eq(i.id, id),
              eq(users.id, userId),
              eq(users.email, i.email),
              isNotNull(users.emailVerifiedAt),
              openInvitation(),
            ),
          )
          .returning({ companyId: i.companyId });
        if (!answered) throw notFound("No such invitation.");
        if (accept) {
          // The caller is their company's only admin: leaving would leave it without one.
          const me = alias(users, "me");
          const admins = await tx
            .select({ id: users.id })
            .from(users)
            .innerJoin(me, and(eq(me.id, userId), eq(users.companyId, me.companyId)))
            .where(eq(users.companyRole, "admin"));
          if (admins.length === 1 && admins[0].id === userId)
            throw new ApiError(409, {
              detail: "You are the only admin of your company: name another admin before you leave it.",
            });
          await setMember(tx, answered.companyId, userId, "member");
        }
      });
      res.json({ detail: accept ? "You have joined the company." : "The invitation was declined." });
    }),
  );

  return r;
}
