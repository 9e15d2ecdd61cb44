// Accounts: sign-up, log-in (rate-limited), the caller's profile, subscriptions and flags,
// personal API keys and upgrade requests.
import express from "express";
import { z } from "../zod.ts";
import { LoginSchema, SignupSchema, ApiKeySchema } from "../../app/validation/account.ts";
import { describe } from "../openapi.ts";
import { parse, route } from "../http/route.ts";
import { access, requireUserId, type ApiContext } from "../http/context.ts";
import { conflict, ApiError, notFound, tooManyRequests } from "../http/errors.ts";
import { createUser, findUserByEmail, findUserById } from "../auth/users.ts";
import { verifyPassword } from "../auth/passwords.ts";
import { loginBlockedFor, recordLoginAttempt } from "../auth/loginLimit.ts";
import { createApiKey } from "../auth/apiKeys.ts";
import { SUBSCRIPTIONS } from "../access/catalog.ts";

const User = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  companyName: z.string().nullable(),
});
const Me = z.object({
  user: User.nullable(),
  anonymousId: z.string().nullable(),
  subscriptions: z.array(z.string()),
  flags: z.record(z.boolean()),
});
const Subscription = z.object({
  key: z.string(),
  name: z.string(),
  plan: z.string(),
  description: z.string(),
});

describe({
  method: "post",
  path: "/auth/signup",
  tag: "Account",
  summary: "Create an account",
  body: SignupSchema,
  response: User,
  status: 201,
});
describe({
  method: "post",
  path: "/auth/login",
  tag: "Account",
  summary: "Check an email and password (rate-limited)",
  body: LoginSchema,
  response: User,
});
describe({
  method: "get",
  path: "/users/me",
  tag: "Account",
  summary: "The caller: profile, subscriptions and feature flags",
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
  path: "/users/me/api-keys",
  tag: "Account",
  summary: "The caller's API keys (without the secrets)",
});
describe({
  method: "post",
  path: "/users/me/api-keys",
  tag: "Account",
  summary: "Create an API key (its secret is shown once)",
  body: ApiKeySchema,
  status: 201,
});
describe({
  method: "delete",
  path: "/users/me/api-keys/:id",
  tag: "Account",
  summary: "Revoke an API key",
  params: z.object({ id: z.string() }),
});
describe({
  method: "post",
  path: "/users/me/upgrade-requests",
  tag: "Account",
  summary: "Ask the company admin for a subscription",
  body: z.object({ subscription: z.string() }),
  status: 201,
});

export function authRouter(ctx: ApiContext) {
  const r = express.Router();

  r.post(
    "/auth/signup",
    route(async (req, res) => {
      const input = parse(SignupSchema, req.body);
      const user = await createUser(ctx.pool, input);
      if (!user) throw conflict({ email: ["An account with this email already exists"] });
      res.status(201).json(user);
    }),
  );

  r.post(
    "/auth/login",
    route(async (req, res) => {
      const input = parse(LoginSchema, req.body);
      const ip = req.identity.clientIp;
      const wait = await loginBlockedFor(ctx.pool, input.email, ip);
      if (wait > 0) {
        throw tooManyRequests(
          `Too many failed log-in attempts. Please try again in ${wait} minute${wait === 1 ? "" : "s"}.`,
          wait * 60,
        );
      }
      const found = await findUserByEmail(ctx.pool, input.email);
      const ok = found ? await verifyPassword(found.passwordHash, input.password) : false;
      await recordLoginAttempt(ctx.pool, input.email, ip, ok);
      if (!found || !ok) {
        throw new ApiError(401, {
          detail: "The email or password is not correct",
          errors: { password: ["The email or password is not correct"] },
        });
      }
      const { passwordHash: _omit, ...user } = found;
      res.json(user);
    }),
  );

  r.get(
    "/users/me",
    route(async (req, res) => {
      const user = req.identity.userId ? await findUserById(ctx.pool, req.identity.userId) : null;
      const a = await access(ctx, req);
      res.json({
        user,
        anonymousId: user ? null : (req.identity.anonymousId ?? null),
        subscriptions: [...a.subscriptions].sort(),
        flags: a.flags,
      });
    }),
  );

  r.get("/subscriptions", (_req, res) => {
    res.json(SUBSCRIPTIONS);
  });

  r.get(
    "/users/me/api-keys",
    route(async (req, res) => {
      const userId = requireUserId(req);
      const { rows } = await ctx.pool.query(
        `select id, name, prefix, created_at as "createdAt", last_used_at as "lastUsedAt"
           from api_keys where user_id = $1 and revoked_at is null order by created_at desc`,
        [userId],
      );
      res.json(rows);
    }),
  );

  r.post(
    "/users/me/api-keys",
    route(async (req, res) => {
      const userId = requireUserId(req);
      const { name } = parse(ApiKeySchema, req.body);
      res.status(201).json(await createApiKey(ctx.pool, userId, name));
    }),
  );

  r.delete(
    "/users/me/api-keys/:id",
    route(async (req, res) => {
      const userId = requireUserId(req);
      const { rowCount } = await ctx.pool.query(
        `update api_keys set revoked_at = now() where id::text = $1 and user_id = $2 and revoked_at is null`,
        [req.params.id, userId],
      );
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
      await ctx.pool.query(
        `insert into upgrade_requests(user_id, subscription_key) values ($1,$2)
         on conflict (user_id, subscription_key) where status = 'pending' do nothing`,
        [userId, subscription],
      );
      res.status(201).json({ status: "pending", detail: "Your upgrade request has been sent" });
    }),
  );

  r.get(
    "/users/me/upgrade-requests",
    route(async (req, res) => {
      const userId = requireUserId(req);
      const { rows } = await ctx.pool.query(
        `select subscription_key as subscription, status, created_at as "createdAt" from upgrade_requests where user_id = $1`,
        [userId],
      );
      res.json(rows);
    }),
  );

  return r;
}
