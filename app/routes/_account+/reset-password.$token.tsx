// Choose a new password with a one-time link (sent by e-mail, or printed by
// `npm run admin -- reset-link EMAIL`). Every session of the account ends; then log in again.
import { json, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useParams } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { PASSWORD_MIN_LENGTH, PasswordResetSchema } from "~/validation/account";
import { apiFor, ApiResponseError } from "~/services/api.server";
import { commitSession, getSession } from "~/services/session.server";
import { InputField } from "~/components/Field";
import { CardForm, useSchemaForm } from "~/components/forms";
import { Narrow } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { retryAfterHeaders } from "~/components/retryAfter";

export const meta: MetaFunction = () => [{ title: "Choose a new password · Voltcast" }];

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await request.formData();
  formData.set("token", params.token ?? "");
  const submission = parseWithZod(formData, { schema: PasswordResetSchema });
  if (submission.status !== "success")
    return json(submission.reply({ hideFields: ["password"] }), { status: 400 });
  let revokedApiKeys = 0;
  try {
    ({ revokedApiKeys } = await (
      await apiFor(request)
    ).POST("/auth/password-reset/complete", {
      body: submission.value,
    }));
  } catch (e) {
    if (e instanceof ApiResponseError && e.status < 500) {
      const { token, ...fieldErrors } = e.fieldErrors;
      return json(
        submission.reply({
          fieldErrors,
          formErrors: token ?? (Object.keys(fieldErrors).length ? [] : [e.message]),
          hideFields: ["password"],
        }),
        { status: e.status },
      );
    }
    throw e;
  }
  // Whoever was logged in on this browser is logged out with every other session.
  const session = await getSession(request);
  session.unset("sessionToken");
  return redirect(`/login?passwordChanged=1${revokedApiKeys ? `&keysRevoked=${revokedApiKeys}` : ""}`, {
    headers: { "Set-Cookie": await commitSession(session, request) },
  });
}

export default function ResetPassword() {
  const lastResult = useActionData<typeof action>();
  const params = useParams();
  const [form, fields] = useSchemaForm(PasswordResetSchema, { id: "reset-password", lastResult });
  return (
    <Narrow>
      <h1>Choose a new password</h1>
      <CardForm form={form} submit="Set the new password">
        <input type="hidden" name="token" value={params.token ?? ""} />
        <InputField
          meta={fields.password}
          label="New password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters, and not a common or guessable password.`}
          type="password"
          autoComplete="new-password"
        />
      </CardForm>
    </Narrow>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

export const headers = retryAfterHeaders;
