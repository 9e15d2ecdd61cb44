// Short-lived tokens by which the web app (BFF) calls the API as the user or the anonymous visitor.
// HMAC-SHA256 over a small JSON body; the key is derived from the session secret so both sides share it.
import { createHmac, timingSafeEqual } from "node:crypto";

export const INTERNAL_TOKEN_PREFIX = "vci.";
const TTL_SECONDS = 120;

export interface TokenSubject {
  userId?: string;
  anonymousId?: string;
}

function key(secret: string) {
  return createHmac("sha256", secret).update("voltcast-internal-token").digest();
}

export function signInternalToken(secret: string, subject: TokenSubject, now = Date.now()): string {
  const body = Buffer.from(
    JSON.stringify({ u: subject.userId, a: subject.anonymousId, exp: Math.floor(now / 1000) + TTL_SECONDS }),
  ).toString("base64url");
  const sig = createHmac("sha256", key(secret)).update(body).digest("base64url");
  return `${INTERNAL_TOKEN_PREFIX}${body}.${sig}`;
}

export function verifyInternalToken(secret: string, token: string, now = Date.now()): TokenSubject | null {
  if (!token.startsWith(INTERNAL_TOKEN_PREFIX)) return null;
  const [body, sig] = token.slice(INTERNAL_TOKEN_PREFIX.length).split(".");
  if (!body || !sig) return null;
  const expected = createHmac("sha256", key(secret)).update(body).digest();
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    if (typeof parsed.exp !== "number" || parsed.exp < Math.floor(now / 1000)) return null;
    return { userId: parsed.u ?? undefined, anonymousId: parsed.a ?? undefined };
  } catch {
    return null;
  }
}
