// A stand-in for the forecast API, for tests of the web app's loaders and actions: it answers what
// a test tells it, per method and path, knowing the caller by the session token in the web app's
// JWT (decision 0030; read, not verified — the real API's checks are tested against the real API).
// The web app is pointed at it through its environment, as server.ts points it at the real one.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeAnswer = { status?: number; body?: unknown };
export type FakeRoute = (caller: { sessionToken?: string }, url: URL) => FakeAnswer | undefined;

/** Starts the fake on a free port and points the web app at it; `routes` by "METHOD /path". */
export async function startFakeApi(routes: Record<string, FakeRoute>) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    let caller: { sessionToken?: string } = {};
    try {
      const claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
      caller = { sessionToken: claims.sid };
    } catch {
      // no token: an anonymous caller
    }
    const answer = routes[`${req.method} ${url.pathname}`]?.(caller, url) ?? {
      status: 404,
      body: { detail: "Not found." },
    };
    res.writeHead(answer.status ?? 200, { "content-type": "application/json" });
    res.end(JSON.stringify(answer.body ?? null));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  process.env.SESSION_SECRET ??= "a-session-secret-for-the-web-app-tests-only";
  process.env.VOLTCAST_API_URL = `http://127.0.0.1:${port}`;
  return { close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The Cookie header of a browser logged in with this session token (the web app's own cookie). */
export async function sessionCookie(sessionToken?: string): Promise<string> {
  const { getSession, sessionStorage } = await import("../../app/services/session.server.ts");
  const session = await getSession(new Request("http://web/"));
  session.set("anonymousId", "00000000-0000-4000-8000-000000000001");
  if (sessionToken) session.set("sessionToken", sessionToken);
  return cookieOf(await sessionStorage().commitSession(session));
}

/** The cookie a Set-Cookie header gives the browser, as its next Cookie header. */
export const cookieOf = (setCookie: string | null) => (setCookie ?? "").split(";")[0];
