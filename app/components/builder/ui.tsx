// Small pieces of the builder: hydration flag, conditional field groups (CSS :has(), so they follow
// the choices live without JavaScript), option inputs, the snackbar.
import { useEffect, useState, type ReactNode } from "react";
import styled from "styled-components";
import { theme } from "../theme.ts";

/** True once React runs in the browser (JavaScript is on). */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

function selectorFor(field: string, values: string[]) {
  return values
    .map(
      (v) =>
        `input[name="${field}"][value="${v}"]:checked, select[name="${field}"] option[value="${v}"]:checked`,
    )
    .join(", ");
}

const WhenBox = styled.div<{ $sel: string; $hide: boolean }>`
  ${(p) =>
    p.$hide ? `form:has(${p.$sel}) & { display: none; }` : `form:not(:has(${p.$sel})) & { display: none; }`}
`;

/**
 * Shown only while `field` has one of `values` (or, with `not`, while it has none of them). Pure CSS
 * (`:has()`), so it works the same with and without JavaScript.
 */
export function When({
  field,
  is,
  not,
  children,
}: {
  field: string;
  is?: string | string[];
  not?: string | string[];
  children: ReactNode;
}) {
  const values = ([] as string[]).concat((is ?? not)!);
  return (
    <WhenBox $sel={selectorFor(field, values)} $hide={!!not} data-when={field}>
      {children}
    </WhenBox>
  );
}

export const Group = styled.fieldset`
  border: 1px solid ${theme.colour.line};
  border-radius: ${theme.radius};
  padding: 0.75rem 1rem 0.25rem;
  margin: 0 0 1rem;
  legend {
    font-weight: 700;
    padding: 0 0.3rem;
  }
`;

export const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  gap: 0 1rem;
`;

export const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem 1.2rem;
  margin: 0.25rem 0 0.5rem;
  label {
    font-weight: 400;
    display: inline-flex;
    gap: 0.35rem;
    align-items: center;
  }
`;

export const Snack = styled.div`
  position: fixed;
  left: 50%;
  bottom: 1.5rem;
  transform: translateX(-50%);
  background: ${theme.colour.ink};
  color: #fff;
  padding: 0.75rem 1.25rem;
  border-radius: ${theme.radius};
  box-shadow: 0 6px 20px rgba(0, 0, 0, 0.25);
  z-index: 60;
`;

/** A short confirmation at the bottom of the screen (role=status, read out once). */
export function Snackbar({ message }: { message?: string | null }) {
  const [shown, setShown] = useState(!!message);
  useEffect(() => {
    setShown(!!message);
    if (!message) return;
    const t = setTimeout(() => setShown(false), 6000);
    return () => clearTimeout(t);
  }, [message]);
  if (!message || !shown) return null;
  return <Snack role="status">{message}</Snack>;
}

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  align-items: center;
  justify-content: flex-end;
  form {
    display: inline;
  }
`;

export const Summary = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 0.2rem 0.75rem;
  margin: 0;
  font-size: 0.92rem;
  dt {
    color: ${theme.colour.muted};
  }
  dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

/**
 * Paths that keep the builder's work: the builder itself (the work travels in the URL) and the log-in
 * page, which the logged-out modal opens with the builder's URL as its way back.
 */
export const inBuilder = (p: string) =>
  p === "/login" ||
  p.startsWith("/forecasts/builder/canvas") ||
  p.startsWith("/forecasts/builder/edit") ||
  p.startsWith("/forecasts/create");
