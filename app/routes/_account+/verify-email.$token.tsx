// The link sent at sign-up: confirming is a button (a POST), so that a mail scanner that opens
// the link does not use it up.
import { json, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { apiFor, ApiResponseError, clientIpOf } from "~/services/api.server";
import { commitSession, getSession } from "~/services/session.server";
import { Button, Card, Narrow, Notice } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";

export const meta: MetaFunction = () => [{ title: "Confirm your e-mail address · Voltcast" }];

export async function action({ request, params, context }: ActionFunctionArgs) {
  try {
    const { session: opened } = await (
      await apiFor(request, clientIpOf(context))
    ).POST("/auth/verify-email", { body: { token: params.token ?? "" } });
    const session = await getSession(request);
    session.set("sessionToken", opened.token);
    return redirect("/", { headers: { "Set-Cookie": await commitSession(session, request) } });
  } catch (e) {
    if (e instanceof ApiResponseError && e.status === 400) return json({ error: e.message }, { status: 400 });
    throw e;
  }
}

export default function VerifyEmail() {
  const data = useActionData<typeof action>();
  return (
    <Narrow>
      <h1>Confirm your e-mail address</h1>
      {data?.error ? <Notice $tone="danger">{data.error}</Notice> : null}
      <Card>
        <Form method="post">
          <Button type="submit">Confirm my address and log in</Button>
        </Form>
      </Card>
    </Narrow>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
