// A modal dialog addressed by the URL (`?modal=…`): rendered on the server, so without JavaScript it
// is simply the page with the dialog on top and its buttons are links and forms. JavaScript adds
// focus on open, a focus trap and Escape to close.
import { useEffect, useRef, type ReactNode } from "react";
import { useNavigate } from "@remix-run/react";
import styled from "styled-components";
import { theme } from "../theme.ts";

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  background: rgba(16, 24, 32, 0.55);
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 1rem;
  z-index: 50;
`;

const Box = styled.div<{ $align: "left" | "center" }>`
  background: #fff;
  border-radius: 10px;
  max-width: 32rem;
  width: 100%;
  max-height: calc(100vh - 2rem);
  overflow: auto;
  padding: 1.5rem;
  box-shadow: 0 20px 50px rgba(0, 0, 0, 0.3);
  text-align: ${(p) => p.$align};
  h2 {
    margin: 0 0 0.5rem;
    font-size: 1.3rem;
  }
  footer {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    justify-content: ${(p) => (p.$align === "center" ? "center" : "flex-end")};
    align-items: center;
    margin-top: 1.25rem;
  }
  footer form {
    display: inline;
  }
  .close {
    position: absolute;
  }
`;

export function Modal({
  id,
  title,
  label,
  closeHref,
  align = "left",
  children,
  footer,
}: {
  id: string;
  /** Shown as the heading; when absent, `label` names the dialog for assistive technology. */
  title?: ReactNode;
  label?: string;
  closeHref: string;
  align?: "left" | "center";
  children?: ReactNode;
  footer?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const focusables = () =>
      Array.from(
        box.querySelectorAll<HTMLElement>(
          'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea',
        ),
      );
    (focusables()[0] ?? box).focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        navigate(closeHref, { replace: true, preventScrollReset: true });
      } else if (e.key === "Tab") {
        const f = focusables();
        if (!f.length) return;
        const first = f[0];
        const last = f[f.length - 1];
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [closeHref, navigate]);
  const titleId = `${id}-title`;
  return (
    <Backdrop>
      <Box
        ref={ref}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : label}
        tabIndex={-1}
        $align={align}
      >
        {title ? <h2 id={titleId}>{title}</h2> : null}
        {children}
        {footer ? <footer>{footer}</footer> : null}
      </Box>
    </Backdrop>
  );
}

export const ModalText = styled.p<{ $align?: "left" | "center" }>`
  color: ${theme.colour.muted};
  white-space: pre-line;
  text-align: ${(p) => p.$align ?? "inherit"};
`;
