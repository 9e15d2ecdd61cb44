// The chart menu (spec §2): Export as CSV; Edit and Delete on saved charts only. Export and Edit
// are disabled when the chart has an error. A <details> menu: it opens without JavaScript.
import { Link, useLocation } from "@remix-run/react";
import styled from "styled-components";
import { theme } from "./theme.ts";

const Menu = styled.details`
  position: relative;
  summary {
    list-style: none;
    cursor: pointer;
    padding: 0.35rem 0.75rem;
    border: 1px solid ${theme.colour.line};
    border-radius: ${theme.radius};
    background: #fff;
    font-weight: 600;
  }
  summary::-webkit-details-marker {
    display: none;
  }
  ul {
    position: absolute;
    right: 0;
    z-index: 5;
    min-width: 11rem;
    list-style: none;
    margin: 0.25rem 0 0;
    padding: 0.25rem 0;
    background: #fff;
    border: 1px solid ${theme.colour.line};
    border-radius: ${theme.radius};
    box-shadow: 0 4px 14px rgba(0, 0, 0, 0.12);
  }
  li > a,
  li > span,
  li button {
    display: block;
    width: 100%;
    text-align: left;
    padding: 0.45rem 0.9rem;
    color: ${theme.colour.ink};
    text-decoration: none;
    background: none;
    border: 0;
    font: inherit;
    cursor: pointer;
  }
  li > a:hover,
  li button:hover {
    background: ${theme.colour.infoSoft};
  }
  [aria-disabled="true"] {
    color: ${theme.colour.muted};
    cursor: not-allowed;
  }
`;

export function ChartMenu({
  exportHref,
  editHref,
  deleteHref,
  disabled,
}: {
  exportHref: string;
  /** Saved charts only. */
  editHref?: string;
  deleteHref?: string;
  disabled: boolean;
}) {
  // A new page (after edit or delete) starts with the menu closed.
  const location = useLocation();
  return (
    <Menu key={location.key}>
      <summary aria-label="Chart menu">Chart menu ▾</summary>
      <ul>
        <li>
          {disabled ? (
            <span aria-disabled="true">Export as CSV</span>
          ) : (
            <a href={exportHref} download>
              Export as CSV
            </a>
          )}
        </li>
        {editHref ? (
          <li>{disabled ? <span aria-disabled="true">Edit</span> : <Link to={editHref}>Edit</Link>}</li>
        ) : null}
        {deleteHref ? (
          <li>
            <Link to={deleteHref}>Delete</Link>
          </li>
        ) : null}
      </ul>
    </Menu>
  );
}
