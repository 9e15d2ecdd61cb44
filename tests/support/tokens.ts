// Tokens for tests that call the API directly, signed as the web app signs them (decision 0030);
// unlike the web app, a test may name a user directly.
import { signWebAppToken } from "../../app/services/webAppToken.server.ts";
import type { TokenSubject } from "../../api/auth/tokens.ts";

export function signInternalToken(secret: string, subject: TokenSubject): Promise<string> {
  return signWebAppToken(secret, {
    sub: subject.userId,
    sid: subject.sessionToken,
    anon: subject.anonymousId,
  });
}
