// The session cookie: signed, httpOnly, SameSite=Lax, Secure in production. It holds ids only.
import { randomUUID } from "node:crypto";
import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { webEnv } from "./env.server.ts";

let storage: ReturnType<typeof createCookieSessionStorage> | undefined;
export function sessionStorage() {
  const env = webEnv();
  storage ??= createCookieSessionStorage({
    cookie: {
      name: "__voltcast",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: env.NODE_ENV === "production" && process.env.VOLTCAST_INSECURE_COOKIES !== "true",
      secrets: [env.SESSION_SECRET],
      maxAge: 60 * 60 * 24 * 30,
    },
  });
  return storage;
}

export function getSession(request: Request): Promise<Session> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

export function commitSession(session: Session): Promise<string> {
  return sessionStorage().commitSession(session);
}

export interface Visitor {
  userId?: string;
  /** Spec §6: anonymous visitors are identified by a user id of their own. */
  anonymousId: string;
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
  return { visitor: { userId: session.get("userId") ?? undefined, anonymousId }, session, isNew };
}
