import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { commitSession, getSession } from "~/services/session.server";
import { Button, Card, Narrow } from "~/components/ui";

// Log-out forgets the user but keeps the anonymous visitor id (spec §6).
export async function action({ request }: ActionFunctionArgs) {
  const session = await getSession(request);
  session.unset("userId");
  return redirect("/", { headers: { "Set-Cookie": await commitSession(session) } });
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
