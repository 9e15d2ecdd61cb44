import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { apiFor } from "~/services/api.server";
import { commitSession, getSession } from "~/services/session.server";
import { Button, Card, Narrow } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";

// Log-out ends the session in the API (a copy of the cookie opens nothing afterwards) and keeps the
// anonymous visitor id (spec §6).
export async function action({ request }: ActionFunctionArgs) {
  const session = await getSession(request);
  if (session.get("sessionToken")) await (await apiFor(request)).POST("/auth/logout");
  session.unset("sessionToken");
  return redirect("/", { headers: { "Set-Cookie": await commitSession(session, request) } });
}

export async function loader(_: LoaderFunctionArgs) {
  return null;
}

export default function Logout() {
  return (
    <Narrow>
      <h1>Log out</h1>
      <Card>
        <Form method="post">
          <Button type="submit">Log out of Voltcast</Button>
        </Form>
      </Card>
    </Narrow>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
