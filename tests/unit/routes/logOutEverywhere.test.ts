// "Log out everywhere" on the profile (decision 0703): the post ends every session in the API, then
// the browser lands on the log-in page, which says so once (a flash in the cookie: no JavaScript needed).
import { afterAll, beforeAll, expect, it } from "vitest";
import { cookieOf, sessionCookie, startFakeApi } from "../../support/fakeApi.ts";

let api: Awaited<ReturnType<typeof startFakeApi>>;
let ended = 0;
let profile: typeof import("../../../app/routes/_account+/profile.tsx");
let login: typeof import("../../../app/routes/_account+/login.tsx");

beforeAll(async () => {
  api = await startFakeApi({
    "GET /auth/session": (caller) => ({ body: { userId: caller.sessionToken ? "user-1" : null } }),
    "POST /users/me/sessions/end-all": () => {
      ended += 1;
      return { body: { ended: 3 } };
    },
  });
  profile = await import("../../../app/routes/_account+/profile.tsx");
  login = await import("../../../app/routes/_account+/login.tsx");
  // The page modules bring their components: slow to import on a busy machine.
}, 120_000);
afterAll(() => api.close());

it("after “Log out everywhere” the log-in page says every session ended, once", async () => {
  const posted = (await profile.action({
    request: new Request("http://web/profile", {
      method: "POST",
      headers: {
        cookie: await sessionCookie("pro-session"),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "end-all" }),
    }),
    params: {},
    context: {},
  })) as Response;
  expect(ended).toBe(1);
  expect(posted.status).toBe(302);
  expect(posted.headers.get("location")).toBe("/login");
  const cookie = cookieOf(posted.headers.get("set-cookie"));

  const page = (await login.loader({
    request: new Request("http://web/login", { headers: { cookie } }),
    params: {},
    context: {},
  })) as Response;
  const { status } = (await page.json()) as { status: { tone: string; text: string } | null };
  expect(status?.tone).toBe("success");
  expect(status?.text).toBe(
    "You have been logged out everywhere: 3 sessions ended, this one included. " +
      "API keys keep working until you revoke them on your profile.",
  );
  // The cookie no longer holds a session (the log-in page did not send the browser on as logged in),
  // and the message is said once: a reload of the log-in page is quiet.
  const again = (await login.loader({
    request: new Request("http://web/login", {
      headers: { cookie: cookieOf(page.headers.get("set-cookie")) || cookie },
    }),
    params: {},
    context: {},
  })) as Response;
  expect(((await again.json()) as { status: unknown }).status).toBeNull();
});
