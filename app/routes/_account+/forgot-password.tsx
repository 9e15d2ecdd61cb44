// Ask for a one-time link to choose a new password. The answer is the same for any address.
import { json, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { PasswordResetRequestSchema } from "~/validation/account";
import { apiFor, ApiResponseError, clientIpOf } from "~/services/api.server";
import { InputField } from "~/components/Field";
import { CardForm, useSchemaForm } from "~/components/forms";
import { Muted, Narrow, Notice } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { retryAfterHeaders } from "~/components/retryAfter";

export const meta: MetaFunction = () => [{ title: "Forgotten password · Voltcast" }];

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: PasswordResetRequestSchema });
  if (submission.status !== "success")
    return json({ reply: submission.reply(), sent: null }, { status: 400 });
  try {
    const { detail } = await (
      await apiFor(request, clientIpOf(context))
    ).POST("/auth/password-reset", { body: submission.value });
    return json({ reply: submission.reply({ resetForm: true }), sent: detail });
  } catch (e) {
    if (e instanceof ApiResponseError && e.status < 500)
      return json(
        { reply: submission.reply({ formErrors: [e.message], fieldErrors: e.fieldErrors }), sent: null },
        { status: e.status, headers: e.headers },
      );
    throw e;
  }
}

export default function ForgotPassword() {
  const data = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(PasswordResetRequestSchema, {
    id: "forgot-password",
    lastResult: data?.reply,
  });
  return (
    <Narrow>
      <h1>Forgotten your password?</h1>
      {data?.sent ? (
        <Notice role="status" $tone="success">
          {data.sent}
        </Notice>
      ) : null}
      <CardForm form={form} submit="Send me a link">
        <InputField meta={fields.email} label="Email" type="email" autoComplete="email" />
      </CardForm>
      <Muted>
        <Link to="/login">Back to log in</Link>
      </Muted>
    </Narrow>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

export const headers = retryAfterHeaders;
