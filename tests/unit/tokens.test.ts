import { describe, expect, it } from "vitest";
import { signInternalToken, verifyInternalToken } from "../../api/auth/tokens.ts";

const SECRET = "s".repeat(40);

describe("internal tokens (web app → API)", () => {
  it("carry the user or the anonymous visitor", () => {
    expect(verifyInternalToken(SECRET, signInternalToken(SECRET, { userId: "u1" }))).toEqual({
      userId: "u1",
      anonymousId: undefined,
    });
    expect(verifyInternalToken(SECRET, signInternalToken(SECRET, { anonymousId: "a1" }))).toEqual({
      userId: undefined,
      anonymousId: "a1",
    });
  });
  it("are refused when signed with another secret, tampered with, or expired", () => {
    const token = signInternalToken(SECRET, { userId: "u1" });
    expect(verifyInternalToken("t".repeat(40), token)).toBeNull();
    const [prefixBody, sig] = token.split(".").slice(1);
    const forged = `vci.${Buffer.from(JSON.stringify({ u: "admin", exp: 9e9 })).toString("base64url")}.${sig}`;
    expect(prefixBody).toBeDefined();
    expect(verifyInternalToken(SECRET, forged)).toBeNull();
    expect(verifyInternalToken(SECRET, token, Date.now() + 10 * 60_000)).toBeNull();
  });
});
