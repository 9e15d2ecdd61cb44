// Conditional GET (RFC 9110 §13): an answer that depends only on stored data that rarely changes
// (market history) is tagged from what it depends on, before the costly part is computed. A client
// that sends the tag back (If-None-Match) and whose data has not changed gets 304 without a body,
// so the database does not read the points again. The caller checks access first: a 304 is only
// ever given to a caller who may read the answer.
import { createHash } from "node:crypto";
import type { Request, Response } from "express";

/** A weak entity tag for whatever `parts` describe (each part JSON-serialisable). */
export function entityTag(...parts: unknown[]): string {
  const hash = createHash("sha1").update(JSON.stringify(parts)).digest("base64url").slice(0, 27);
  return `W/"${hash}"`;
}

/**
 * If-None-Match evaluated as RFC 9110 §13.1.2 says (weak comparison, `*` matches). Not Express's
 * `req.fresh`: it also declines whenever the request says `Cache-Control: no-cache`, which fetch()
 * adds to every request carrying If-None-Match — the origin may still answer 304 then.
 */
function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const opaque = (t: string) => t.trim().replace(/^W\//, "");
  return header.split(",").some((t) => t.trim() === "*" || opaque(t) === opaque(tag));
}

/**
 * Sets the answer's tag and, when the request's If-None-Match matches it, answers 304 and returns
 * true (the caller then sends nothing more). `no-cache`: the browser may keep the answer but asks
 * again each time, so a revoked session or subscription is refused at once.
 */
export function answeredNotModified(req: Request, res: Response, tag: string): boolean {
  res.setHeader("ETag", tag);
  res.setHeader("Cache-Control", "private, no-cache");
  if (!matches(req.headers["if-none-match"], tag)) return false;
  res.status(304).end();
  return true;
}
