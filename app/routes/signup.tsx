import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { SignupSchema } from "~/validation/account";
import { userIdOf, type SessionUser } from "~/services/auth.server";
import { apiFor, ApiResponseError } from "~/services/api.server";
import { commitSession, getSession } from "~/services/session.server";
import { Field, FormErrors } from "~/components/Field";
import { Button, Card, Narrow, Muted } from "~/components/ui";

export const meta: MetaFunction = () => [{ title: "Sign up · Voltcast" }];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await userIdOf(request)) throw redirect("/");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: SignupSchema });
  if (submission.status !== "success")
    return json(submission.reply({ hideFields: ["password"] }), { status: 400 });
  try {
    const user = await (
      await apiFor(request)
    ).json<SessionUser>("/auth/signup", { method: "POST", body: submission.value });
    const session = await getSession(request);
    session.set("userId", user.id);
    return redirect("/", { headers: { "Set-Cookie": await commitSession(session) } });
  } catch (e) {
    if (e instanceof ApiResponseError && e.status < 500) {
      return json(
        submission.reply({
          fieldErrors: e.fieldErrors,
          formErrors: Object.keys(e.fieldErrors).length ? [] : [e.message],
          hideFields: ["password"],
        }),
        {
          status: e.status,
        },
      );
    }
    throw e;
  }
}

export default function Signup() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "signup",
    lastResult,
    constraint: getZodConstraint(SignupSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignupSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Narrow>
      <h1>Create your account</h1>
      <Card>
        <Form method="post" {...getFormProps(form)}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <Field
            label="Email"
            htmlFor={fields.email.id}
            errorId={fields.email.errorId}
            errors={fields.email.errors}
          >
            <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
          </Field>
          <Field
            label="Full name"
            htmlFor={fields.fullName.id}
            errorId={fields.fullName.errorId}
            errors={fields.fullName.errors}
          >
            <input {...getInputProps(fields.fullName, { type: "text" })} autoComplete="name" />
          </Field>
          <Field
            label="Company name"
            htmlFor={fields.companyName.id}
            errorId={fields.companyName.errorId}
            errors={fields.companyName.errors}
          >
            <input {...getInputProps(fields.companyName, { type: "text" })} autoComplete="organization" />
          </Field>
          <Field
            label="Password"
            hint="At least 10 characters."
            htmlFor={fields.password.id}
            errorId={fields.password.errorId}
            errors={fields.password.errors}
          >
            <input {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" />
          </Field>
          <Button type="submit" disabled={navigation.state === "submitting"}>
            Sign up
          </Button>
        </Form>
      </Card>
      <Muted>
        Already have an account? <Link to="/login">Log in</Link>
      </Muted>
    </Narrow>
  );
}
