// The house's Conform set-up for a form of one zod schema (docs/conventions.md "Forms"): the
// browser's constraints from the schema, checked on blur and again on input, the server's answer
// shown. Typed by the schema, so a field name that the schema lacks does not compile.
import {
  getFormProps,
  useForm,
  type DefaultValue,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { z } from "zod";
import { FormErrors } from "./Field.tsx";
import { Button, Card } from "./ui.tsx";

export function useSchemaForm<S extends z.ZodTypeAny>(
  schema: S,
  options: {
    id: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: DefaultValue<z.input<S>>;
    /** The schema the browser's constraints come from, when the check is wider (other fields). */
    constraintSchema?: z.ZodTypeAny;
  },
) {
  return useForm<z.input<S>, z.infer<S>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    constraint: getZodConstraint(options.constraintSchema ?? schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}

/**
 * A form of one card, as the account pages have it: posted to its own route, the form's own
 * errors first, then the fields, then the submit button (disabled while it is being sent).
 */
export function CardForm<S extends Record<string, unknown>>({
  form,
  submit,
  children,
}: {
  form: FormMetadata<S, string[]>;
  submit: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  return (
    <Card>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        {children}
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {submit}
        </Button>
      </Form>
    </Card>
  );
}
