// Per-key rate limits (issue 20): each API key may make `perMinute` calls in a minute (a fixed
// window per key, counted in this process), then 429 with Retry-After. Calls from the web app (its
// internal token) and anonymous calls are not counted here: the web app has limits of its own.
import type { NextFunction, Request, Response } from "express";
import { parseEnv } from "../config.ts";

/** The limit in force: VOLTCAST_API_KEY_CALLS_PER_MINUTE (default 120, api/config.ts). */
export function keyCallsPerMinute(): number {
  return parseEnv().VOLTCAST_API_KEY_CALLS_PER_MINUTE;
}

export function rateLimitPerKey(perMinute: number, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();
  return (req: Request, res: Response, next: NextFunction) => {
    const key = req.identity?.apiKey?.id;
    if (!key) return next();
    const t = now();
    let w = windows.get(key);
    if (!w || t - w.start >= 60_000) {
      if (windows.size > 10_000) for (const [k, v] of windows) if (t - v.start >= 60_000) windows.delete(k);
      w = { start: t, count: 0 };
      windows.set(key, w);
    }
    w.count++;
    res.setHeader("RateLimit-Limit", String(perMinute));
    res.setHeader("RateLimit-Remaining", String(Math.max(0, perMinute - w.count)));
    if (w.count <= perMinute) return next();
    const retry = Math.max(1, Math.ceil((w.start + 60_000 - t) / 1000));
    res.setHeader("Retry-After", String(retry));
    res.status(429).json({
      detail: `Too many calls with this API key: ${perMinute} a minute. Try again in ${retry} s.`,
      retryAfterSeconds: retry,
    });
  };
}
