// Per-key rate limits (issue 20, decision 0017): each API key may make `perMinute` calls in a
// minute (a window that starts at its first call), then 429 with Retry-After. Counted in PostgreSQL,
// one row per key updated atomically, so the limit holds across any number of web/API processes
// (issue 28, item 6). Calls from the web app (its internal token) and anonymous calls are not
// counted here: the web app has limits of its own.
import type { NextFunction, Request, Response } from "express";
import { sql } from "drizzle-orm";
import { parseEnv } from "../config.ts";
import type { Db } from "../db/client.ts";
import { apiKeyCalls } from "../db/schema/index.ts";

/** The limit in force: VOLTCAST_API_KEY_CALLS_PER_MINUTE (default 120, api/config.ts). */
export function keyCallsPerMinute(): number {
  return parseEnv().VOLTCAST_API_KEY_CALLS_PER_MINUTE;
}

/** Counts one call of the key; returns the calls in its current window and the ms left of it. */
async function countCall(db: Db, keyId: string): Promise<{ calls: number; msLeft: number }> {
  // sql fragments: the window restarts inside the upsert (CASE on the stored row), which the
  // builder has no words for; every SET expression reads the row as it was.
  const expired = sql`${apiKeyCalls.windowStart} <= now() - interval '1 minute'`;
  // A script's concurrent calls all write this one row: the table is unlogged (migration 0503), so
  // each commit releases the row without waiting for the disk (issue 29).
  const [row] = await db
    .insert(apiKeyCalls)
    .values({ keyId, windowStart: sql`now()`, calls: 1 })
    .onConflictDoUpdate({
      target: apiKeyCalls.keyId,
      set: {
        windowStart: sql`case when ${expired} then now() else ${apiKeyCalls.windowStart} end`,
        calls: sql`case when ${expired} then 1 else ${apiKeyCalls.calls} + 1 end`,
      },
    })
    .returning({
      calls: apiKeyCalls.calls,
      msLeft: sql<number>`(extract(epoch from ${apiKeyCalls.windowStart} + interval '1 minute' - now()) * 1000)::float8`,
    });
  return row;
}

export function rateLimitPerKey(db: Db, perMinute: number) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const key = req.identity?.apiKey?.id;
    if (!key) return next();
    try {
      const { calls, msLeft } = await countCall(db, key);
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
