// Log-in, log-out, sign-up with a confirmed e-mail address, and password reset by one-time link
// (decisions 0006 and 0008). The caller's own account lives in routes/account.ts.
import express, { type Request, type Response } from "express";
import { z } from "../zod.ts";
import {
  LoginSchema,
  SignupSchema,
  PasswordResetRequestSchema,
  PasswordResetSchema,
} from "../../app/validation/account.ts";
import { describe } from "../openapi.ts";
import { parse, route } from "../http/route.ts";
import type { ApiContext } from "../http/context.ts";
import { ApiError, badRequest, tooManyRequests } from "../http/errors.ts";
import {
  confirmEmail,
  createUser,
  findUserByEmail,
  findUserById,
  publicUser,
  replaceUnconfirmed,
  setPassword,
} from "../auth/users.ts";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "../auth/passwords.ts";
import { weakPasswordMessage } from "../auth/weakPasswords.ts";
import {
  deviceTokenFor,
  recognisedDevice,
  loginWaitMessage,
  loginWaitSeconds,
  recordLoginAttempt,
  recordSignup,
  signupWaitSeconds,
} from "../auth/loginThrottle.ts";
import { createSession, endSession, endSessionsOf } from "../auth/sessions.ts";
import { accountLinkUrl, createAccountLink, useAccountLink } from "../auth/accountLinks.ts";
import { joinByEmailDomain } from "../auth/companies.ts";
import { revokeApiKeysOf } from "../auth/apiKeys.ts";
import { mailer } from "../auth/mail.ts";

export const PublicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  companyName: z.string().nullable(),
  company: z.object({ id: z.string(), name: z.string(), role: z.enum(["admin", "member"]) }).nullable(),
});
const LoggedIn = z.object({
  user: PublicUserSchema,
  session: z.object({ token: z.string(), expiresAt: z.string() }),
});
const LoginBody = LoginSchema.extend({
  device: z
    .string()
    .max(200)
    .optional()
    .describe(
      "The `device` of this account's previous log-in from this client: its attempts are then throttled on their own failures only",
    ),
});
const LoggedInWithDevice = LoggedIn.extend({
  device: z
    .string()
    .describe("Proof of this client for the account's next log-ins (keep it; send it back as `device`)"),
});
const Detail = z.object({ detail: z.string() });

export const SIGNUP_SENT =
  "Check your e-mail: we have sent you a link to confirm your address and start using Voltcast.";
export const RESET_SENT = "If an account uses this address, we have sent it a link to choose a new password.";
export const WRONG_LOGIN = "The email or password is not correct";
export const LINK_EXPIRED = "This link has expired or was already used. Please ask for a new one.";

describe({
  method: "post",
  path: "/auth/signup",
  tag: "Account",
  summary: "Create an account (answers the same whether or not the address is taken)",
  description:
    "A link to confirm the address is sent to it; the account can log in once it is confirmed. Throttled per client address.",
  body: SignupSchema,
  response: Detail,
  status: 202,
});
describe({
  method: "post",
  path: "/auth/verify-email",
  tag: "Account",
  summary: "Confirm an e-mail address with the link's token, and log in",
  body: z.object({ token: z.string() }),
  response: LoggedIn,
});
describe({
  method: "post",
  path: "/auth/login",
  tag: "Account",
  summary: "Log in with an email and password (throttled; 429 with Retry-After)",
  description:
    "403 when the address is not confirmed yet. Throttled per client address and per account; a client that sends back the `device` of its previous log-in to the account is throttled on its own failures only (a stranger's guesses do not lock the owner out).",
  body: LoginBody,
  response: LoggedInWithDevice,
  errors: [403],
});
describe({
  method: "post",
  path: "/auth/logout",
  tag: "Account",
  summary: "End the caller's session",
  response: "empty",
  status: 204,
});
describe({
  method: "get",
  path: "/auth/session",
  tag: "Account",
  summary: "Whether the caller's session is live, and whose",
  response: z.object({ userId: z.string().nullable() }),
});
describe({
  method: "post",
  path: "/auth/password-reset",
  tag: "Account",
  summary: "Send a one-time link to choose a new password (answers the same for any address)",
  body: PasswordResetRequestSchema,
  response: Detail,
  status: 202,
});
describe({
  method: "post",
  path: "/auth/password-reset/complete",
  tag: "Account",
  summary:
    "Choose a new password with the link's token; ends every session of the account and revokes its API keys",
  body: PasswordResetSchema,
  response: Detail.extend({ revokedApiKeys: z.number() }),
});

/** A 400 naming the field and why, for a password an attacker would try first. */
export function refuseWeakPassword(field: string, password: string, email?: string) {
  const why = weakPasswordMessage(password, email);
  if (why) throw badRequest({ [field]: [why] });
}

function wait(res: Response, seconds: number, detail: string): never {
  res.set("Retry-After", String(seconds));
  throw tooManyRequests(detail, seconds);
}

async function logIn(ctx: ApiContext, req: Request, userId: string) {
  const session = await createSession(ctx.db, userId, {
    userAgent: req.identity.clientAgent,
    ip: req.identity.clientIp,
  });
  return {
    user: await findUserById(ctx.db, userId),
    session: { token: session.token, expiresAt: session.expiresAt },
  };
}

export function authRouter(ctx: ApiContext) {
  const r = express.Router();

  r.post(
    "/auth/signup",
    route(async (req, res) => {
      const input = parse(SignupSchema, req.body);
      refuseWeakPassword("password", input.password, input.email);
      const ip = req.identity.clientIp;
      const seconds = await signupWaitSeconds(ctx.db, ip);
      if (seconds > 0)
        wait(
          res,
          seconds,
          `Too many sign-ups from your network. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
        );
      await recordSignup(ctx.db, ip);
      const existing = await findUserByEmail(ctx.db, input.email);
      if (existing?.emailVerifiedAt) {
        // The answer and its timing are those of a new sign-up; the owner is told by e-mail.
        await hashPassword(input.password);
        const token = await createAccountLink(ctx.db, existing.id, "reset-password");
        mailer.send({
          to: existing.email,
          subject: "You already have a Voltcast account",
          text: `Someone (perhaps you) tried to sign up with this address. You can log in, or choose a new password: ${accountLinkUrl(req.identity.webOrigin, "reset-password", token)}`,
        });
      } else {
        let userId = existing?.id;
        if (existing) {
          // Never confirmed: whoever confirms the address now decides the name and password.
          await replaceUnconfirmed(ctx.db, existing.id, input);
        } else {
          userId = (await createUser(ctx.db, input))?.id;
        }
        if (userId) {
          const token = await createAccountLink(ctx.db, userId, "verify-email");
          mailer.send({
            to: input.email,
            subject: "Confirm your e-mail address for Voltcast",
            text: `Welcome to Voltcast. Confirm your address to start: ${accountLinkUrl(req.identity.webOrigin, "verify-email", token)}`,
          });
        }
      }
      res.status(202).json({ detail: SIGNUP_SENT });
    }),
  );

  r.post(
    "/auth/verify-email",
    route(async (req, res) => {
      const { token } = parse(z.object({ token: z.string().max(200) }), req.body);
      const userId = await useAccountLink(ctx.db, token, "verify-email");
      if (!userId) throw new ApiError(400, { detail: LINK_EXPIRED });
      await confirmEmail(ctx.db, userId);
      await joinByEmailDomain(ctx.db, userId);
      res.json(await logIn(ctx, req, userId));
    }),
  );

  r.post(
    "/auth/login",
    route(async (req, res) => {
      const input = parse(LoginBody, req.body);
      const ip = req.identity.clientIp;
      const device = recognisedDevice(ctx.secret, input.email, input.device);
      const seconds = await loginWaitSeconds(ctx.db, input.email, ip, device);
      if (seconds > 0) wait(res, seconds, loginWaitMessage(seconds));
      const found = await findUserByEmail(ctx.db, input.email);
      // An unknown address costs the same hash check as a known one: the timing tells nothing.
      const ok = found
        ? await verifyPassword(found.passwordHash, input.password)
        : await verifyAgainstNothing(input.password);
      await recordLoginAttempt(ctx.db, input.email, ip, ok, device);
      if (!found || !ok) {
        throw new ApiError(401, { detail: WRONG_LOGIN, errors: { password: [WRONG_LOGIN] } });
      }
      if (!found.emailVerifiedAt) {
        throw new ApiError(403, {
          detail: "Please confirm your e-mail address first: follow the link we sent to it.",
        });
      }
      res.json({
        ...(await logIn(ctx, req, found.id)),
        user: publicUser(found),
        device: deviceTokenFor(ctx.secret, found.email, device ?? undefined),
      });
    }),
  );

  r.post(
    "/auth/logout",
    route(async (req, res) => {
      if (req.identity.sessionId) await endSession(ctx.db, req.identity.sessionId);
      res.status(204).end();
    }),
  );

  r.get("/auth/session", (req, res) => {
    res.json({ userId: req.identity.userId ?? null });
  });

  r.post(
    "/auth/password-reset",
    route(async (req, res) => {
      const { email } = parse(PasswordResetRequestSchema, req.body);
      const ip = req.identity.clientIp;
      const seconds = await signupWaitSeconds(ctx.db, ip);
      if (seconds > 0)
        wait(
          res,
          seconds,
          `Too many requests from your network. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
        );
      await recordSignup(ctx.db, ip);
      const user = await findUserByEmail(ctx.db, email);
      if (user) {
        const token = await createAccountLink(ctx.db, user.id, "reset-password");
        mailer.send({
          to: user.email,
          subject: "Choose a new Voltcast password",
          text: `Follow this link within the hour to choose a new password: ${accountLinkUrl(req.identity.webOrigin, "reset-password", token)}`,
        });
      }
      res.status(202).json({ detail: RESET_SENT });
    }),
  );

  r.post(
    "/auth/password-reset/complete",
    route(async (req, res) => {
      const input = parse(PasswordResetSchema, req.body);
      const revokedApiKeys = await ctx.db.transaction(async (tx) => {
        const userId = await useAccountLink(tx, input.token, "reset-password");
        if (!userId) throw new ApiError(400, { detail: LINK_EXPIRED, errors: { token: [LINK_EXPIRED] } });
        const user = await findUserById(tx, userId);
        refuseWeakPassword("password", input.password, user?.email);
        await setPassword(tx, userId, input.password);
        // The link reached the address: it is confirmed.
        await confirmEmail(tx, userId);
        await endSessionsOf(tx, userId);
        await joinByEmailDomain(tx, userId);
        // A reset is for a password that is lost or known to someone else: keys made with it go.
        return revokeApiKeysOf(tx, userId, "password-reset");
      });
      res.json({
        detail: `Your password has been changed${revokedApiKeys ? ` and your API keys were revoked (${revokedApiKeys})` : ""}. Please log in with it.`,
        revokedApiKeys,
      });
    }),
  );

  return r;
}
