// The token by which the web app calls the API as its visitor (decisions 0001, 0030): a standard JWT
// (RFC 7519, HS256) that lives two minutes, signed with a key derived from SESSION_SECRET. The web
// app signs it (app/services/webAppToken.server.ts), the API checks it (api/auth/tokens.ts), each with the
// jose library; what both must agree on is here.
import { z } from "zod";

export const WEB_APP_TOKEN = {
  issuer: "voltcast-web",
  audience: "voltcast-api",
  ttlSeconds: 120,
  /** The signing key is HMAC-SHA256(SESSION_SECRET, keyLabel): not the cookie-signing key itself. */
  keyLabel: "voltcast-internal-token",
} as const;

/** Who the API should take the caller for. */
export const WebAppTokenClaims = z.object({
  /** The visitor's session token, as the API issued it at log-in (checked against its sessions). */
  sid: z.string().min(1).optional(),
  /** The anonymous visitor's id (spec §6 `user_id`). */
  anon: z.string().min(1).optional(),
  /** A user named directly: server-side callers holding the secret (tests) only, never the web app. */
  sub: z.string().min(1).optional(),
});
export type WebAppTokenClaims = z.infer<typeof WebAppTokenClaims>;
