import { describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { verifyInternalToken } from "../../api/auth/tokens.ts";
import { webAppToken } from "../../app/services/webAppToken.server.ts";
import { signInternalToken } from "../support/tokens.ts";

const SECRET = "s".repeat(40);

describe("web app tokens (web app → API, decision 0030)", () => {
  it("the web app's token names its visitor's session and anonymous id, and the API reads it", async () => {
    const token = await webAppToken(SECRET, { sessionToken: "st", anonymousId: "a1" });
    expect(await verifyInternalToken(SECRET, token)).toEqual({
      userId: undefined,
      sessionToken: "st",
      anonymousId: "a1",
    });
  });
  it("server-side callers with the secret may name a user", async () => {
    expect(await verifyInternalToken(SECRET, await signInternalToken(SECRET, { userId: "u1" }))).toEqual({
      userId: "u1",
      sessionToken: undefined,
      anonymousId: undefined,
    });
  });
  it("are refused when signed with another secret, tampered with, expired, or not ours", async () => {
    const token = await webAppToken(SECRET, { anonymousId: "a1" });
    expect(await verifyInternalToken("t".repeat(40), token)).toBeNull();
    const [header, , sig] = token.split(".");
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: "admin", exp: 9e9 })).toString("base64url")}.${sig}`;
    expect(await verifyInternalToken(SECRET, forged)).toBeNull();
    expect(await verifyInternalToken(SECRET, token, new Date(Date.now() + 10 * 60_000))).toBeNull();
    // Signed with the secret itself (not the derived key), or for another audience: refused.
    const raw = await new SignJWT({ sub: "u1" })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("voltcast-web")
      .setAudience("voltcast-api")
      .setExpirationTime("2m")
      .sign(new TextEncoder().encode(SECRET));
    expect(await verifyInternalToken(SECRET, raw)).toBeNull();
    expect(await verifyInternalToken(SECRET, "vc_an-api-key")).toBeNull();
  });
});
