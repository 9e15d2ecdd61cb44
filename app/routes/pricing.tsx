import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import styled from "styled-components";
import { apiFor, ApiResponseError } from "~/services/api.server";
import { me, requireUserId } from "~/services/auth.server";
import { redirectWithStatus, takeStatus } from "~/services/statusMessage.server";
import { Badge, Button, Card, Page, PageNotices, Muted } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";

export const meta: MetaFunction = () => [{ title: "Plans and pricing · Voltcast" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const api = await apiFor(request);
  const [subscriptions, who] = await Promise.all([api.GET("/subscriptions"), me(request)]);
  const requests = who.user ? await api.GET("/users/me/upgrade-requests") : [];
  const { status, headers } = await takeStatus(request);
  return json(
    {
      status,
      subscriptions,
      held: who.subscriptions,
      // The latest request per subscription (the API lists newest first).
      requested: Object.fromEntries([...requests].reverse().map((r) => [r.subscription, r.status])) as Record<
        string,
        string
      >,
      loggedIn: Boolean(who.user),
    },
    { headers },
  );
}

// "Get {subscription}": a signed-in user's upgrade request goes to their company admin (spec §2).
// Sent, it answers a redirect back to the plan with the snackbar text (a reload asks nothing again).
export async function action({ request }: ActionFunctionArgs) {
  await requireUserId(request);
  const form = await request.formData();
  const subscription = String(form.get("subscription") ?? "");
  try {
    await (await apiFor(request)).POST("/users/me/upgrade-requests", { body: { subscription } });
  } catch (e) {
    if (e instanceof ApiResponseError && e.status < 500)
      return json({ message: e.message }, { status: e.status });
    throw e;
  }
  return redirectWithStatus(
    request,
    `/pricing#${encodeURIComponent(subscription)}`,
    "Your upgrade request has been sent",
  );
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
  const { subscriptions, held, requested, loggedIn, status } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const plans = [...new Set(subscriptions.map((s) => s.plan))];
  return (
    <Page>
      <h1>Plans and pricing</h1>
      <Muted>
        Anonymous visitors can browse the library and download free data. Each subscription unlocks the items
        below; ask for one and your company admin reviews the request.
      </Muted>
      <PageNotices status={status} error={result?.message} />
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
                    ) : requested[s.key] === "pending" ? (
                      <span>
                        <Badge>Your request has been sent</Badge>{" "}
                        <Link to="mailto:sales@voltcast.local">Contact us</Link>
                      </span>
                    ) : requested[s.key] === "approved" ? (
                      <Badge>Approved by your company admin — Voltcast will confirm it shortly</Badge>
                    ) : loggedIn ? (
                      <Form method="post">
                        {requested[s.key] === "declined" ? (
                          <div>
                            <Badge>Your request was declined</Badge>
                          </div>
                        ) : null}
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
