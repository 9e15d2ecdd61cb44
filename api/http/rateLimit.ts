// Per-key rate limits (issue 20, decision 0017): each API key may make `perMinute` calls in a
// minute (a window that starts at its first call), then 429 with Retry-After. Counted in PostgreSQL,
// one row per key updated atomically, so the limit holds across any number of web/API processes
// (issue 28, item 6); the count is made in the statement that reads the key (api/auth/apiKeys.ts,
// apiKeyCall: decision 0521). Calls from the web app (its internal token) and anonymous calls are
// not counted here: the web app has limits of its own.
import type { NextFunction, Request, Response } from "express";
import { parseEnv } from "../config.ts";

/** The limit in force: VOLTCAST_API_KEY_CALLS_PER_MINUTE (default 120, api/config.ts). */
export function keyCallsPerMinute(): number {
  return parseEnv().VOLTCAST_API_KEY_CALLS_PER_MINUTE;
}

/**
 * Answers 429 when the call took its key over the limit. The call was counted as its key was read
 * (identify: apiKeyCall, one statement with the key and the owner's subscriptions, decision 0521).
 */
export function rateLimitPerKey(perMinute: number) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.identity?.apiKey) return next();
    const counted = req.keyCallCount;
    // A key call is always counted by identify: one without a count is refused, never let through.
    if (!counted) return next(new Error("An API key call reached the rate limit uncounted"));
    try {
      const { calls, msLeft } = counted;
      res.setHeader("RateLimit-Limit", String(perMinute));
      res.setHeader("RateLimit-Remaining", String(Math.max(0, perMinute - calls)));
      if (calls <= perMinute) return next();
      const retry = Math.max(1, Math.ceil(msLeft / 1000));
      res.setHeader("Retry-After", String(retry));
      res.status(429).json({
        detail: `Too many calls with this API key: ${perMinute} a minute. Try again in ${retry} s.`,
        retryAfterSeconds: retry,
      });
    } catch (e) {
      next(e);
    }
  };
}
