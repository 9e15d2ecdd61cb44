// A row of page tabs (links; the current one marked by aria-current).
import styled from "styled-components";
import { theme } from "./theme.ts";

export const Tabs = styled.nav`
  display: flex;
  gap: 0.25rem;
  border-bottom: 1px solid ${theme.colour.line};
  margin-bottom: 1rem;
  flex-wrap: wrap;
  a {
    padding: 0.5rem 0.9rem;
    text-decoration: none;
    color: ${theme.colour.ink};
    border-bottom: 3px solid transparent;
  }
  a[aria-current="page"] {
    border-bottom-color: ${theme.colour.brand};
    font-weight: 600;
  }
`;
