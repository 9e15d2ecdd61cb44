// The fixed selection banner of the Databooks and Power prices tabs (spec §2): "{N} databooks
// selected" with Download and Cancel. It sits inside the table's POST form, so Download is an
// ordinary submit (JavaScript off: the action streams the zip); with JavaScript the parent form
// turns the submit into a fetch and saves the file, showing "Preparing…" meanwhile.
import styled from "styled-components";
import { Link } from "@remix-run/react";
import { theme } from "./theme.ts";
import { Button } from "./ui.tsx";

const Fixed = styled.div`
  position: fixed;
  left: 50%;
  bottom: 1rem;
  transform: translateX(-50%);
  z-index: 20;
  width: min(48rem, calc(100% - 2rem));
  display: flex;
  align-items: center;
  gap: 0.75rem 1rem;
  flex-wrap: wrap;
  padding: 0.75rem 1rem;
  background: ${theme.colour.ink};
  color: #fff;
  border-radius: ${theme.radius};
  box-shadow: 0 6px 24px rgba(0, 0, 0, 0.25);
  p {
    margin: 0;
    margin-right: auto;
    font-weight: 600;
  }
  a[data-variant="cancel"] {
    color: #fff;
    border: 1px solid rgba(255, 255, 255, 0.6);
    border-radius: ${theme.radius};
    padding: 0.5rem 1rem;
    text-decoration: none;
    font-weight: 600;
  }
  a[data-variant="cancel"]:hover {
    background: rgba(255, 255, 255, 0.1);
  }
  [role="alert"] {
    flex-basis: 100%;
    color: #ffd6d1;
    font-weight: 500;
  }
`;

export function SelectionBanner({
  count,
  singular,
  plural,
  canDownload,
  busy,
  error,
  cancelTo,
  onCancel,
}: {
  count: number;
  /** 'databook' / 'power price' */
  singular: string;
  plural: string;
  /** Download is shown only when the user has access to every selected item (spec §2). */
  canDownload: boolean;
  busy?: boolean;
  error?: string | null;
  /** The same page without a selection (Cancel without JavaScript). */
  cancelTo: string;
  onCancel?: () => void;
}) {
  return (
    <Fixed role="region" aria-label={`Selected ${plural}`}>
      <p aria-live="polite">
        {count} {count === 1 ? singular : plural} selected
      </p>
      {canDownload ? (
        <Button type="submit" name="intent" value="download" disabled={busy} aria-busy={busy || undefined}>
          {busy ? "Preparing…" : "Download"}
        </Button>
      ) : null}
      <Link
        to={cancelTo}
        data-variant="cancel"
        preventScrollReset
        replace
        onClick={(e) => {
          if (onCancel) {
            e.preventDefault();
            onCancel();
          }
        }}
      >
        Cancel
      </Link>
      {error ? <span role="alert">{error}</span> : null}
    </Fixed>
  );
}
