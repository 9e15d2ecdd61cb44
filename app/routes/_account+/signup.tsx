import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { PASSWORD_MIN_LENGTH, SignupSchema } from "~/validation/account";
import { userIdOf } from "~/services/auth.server";
import { apiFor, ApiResponseError, clientIpOf, refusalReply } from "~/services/api.server";
import { InputField } from "~/components/Field";
import { CardForm, useSchemaForm } from "~/components/forms";
import { Narrow, Muted, Notice } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { retryAfterHeaders } from "~/components/retryAfter";

export const meta: MetaFunction = () => [{ title: "Sign up · Voltcast" }];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await userIdOf(request)) throw redirect("/");
  return null;
}

// The API answers the same whether or not the address already has an account (it says so by
// e-mail instead), so the page never tells a stranger who uses Voltcast.
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: SignupSchema });
  if (submission.status !== "success")
    return json({ reply: submission.reply({ hideFields: ["password"] }), sent: null }, { status: 400 });
  try {
    const { detail } = await (
      await apiFor(request, clientIpOf(context))
    ).POST("/auth/signup", { body: submission.value });
    return json({ reply: submission.reply({ resetForm: true }), sent: detail });
  } catch (e) {
    if (e instanceof ApiResponseError && e.status < 500) {
      return json(
        { reply: refusalReply(e, submission, ["password"]), sent: null },
        { status: e.status, headers: e.headers },
      );
    }
    throw e;
  }
}

export default function Signup() {
  const data = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(SignupSchema, { id: "signup", lastResult: data?.reply });
  return (
    <Narrow>
      <h1>Create your account</h1>
      {data?.sent ? (
        <Notice role="status" $tone="success">
          {data.sent}
        </Notice>
      ) : null}
      <CardForm form={form} submit="Sign up">
        <InputField meta={fields.email} label="Email" type="email" autoComplete="email" />
        <InputField meta={fields.fullName} label="Full name" type="text" autoComplete="name" />
        <InputField
          meta={fields.companyName}
          label="Company name"
          hint="Shown on your profile and downloads. To join your company's account, ask its admin to invite you."
          type="text"
          autoComplete="organization"
        />
        <InputField
          meta={fields.password}
          label="Password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters, and not a common or guessable password.`}
          type="password"
          autoComplete="new-password"
        />
      </CardForm>
      <Muted>
        Already have an account? <Link to="/login">Log in</Link>
      </Muted>
    </Narrow>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

export const headers = retryAfterHeaders;
