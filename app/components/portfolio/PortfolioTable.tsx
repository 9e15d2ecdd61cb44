// A table of money per year on the portfolio's pages: figures right-aligned in tabular numbers,
// the row's label (its year) on the left.
import styled from "styled-components";
import { theme } from "~/components/theme";

export const PortfolioTable = styled.table`
  width: 100%;
  background: #fff;
  margin-top: 1rem;
  th,
  td {
    padding: 0.4rem 0.6rem;
    border-bottom: 1px solid ${theme.colour.line};
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  th:first-child,
  td:first-child {
    text-align: left;
  }
  caption {
    text-align: left;
    font-weight: 600;
  }
`;
