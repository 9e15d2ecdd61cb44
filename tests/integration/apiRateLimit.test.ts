// Per-key rate limits: an API key gets its calls a minute, then 429 with Retry-After (documented,
// in the one error shape: the contract check of `call` sees to that); the web app is not limited.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { createApiKey } from "../../api/auth/apiKeys.ts";

let t: TestBackend;
beforeAll(async () => {
  process.env.VOLTCAST_API_KEY_CALLS_PER_MINUTE = "3";
  t = await startTestBackend();
});
afterAll(async () => {
  delete process.env.VOLTCAST_API_KEY_CALLS_PER_MINUTE;
  await t?.stop();
});

describe("per-key rate limit", () => {
  it("answers 429 with Retry-After once a key has made its calls of the minute, per key", async () => {
    const user = await t.userId("pro@voltcast.local");
    const a = (await createApiKey(t.backend.ctx.db, user, { name: "a" })).key;
    const b = (await createApiKey(t.backend.ctx.db, user, { name: "b" })).key;
    for (let i = 0; i < 3; i++) {
      const ok = await t.call("/users/me", { as: { apiKey: a } });
      expect(ok.status).toBe(200);
      expect(ok.headers.get("ratelimit-remaining")).toBe(String(2 - i));
    }
    const refused = await t.call("/users/me", { as: { apiKey: a } });
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.body.retryAfterSeconds).toBe(wait);
    expect(refused.body.detail).toContain("3 a minute");
    // Another key, and the web app on the same user's behalf, are not held back.
    expect((await t.call("/users/me", { as: { apiKey: b } })).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await t.call("/users/me", { as: "pro@voltcast.local" })).status).toBe(200);
  });

  it("is stated in the API description", async () => {
    const doc = (await t.call("/openapi.json")).body;
    expect(doc.info.description).toContain("3 calls a minute per API key");
    expect(doc.paths["/forecast/run-library/"].get.responses["429"].headers["Retry-After"]).toBeDefined();
  });
});
