// Log-in with email and password (remix-auth's form strategy, checked by the API, which opens a
// server-side session), and the guards loaders use: requireUserId redirects to log-in,
// me() reads the profile. Whether a session is live is always the API's answer (decision 0006).
import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { LoginSchema } from "~/validation/account";
import { apiAs, apiFor, ApiResponseError, clientInfo, type ApiAnswer } from "./api.server.ts";
import { getSession } from "./session.server.ts";

/** A log-in's answer: the user and the session the API opened (its token goes in the cookie). */
export type LoggedIn = ApiAnswer<"post", "/auth/login">;

/** Thrown by the strategy when log-in fails: the form's reply and the HTTP status to answer with. */
export class LoginRefused extends Error {
  constructor(
    public reply: SubmissionResult<string[]>,
    public status: number,
    public retryAfter?: string,
  ) {
    super("log-in refused");
  }
}

export const authenticator = new Authenticator<LoggedIn>();
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const submission = parseWithZod(form, { schema: LoginSchema });
    if (submission.status !== "success")
      throw new LoginRefused(submission.reply({ hideFields: ["password"] }), 400);
    const session = await getSession(request);
    const clientIp = request.headers.get("x-voltcast-client-ip") ?? undefined;
    try {
      return await apiAs({ anonymousId: session.get("anonymousId") }, clientInfo(request, clientIp)).POST(
        "/auth/login",
        {
          body: {
            email: submission.value.email,
            password: submission.value.password,
            // This browser's proof of an earlier log-in (issue 28, item 3): its own throttle only.
            device: session.get("loginDevice") ?? undefined,
          },
        },
      );
    } catch (e) {
      if (e instanceof ApiResponseError && [400, 401, 403, 429].includes(e.status)) {
        const whole = e.status === 429 || e.status === 403;
        throw new LoginRefused(
          submission.reply({
            formErrors: whole ? [e.message] : [],
            fieldErrors: whole ? {} : e.fieldErrors,
            hideFields: ["password"],
          }),
          e.status,
          e.status === 429 ? String(e.body?.retryAfterSeconds ?? "") : undefined,
        );
      }
      throw e;
    }
  }),
  "form",
);

/** The logged-in user's id if their session is live (asked of the API), else undefined. */
export async function userIdOf(request: Request): Promise<string | undefined> {
  if (!(await getSession(request)).get("sessionToken")) return undefined;
  const { userId } = await (await apiFor(request)).GET("/auth/session");
  return userId ?? undefined;
}

/** The logged-in user's id, or a redirect to log-in that comes back here. */
export async function requireUserId(request: Request): Promise<string> {
  const userId = await userIdOf(request);
  if (!userId) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return userId;
}

/** The visitor as the API knows them: profile, subscriptions, flags, and what they may do. */
export type Me = ApiAnswer<"get", "/users/me">;

/** What /users/me answered for one page's request, by its load context (the root's and the page's loaders share it). */
const asked = new WeakMap<object, Promise<Me>>();

/**
 * The visitor's profile. With the loader's `context` (one object per browser request, server.ts),
 * the API is asked once however many of that page's loaders want it (issue 29).
 */
export function me(request: Request, context?: unknown): Promise<Me> {
  const ask = async () => (await apiFor(request)).GET("/users/me");
  if (!context || typeof context !== "object") return ask();
  let answer = asked.get(context);
  if (!answer) {
    answer = ask();
    asked.set(context, answer);
  }
  return answer;
}
