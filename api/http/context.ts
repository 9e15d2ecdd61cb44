// What every API handler needs: the database, the queue, the secret; and who is asking.
import type { NextFunction, Request, Response } from "express";
import type pg from "pg";
import type { Db } from "../db/client.ts";
import type { Queue } from "../jobs/queue.ts";
import { flagsOf, subscriptionsOf, type Access } from "../access/access.ts";
import { verifyInternalToken } from "../auth/tokens.ts";
import { apiKeyCall } from "../auth/apiKeys.ts";
import { sessionOf } from "../auth/sessions.ts";
import type { ApiKeyScope } from "../../app/validation/account.ts";
import { forbidden, unauthorized } from "./errors.ts";

export interface ApiContext {
  /** The connection pool: the process's lifecycle (and tests' own checks); queries go through `db`. */
  pool: pg.Pool;
  db: Db;
  queue: Queue;
  secret: string;
}

export interface Identity {
  userId?: string;
  /** The browser session the call comes through (web app only). */
  sessionId?: string;
  /** The API key the call comes with, and what it may do. */
  apiKey?: { id: string; scopes: ApiKeyScope[] };
  /** The anonymous visitor's id (spec §6 `user_id`), when not logged in. */
  anonymousId?: string;
  /** True when the call comes from Voltcast's own web app (internal token). */
  viaWebApp: boolean;
  /** The end user's address as the web app saw it (trusted only from the web app). */
  clientIp: string;
  /** The end user's browser as the web app saw it (for the session list). */
  clientAgent: string;
  /** The web app's address as the browser sees it, for links in messages (web app only). */
  webOrigin?: string;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      identity: Identity;
      accessCache?: Promise<Access>;
      subscriptionsCache?: Promise<Set<string>>;
      /** This call counted against its API key's limit (identify; rateLimitPerKey answers it). */
      keyCallCount?: { calls: number; msLeft: number };
    }
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Who is calling: the web app on a visitor's behalf (session), an API key, or an anonymous visitor. */
export function identify(ctx: ApiContext) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const header = req.get("authorization") ?? "";
      const bearer = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
      const identity: Identity = {
        viaWebApp: false,
        clientIp: req.ip ?? "unknown",
        clientAgent: req.get("user-agent") ?? "",
      };
      if (bearer) {
        const subject = await verifyInternalToken(ctx.secret, bearer);
        if (subject) {
          identity.viaWebApp = true;
          identity.anonymousId = subject.anonymousId;
          identity.clientIp = req.get("x-voltcast-client-ip") ?? identity.clientIp;
          identity.clientAgent = req.get("x-voltcast-client-agent") ?? "";
          identity.webOrigin = req.get("x-voltcast-web-origin");
          if (subject.sessionToken) {
            // An ended, idle or expired session is simply no user: the visitor is anonymous again.
            const session = await sessionOf(ctx.db, subject.sessionToken);
            if (session) {
              identity.userId = session.userId;
              identity.sessionId = session.id;
            }
          } else identity.userId = subject.userId;
        } else {
          const needed: ApiKeyScope = READ_METHODS.has(req.method) ? "read" : "run";
          // One statement: the key, the call counted (only with the scope) and the owner's subscriptions.
          const key = await apiKeyCall(ctx.db, bearer, needed);
          if (!key) {
            res.status(401).json({ detail: "The API key or token is not valid." });
            return;
          }
          if (!key.scopes.includes(needed)) {
            res.status(403).json({
              detail: `This API key has the scope ${key.scopes.join(", ")}: it may not ${needed === "read" ? "read" : "create or change"} anything here.`,
            });
            return;
          }
          identity.userId = key.userId;
          identity.apiKey = { id: key.id, scopes: key.scopes };
          req.keyCallCount = key.counted ?? undefined;
          req.subscriptionsCache = Promise.resolve(key.subscriptions);
        }
      }
      const queryUserId = typeof req.query.user_id === "string" ? req.query.user_id : undefined;
      if (!identity.userId && !identity.anonymousId && queryUserId && UUID.test(queryUserId)) {
        identity.anonymousId = queryUserId;
      }
      req.identity = identity;
      next();
    } catch (e) {
      next(e);
    }
  };
}

export function requireUserId(req: Request): string {
  if (!req.identity.userId)
    throw unauthorized("You need to be logged in to save drafts or create a forecast");
  return req.identity.userId;
}

/**
 * The user, logged in through the web app: account settings (keys, sessions, password, company)
 * cannot be changed with an API key, so that a leaked key cannot make itself more keys.
 */
export function requireAccountUser(req: Request): string {
  const userId = requireUserId(req);
  if (req.identity.apiKey)
    throw forbidden("API keys cannot manage the account: use your profile page to change keys and sessions.");
  return userId;
}

/** Subscriptions and flags of the caller, loaded once per request. */
export function access(ctx: ApiContext, req: Request): Promise<Access> {
  req.accessCache ??= Promise.all([callerSubscriptions(ctx, req), flagsOf(ctx.db, req.identity.userId)]).then(
    ([subscriptions, flags]) => ({ subscriptions, flags }),
  );
  return req.accessCache;
}

/** The caller's subscriptions alone (one query fewer, for the calls that need no flags), once per request. */
export function callerSubscriptions(ctx: ApiContext, req: Request): Promise<Set<string>> {
  req.subscriptionsCache ??= subscriptionsOf(ctx.db, req.identity.userId);
  return req.subscriptionsCache;
}

/** The owner key of things an anonymous visitor may own (downloads): user id or anonymous id. */
export function ownerOf(req: Request): { userId?: string; anonymousId?: string } {
  return req.identity.userId ? { userId: req.identity.userId } : { anonymousId: req.identity.anonymousId };
}
