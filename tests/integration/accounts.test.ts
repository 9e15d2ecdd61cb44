// Accounts through the API against a real PostgreSQL (issue 18): sign-up with a confirmed address,
// log-in and its throttle, server-side sessions, password change and reset, API keys with scopes,
// companies joined only by invitation, upgrade requests reviewed by the company admin.
import { randomUUID } from "node:crypto";
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";

// Count Argon2 verifications, to check a log-in with an unknown address does the same work.
const argon = vi.hoisted(() => ({ verifies: 0 }));
vi.mock("@node-rs/argon2", async (original) => {
  const m = await original<typeof import("@node-rs/argon2")>();
  return {
    ...m,
    verify: (...args: Parameters<typeof m.verify>) => {
      argon.verifies++;
      return m.verify(...args);
    },
  };
});

import {
  createCompanyWithAdmin,
  decideUpgradeRequest,
  grantSubscription,
  newApiKey,
  openUpgradeRequests,
  removeDemoAccounts,
  resetLink,
  revokeSubscription,
  setFlag,
} from "../../api/admin/commands.ts";
import { mailer, type Mail } from "../../api/auth/mail.ts";
import { PER_ACCOUNT, PER_ACCOUNT_AND_IP, PER_DEVICE } from "../../api/auth/loginThrottle.ts";
import { loadConfig } from "../../api/config.ts";
import { refuseDemoAccountsInProduction } from "../../api/seed/demoAccounts.ts";
import { SIGNUP_SENT } from "../../api/routes/auth.ts";

let t: TestBackend;
const sent: Mail[] = [];
beforeAll(async () => {
  t = await startTestBackend();
  mailer.send = (m) => void sent.push(m);
});
afterAll(async () => {
  await t?.stop();
});

/** A visitor coming through the web app from a given address. */
const from = (ip: string) => ({ as: { anonymousId: randomUUID() }, headers: { "x-voltcast-client-ip": ip } });
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

function linkIn(mail: Mail | undefined, path: string): string {
  const m = mail?.text.match(new RegExp(`${path}/([A-Za-z0-9_-]+)`));
  if (!m) throw new Error(`no ${path} link in ${JSON.stringify(mail)}`);
  return m[1];
}
const lastMailTo = (email: string) => [...sent].reverse().find((m) => m.to === email);

async function signUp(email: string, password = "a-long-enough-passphrase", companyName = "Somewhere Ltd") {
  const res = await t.call("/auth/signup", {
    ...from(freshIp()),
    body: { email, fullName: email.split("@")[0], companyName, password },
  });
  expect(res.status).toBe(202);
  const token = linkIn(lastMailTo(email), "/verify-email");
  const confirmed = await t.call("/auth/verify-email", { ...from(freshIp()), body: { token } });
  expect(confirmed.status).toBe(200);
  return confirmed.body.session.token as string;
}

async function logIn(email: string, password: string, ip = freshIp()) {
  return t.call("/auth/login", { ...from(ip), body: { email, password } });
}

describe("sign-up (items 1 and 11)", () => {
  it("confirms the address by a one-time link before the account can log in", async () => {
    const res = await t.call("/auth/signup", {
      ...from(freshIp()),
      body: {
        email: "Ada@Example.com",
        fullName: "Ada L",
        companyName: "Engines Ltd",
        password: "difference-engine",
      },
    });
    expect(res.status).toBe(202);
    expect(res.body.detail).toBe(SIGNUP_SENT);
    const { rows } = await t.backend.ctx.pool.query(
      "select password_hash from users where email = 'ada@example.com'",
    );
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    const early = await logIn("ada@example.com", "difference-engine");
    expect(early.status).toBe(403);
    expect(early.body.detail).toMatch(/confirm your e-mail address/);

    const token = linkIn(lastMailTo("ada@example.com"), "/verify-email");
    const confirmed = await t.call("/auth/verify-email", { ...from(freshIp()), body: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.user).toMatchObject({
      email: "ada@example.com",
      companyName: "Engines Ltd",
      company: null,
    });
    const again = await t.call("/auth/verify-email", { ...from(freshIp()), body: { token } });
    expect(again.status).toBe(400);

    const login = await logIn("ada@example.com", "difference-engine");
    expect(login.status).toBe(200);
    expect(login.body.user.email).toBe("ada@example.com");
    expect(login.body.user.passwordHash).toBeUndefined();
  });

  it("answers a taken address exactly as a new one, and tells the owner by e-mail instead", async () => {
    const body = (email: string) => ({
      email,
      fullName: "Impostor",
      companyName: "X",
      password: "an-impostors-passphrase",
    });
    const taken = await t.call("/auth/signup", { ...from(freshIp()), body: body("free@voltcast.local") });
    const fresh = await t.call("/auth/signup", { ...from(freshIp()), body: body("nobody-yet@example.com") });
    expect(taken.status).toBe(fresh.status);
    expect(taken.body).toEqual(fresh.body);
    expect(lastMailTo("free@voltcast.local")?.subject).toBe("You already have a Voltcast account");
    // The existing account is untouched.
    const login = await logIn("free@voltcast.local", "voltcast-demo");
    expect(login.status).toBe(200);
    expect(login.body.user.fullName).toBe("Fran Free");
  });

  it("names each bad field; passwords need 12 characters and must not be common", async () => {
    const res = await t.call("/auth/signup", {
      ...from(freshIp()),
      body: { email: "nope", fullName: "", password: "1111111111" },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      email: ["Please enter a valid email address"],
      fullName: ["Please enter your name"],
      companyName: ["Please enter your company name"],
      password: ["The password should be at least 12 characters."],
    });
    for (const password of ["password1234", "111111111111", "Sunshine2024!", "qwerty123456"]) {
      const common = await t.call("/auth/signup", {
        ...from(freshIp()),
        body: { email: "c@example.com", fullName: "C", companyName: "C", password },
      });
      expect(common.status, password).toBe(400);
      expect(common.body.errors.password[0], password).toMatch(/too common/);
    }
  });

  it("refuses the product's public strings and guessable passwords, saying why (issue 28, item 4)", async () => {
    const refusal = async (password: string) => {
      const res = await t.call("/auth/signup", {
        ...from(freshIp()),
        body: { email: "weak@example.com", fullName: "W", companyName: "W", password },
      });
      expect(res.status, password).toBe(400);
      return res.body.errors.password[0] as string;
    };
    for (const password of [
      "voltcast-demo",
      "Voltcast-Demo!",
      "my-voltcast-login",
      "correcthorsebatterystaple",
    ])
      expect(await refusal(password), password).toMatch(/published with Voltcast|well-known example/);
    for (const password of ["qwertyuiopas", "0123456789abcdef", "purple-elephant", "summer2024summer"])
      expect(await refusal(password), password).toMatch(/too easy to guess.*keyboard runs/);
    // The same rule on a change and a reset.
    const change = await t.call("/users/me/password", {
      as: "gb@voltcast.local",
      body: { currentPassword: "voltcast-demo", newPassword: "correcthorsebatterystaple" },
    });
    expect(change.status).toBe(400);
    expect(change.body.errors.newPassword[0]).toMatch(/well-known example/);
    // A passphrase of one's own is fine.
    const fine = await t.call("/auth/signup", {
      ...from(freshIp()),
      body: { email: "strong@example.com", fullName: "S", companyName: "S", password: "k8#Tq9!zW2pL" },
    });
    expect(fine.status).toBe(202);
  });

  it("refuses control characters in stored text with a message, never a 500", async () => {
    const res = await t.call("/auth/signup", {
      ...from(freshIp()),
      body: {
        email: "ctl@example.com",
        fullName: "Be\u0007ll",
        companyName: "Tab\u000bCo",
        password: "a-long-enough-passphrase",
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.fullName).toEqual(["Please use letters, digits and punctuation only."]);
    expect(res.body.errors.companyName).toEqual(["Please use letters, digits and punctuation only."]);
    const key = await t.call("/users/me/api-keys", {
      as: "gb@voltcast.local",
      body: { name: "k\u001b[31m", scopes: ["read"] },
    });
    expect(key.status).toBe(400);
    expect(key.body.errors.name).toEqual(["Please use letters, digits and punctuation only."]);
  });

  it("is throttled per client address, with Retry-After", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 12; i++) {
      last = await t.call("/auth/signup", {
        ...from(ip),
        body: {
          email: `burst${i}@example.com`,
          fullName: "B",
          companyName: "B",
          password: "burst-password-long",
        },
      });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect(
      (
        await t.call("/auth/signup", {
          ...from(freshIp()),
          body: {
            email: "calm@example.com",
            fullName: "C",
            companyName: "C",
            password: "burst-password-long",
          },
        })
      ).status,
    ).toBe(202);
  });
});

describe("companies (item 1)", () => {
  it("typing a company's name at sign-up gives none of its subscriptions; an accepted invitation does", async () => {
    await signUp("boss@acme.example");
    const db = t.backend.ctx.db;
    await createCompanyWithAdmin(db, "Acme", "boss@acme.example");
    await grantSubscription(db, "forecast_ercot_nodal", { company: "Acme" });

    const squatter = await signUp("squatter@evil.example", "a-long-enough-passphrase", "Acme");
    const me = await t.call("/users/me", { as: { sessionToken: squatter } });
    expect(me.body.user.company).toBeNull();
    expect(me.body.subscriptions).not.toContain("forecast_ercot_nodal");

    const boss = { as: "boss@acme.example" };
    expect((await t.call("/users/me", boss)).body.subscriptions).toContain("forecast_ercot_nodal");
    const invited = await signUp("new-hire@acme.example");
    expect(
      (await t.call("/companies/mine/invitations", { ...boss, body: { email: "new-hire@acme.example" } }))
        .status,
    ).toBe(201);
    // Someone else cannot accept it.
    const invitations = await t.call("/users/me/invitations", { as: { sessionToken: invited } });
    expect(invitations.body).toEqual([expect.objectContaining({ companyName: "Acme" })]);
    const id = invitations.body[0].id;
    expect(
      (await t.call(`/users/me/invitations/${id}/accept`, { as: { sessionToken: squatter }, method: "POST" }))
        .status,
    ).toBe(404);
    expect(
      (await t.call(`/users/me/invitations/${id}/accept`, { as: { sessionToken: invited }, method: "POST" }))
        .status,
    ).toBe(200);
    const joined = await t.call("/users/me", { as: { sessionToken: invited } });
    expect(joined.body.user.company).toMatchObject({ name: "Acme", role: "member" });
    expect(joined.body.subscriptions).toContain("forecast_ercot_nodal");
    expect((await t.call("/users/me", { as: { sessionToken: squatter } })).body.subscriptions).toEqual([]);
  });

  it("only the company admin manages it, and only their own domain joins automatically", async () => {
    const db = t.backend.ctx.db;
    await signUp("admin@grid.example");
    await createCompanyWithAdmin(db, "Grid Co", "admin@grid.example");
    const admin = { as: "admin@grid.example" };
    expect(
      (
        await t.call("/companies/mine/email-domain", {
          ...admin,
          method: "PUT",
          body: { emailDomain: "gmail.com" },
        })
      ).status,
    ).toBe(400);
    const other = await t.call("/companies/mine/email-domain", {
      ...admin,
      method: "PUT",
      body: { emailDomain: "acme.example" },
    });
    expect(other.status).toBe(400);
    expect(other.body.errors.emailDomain[0]).toMatch(/your own e-mail address/);
    expect(
      (
        await t.call("/companies/mine/email-domain", {
          ...admin,
          method: "PUT",
          body: { emailDomain: "grid.example" },
        })
      ).status,
    ).toBe(200);
    const colleague = await signUp("colleague@grid.example");
    const me = await t.call("/users/me", { as: { sessionToken: colleague } });
    expect(me.body.user.company).toMatchObject({ name: "Grid Co", role: "member" });
    // A member is not an admin; an outsider has no company.
    expect(
      (
        await t.call("/companies/mine/invitations", {
          as: { sessionToken: colleague },
          body: { email: "x@y.example" },
        })
      ).status,
    ).toBe(403);
    expect((await t.call("/companies/mine", { as: "free@voltcast.local" })).status).toBe(404);
    // An API key cannot act as the admin.
    const key = await newApiKey(db, "admin@grid.example");
    expect(
      (
        await t.call("/companies/mine/invitations", {
          as: { apiKey: key.key },
          body: { email: "x@y.example" },
        })
      ).status,
    ).toBe(403);
  });

  it("a member's upgrade request is reviewed by the company admin, then confirmed by Voltcast", async () => {
    const db = t.backend.ctx.db;
    const member = { as: "gb@voltcast.local" }; // a member of Voltcast Demo Energy, whose admin is pro@
    const admin = { as: "pro@voltcast.local" };
    const sent1 = await t.call("/users/me/upgrade-requests", {
      ...member,
      body: { subscription: "world_view_ercot" },
    });
    expect(sent1.status).toBe(201);
    expect(sent1.body.detail).toBe("Your upgrade request has been sent");
    const state = async () =>
      (await t.call("/users/me/upgrade-requests", member)).body.find(
        (r: { subscription: string }) => r.subscription === "world_view_ercot",
      ).status;
    expect(await state()).toBe("pending");
    // Voltcast cannot grant it before the company admin has reviewed it.
    const [request] = (await t.call("/companies/mine", admin)).body.requests;
    expect(request).toMatchObject({
      email: "gb@voltcast.local",
      subscription: "world_view_ercot",
      status: "pending",
    });
    await expect(decideUpgradeRequest(db, request.id, true)).rejects.toThrow(/not approved/);
    // Another company's admin cannot review it.
    await signUp("other-admin@other.example");
    await createCompanyWithAdmin(db, "Other Co", "other-admin@other.example");
    expect(
      (
        await t.call(`/companies/mine/upgrade-requests/${request.id}/approve`, {
          as: "other-admin@other.example",
          method: "POST",
        })
      ).status,
    ).toBe(404);

    expect(
      (await t.call(`/companies/mine/upgrade-requests/${request.id}/approve`, { ...admin, method: "POST" }))
        .status,
    ).toBe(200);
    expect(await state()).toBe("approved");
    expect((await t.call("/users/me", member)).body.subscriptions).not.toContain("world_view_ercot");
    expect((await openUpgradeRequests(db)).map((r) => r.id)).toContain(request.id);
    await decideUpgradeRequest(db, request.id, true);
    expect(await state()).toBe("granted");
    expect((await t.call("/users/me", member)).body.subscriptions).toContain("world_view_ercot");

    await t.call("/users/me/upgrade-requests", { ...member, body: { subscription: "world_view_nem" } });
    const second = (await t.call("/companies/mine", admin)).body.requests.find(
      (r: { status: string }) => r.status === "pending",
    );
    expect(
      (await t.call(`/companies/mine/upgrade-requests/${second.id}/decline`, { ...admin, method: "POST" }))
        .status,
    ).toBe(200);
    const declined = (await t.call("/users/me/upgrade-requests", member)).body.find(
      (r: { subscription: string }) => r.subscription === "world_view_nem",
    );
    expect(declined.status).toBe("declined");
  });
});

describe("sessions (item 2)", () => {
  it("log-out ends the session: the same token opens nothing afterwards", async () => {
    const login = await logIn("gb@voltcast.local", "voltcast-demo");
    const session = { as: { sessionToken: login.body.session.token } };
    expect((await t.call("/users/me", session)).body.user.email).toBe("gb@voltcast.local");
    expect((await t.call("/auth/logout", { ...session, method: "POST" })).status).toBe(204);
    expect((await t.call("/users/me", session)).body.user).toBeNull();
    expect((await t.call("/auth/session", session)).body.userId).toBeNull();
    expect((await t.call("/users/me/sessions", session)).status).toBe(401);
  });

  it("ends after the idle timeout and after the absolute lifetime", async () => {
    const pool = t.backend.ctx.pool;
    const idle = (await logIn("gb@voltcast.local", "voltcast-demo")).body.session.token;
    const old = (await logIn("gb@voltcast.local", "voltcast-demo")).body.session.token;
    const fresh = (await logIn("gb@voltcast.local", "voltcast-demo")).body.session.token;
    const [idleId, oldId] = await Promise.all(
      [idle, old].map(
        async (token) =>
          (await t.call("/users/me/sessions", { as: { sessionToken: token } })).body.find(
            (s: { current: boolean }) => s.current,
          ).id,
      ),
    );
    await pool.query(`update sessions set last_seen_at = now() - interval '13 hours' where id = $1`, [
      idleId,
    ]);
    await pool.query(`update sessions set expires_at = now() - interval '1 second' where id = $1`, [oldId]);
    expect((await t.call("/auth/session", { as: { sessionToken: idle } })).body.userId).toBeNull();
    expect((await t.call("/auth/session", { as: { sessionToken: old } })).body.userId).toBeNull();
    expect((await t.call("/auth/session", { as: { sessionToken: fresh } })).body.userId).toBe(
      await t.userId("gb@voltcast.local"),
    );
  });

  it("marks a session used without writing it on every call: last seen is at most a minute behind", async () => {
    const pool = t.backend.ctx.pool;
    const token = (await logIn("gb@voltcast.local", "voltcast-demo")).body.session.token;
    const session = { as: { sessionToken: token } };
    const id = (await t.call("/users/me/sessions", session)).body.find(
      (s: { current: boolean }) => s.current,
    ).id;
    const secondsAgo = async (): Promise<number> =>
      (
        await pool.query(
          `select extract(epoch from now() - last_seen_at)::float8 as s from sessions where id = $1`,
          [id],
        )
      ).rows[0].s;
    await pool.query(`update sessions set last_seen_at = now() - interval '20 seconds' where id = $1`, [id]);
    expect((await t.call("/auth/session", session)).body.userId).toBe(await t.userId("gb@voltcast.local"));
    expect(await secondsAgo()).toBeGreaterThanOrEqual(20);
    await pool.query(`update sessions set last_seen_at = now() - interval '5 minutes' where id = $1`, [id]);
    expect((await t.call("/auth/session", session)).body.userId).toBe(await t.userId("gb@voltcast.local"));
    expect(await secondsAgo()).toBeLessThan(60);
  });

  it("lists the user's sessions; one can be ended, another user's cannot; log out everywhere ends all", async () => {
    const email = "sessions@example.com";
    const first = await signUp(email);
    const second = (await logIn(email, "a-long-enough-passphrase")).body.session.token;
    const list = await t.call("/users/me/sessions", { as: { sessionToken: second } });
    expect(list.body).toHaveLength(2);
    expect(list.body.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const firstId = list.body.find((s: { current: boolean }) => !s.current).id;
    expect(
      (await t.call(`/users/me/sessions/${firstId}`, { as: "pro@voltcast.local", method: "DELETE" })).status,
    ).toBe(404);
    expect(
      (await t.call(`/users/me/sessions/not-a-uuid`, { as: { sessionToken: second }, method: "DELETE" }))
        .status,
    ).toBe(404);
    expect(
      (await t.call(`/users/me/sessions/${firstId}`, { as: { sessionToken: second }, method: "DELETE" }))
        .status,
    ).toBe(204);
    expect((await t.call("/auth/session", { as: { sessionToken: first } })).body.userId).toBeNull();
    const third = (await logIn(email, "a-long-enough-passphrase")).body.session.token;
    expect(
      (await t.call("/users/me/sessions/end-all", { as: { sessionToken: second }, method: "POST" })).body
        .ended,
    ).toBe(2);
    for (const token of [second, third])
      expect((await t.call("/auth/session", { as: { sessionToken: token } })).body.userId).toBeNull();
  });

  it("a password change needs the current password and ends the other sessions", async () => {
    const email = "changer@example.com";
    const here = await signUp(email);
    const elsewhere = (await logIn(email, "a-long-enough-passphrase")).body.session.token;
    const wrong = await t.call("/users/me/password", {
      as: { sessionToken: here },
      body: { currentPassword: "not-it-at-all", newPassword: "an-even-longer-passphrase" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.currentPassword).toEqual(["The current password is not correct"]);
    const common = await t.call("/users/me/password", {
      as: { sessionToken: here },
      body: { currentPassword: "a-long-enough-passphrase", newPassword: "password12345" },
    });
    expect(common.body.errors.newPassword[0]).toMatch(/too common/);
    const ok = await t.call("/users/me/password", {
      as: { sessionToken: here },
      body: { currentPassword: "a-long-enough-passphrase", newPassword: "an-even-longer-passphrase" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.endedSessions).toBe(1);
    expect((await t.call("/auth/session", { as: { sessionToken: here } })).body.userId).not.toBeNull();
    expect((await t.call("/auth/session", { as: { sessionToken: elsewhere } })).body.userId).toBeNull();
    expect((await logIn(email, "a-long-enough-passphrase")).status).toBe(401);
    expect((await logIn(email, "an-even-longer-passphrase")).status).toBe(200);
  });

  it("a reset link works once, within the hour, and ends every session; the admin command prints one", async () => {
    const email = "forgetful@example.com";
    const session = await signUp(email);
    const unknown = await t.call("/auth/password-reset", {
      ...from(freshIp()),
      body: { email: "nobody@example.com" },
    });
    const known = await t.call("/auth/password-reset", { ...from(freshIp()), body: { email } });
    expect(known.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    const token = linkIn(lastMailTo(email), "/reset-password");
    const done = await t.call("/auth/password-reset/complete", {
      ...from(freshIp()),
      body: { token, password: "a-brand-new-passphrase" },
    });
    expect(done.status).toBe(200);
    expect((await t.call("/auth/session", { as: { sessionToken: session } })).body.userId).toBeNull();
    expect((await logIn(email, "a-brand-new-passphrase")).status).toBe(200);
    const reused = await t.call("/auth/password-reset/complete", {
      ...from(freshIp()),
      body: { token, password: "yet-another-passphrase" },
    });
    expect(reused.status).toBe(400);

    const link = await resetLink(t.backend.ctx.db, email, "http://localhost:3000");
    expect(link).toMatch(/^http:\/\/localhost:3000\/reset-password\/[A-Za-z0-9_-]{40,}$/);
    const adminToken = link.split("/").pop()!;
    await t.backend.ctx.pool.query(
      `update account_links set expires_at = now() - interval '1 second' where used_at is null`,
    );
    expect(
      (
        await t.call("/auth/password-reset/complete", {
          ...from(freshIp()),
          body: { token: adminToken, password: "yet-another-passphrase" },
        })
      ).status,
    ).toBe(400);
  });
});

describe("API keys and the password (issue 28, item 2)", () => {
  const makeKey = async (token: string, name: string) => {
    const made = await t.call("/users/me/api-keys", {
      as: { sessionToken: token },
      body: { name, scopes: ["read"] },
    });
    expect(made.status).toBe(201);
    return made.body as { id: string; key: string };
  };
  const listed = async (token: string) =>
    (await t.call("/users/me/api-keys", { as: { sessionToken: token } })).body as {
      name: string;
      revokedAt: string | null;
      revokedBecause: string | null;
    }[];

  it("a reset revokes every key of the account; the list shows them revoked by the reset", async () => {
    const email = "keys-reset@example.com";
    const session = await signUp(email);
    const key = await makeKey(session, "nightly job");
    expect((await t.call("/users/me", { as: { apiKey: key.key } })).status).toBe(200);
    await t.call("/auth/password-reset", { ...from(freshIp()), body: { email } });
    const done = await t.call("/auth/password-reset/complete", {
      ...from(freshIp()),
      body: { token: linkIn(lastMailTo(email), "/reset-password"), password: "a-recovered-passphrase" },
    });
    expect(done.status).toBe(200);
    expect(done.body.revokedApiKeys).toBe(1);
    expect(done.body.detail).toMatch(/API keys were revoked \(1\)/);
    expect((await t.call("/users/me", { as: { apiKey: key.key } })).status).toBe(401);
    const fresh = (await logIn(email, "a-recovered-passphrase")).body.session.token;
    expect(await listed(fresh)).toEqual([
      expect.objectContaining({ name: "nightly job", revokedBecause: "password-reset" }),
    ]);
  });

  it("a change revokes the keys unless the user keeps them on purpose", async () => {
    const email = "keys-change@example.com";
    const session = await signUp(email);
    const first = await makeKey(session, "first");
    const changed = await t.call("/users/me/password", {
      as: { sessionToken: session },
      body: { currentPassword: "a-long-enough-passphrase", newPassword: "the-second-passphrase" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.revokedApiKeys).toBe(1);
    expect((await t.call("/users/me", { as: { apiKey: first.key } })).status).toBe(401);

    const second = await makeKey(session, "second");
    const kept = await t.call("/users/me/password", {
      as: { sessionToken: session },
      body: {
        currentPassword: "the-second-passphrase",
        newPassword: "the-third-passphrase",
        keepApiKeys: true,
      },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.revokedApiKeys).toBe(0);
    expect((await t.call("/users/me", { as: { apiKey: second.key } })).status).toBe(200);
    const list = await listed(session);
    expect(list.find((k) => k.name === "first")).toMatchObject({ revokedBecause: "password-change" });
    expect(list.find((k) => k.name === "second")).toMatchObject({ revokedAt: null, revokedBecause: null });
  });
});

describe("log-in throttle (items 6 and 11, acceptance 4)", () => {
  const owner = "owner@example.com";
  const password = "owners-own-passphrase";
  beforeAll(async () => {
    await signUp(owner, password);
  });
  beforeEach(async () => {
    await t.backend.ctx.pool.query(`delete from login_attempts where email = $1`, [owner]);
  });

  it("slows an attacker's address with Retry-After while the owner logs in with the right password", async () => {
    const attacker = freshIp();
    for (let i = 0; i < PER_ACCOUNT_AND_IP.free; i++)
      expect((await logIn(owner, `guess-number-${i}`, attacker)).status).toBe(401);
    const throttled = await logIn(owner, "another-guess", attacker);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(throttled.body.detail).toMatch(
      /^Too many failed log-in attempts\. Please try again in \d+ seconds?\.$/,
    );
    // Even the right password from the attacker's address waits: the throttle tells nothing.
    expect((await logIn(owner, password, attacker)).status).toBe(429);
    // The owner, from their own address, gets in at once.
    expect((await logIn(owner, password)).status).toBe(200);
  });

  it("many addresses guessing one account slow down strangers, not an address the owner used before", async () => {
    const ownersAddress = freshIp();
    expect((await logIn(owner, password, ownersAddress)).status).toBe(200);
    for (let i = 0; i < PER_ACCOUNT.free + 2; i++) await logIn(owner, `botnet-guess-${i}`, freshIp());
    const stranger = await logIn(owner, password, freshIp());
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(stranger.headers.get("retry-after"))).toBeLessThanOrEqual(PER_ACCOUNT.capSeconds);
    expect((await logIn(owner, password, ownersAddress)).status).toBe(200);
  });

  it("never locks the account: the wait is capped, and after it the owner gets in", async () => {
    const attacker = freshIp();
    for (let i = 0; i < PER_ACCOUNT_AND_IP.free; i++) await logIn(owner, `guess-${i}`, attacker);
    // Time passes: move the failures back beyond their backoff.
    await t.backend.ctx.pool.query(
      `update login_attempts set at = at - interval '5 seconds' where email = $1`,
      [owner],
    );
    expect((await logIn(owner, password, attacker)).status).toBe(200);
  });

  it("a stranger's guesses never lock the owner out of a recognised browser (issue 28, item 3)", async () => {
    const shared = freshIp(); // an office or mobile network the owner shares with the attacker
    const first = await t.call("/auth/login", { ...from(shared), body: { email: owner, password } });
    expect(first.status).toBe(200);
    const device = first.body.device as string;
    expect(device).toMatch(/^[\w-]+\.[\w-]+$/);
    const withDevice = (ip: string, pw: string, d = device) =>
      t.call("/auth/login", { ...from(ip), body: { email: owner, password: pw, device: d } });
    // From the shared address, then from many: more than both allowances.
    for (let i = 0; i <= PER_ACCOUNT_AND_IP.free; i++) await logIn(owner, `shared-guess-${i}`, shared);
    for (let i = 0; i <= PER_ACCOUNT.free; i++) await logIn(owner, `botnet-guess-${i}`, freshIp());
    expect((await logIn(owner, password, shared)).status).toBe(429);
    const elsewhere = await logIn(owner, password, freshIp());
    expect(elsewhere.status).toBe(429);
    expect(Number(elsewhere.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // The owner's browser, from the shared address or a new one, gets in at once.
    expect((await withDevice(shared, password)).status).toBe(200);
    expect((await withDevice(freshIp(), password)).status).toBe(200);
    // A device token signed for another account is no proof for this one.
    const gb = await t.call("/auth/login", {
      ...from(freshIp()),
      body: { email: "gb@voltcast.local", password: "voltcast-demo" },
    });
    expect((await withDevice(freshIp(), password, gb.body.device)).status).toBe(429);
    // A stolen device token buys its own few guesses, then waits like an address.
    for (let i = 0; i < PER_DEVICE.free; i++)
      expect((await withDevice(freshIp(), `thief-${i}`)).status).toBe(401);
    const thief = await withDevice(freshIp(), "thief-again");
    expect(thief.status).toBe(429);
    expect(Number(thief.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });

  it("a wrong password gets the same words for a known and an unknown address, after the same hash work", async () => {
    argon.verifies = 0;
    const wrong = await logIn("gb@voltcast.local", "not-the-password");
    const afterKnown = argon.verifies;
    const unknown = await logIn("nobody-at-all@voltcast.local", "not-the-password");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.errors.password).toEqual(["The email or password is not correct"]);
    expect(unknown.body).toEqual(wrong.body);
    expect(afterKnown).toBe(1);
    expect(argon.verifies - afterKnown).toBe(1);
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
    const res = await t.call(`/users/me`, {
      headers: { authorization: "Bearer vci.eyJ1IjoieCJ9.bad" },
    });
    expect(res.status).toBe(401);
  });
});

describe("API keys (item 11)", () => {
  const both = { scopes: ["read", "run"] };

  it("a key created by the user authenticates API calls until it is revoked", async () => {
    const created = await t.call("/users/me/api-keys", {
      as: "gb@voltcast.local",
      body: { name: "notebook", ...both },
    });
    expect(created.status).toBe(201);
    const key = created.body.key as string;
    expect(key).toMatch(/^vc_/);
    const me = await t.call("/users/me", { as: { apiKey: key } });
    expect(me.body.user.email).toBe("gb@voltcast.local");
    const list = await t.call("/users/me/api-keys", { as: "gb@voltcast.local" });
    const listed = list.body.find((k: { name: string }) => k.name === "notebook");
    expect(listed).toMatchObject({ scopes: ["read", "run"], expiresAt: null });
    expect(listed.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(list.body)).not.toContain(key);
    expect(
      (await t.call(`/users/me/api-keys/${created.body.id}`, { as: "gb@voltcast.local", method: "DELETE" }))
        .status,
    ).toBe(204);
    expect((await t.call("/users/me", { as: { apiKey: key } })).status).toBe(401);
  });

  it("a key cannot create, list or revoke keys, nor manage sessions or the password", async () => {
    const { key } = await newApiKey(t.backend.ctx.db, "pro@voltcast.local");
    const as = { as: { apiKey: key } };
    expect((await t.call("/users/me/api-keys", { ...as, body: { name: "child", ...both } })).status).toBe(
      403,
    );
    expect((await t.call("/users/me/api-keys", as)).status).toBe(403);
    expect((await t.call("/users/me/sessions", as)).status).toBe(403);
    expect(
      (
        await t.call("/users/me/password", {
          ...as,
          body: { currentPassword: "x", newPassword: "a-long-enough-passphrase" },
        })
      ).status,
    ).toBe(403);
    const { rows } = await t.backend.ctx.pool.query(
      `select count(*)::int as n from api_keys where name = 'child'`,
    );
    expect(rows[0].n).toBe(0);
  });

  it("a read-only key reads but cannot create; an expired key is refused", async () => {
    const read = await t.call("/users/me/api-keys", {
      as: "pro@voltcast.local",
      body: { name: "reader", scopes: ["read"], expiresInDays: 30 },
    });
    expect(read.status).toBe(201);
    expect(new Date(read.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86400_000);
    expect((await t.call("/users/me", { as: { apiKey: read.body.key } })).status).toBe(200);
    const write = await t.call("/users/me/upgrade-requests", {
      as: { apiKey: read.body.key },
      body: { subscription: "data_gb" },
    });
    expect(write.status).toBe(403);
    expect(write.body.detail).toMatch(/scope read/);
    await t.backend.ctx.pool.query(
      `update api_keys set expires_at = now() - interval '1 second' where id = $1`,
      [read.body.id],
    );
    expect((await t.call("/users/me", { as: { apiKey: read.body.key } })).status).toBe(401);
    const bad = await t.call("/users/me/api-keys", {
      as: "pro@voltcast.local",
      body: { name: "x", scopes: ["admin"], expiresInDays: 7 },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["expiresInDays", "scopes.0"]);
  });

  it("one user cannot revoke another's key; an unknown id is 404", async () => {
    const created = await t.call("/users/me/api-keys", {
      as: "pro@voltcast.local",
      body: { name: "mine", ...both },
    });
    expect(
      (await t.call(`/users/me/api-keys/${created.body.id}`, { as: "gb@voltcast.local", method: "DELETE" }))
        .status,
    ).toBe(404);
    expect(
      (await t.call(`/users/me/api-keys/12345678901234567890`, { as: "gb@voltcast.local", method: "DELETE" }))
        .status,
    ).toBe(404);
    expect((await t.call("/users/me", { as: { apiKey: created.body.key } })).status).toBe(200);
  });

  it("creating a key needs a log-in", async () => {
    const res = await t.call("/users/me/api-keys", { body: { name: "x", ...both } });
    expect(res.status).toBe(401);
  });
});

describe("demo accounts (item 7)", () => {
  it("are seeded only in development or when VOLTCAST_SEED_DEMO=true says so", () => {
    const base = { DATABASE_URL: "postgres://x@127.0.0.1/x", SESSION_SECRET: "s".repeat(40) };
    expect(
      loadConfig({ ...base, NODE_ENV: "production", VOLTCAST_DATA_DIR: "/tmp/vc-demo-a" }).seedDemo,
    ).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", VOLTCAST_DATA_DIR: "/tmp/vc-demo-b" }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: "development", VOLTCAST_DATA_DIR: "/tmp/vc-demo-c" }).seedDemo).toBe(true);
    // A worker (`npm run worker`, development by default) against a deployment's database seeds nothing.
    expect(loadConfig({ ...base, VOLTCAST_DATA_DIR: "/tmp/vc-demo-e" }).seedDemo).toBe(false);
    expect(
      loadConfig({
        ...base,
        NODE_ENV: "production",
        VOLTCAST_SEED_DEMO: "true",
        VOLTCAST_DATA_DIR: "/tmp/vc-demo-d",
      }).seedDemo,
    ).toBe(true);
  });

  it("`npm start` (production) stops with a message naming them when its database has them", () => {
    const env = { ...process.env };
    delete env.VOLTCAST_SEED_DEMO;
    const res = spawnSync("npx", ["tsx", "server.ts"], {
      env: {
        ...env,
        NODE_ENV: "production",
        DATABASE_URL: t.databaseUrl,
        SESSION_SECRET: "s".repeat(40),
        PORT: "3197", // never listened on: start-up stops first
        VOLTCAST_DATA_DIR: mkdtempSync(path.join(tmpdir(), "voltcast-demo-refusal-")),
        LOG_LEVEL: "silent",
      },
      encoding: "utf8",
      timeout: 90_000,
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain("This database has the demo accounts free@voltcast.local");
    expect(res.stderr).toContain("npm run admin -- remove-demo-accounts");
    expect(res.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
  });

  it("production refuses to start with them present unless told so, and starts once they are removed", async () => {
    const db = t.backend.ctx.db;
    await expect(refuseDemoAccountsInProduction(db, { NODE_ENV: "production" })).rejects.toThrow(
      /pro@voltcast\.local.*password is public/s,
    );
    await expect(
      refuseDemoAccountsInProduction(db, { NODE_ENV: "production", VOLTCAST_SEED_DEMO: "true" }),
    ).resolves.toBeUndefined();
    await expect(refuseDemoAccountsInProduction(db, { NODE_ENV: "development" })).resolves.toBeUndefined();
  });
});

describe("subscriptions and flags", () => {
  it("a user without a company asks Voltcast directly; a grant answers the request", async () => {
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
    await grantSubscription(t.backend.ctx.db, "data_gb", { user: "free@voltcast.local" });
    expect((await t.call("/users/me", { as: "free@voltcast.local" })).body.subscriptions).toEqual([
      "data_gb",
    ]);
    expect((await t.call("/users/me/upgrade-requests", { as: "free@voltcast.local" })).body[0].status).toBe(
      "granted",
    );
    await revokeSubscription(t.backend.ctx.db, "data_gb", { user: "free@voltcast.local" });
    expect((await t.call("/users/me", { as: "free@voltcast.local" })).body.subscriptions).toEqual([]);
  });

  it("a company grant needs an existing company", async () => {
    await expect(
      grantSubscription(t.backend.ctx.db, "world_view_ercot", { company: "Typed Name Co" }),
    ).rejects.toThrow(/No company named Typed Name Co.*create-company/);
  });

  it("an unknown subscription is refused by name", async () => {
    const res = await t.call("/users/me/upgrade-requests", {
      as: "free@voltcast.local",
      body: { subscription: "gold" },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.subscription).toEqual(["No such subscription"]);
    await expect(
      grantSubscription(t.backend.ctx.db, "gold", { user: "free@voltcast.local" }),
    ).rejects.toThrow(/No subscription gold/);
  });

  it("flags can be set globally and per user, and a user override wins", async () => {
    const db = t.backend.ctx.db;
    await setFlag(db, "forecast_hide_drafts", "on");
    expect((await t.call("/users/me", { as: "gb@voltcast.local" })).body.flags.forecast_hide_drafts).toBe(
      true,
    );
    await setFlag(db, "forecast_hide_drafts", "off", "gb@voltcast.local");
    expect((await t.call("/users/me", { as: "gb@voltcast.local" })).body.flags.forecast_hide_drafts).toBe(
      false,
    );
    expect((await t.call("/users/me", { as: "pro@voltcast.local" })).body.flags.forecast_hide_drafts).toBe(
      true,
    );
    await setFlag(db, "forecast_hide_drafts", "default");
    await setFlag(db, "forecast_hide_drafts", "default", "gb@voltcast.local");
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
    for (const path of [
      "/users/me/sessions",
      "/users/me/password",
      "/auth/password-reset",
      "/companies/mine",
    ])
      expect(doc.paths[path], path).toBeDefined();
    const html = await (await fetch(`${t.baseUrl}/docs`)).text();
    expect(html).toContain("/api/v1/auth/signup");
  });

  it("names its server absolutely, documents what a created run answers, and marks bodies required (issue 28 items 8–9)", async () => {
    const doc = await (await fetch(`${t.baseUrl}/openapi.json`)).json();
    // The request's own host, unless VOLTCAST_PUBLIC_URL says where Voltcast is reached.
    expect(doc.servers).toEqual([{ url: t.baseUrl, description: "This Voltcast" }]);
    const create = doc.paths["/forecast/run-library/gb/bess-simulation/"].post;
    expect(create.requestBody.required).toBe(true);
    expect(Object.keys(create.responses["201"].headers)).toEqual(["Location", "Retry-After"]);
    expect(
      doc.paths["/forecast/run-library/{id}/"].get.responses["200"].headers["Retry-After"],
    ).toBeDefined();
    process.env.VOLTCAST_PUBLIC_URL = "https://voltcast.example.com";
    try {
      const behindProxy = await (await fetch(`${t.baseUrl}/openapi.json`)).json();
      expect(behindProxy.servers[0].url).toBe("https://voltcast.example.com/api/v1");
    } finally {
      delete process.env.VOLTCAST_PUBLIC_URL;
    }
  });
});

describe("removing the demo accounts", () => {
  it("leaves production free to start", async () => {
    const db = t.backend.ctx.db;
    expect(await removeDemoAccounts(db)).toBe(3);
    await expect(refuseDemoAccountsInProduction(db, { NODE_ENV: "production" })).resolves.toBeUndefined();
  });
});
