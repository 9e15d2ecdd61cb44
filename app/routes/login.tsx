import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { LoginSchema } from "~/validation/account";
import { authenticator, LoginRefused, safeRedirect, userIdOf } from "~/services/auth.server";
import { commitSession, getSession } from "~/services/session.server";
import { Field, FormErrors } from "~/components/Field";
import { Button, Card, Narrow, Muted } from "~/components/ui";

export const meta: MetaFunction = () => [{ title: "Log in · Voltcast" }];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await userIdOf(request))
    throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  // The API rate-limits by the visitor's address: pass on the one Express saw (never the browser's claim).
  const headers = new Headers(request.headers);
  headers.set("x-voltcast-client-ip", String((context as { clientIp?: string }).clientIp ?? "unknown"));
  headers.delete("content-type"); // the re-sent body sets its own
  headers.delete("content-length");
  const form = await request.clone().formData();
  const forwarded = new Request(request.url, { method: "POST", headers, body: form });
  try {
    const user = await authenticator.authenticate("form", forwarded);
    const session = await getSession(request);
    session.set("userId", user.id);
    return redirect(safeRedirect(form.get("redirectTo"), "/"), {
      headers: { "Set-Cookie": await commitSession(session) },
    });
  } catch (e) {
    if (e instanceof LoginRefused) return json(e.reply, { status: e.status });
    throw e;
  }
}

export default function Login() {
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    constraint: getZodConstraint(LoginSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Narrow>
      <h1>Log in</h1>
      <Card>
        <Form method="post" {...getFormProps(form)}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          <Field
            label="Email"
            htmlFor={fields.email.id}
            errorId={fields.email.errorId}
            errors={fields.email.errors}
          >
            <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
          </Field>
          <Field
            label="Password"
            htmlFor={fields.password.id}
            errorId={fields.password.errorId}
            errors={fields.password.errors}
          >
            <input
              {...getInputProps(fields.password, { type: "password" })}
              autoComplete="current-password"
            />
          </Field>
          <Button type="submit" disabled={navigation.state === "submitting"}>
            Log in
          </Button>
        </Form>
      </Card>
      <Muted>
        New to Voltcast? <Link to="/signup">Create an account</Link>
      </Muted>
    </Narrow>
  );
}
