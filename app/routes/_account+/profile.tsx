// The profile: who you are and your company, invitations to join one, your password, where you are
// logged in (end a session, or all of them), and your API keys with scopes and expiry.
// Every form is a plain post with an `intent`; the API decides what is allowed. A successful post
// answers a redirect back here with its message (post/redirect/get), except the creation of an API
// key, whose answer is the only place the key is ever shown.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { format } from "date-fns";
import {
  API_KEY_EXPIRY_DAYS,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  ApiKeySchema,
  PASSWORD_MIN_LENGTH,
  PasswordChangeSchema,
} from "~/validation/account";
import { apiFor, ApiResponseError, clientIpOf, refusalReply, type ApiAnswer } from "~/services/api.server";
import { me, requireUserId } from "~/services/auth.server";
import { getSession } from "~/services/session.server";
import { redirectWithStatus, takeStatus } from "~/services/statusMessage.server";
import { Field, FormErrors, InputField } from "~/components/Field";
import { useSchemaForm } from "~/components/forms";
import { Button, Card, Notice, Page, PageNotices, Muted } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { retryAfterHeaders } from "~/components/retryAfter";

export const meta: MetaFunction = () => [{ title: "Your profile · Voltcast" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserId(request);
  const api = await apiFor(request);
  const [who, keys, sessions, invitations, catalogue] = await Promise.all([
    me(request),
    api.GET("/users/me/api-keys"),
    api.GET("/users/me/sessions"),
    api.GET("/users/me/invitations"),
    api.GET("/subscriptions"),
  ]);
  // Shown by their names ("GB Data"), not their keys.
  const nameOf = new Map(catalogue.map((s) => [s.key, s.name]));
  const subscriptions = who.subscriptions.map((k) => nameOf.get(k) ?? k);
  const { status, headers } = await takeStatus(request);
  return json(
    { user: who.user!, subscriptions, keys, sessions, invitations, status },
    { headers: { ...headers, "Cache-Control": "private, no-store" } },
  );
}

type ActionData = {
  intent: string;
  reply?: SubmissionResult<string[]>;
  created?: ApiAnswer<"post", "/users/me/api-keys">;
  error?: string;
};

/** What the log-in page says once this browser's session has ended from here. */
const LOGGED_OUT = {
  everywhere: (ended: number) =>
    `You have been logged out everywhere: ${ended === 1 ? "1 session" : `${ended} sessions`} ended, ` +
    "this one included. API keys keep working until you revoke them on your profile.",
  thisBrowser: "You have been logged out of this browser.",
};

/** This browser's session has ended: to the log-in page, which says so (it works without JavaScript). */
async function loggedOut(request: Request, message: string) {
  const session = await getSession(request);
  session.unset("sessionToken");
  return redirectWithStatus(request, "/login", message, "success", session);
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUserId(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const api = await apiFor(request, clientIpOf(context));
  const id = String(formData.get("id") ?? "");
  const answer = (data: ActionData, status = 200, refusal?: ApiResponseError) =>
    json(data, { status, headers: { "Cache-Control": "private, no-store", ...refusal?.headers } });
  const done = (message: string) => redirectWithStatus(request, "/profile", message);
  try {
    switch (intent) {
      case "create-key": {
        const submission = parseWithZod(formData, { schema: ApiKeySchema });
        if (submission.status !== "success") return answer({ intent, reply: submission.reply() }, 400);
        const created = await api.POST("/users/me/api-keys", { body: submission.value });
        return answer({ intent, reply: submission.reply({ resetForm: true }), created });
      }
      case "revoke-key":
        await api.DELETE("/users/me/api-keys/{id}", { params: { path: { id } } });
        return done("The key was revoked.");
      case "change-password": {
        const submission = parseWithZod(formData, { schema: PasswordChangeSchema });
        if (submission.status !== "success")
          return answer(
            { intent, reply: submission.reply({ hideFields: ["currentPassword", "newPassword"] }) },
            400,
          );
        try {
          const changed = await api.POST("/users/me/password", { body: submission.value });
          return done(changed.detail);
        } catch (e) {
          if (!(e instanceof ApiResponseError) || e.status >= 500) throw e;
          const reply = refusalReply(e, submission, ["currentPassword", "newPassword"]);
          return answer({ intent, reply }, e.status, e);
        }
      }
      case "end-session": {
        const current = formData.get("current") === "true";
        await api.DELETE("/users/me/sessions/{id}", { params: { path: { id } } });
        if (current) return loggedOut(request, LOGGED_OUT.thisBrowser);
        return done("That session has been logged out.");
      }
      case "end-all": {
        const { ended } = await api.POST("/users/me/sessions/end-all");
        return loggedOut(request, LOGGED_OUT.everywhere(ended));
      }
      case "accept-invitation":
      case "decline-invitation": {
        const answered = await api.POST(
          `/users/me/invitations/{id}/${intent === "accept-invitation" ? "accept" : "decline"}`,
          { params: { path: { id } } },
        );
        return done(answered.detail);
      }
      default:
        return answer({ intent, error: "Unknown action." }, 400);
    }
  } catch (e) {
    if (e instanceof ApiResponseError && e.status < 500)
      return answer({ intent, error: e.message }, e.status, e);
    throw e;
  }
}

const when = (iso: string) => format(new Date(iso), "dd MMM yyyy HH:mm");

export default function Profile() {
  const { user, subscriptions, keys, sessions, invitations, status } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as ActionData | undefined;
  const [keyForm, keyFields] = useSchemaForm(ApiKeySchema, {
    id: "api-key",
    lastResult: data?.intent === "create-key" ? data.reply : undefined,
    defaultValue: { scopes: ["read", "run"] },
  });
  const [pwForm, pwFields] = useSchemaForm(PasswordChangeSchema, {
    id: "password",
    lastResult: data?.intent === "change-password" ? data.reply : undefined,
  });
  const liveKeys = keys.filter((k) => !k.revokedAt).length;
  return (
    <Page>
      <h1>Your profile</h1>
      <PageNotices status={status} error={data?.error} />
      <Card>
        <dl>
          <dt>Name</dt>
          <dd>{user.fullName}</dd>
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Company</dt>
          <dd>
            {user.company ? (
              <>
                {user.company.name} ({user.company.role === "admin" ? "admin" : "member"})
                {user.company.role === "admin" ? (
                  <>
                    {" "}
                    — <Link to="/company">Manage your company</Link>
                  </>
                ) : null}
              </>
            ) : (
              <>{user.companyName ?? "—"} (not a member of a company account)</>
            )}
          </dd>
          <dt>Subscriptions</dt>
          <dd>{subscriptions.length ? subscriptions.join(", ") : "None yet — see Pricing"}</dd>
        </dl>
      </Card>

      {invitations.length ? (
        <>
          <h2>Invitations</h2>
          <Card>
            <ul>
              {invitations.map((i) => (
                <li key={i.id}>
                  {i.companyName} invites you to join its company account.{" "}
                  <Form method="post" style={{ display: "inline" }}>
                    <input type="hidden" name="id" value={i.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value="accept-invitation"
                      aria-label={`Join ${i.companyName}`}
                    >
                      Join
                    </Button>{" "}
                    <Button
                      type="submit"
                      name="intent"
                      value="decline-invitation"
                      $variant="secondary"
                      aria-label={`Decline ${i.companyName}`}
                    >
                      Decline
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          </Card>
        </>
      ) : null}

      <h2>Password</h2>
      <Card>
        {/* Keyed by the message of a successful post: after its redirect the form starts empty. */}
        <Form method="post" {...getFormProps(pwForm)} key={status?.id}>
          <input type="hidden" name="intent" value="change-password" />
          <FormErrors id={pwForm.errorId} errors={pwForm.errors} />
          <InputField
            meta={pwFields.currentPassword}
            type="password"
            label="Current password"
            autoComplete="current-password"
          />
          <InputField
            meta={pwFields.newPassword}
            type="password"
            label="New password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters, and not a common or guessable password. Your other sessions will be logged out.`}
            autoComplete="new-password"
          />
          {liveKeys ? (
            <label style={{ display: "block", marginBottom: "1rem" }}>
              <input type="checkbox" name={pwFields.keepApiKeys.name} value="on" /> Keep my API keys working (
              {liveKeys}). Otherwise the change revokes them: do so if someone else may know the old password.
            </label>
          ) : null}
          <Button type="submit">Change password</Button>
        </Form>
      </Card>

      <h2>Where you are logged in</h2>
      <Card>
        <table style={{ width: "100%" }}>
          <thead>
            <tr>
              <th align="left">Browser</th>
              <th align="left">Address</th>
              <th align="left">Logged in</th>
              <th align="left">Last active</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {sessions.map((s) => (
              <tr key={s.id}>
                <td>
                  {s.userAgent ? s.userAgent.slice(0, 80) : "Unknown browser"}
                  {s.current ? <strong> (this browser)</strong> : null}
                </td>
                <td>{s.ip || "—"}</td>
                <td>{when(s.createdAt)}</td>
                <td>{when(s.lastSeenAt)}</td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="intent" value="end-session" />
                    <input type="hidden" name="id" value={s.id} />
                    <input type="hidden" name="current" value={String(s.current)} />
                    <Button
                      type="submit"
                      $variant="link"
                      aria-label={
                        s.current ? "Log out this browser" : `Log out the session from ${when(s.createdAt)}`
                      }
                    >
                      Log out
                    </Button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Form method="post" style={{ marginTop: "1rem" }}>
          <input type="hidden" name="intent" value="end-all" />
          <Button type="submit" $variant="danger">
            Log out everywhere
          </Button>
        </Form>
      </Card>

      <h2>API keys</h2>
      <Muted>
        Call the API directly with <code>Authorization: Bearer &lt;key&gt;</code>. See the{" "}
        <a href="/api/v1/docs">API documentation</a>. A key cannot create or revoke keys.
      </Muted>
      {data?.created ? (
        <Notice role="status" $tone="success">
          Your new key <strong>{data.created.name}</strong> — copy it now, it is not shown again:{" "}
          <code data-testid="new-api-key">{data.created.key}</code>
        </Notice>
      ) : null}
      <Card>
        <Form method="post" {...getFormProps(keyForm)}>
          <input type="hidden" name="intent" value="create-key" />
          <InputField meta={keyFields.name} type="text" label="Key name" />
          <fieldset style={{ border: 0, padding: 0, marginBottom: "1rem" }}>
            <legend>What the key may do</legend>
            {API_KEY_SCOPES.map((scope) => (
              <label key={scope} style={{ display: "block" }}>
                <input
                  type="checkbox"
                  name={keyFields.scopes.name}
                  value={scope}
                  defaultChecked={
                    (keyFields.scopes.initialValue as string[] | undefined)?.includes(scope) ?? true
                  }
                />{" "}
                {API_KEY_SCOPE_LABELS[scope]} ({scope})
              </label>
            ))}
            <div id={keyFields.scopes.errorId} role={keyFields.scopes.errors?.length ? "alert" : undefined}>
              {keyFields.scopes.errors?.join(" ")}
            </div>
          </fieldset>
          <Field
            label="Expires"
            htmlFor={keyFields.expiresInDays.id}
            errorId={keyFields.expiresInDays.errorId}
            errors={keyFields.expiresInDays.errors}
          >
            <select id={keyFields.expiresInDays.id} name={keyFields.expiresInDays.name} defaultValue="">
              <option value="">Never</option>
              {API_KEY_EXPIRY_DAYS.map((d) => (
                <option key={d} value={d}>
                  In {d} days
                </option>
              ))}
            </select>
          </Field>
          <Button type="submit">Create API key</Button>
        </Form>
        {keys.length ? (
          <table style={{ width: "100%", marginTop: "1rem" }}>
            <thead>
              <tr>
                <th align="left">Name</th>
                <th align="left">Starts with</th>
                <th align="left">Scopes</th>
                <th align="left">Created</th>
                <th align="left">Expires</th>
                <th align="left">Last used</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {keys.map((k) => (
                <tr key={k.id}>
                  <td>{k.name}</td>
                  <td>
                    <code>{k.prefix}…</code>
                  </td>
                  <td>{k.scopes.join(", ")}</td>
                  <td>{format(new Date(k.createdAt), "dd MMM yyyy")}</td>
                  <td>{k.expiresAt ? format(new Date(k.expiresAt), "dd MMM yyyy") : "Never"}</td>
                  <td>{k.lastUsedAt ? when(k.lastUsedAt) : "Never"}</td>
                  <td>
                    {k.revokedAt ? (
                      <Muted>
                        Revoked by the password {k.revokedBecause === "password-reset" ? "reset" : "change"}{" "}
                        of {when(k.revokedAt)}
                      </Muted>
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="revoke-key" />
                        <input type="hidden" name="id" value={k.id} />
                        <Button type="submit" $variant="link" aria-label={`Revoke ${k.name}`}>
                          Revoke
                        </Button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <Muted>No API keys yet.</Muted>
        )}
      </Card>
    </Page>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

export const headers = retryAfterHeaders;
