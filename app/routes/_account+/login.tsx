import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { LoginSchema } from "~/validation/account";
import { authenticator, LoginRefused, userIdOf } from "~/services/auth.server";
import { clientIpOf } from "~/services/api.server";
import { safeRedirect } from "~/services/redirects.server";
import { commitSession, getSession } from "~/services/session.server";
import { takeStatus } from "~/services/statusMessage.server";
import { InputField } from "~/components/Field";
import { CardForm, useSchemaForm } from "~/components/forms";
import { Narrow, Muted, Notice, PageNotices } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { retryAfterHeaders } from "~/components/retryAfter";

export const meta: MetaFunction = () => [{ title: "Log in · Voltcast" }];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await userIdOf(request))
    throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  // What sent the browser here says so once (after "Log out everywhere", say).
  const { status, headers } = await takeStatus(request);
  return json({ status }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  // The API throttles by the visitor's address: pass on the one Express saw (never the browser's claim).
  const headers = new Headers(request.headers);
  headers.set("x-voltcast-client-ip", clientIpOf(context));
  headers.delete("content-type"); // the re-sent body sets its own
  headers.delete("content-length");
  const form = await request.clone().formData();
  const forwarded = new Request(request.url, { method: "POST", headers, body: form });
  try {
    const { session: opened, device } = await authenticator.authenticate("form", forwarded);
    const session = await getSession(request);
    session.set("sessionToken", opened.token);
    // Kept after log-out: the next log-in from this browser is recognised (issue 28, item 3).
    session.set("loginDevice", device);
    return redirect(safeRedirect(form.get("redirectTo"), "/"), {
      headers: { "Set-Cookie": await commitSession(session, request) },
    });
  } catch (e) {
    if (e instanceof LoginRefused)
      return json(e.reply, {
        status: e.status,
        headers: e.retryAfter ? { "Retry-After": e.retryAfter } : undefined,
      });
    throw e;
  }
}

export default function Login() {
  const lastResult = useActionData<typeof action>();
  const { status } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const [form, fields] = useSchemaForm(LoginSchema, { id: "login", lastResult });
  return (
    <Narrow>
      <h1>Log in</h1>
      <PageNotices status={status} />
      {searchParams.get("passwordChanged") ? (
        <Notice role="status" $tone="success">
          Your password has been changed
          {Number(searchParams.get("keysRevoked")) > 0
            ? ` and your API keys were revoked (${Number(searchParams.get("keysRevoked"))}): make new ones on your profile`
            : ""}
          . Please log in with it.
        </Notice>
      ) : null}
      <CardForm form={form} submit="Log in">
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <InputField meta={fields.email} label="Email" type="email" autoComplete="email" />
        <InputField meta={fields.password} label="Password" type="password" autoComplete="current-password" />
      </CardForm>
      <Muted>
        <Link to="/forgot-password">Forgotten your password?</Link>
      </Muted>
      <Muted>
        New to Voltcast? <Link to="/signup">Create an account</Link>
      </Muted>
    </Narrow>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

export const headers = retryAfterHeaders;
