// The session cookie: signed, httpOnly, SameSite=Lax; Secure when the page is served over HTTPS
// (directly, or behind a trusted proxy that says so with X-Forwarded-Proto), so that log-in also
// works over plain HTTP on a machine's name or address. It holds the anonymous visitor id and, when
// logged in, a session token that the API checks against its sessions table (decision 0006).
import { randomUUID } from "node:crypto";
import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { webEnv } from "./env.server.ts";
import type { ApiVisitor } from "./webAppToken.server.ts";

let storage: ReturnType<typeof createCookieSessionStorage> | undefined;
export function sessionStorage() {
  const env = webEnv();
  storage ??= createCookieSessionStorage({
    cookie: {
      name: "__voltcast",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: false,
      secrets: [env.SESSION_SECRET],
      maxAge: 60 * 60 * 24 * 30,
    },
  });
  return storage;
}

export function getSession(request: Request): Promise<Session> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/** Whether the browser reached us over HTTPS (Express sets the URL's scheme from the trusted proxy). */
export function servedOverHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

export function commitSession(session: Session, request: Request): Promise<string> {
  return sessionStorage().commitSession(session, { secure: servedOverHttps(request) });
}

/** Who the API should take this visitor for: their session (if logged in) and anonymous id. */
export function subjectOf(session: Session): ApiVisitor {
  return {
    sessionToken: session.get("sessionToken") ?? undefined,
    anonymousId: session.get("anonymousId") ?? undefined,
  };
}

export interface Visitor {
  /** The visitor's session token, when they logged in (the API says whether it is still live). */
  sessionToken?: string;
  /** Spec §6: anonymous visitors are identified by a user id of their own. */
  anonymousId: string;
}

/**
 * The cookie of a first visit: a new anonymous visitor id, nothing else. The server's held pages
 * (api/http/heldPages.ts, decision 0515) give one to each first visitor they answer.
 */
export async function firstVisitCookie(overHttps: boolean): Promise<string> {
  const session: Session = await sessionStorage().getSession(null);
  session.set("anonymousId", randomUUID());
  return sessionStorage().commitSession(session, { secure: overHttps });
}

/** Who the request is from; assigns an anonymous id on first sight (the caller must commit the session). */
export async function visitor(
  request: Request,
): Promise<{ visitor: Visitor; session: Session; isNew: boolean }> {
  const session = await getSession(request);
  let anonymousId = session.get("anonymousId") as string | undefined;
  const isNew = !anonymousId;
  if (!anonymousId) {
    anonymousId = randomUUID();
    session.set("anonymousId", anonymousId);
  }
  return { visitor: { sessionToken: session.get("sessionToken") ?? undefined, anonymousId }, session, isNew };
}
