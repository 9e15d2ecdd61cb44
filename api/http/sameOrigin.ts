// Protection against cross-site request forgery for the web app's form posts: a post must come
// from a page of this site. Browsers send Origin (and Sec-Fetch-Site) on every cross-site post;
// together with SameSite=Lax session cookies this is OWASP's "verify origin with standard headers".
// The API (/api/v1) is exempt: it authenticates with bearer tokens, never cookies.
import type { NextFunction, Request, Response } from "express";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

export function sameOriginPosts(req: Request, res: Response, next: NextFunction) {
  if (SAFE.has(req.method)) return next();
  const site = req.get("sec-fetch-site");
  const origin = req.get("origin");
  const host = req.get("x-forwarded-host") ?? req.get("host");
  let crossSite = site !== undefined && site !== "same-origin" && site !== "none";
  if (origin && origin !== "null") {
    try {
      crossSite ||= new URL(origin).host !== host;
    } catch {
      crossSite = true;
    }
  } else if (origin === "null" && site === undefined) {
    // An opaque origin with nothing else to go on: refuse.
    crossSite = true;
  }
  if (crossSite) {
    res.status(403).type("text").send("Forbidden: this form was posted from another site.");
    return;
  }
  next();
}
