// Post/redirect/get with a message: a successful form post answers a redirect and the page it lands
// on says what happened, once (a flash in the session). A reload of that page posts nothing again.
import { randomUUID } from "node:crypto";
import { redirect, type Session } from "@remix-run/node";
import { commitSession, getSession } from "./session.server.ts";

const KEY = "statusMessage";

export interface StatusMessage {
  tone: "success" | "danger";
  text: string;
  /** New for each message: a form keyed by it starts empty after its successful post. */
  id: string;
}

/**
 * Redirect to `to` (a path of this site), saying `text` there once. `session`: one the caller has
 * changed already (a log-out), which the message then rides on.
 */
export async function redirectWithStatus(
  request: Request,
  to: string,
  text: string,
  tone: StatusMessage["tone"] = "success",
  session?: Session,
) {
  session ??= await getSession(request);
  session.flash(KEY, { tone, text, id: randomUUID() } satisfies StatusMessage);
  return redirect(to, { headers: { "Set-Cookie": await commitSession(session, request) } });
}

/**
 * The message flashed for this page, if any, and the Set-Cookie header that forgets it (send it
 * with the loader's answer).
 */
export async function takeStatus(
  request: Request,
): Promise<{ status: StatusMessage | null; headers: Record<string, string> }> {
  const session = await getSession(request);
  const status = (session.get(KEY) as StatusMessage | undefined) ?? null;
  if (!status) return { status: null, headers: {} };
  return { status, headers: { "Set-Cookie": await commitSession(session, request) } };
}
