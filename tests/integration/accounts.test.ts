// Accounts through the API against a real PostgreSQL: sign-up, log-in and its rate limit,
// the caller's profile, API keys, upgrade requests, and admin grants and flags.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { grantSubscription, revokeSubscription, setFlag, newApiKey } from "../../api/admin/commands.ts";
import { MAX_FAILURES_PER_EMAIL } from "../../api/auth/loginLimit.ts";

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
});
afterAll(async () => {
  await t?.stop();
});

describe("sign-up", () => {
  it("creates a user whose password is stored hashed, and logs in with it", async () => {
    const res = await t.call("/auth/signup", {
      body: {
        email: "Ada@Example.com",
        fullName: "Ada L",
        companyName: "Engines Ltd",
        password: "difference-engine",
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: "ada@example.com",
      fullName: "Ada L",
      companyName: "Engines Ltd",
    });
    const { rows } = await t.backend.ctx.pool.query(
      "select password_hash from users where email = 'ada@example.com'",
    );
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    const login = await t.call("/auth/login", {
      body: { email: "ada@example.com", password: "difference-engine" },
    });
    expect(login.status).toBe(200);
    expect(login.body.email).toBe("ada@example.com");
    expect(login.body.passwordHash).toBeUndefined();
  });

  it("names each bad field", async () => {
    const res = await t.call("/auth/signup", { body: { email: "nope", fullName: "", password: "short" } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      email: ["Please enter a valid email address"],
      fullName: ["Please enter your name"],
      companyName: ["Please enter your company name"],
      password: ["The password should be at least 10 characters."],
    });
  });

  it("refuses a taken email and leaves the existing account alone", async () => {
    const res = await t.call("/auth/signup", {
      body: {
        email: "free@voltcast.local",
        fullName: "Impostor",
        companyName: "X",
        password: "0123456789ab",
      },
    });
    expect(res.status).toBe(409);
    expect(res.body.errors.email).toEqual(["An account with this email already exists"]);
    const login = await t.call("/auth/login", {
      body: { email: "free@voltcast.local", password: "voltcast-demo" },
    });
    expect(login.status).toBe(200);
    expect(login.body.fullName).toBe("Fran Free");
  });
});

describe("log-in", () => {
  it("refuses a wrong password without saying which part was wrong", async () => {
    const wrong = await t.call("/auth/login", { body: { email: "gb@voltcast.local", password: "nope" } });
    const unknown = await t.call("/auth/login", {
      body: { email: "nobody@voltcast.local", password: "nope" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.errors.password).toEqual(["The email or password is not correct"]);
    expect(unknown.body).toEqual(wrong.body);
  });

  it("is rate-limited per email after repeated failures, even with the right password", async () => {
    const email = "limited@example.com";
    await t.call("/auth/signup", {
      body: { email, fullName: "L", companyName: "L", password: "right-password" },
    });
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) {
      expect((await t.call("/auth/login", { body: { email, password: "wrong" } })).status).toBe(401);
    }
    const blocked = await t.call("/auth/login", { body: { email, password: "right-password" } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(
      /^Too many failed log-in attempts. Please try again in \d+ minutes?\.$/,
    );
    // Another account is not affected.
    expect(
      (await t.call("/auth/login", { body: { email: "pro@voltcast.local", password: "voltcast-demo" } }))
        .status,
    ).toBe(200);
  });
});

describe("the caller", () => {
  it("an anonymous visitor is known by their id and has no subscriptions", async () => {
    const res = await t.call("/users/me", { as: { anonymousId: "0b0e4a3c-4a4d-4c1e-9a55-1f1f1f1f1f1f" } });
    expect(res.status).toBe(200);
    expect(res.body.user).toBeNull();
    expect(res.body.anonymousId).toBe("0b0e4a3c-4a4d-4c1e-9a55-1f1f1f1f1f1f");
    expect(res.body.subscriptions).toEqual([]);
    expect(res.body.flags.forecast_new_form).toBe(true);
  });

  it("demo accounts hold their subscriptions", async () => {
    const free = await t.call("/users/me", { as: "free@voltcast.local" });
    const gb = await t.call("/users/me", { as: "gb@voltcast.local" });
    const pro = await t.call("/users/me", { as: "pro@voltcast.local" });
    expect(free.body.subscriptions).toEqual([]);
    expect(gb.body.subscriptions).toContain("forecast_gb_bess");
    expect(gb.body.subscriptions).not.toContain("forecast_ercot_nodal");
    expect(pro.body.subscriptions).toContain("forecast_ercot_nodal");
    expect(pro.body.flags.portfolio_access).toBe(true);
    expect(gb.body.flags.portfolio_access).toBe(false);
  });

  it("a forged or expired token is refused", async () => {
    const res = await fetch(`${t.baseUrl}/users/me`, {
      headers: { authorization: "Bearer vci.eyJ1IjoieCJ9.bad" },
    });
    expect(res.status).toBe(401);
  });
});

describe("API keys", () => {
  it("a key created by the user authenticates API calls until it is revoked", async () => {
    const created = await t.call("/users/me/api-keys", {
      as: "gb@voltcast.local",
      body: { name: "notebook" },
    });
    expect(created.status).toBe(201);
    const key = created.body.key as string;
    expect(key).toMatch(/^vc_/);
    const me = await t.call("/users/me", { as: { apiKey: key } });
    expect(me.body.user.email).toBe("gb@voltcast.local");
    const list = await t.call("/users/me/api-keys", { as: "gb@voltcast.local" });
    expect(list.body.map((k: { name: string }) => k.name)).toContain("notebook");
    expect(JSON.stringify(list.body)).not.toContain(key);
    expect(
      (await t.call(`/users/me/api-keys/${created.body.id}`, { as: "gb@voltcast.local", method: "DELETE" }))
        .status,
    ).toBe(204);
    expect((await t.call("/users/me", { as: { apiKey: key } })).status).toBe(401);
  });

  it("one user cannot revoke another's key", async () => {
    const created = await t.call("/users/me/api-keys", { as: "pro@voltcast.local", body: { name: "mine" } });
    const res = await t.call(`/users/me/api-keys/${created.body.id}`, {
      as: "gb@voltcast.local",
      method: "DELETE",
    });
    expect(res.status).toBe(404);
    expect((await t.call("/users/me", { as: { apiKey: created.body.key } })).status).toBe(200);
  });

  it("the admin command prints a working key", async () => {
    const key = await newApiKey(t.backend.ctx.pool, "free@voltcast.local");
    expect((await t.call("/users/me", { as: { apiKey: key.key } })).body.user.email).toBe(
      "free@voltcast.local",
    );
  });

  it("creating a key needs a log-in", async () => {
    const res = await t.call("/users/me/api-keys", { body: { name: "x" } });
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe("You need to be logged in to save drafts or create a forecast");
  });
});

describe("subscriptions and flags", () => {
  it("an upgrade request is recorded once and approved by a grant", async () => {
    const a = await t.call("/users/me/upgrade-requests", {
      as: "free@voltcast.local",
      body: { subscription: "data_gb" },
    });
    const b = await t.call("/users/me/upgrade-requests", {
      as: "free@voltcast.local",
      body: { subscription: "data_gb" },
    });
    expect(a.status).toBe(201);
    expect(a.body.detail).toBe("Your upgrade request has been sent");
    expect(b.status).toBe(201);
    const pending = await t.call("/users/me/upgrade-requests", { as: "free@voltcast.local" });
    expect(pending.body).toHaveLength(1);
    await grantSubscription(t.backend.ctx.pool, "data_gb", { user: "free@voltcast.local" });
    expect((await t.call("/users/me", { as: "free@voltcast.local" })).body.subscriptions).toEqual([
      "data_gb",
    ]);
    expect((await t.call("/users/me/upgrade-requests", { as: "free@voltcast.local" })).body[0].status).toBe(
      "approved",
    );
    await revokeSubscription(t.backend.ctx.pool, "data_gb", { user: "free@voltcast.local" });
    expect((await t.call("/users/me", { as: "free@voltcast.local" })).body.subscriptions).toEqual([]);
  });

  it("a company grant reaches every user of the company", async () => {
    await t.call("/auth/signup", {
      body: { email: "a@co.example", fullName: "A", companyName: "Shared Co", password: "0123456789ab" },
    });
    await t.call("/auth/signup", {
      body: { email: "b@co.example", fullName: "B", companyName: "Shared Co", password: "0123456789ab" },
    });
    await grantSubscription(t.backend.ctx.pool, "world_view_ercot", { company: "Shared Co" });
    expect((await t.call("/users/me", { as: "b@co.example" })).body.subscriptions).toEqual([
      "world_view_ercot",
    ]);
  });

  it("an unknown subscription is refused by name", async () => {
    const res = await t.call("/users/me/upgrade-requests", {
      as: "free@voltcast.local",
      body: { subscription: "gold" },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.subscription).toEqual(["No such subscription"]);
    await expect(
      grantSubscription(t.backend.ctx.pool, "gold", { user: "free@voltcast.local" }),
    ).rejects.toThrow(/No subscription gold/);
  });

  it("flags can be set globally and per user, and a user override wins", async () => {
    const pool = t.backend.ctx.pool;
    await setFlag(pool, "forecast_hide_drafts", "on");
    expect((await t.call("/users/me", { as: "gb@voltcast.local" })).body.flags.forecast_hide_drafts).toBe(
      true,
    );
    await setFlag(pool, "forecast_hide_drafts", "off", "gb@voltcast.local");
    expect((await t.call("/users/me", { as: "gb@voltcast.local" })).body.flags.forecast_hide_drafts).toBe(
      false,
    );
    expect((await t.call("/users/me", { as: "pro@voltcast.local" })).body.flags.forecast_hide_drafts).toBe(
      true,
    );
    await setFlag(pool, "forecast_hide_drafts", "default");
    await setFlag(pool, "forecast_hide_drafts", "default", "gb@voltcast.local");
    expect((await t.call("/users/me", { as: "pro@voltcast.local" })).body.flags.forecast_hide_drafts).toBe(
      false,
    );
  });
});

describe("API description", () => {
  it("serves OpenAPI built from the schemas, and a readable page", async () => {
    const doc = await (await fetch(`${t.baseUrl}/openapi.json`)).json();
    expect(doc.openapi).toBe("3.1.0");
    expect(
      doc.paths["/auth/signup"].post.requestBody.content["application/json"].schema.properties.email,
    ).toBeDefined();
    const html = await (await fetch(`${t.baseUrl}/docs`)).text();
    expect(html).toContain("/api/v1/auth/signup");
  });
});
