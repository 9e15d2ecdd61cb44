import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import styled from "styled-components";
import { apiFor, ApiResponseError } from "~/services/api.server";
import { me, requireUserId } from "~/services/auth.server";
import { Badge, Button, Card, Notice, Page, Muted } from "~/components/ui";

export const meta: MetaFunction = () => [{ title: "Plans and pricing · Voltcast" }];

interface Subscription {
  key: string;
  name: string;
  plan: string;
  description: string;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const api = await apiFor(request);
  const [subscriptions, who] = await Promise.all([api.json<Subscription[]>("/subscriptions"), me(request)]);
  const requests = who.user
    ? await api.json<{ subscription: string; status: string }[]>("/users/me/upgrade-requests")
    : [];
  return json({
    subscriptions,
    held: who.subscriptions,
    pending: requests.filter((r) => r.status === "pending").map((r) => r.subscription),
    loggedIn: Boolean(who.user),
  });
}

// "Get {subscription}": a signed-in user's upgrade request goes to their company admin (spec §2).
export async function action({ request }: ActionFunctionArgs) {
  await requireUserId(request);
  const form = await request.formData();
  try {
    await (
      await apiFor(request)
    ).json("/users/me/upgrade-requests", {
      method: "POST",
      body: { subscription: form.get("subscription") },
    });
    return json({ ok: true, message: "Your upgrade request has been sent" });
  } catch (e) {
    if (e instanceof ApiResponseError && e.status < 500)
      return json({ ok: false, message: e.message }, { status: e.status });
    throw e;
  }
}

const Plans = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(17rem, 1fr));
  gap: 1rem;
  ul {
    list-style: none;
    padding: 0;
    margin: 0;
  }
  li {
    padding: 0.6rem 0;
    border-top: 1px solid #e5e9ef;
  }
`;

export default function Pricing() {
  const { subscriptions, held, pending, loggedIn } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const plans = [...new Set(subscriptions.map((s) => s.plan))];
  return (
    <Page>
      <h1>Plans and pricing</h1>
      <Muted>
        Anonymous visitors can browse the library and download free data. Each subscription unlocks the items
        below; ask for one and your company admin reviews the request.
      </Muted>
      {result ? (
        <Notice role="status" $tone={result.ok ? "success" : "danger"}>
          {result.message}
        </Notice>
      ) : null}
      <Plans>
        {plans.map((plan) => (
          <Card key={plan}>
            <h2 style={{ marginTop: 0 }}>{plan}</h2>
            <ul>
              {subscriptions
                .filter((s) => s.plan === plan)
                .map((s) => (
                  <li key={s.key} id={s.key}>
                    <strong>{s.name}</strong>
                    <div>
                      <small>{s.description}</small>
                    </div>
                    {held.includes(s.key) ? (
                      <Badge $tone="ok">Included in your plan</Badge>
                    ) : pending.includes(s.key) ? (
                      <span>
                        <Badge>Your request has been sent</Badge>{" "}
                        <Link to="mailto:sales@voltcast.local">Contact us</Link>
                      </span>
                    ) : loggedIn ? (
                      <Form method="post">
                        <input type="hidden" name="subscription" value={s.key} />
                        <Button type="submit" $variant="secondary">
                          Get {s.name}
                        </Button>
                      </Form>
                    ) : (
                      <Link to={`/login?redirectTo=${encodeURIComponent("/pricing#" + s.key)}`}>
                        Log in to upgrade
                      </Link>
                    )}
                  </li>
                ))}
            </ul>
          </Card>
        ))}
      </Plans>
    </Page>
  );
}
