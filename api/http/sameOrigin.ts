// Protection against cross-site request forgery for the web app's form posts: a post must come
// from a page of this site. Browsers send Origin (and Sec-Fetch-Site) on every cross-site post;
// together with SameSite=Lax session cookies this is OWASP's "verify origin with standard headers".
// The API (/api/v1) is exempt: it authenticates with bearer tokens, never cookies.
// The host the browser addressed is `X-Forwarded-Host` only when the request comes from a proxy
// Express trusts (VOLTCAST_TRUSTED_PROXY, api/config.ts); from anyone else that header is ignored,
// so a client cannot name the host its own Origin is compared with (issue 28, item 5).
import type { NextFunction, Request, Response } from "express";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

export function sameOriginPosts(req: Request, res: Response, next: NextFunction) {
  if (SAFE.has(req.method)) return next();
  const site = req.get("sec-fetch-site");
  const origin = req.get("origin");
  const host =
    (fromTrustedProxy(req) && req.get("x-forwarded-host")?.split(",")[0].trim()) || req.get("host");
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

/** Whether the request comes from a proxy that Express's `trust proxy` setting trusts. */
function fromTrustedProxy(req: Request): boolean {
  const trust = req.app?.get("trust proxy fn") as ((address: string, hop: number) => boolean) | undefined;
  const address = req.socket?.remoteAddress;
  return !!trust && !!address && trust(address, 0);
}
