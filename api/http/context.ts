// What every API handler needs: the database, the queue, the secret; and who is asking.
import type { NextFunction, Request, Response } from "express";
import type pg from "pg";
import type { Db } from "../db/client.ts";
import type { Queue } from "../jobs/queue.ts";
import { accessOf, type Access } from "../access/access.ts";
import { verifyInternalToken } from "../auth/tokens.ts";
import { userForApiKey } from "../auth/apiKeys.ts";
import { unauthorized } from "./errors.ts";

export interface ApiContext {
  pool: pg.Pool;
  db: Db;
  queue: Queue;
  secret: string;
}

export interface Identity {
  userId?: string;
  /** The anonymous visitor's id (spec §6 `user_id`), when not logged in. */
  anonymousId?: string;
  /** True when the call comes from Voltcast's own web app (internal token). */
  viaWebApp: boolean;
  /** The end user's address as the web app saw it (trusted only from the web app). */
  clientIp: string;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      identity: Identity;
      accessCache?: Promise<Access>;
    }
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who is calling: the web app on a user's behalf, an API key, or an anonymous visitor. */
export function identify(ctx: ApiContext) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const header = req.get("authorization") ?? "";
      const bearer = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
      const identity: Identity = { viaWebApp: false, clientIp: req.ip ?? "unknown" };
      if (bearer) {
        const subject = verifyInternalToken(ctx.secret, bearer);
        if (subject) {
          identity.viaWebApp = true;
          identity.userId = subject.userId;
          identity.anonymousId = subject.anonymousId;
          identity.clientIp = req.get("x-voltcast-client-ip") ?? identity.clientIp;
        } else {
          const userId = await userForApiKey(ctx.pool, bearer);
          if (!userId) {
            res.status(401).json({ detail: "The API key or token is not valid." });
            return;
          }
          identity.userId = userId;
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

/** Subscriptions and flags of the caller, loaded once per request. */
export function access(ctx: ApiContext, req: Request): Promise<Access> {
  req.accessCache ??= accessOf(ctx.pool, req.identity.userId);
  return req.accessCache;
}

/** The owner key of things an anonymous visitor may own (downloads): user id or anonymous id. */
export function ownerOf(req: Request): { userId?: string; anonymousId?: string } {
  return req.identity.userId ? { userId: req.identity.userId } : { anonymousId: req.identity.anonymousId };
}
