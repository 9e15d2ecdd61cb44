// The run display's building blocks (styled), shared by its sections: a section with its heading, key
// figures as a definition list, a scrolling table, a chart with its caption, and the URL helper the
// sections' links use (the page's state is in its URL).
import styled from "styled-components";
import { theme } from "../theme.ts";

export const Section = styled.section`
  margin-top: 1.5rem;
  h2 {
    font-size: 1.2rem;
    margin: 0 0 0.75rem;
  }
`;

export const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
  gap: 0.75rem;
  margin: 0 0 1rem;
  div {
    background: ${theme.colour.surface};
    border: 1px solid ${theme.colour.line};
    border-radius: ${theme.radius};
    padding: 0.75rem 1rem;
  }
  dt {
    color: ${theme.colour.muted};
    font-size: 0.85rem;
  }
  dd {
    margin: 0.2rem 0 0;
    font-size: 1.25rem;
    font-weight: 700;
  }
  dd small {
    font-size: 0.8rem;
    font-weight: 400;
    color: ${theme.colour.muted};
  }
`;

export const Scroll = styled.div`
  overflow-x: auto;
  table {
    width: 100%;
    background: #fff;
    font-size: 0.9rem;
  }
  th,
  td {
    padding: 0.4rem 0.6rem;
    border-bottom: 1px solid ${theme.colour.line};
    text-align: right;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
  th:first-child,
  td:first-child {
    text-align: left;
  }
  thead th {
    color: ${theme.colour.muted};
  }
  tfoot td,
  tfoot th {
    font-weight: 700;
  }
`;

export const ChartBox = styled.figure`
  margin: 0 0 1rem;
  background: #fff;
  border: 1px solid ${theme.colour.line};
  border-radius: ${theme.radius};
  padding: 0.5rem;
  figcaption {
    font-size: 0.85rem;
    color: ${theme.colour.muted};
    padding: 0 0.5rem;
  }
`;

/** The page's URL with some search parameters changed (null removes one). */
export function hrefWith(pathname: string, sp: URLSearchParams, changes: Record<string, string | null>) {
  const next = new URLSearchParams(sp);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) next.delete(k);
    else next.set(k, v);
  }
  next.delete("upgrade");
  const s = next.toString();
  return s ? `${pathname}?${s}` : pathname;
}
