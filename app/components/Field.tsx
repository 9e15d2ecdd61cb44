// A labelled form field with its error, wired for Conform (ids, aria-invalid, aria-describedby).
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import styled from "styled-components";
import { theme } from "./theme.ts";

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.3rem;
  margin-bottom: 1rem;
  label {
    font-weight: 600;
  }
  input,
  select,
  textarea {
    font: inherit;
    padding: 0.5rem 0.6rem;
    border: 1px solid ${theme.colour.line};
    border-radius: ${theme.radius};
    background: #fff;
  }
  input[aria-invalid="true"],
  select[aria-invalid="true"],
  textarea[aria-invalid="true"] {
    border-color: ${theme.colour.danger};
  }
`;

export const ErrorText = styled.div`
  color: ${theme.colour.danger};
  font-size: 0.9rem;
  min-height: 1.1rem;
`;

export function Field({
  label,
  htmlFor,
  errorId,
  errors,
  hint,
  children,
}: {
  label: ReactNode;
  htmlFor: string;
  errorId: string;
  errors?: string[];
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Wrap>
      <label htmlFor={htmlFor}>{label}</label>
      {hint ? <small>{hint}</small> : null}
      {children}
      <ErrorText id={errorId} role={errors?.length ? "alert" : undefined}>
        {errors?.join(" ")}
      </ErrorText>
    </Wrap>
  );
}

/** A labelled input of a form field (Conform's metadata: id, error, constraints, aria). */
export function InputField({
  meta,
  label,
  type,
  hint,
  autoComplete,
}: {
  meta: FieldMetadata<string | undefined, Record<string, unknown>, string[]>;
  label: ReactNode;
  type: "text" | "email" | "password";
  hint?: ReactNode;
  autoComplete?: string;
}) {
  return (
    <Field label={label} hint={hint} htmlFor={meta.id} errorId={meta.errorId} errors={meta.errors}>
      <input {...getInputProps(meta, { type })} autoComplete={autoComplete} />
    </Field>
  );
}

/** Errors of the whole form (not of one field). */
export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return <div id={id} />;
  return (
    <ErrorText id={id} role="alert" style={{ marginBottom: "1rem" }}>
      {errors.join(" ")}
    </ErrorText>
  );
}
