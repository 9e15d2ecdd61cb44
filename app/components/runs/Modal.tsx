// A modal dialog that is server-rendered open (<dialog open>) so it works without JavaScript; with
// JavaScript it becomes a true modal (showModal: focus trapped, Escape closes, backdrop).
import { useEffect, useRef, type ReactNode } from "react";
import { Link, useNavigate } from "@remix-run/react";
import styled from "styled-components";
import { theme } from "../theme.ts";

const Dialog = styled.dialog`
  border: none;
  border-radius: ${theme.radius};
  padding: 1.5rem;
  max-width: 30rem;
  width: calc(100% - 2rem);
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.25);
  z-index: 50;
  &::backdrop {
    background: rgba(23, 32, 42, 0.45);
  }
  h2 {
    margin-top: 0;
  }
  .close {
    position: absolute;
    top: 0.75rem;
    right: 1rem;
    text-decoration: none;
    font-size: 1.4rem;
    color: ${theme.colour.muted};
  }
`;

export function Modal({
  title,
  children,
  closeHref,
  onClose,
  open = true,
}: {
  title: string;
  children: ReactNode;
  /** Where closing goes without JavaScript (and with it, unless onClose is given). */
  closeHref?: string;
  onClose?: () => void;
  open?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const d = ref.current;
    if (!d || !open) return;
    if (d.open) d.close();
    if (typeof d.showModal === "function") d.showModal();
  }, [open]);
  const close = () => {
    ref.current?.close();
    if (onClose) onClose();
    else if (closeHref) navigate(closeHref, { replace: true, preventScrollReset: true });
  };
  if (!open) return null;
  const titleId = `modal-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <Dialog
      ref={ref}
      open
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
    >
      {closeHref ? (
        <Link
          className="close"
          to={closeHref}
          aria-label="Close"
          onClick={(e) => {
            e.preventDefault();
            close();
          }}
        >
          ×
        </Link>
      ) : null}
      <h2 id={titleId}>{title}</h2>
      {children}
    </Dialog>
  );
}
