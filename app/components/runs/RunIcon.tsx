// Run icons (spec §4): none when finished with a file; a processing icon; an edit icon for drafts.
import { Link } from "@remix-run/react";
import styled, { keyframes } from "styled-components";
import { theme } from "../theme.ts";
import { runIcon, type RunLike } from "./rules.ts";

const spin = keyframes`to { transform: rotate(360deg); }`;

const Spinner = styled.svg<{ $animate: boolean }>`
  color: ${theme.colour.muted};
  @media (prefers-reduced-motion: no-preference) {
    animation: ${(p) => (p.$animate ? spin : "none")} 1.6s linear infinite;
  }
`;

const EditLink = styled(Link)`
  display: inline-flex;
  color: ${theme.colour.info};
`;

export function ProcessingIcon({
  animate = true,
  title = "Processing",
}: {
  animate?: boolean;
  title?: string;
}) {
  return (
    <Spinner $animate={animate} width="18" height="18" viewBox="0 0 24 24" role="img" aria-label={title}>
      <title>{title}</title>
      <circle
        cx="12"
        cy="12"
        r="9"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeDasharray="42 14"
        strokeLinecap="round"
      />
    </Spinner>
  );
}

export function EditIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M4 20h4L19 9l-4-4L4 16v4z M14 6l4 4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The icon of a run row; drafts link to the builder's edit page. */
export function RunIcon({
  run,
  name,
  editHref,
}: {
  run: RunLike & { hasFile?: boolean };
  name: string;
  editHref?: string;
}) {
  const icon = runIcon(run);
  if (icon === "none") return null;
  if (icon === "edit") {
    return editHref ? (
      <EditLink to={editHref} aria-label={`Edit draft ${name}`} title="Edit draft">
        <EditIcon />
      </EditLink>
    ) : (
      <EditIcon />
    );
  }
  return (
    <ProcessingIcon
      animate={run.status === "processing"}
      title={run.status === "processing" ? "Processing" : "No result file yet"}
    />
  );
}
