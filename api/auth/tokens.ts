// The API's side of the short-lived tokens by which the web app (BFF) calls it on a visitor's behalf:
// the visitor's session token (checked against the sessions table) or their anonymous id. Callers
// that hold the secret may also name a user directly (tests); the web app never does, so that an
// ended session is ended everywhere. The web app signs (app/services/webAppToken.server.ts); the
// format is a standard JWT whose claims are the shared contract app/validation/webAppToken.ts
// (decision 0030).
import { createHmac } from "node:crypto";
import { jwtVerify } from "jose";
import { WEB_APP_TOKEN, WebAppTokenClaims } from "../../app/validation/webAppToken.ts";

export interface TokenSubject {
  userId?: string;
  /** The browser's session token (api/auth/sessions.ts). */
  sessionToken?: string;
  anonymousId?: string;
}

const keyOf = (secret: string) => createHmac("sha256", secret).update(WEB_APP_TOKEN.keyLabel).digest();

/**
 * Tokens already verified, with their expiry: the web app reuses a visitor's token for a minute
 * (webAppToken.server.ts), so most calls skip the HMAC check (issue 29). Keyed by secret and token;
 * a token is immutable, and its expiry is still checked at every use.
 */
const verified = new Map<string, { subject: TokenSubject; expiresMs: number }>();
const MAX_VERIFIED = 10_000;

/** Who a valid, unexpired token names; null for anything else (an API key, a forgery, an old token). */
export async function verifyInternalToken(
  secret: string,
  token: string,
  now = new Date(),
): Promise<TokenSubject | null> {
  const key = `${secret}\n${token}`;
  const known = verified.get(key);
  if (known) return now.getTime() < known.expiresMs ? known.subject : null;
  const subject = await verifiedSubject(secret, token, now);
  if (subject) {
    if (verified.size >= MAX_VERIFIED) verified.clear();
    verified.set(key, subject);
  }
  return subject?.subject ?? null;
}

async function verifiedSubject(
  secret: string,
  token: string,
  now: Date,
): Promise<{ subject: TokenSubject; expiresMs: number } | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ["HS256"],
      issuer: WEB_APP_TOKEN.issuer,
      audience: WEB_APP_TOKEN.audience,
      requiredClaims: ["exp"],
      currentDate: now,
    });
    const claims = WebAppTokenClaims.safeParse(payload);
    if (!claims.success) return null;
    return {
      subject: { userId: claims.data.sub, sessionToken: claims.data.sid, anonymousId: claims.data.anon },
      // exp is required above
      expiresMs: payload.exp! * 1000,
    };
  } catch {
    return null;
  }
}
