// The table every library section lists its rows in (folders, runs, world views, data sets).
import styled from "styled-components";
import { theme } from "../theme.ts";

export const LibraryTable = styled.table`
  width: 100%;
  background: ${theme.colour.surface};
  border: 1px solid ${theme.colour.line};
  border-radius: ${theme.radius};
  th,
  td {
    text-align: left;
    padding: 0.55rem 0.75rem;
    border-bottom: 1px solid ${theme.colour.line};
    vertical-align: top;
  }
  thead th {
    background: #f8fafc;
    font-size: 0.9rem;
  }
  td small {
    display: block;
    color: ${theme.colour.muted};
  }
  tr:hover td {
    background: #fafcff;
  }
`;
