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

export function webAppToken(secret: string, visitor: ApiVisitor): Promise<string> {
  return signWebAppToken(secret, { sid: visitor.sessionToken, anon: visitor.anonymousId });
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
