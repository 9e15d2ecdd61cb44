// The token the web app sends with each API call (decision 0030): the visitor's session token, as
// the API issued it at log-in, and their anonymous id, in a two-minute JWT signed with the shared
// secret. The web app never names a user itself: an ended session is ended for it too.
import { createHmac } from "node:crypto";
import { SignJWT } from "jose";
import { WEB_APP_TOKEN, type WebAppTokenClaims } from "~/validation/webAppToken";

/** Who the API should take this request's visitor for. */
export interface ApiVisitor {
  sessionToken?: string;
  anonymousId?: string;
}

/**
 * A page makes several API calls, and a browser several pages: the visitor's token is signed once
 * and reused while it has at least half its life left (signing is HMAC through WebCrypto, a few
 * percent of a page's CPU; issue 29). Reuse changes nothing the API checks: the session behind the
 * token is still looked up on every call.
 */
const signed = new Map<string, { token: Promise<string>; reuseUntil: number }>();
const MAX_SIGNED = 10_000;

export function webAppToken(secret: string, visitor: ApiVisitor): Promise<string> {
  const key = `${secret}\n${visitor.sessionToken ?? ""}\n${visitor.anonymousId ?? ""}`;
  const now = Date.now();
  const found = signed.get(key);
  if (found && found.reuseUntil > now) return found.token;
  // Many visitors, each seen briefly: forgetting them all at once keeps this bounded and simple.
  if (signed.size >= MAX_SIGNED) signed.clear();
  const token = signWebAppToken(secret, { sid: visitor.sessionToken, anon: visitor.anonymousId });
  signed.set(key, { token, reuseUntil: now + (WEB_APP_TOKEN.ttlSeconds * 1000) / 2 });
  token.catch(() => signed.delete(key));
  return token;
}

/** A token with these claims (the web app's own name a visitor; tests may name a user, `sub`). */
export function signWebAppToken(secret: string, claims: WebAppTokenClaims): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(WEB_APP_TOKEN.issuer)
    .setAudience(WEB_APP_TOKEN.audience)
    .setIssuedAt()
    .setExpirationTime(`${WEB_APP_TOKEN.ttlSeconds}s`)
    .sign(createHmac("sha256", secret).update(WEB_APP_TOKEN.keyLabel).digest());
}
