import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { format } from "date-fns";
import { ApiKeySchema } from "~/validation/account";
import { apiFor } from "~/services/api.server";
import { me, requireUserId } from "~/services/auth.server";
import { Field } from "~/components/Field";
import { Button, Card, Notice, Page, Muted } from "~/components/ui";

export const meta: MetaFunction = () => [{ title: "Your profile · Voltcast" }];

interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserId(request);
  const api = await apiFor(request);
  const [who, keys] = await Promise.all([me(request), api.json<ApiKey[]>("/users/me/api-keys")]);
  return json({ user: who.user!, subscriptions: who.subscriptions, keys });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUserId(request);
  const formData = await request.formData();
  const api = await apiFor(request);
  if (formData.get("intent") === "revoke") {
    await api.json(`/users/me/api-keys/${encodeURIComponent(String(formData.get("id")))}`, {
      method: "DELETE",
    });
    return json({ result: null, created: null, revoked: true });
  }
  const submission = parseWithZod(formData, { schema: ApiKeySchema });
  if (submission.status !== "success")
    return json({ result: submission.reply(), created: null, revoked: false }, { status: 400 });
  const created = await api.json<ApiKey & { key: string }>("/users/me/api-keys", {
    method: "POST",
    body: submission.value,
  });
  return json({ result: submission.reply({ resetForm: true }), created, revoked: false });
}

export default function Profile() {
  const { user, subscriptions, keys } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "api-key",
    lastResult: data?.result,
    constraint: getZodConstraint(ApiKeySchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ApiKeySchema }),
    shouldValidate: "onBlur",
  });
  return (
    <Page>
      <h1>Your profile</h1>
      <Card>
        <dl>
          <dt>Name</dt>
          <dd>{user.fullName}</dd>
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Company</dt>
          <dd>{user.companyName ?? "—"}</dd>
          <dt>Subscriptions</dt>
          <dd>{subscriptions.length ? subscriptions.join(", ") : "None yet — see Pricing"}</dd>
        </dl>
      </Card>
      <h2>API keys</h2>
      <Muted>
        Call the API directly with <code>Authorization: Bearer &lt;key&gt;</code>. See the{" "}
        <a href="/api/v1/docs">API documentation</a>.
      </Muted>
      {data?.created ? (
        <Notice role="status" $tone="success">
          Your new key <strong>{data.created.name}</strong> — copy it now, it is not shown again:{" "}
          <code data-testid="new-api-key">{data.created.key}</code>
        </Notice>
      ) : null}
      {data?.revoked ? <Notice role="status">The key was revoked.</Notice> : null}
      <Card>
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="create" />
          <Field
            label="Key name"
            htmlFor={fields.name.id}
            errorId={fields.name.errorId}
            errors={fields.name.errors}
          >
            <input {...getInputProps(fields.name, { type: "text" })} />
          </Field>
          <Button type="submit">Create API key</Button>
        </Form>
        {keys.length ? (
          <table style={{ width: "100%", marginTop: "1rem" }}>
            <thead>
              <tr>
                <th align="left">Name</th>
                <th align="left">Starts with</th>
                <th align="left">Created</th>
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
                  <td>{format(new Date(k.createdAt), "dd MMM yyyy")}</td>
                  <td>{k.lastUsedAt ? format(new Date(k.lastUsedAt), "dd MMM yyyy") : "Never"}</td>
                  <td>
                    <Form method="post">
                      <input type="hidden" name="intent" value="revoke" />
                      <input type="hidden" name="id" value={k.id} />
                      <Button type="submit" $variant="link" aria-label={`Revoke ${k.name}`}>
                        Revoke
                      </Button>
                    </Form>
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
