// Log-in with email and password (remix-auth's form strategy, checked by the API), and the guards
// loaders use: requireUserId redirects to log-in, currentUser reads the profile.
import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { LoginSchema } from "~/validation/account";
import { apiAs, apiFor, ApiResponseError } from "./api.server.ts";
import { getSession } from "./session.server.ts";

export interface SessionUser {
  id: string;
  email: string;
  fullName: string;
  companyName: string | null;
}

/** Thrown by the strategy when log-in fails: the form's reply and the HTTP status to answer with. */
export class LoginRefused extends Error {
  constructor(
    public reply: SubmissionResult<string[]>,
    public status: number,
  ) {
    super("log-in refused");
  }
}

export const authenticator = new Authenticator<SessionUser>();
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const submission = parseWithZod(form, { schema: LoginSchema });
    if (submission.status !== "success")
      throw new LoginRefused(submission.reply({ hideFields: ["password"] }), 400);
    const session = await getSession(request);
    const clientIp = request.headers.get("x-voltcast-client-ip") ?? undefined;
    try {
      return await apiAs({ anonymousId: session.get("anonymousId") }, clientIp).json<SessionUser>(
        "/auth/login",
        {
          method: "POST",
          body: { email: submission.value.email, password: submission.value.password },
        },
      );
    } catch (e) {
      if (e instanceof ApiResponseError && (e.status === 401 || e.status === 429 || e.status === 400)) {
        throw new LoginRefused(
          submission.reply({
            formErrors: e.status === 429 ? [e.message] : [],
            fieldErrors: e.status === 429 ? {} : e.fieldErrors,
            hideFields: ["password"],
          }),
          e.status,
        );
      }
      throw e;
    }
  }),
  "form",
);

export async function userIdOf(request: Request): Promise<string | undefined> {
  return (await getSession(request)).get("userId") ?? undefined;
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

export interface Me {
  user: SessionUser | null;
  anonymousId: string | null;
  subscriptions: string[];
  flags: Record<string, boolean>;
}

/** The visitor as the API knows them: profile, subscriptions, flags. */
export async function me(request: Request): Promise<Me> {
  return (await apiFor(request)).json<Me>("/users/me");
}

/** Only local paths, so that ?redirectTo= cannot send users to another site. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (!to || typeof to !== "string" || !to.startsWith("/") || to.startsWith("//")) return fallback;
  return to;
}
