// The company admin's page (decision 0007): invite members by e-mail, set the domain whose confirmed
// addresses join, remove members, and review the members' upgrade requests (spec §6: "the company
// admin must review"). Approved requests are granted once Voltcast confirms them. A successful post
// answers a redirect back here with its message (post/redirect/get: a reload posts nothing again).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { format } from "date-fns";
import { EmailDomainSchema, InvitationSchema } from "~/validation/account";
import { apiFor, ApiResponseError, refusalReply, type ApiAnswer } from "~/services/api.server";
import { requireUserId } from "~/services/auth.server";
import { redirectWithStatus, takeStatus } from "~/services/statusMessage.server";
import { FormErrors, InputField } from "~/components/Field";
import { useSchemaForm } from "~/components/forms";
import { Badge, Button, Card, Muted, Notice, Page, PageNotices } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";

export const meta: MetaFunction = () => [{ title: "Your company · Voltcast" }];

type MyCompany = ApiAnswer<"get", "/companies/mine">;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserId(request);
  const { status, headers } = await takeStatus(request);
  try {
    const mine = await (await apiFor(request)).GET("/companies/mine");
    return json({ mine, status }, { headers: { ...headers, "Cache-Control": "private, no-store" } });
  } catch (e) {
    if (e instanceof ApiResponseError && e.status === 404) return json({ mine: null, status }, { headers });
    throw e;
  }
}

type ActionData = { intent: string; reply?: SubmissionResult<string[]>; error?: string };

export async function action({ request }: ActionFunctionArgs) {
  await requireUserId(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const id = String(formData.get("id") ?? "");
  const api = await apiFor(request);
  const answer = (data: ActionData, status: number) => json(data, { status });
  const done = (message: string) => redirectWithStatus(request, "/company", message);
  const withForm = async <T,>(
    submission: Submission<unknown, string[], T>,
    call: (v: T) => Promise<{ detail: string }>,
  ) => {
    if (submission.status !== "success") return answer({ intent, reply: submission.reply() }, 400);
    try {
      return done((await call(submission.value)).detail);
    } catch (e) {
      if (!(e instanceof ApiResponseError) || e.status >= 500) throw e;
      return answer({ intent, reply: refusalReply(e, submission) }, e.status);
    }
  };
  try {
    switch (intent) {
      case "invite":
        return await withForm(parseWithZod(formData, { schema: InvitationSchema }), (v) =>
          api.POST("/companies/mine/invitations", { body: v }),
        );
      case "set-domain":
        return await withForm(parseWithZod(formData, { schema: EmailDomainSchema }), (v) =>
          api.PUT("/companies/mine/email-domain", { body: v }),
        );
      case "withdraw-invitation":
        await api.DELETE("/companies/mine/invitations/{id}", { params: { path: { id } } });
        return done("The invitation was withdrawn.");
      case "remove-member":
        await api.DELETE("/companies/mine/members/{id}", { params: { path: { id } } });
        return done("The member was removed from the company.");
      case "approve":
      case "decline": {
        const decided = await api.POST(`/companies/mine/upgrade-requests/{id}/${intent}`, {
          params: { path: { id } },
        });
        return done(decided.detail);
      }
      default:
        return answer({ intent, error: "Unknown action." }, 400);
    }
  } catch (e) {
    if (e instanceof ApiResponseError && e.status < 500)
      return answer({ intent, error: e.message }, e.status);
    throw e;
  }
}

const STATUS: Record<MyCompany["requests"][number]["status"], string> = {
  pending: "Waiting for your review",
  approved: "Approved — waiting for Voltcast to confirm",
  granted: "Granted",
  declined: "Declined",
};

export default function Company() {
  const { mine, status } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as ActionData | undefined;
  const [inviteForm, inviteFields] = useSchemaForm(InvitationSchema, {
    id: "invite",
    lastResult: data?.intent === "invite" ? data.reply : undefined,
  });
  const [domainForm, domainFields] = useSchemaForm(EmailDomainSchema, {
    id: "domain",
    lastResult: data?.intent === "set-domain" ? data.reply : undefined,
    defaultValue: { emailDomain: mine?.company.emailDomain ?? "" },
  });
  if (!mine)
    return (
      <Page>
        <h1>Your company</h1>
        <Notice>
          You are not a member of a company account. Ask your company&apos;s admin to invite you: the
          invitation appears on your profile.
        </Notice>
      </Page>
    );
  if (mine.role !== "admin")
    return (
      <Page>
        <h1>{mine.company.name}</h1>
        <Muted>
          You are a member. Your company&apos;s admin manages members and reviews upgrade requests.
        </Muted>
      </Page>
    );
  const pending = mine.requests.filter((r) => r.status === "pending");
  return (
    <Page>
      <h1>{mine.company.name}</h1>
      <PageNotices status={status} error={data?.error} />

      <h2>Upgrade requests</h2>
      <Card>
        {mine.requests.length ? (
          <table style={{ width: "100%" }}>
            <thead>
              <tr>
                <th align="left">Member</th>
                <th align="left">Subscription</th>
                <th align="left">Asked</th>
                <th align="left">State</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {mine.requests.map((r) => (
                <tr key={r.id}>
                  <td>
                    {r.fullName} ({r.email})
                  </td>
                  <td>{r.subscriptionName}</td>
                  <td>{format(new Date(r.createdAt), "dd MMM yyyy")}</td>
                  <td>
                    <Badge $tone={r.status === "granted" ? "ok" : "info"}>{STATUS[r.status]}</Badge>
                  </td>
                  <td>
                    {r.status === "pending" ? (
                      <Form method="post">
                        <input type="hidden" name="id" value={r.id} />
                        <Button
                          type="submit"
                          name="intent"
                          value="approve"
                          aria-label={`Approve ${r.subscriptionName} for ${r.fullName}`}
                        >
                          Approve
                        </Button>{" "}
                        <Button
                          type="submit"
                          name="intent"
                          value="decline"
                          $variant="secondary"
                          aria-label={`Decline ${r.subscriptionName} for ${r.fullName}`}
                        >
                          Decline
                        </Button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <Muted>No upgrade requests from your members.</Muted>
        )}
        {pending.length ? <Muted>{pending.length} waiting for your review.</Muted> : null}
      </Card>

      <h2>Members</h2>
      <Card>
        <table style={{ width: "100%" }}>
          <tbody>
            {mine.members.map((m) => (
              <tr key={m.id}>
                <td>{m.fullName}</td>
                <td>{m.email}</td>
                <td>{m.role}</td>
                <td>
                  {m.role === "member" ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove-member" />
                      <input type="hidden" name="id" value={m.id} />
                      <Button type="submit" $variant="link" aria-label={`Remove ${m.fullName}`}>
                        Remove
                      </Button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>

      <h2>Invite a member</h2>
      <Card>
        {/* Keyed by the message of a successful post: after its redirect the form starts empty. */}
        <Form method="post" {...getFormProps(inviteForm)} key={status?.id}>
          <input type="hidden" name="intent" value="invite" />
          <FormErrors id={inviteForm.errorId} errors={inviteForm.errors} />
          <InputField
            meta={inviteFields.email}
            type="email"
            label="Their e-mail address"
            hint="They join when they accept the invitation on their profile, logged in with this address."
          />
          <Button type="submit">Invite</Button>
        </Form>
        {mine.invitations.length ? (
          <>
            <h3>Open invitations</h3>
            <ul>
              {mine.invitations.map((i) => (
                <li key={i.id}>
                  {i.email} (invited {format(new Date(i.createdAt), "dd MMM yyyy")}){" "}
                  <Form method="post" style={{ display: "inline" }}>
                    <input type="hidden" name="intent" value="withdraw-invitation" />
                    <input type="hidden" name="id" value={i.id} />
                    <Button
                      type="submit"
                      $variant="link"
                      aria-label={`Withdraw the invitation to ${i.email}`}
                    >
                      Withdraw
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </Card>

      <h2>Your e-mail domain</h2>
      <Card>
        <Form method="post" {...getFormProps(domainForm)}>
          <input type="hidden" name="intent" value="set-domain" />
          <FormErrors id={domainForm.errorId} errors={domainForm.errors} />
          <InputField
            meta={domainFields.emailDomain}
            type="text"
            label="E-mail domain"
            hint="Anyone who confirms an address at this domain joins as a member. It must be the domain of your own address; leave empty for invitations only."
          />
          <Button type="submit">Save domain</Button>
        </Form>
      </Card>
    </Page>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
