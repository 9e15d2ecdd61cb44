// Asset cards (start screen and the canvas's pre-configuration list). The grid has 2 columns under
// 600 px, otherwise 3 (spec §2), and with JavaScript the arrow keys move between cards.
import { Link } from "@remix-run/react";
import type { KeyboardEvent, ReactNode } from "react";
import styled from "styled-components";
import { theme } from "../theme.ts";

export interface AssetCardView {
  key: string;
  title: string;
  href: string;
  lines: string[];
  image?: string | null;
  badge?: ReactNode;
}

const Grid = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  @media (max-width: 599px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Card = styled(Link)`
  display: flex;
  flex-direction: column;
  gap: 0.35rem;
  height: 100%;
  padding: 1rem;
  background: #fff;
  border: 1px solid ${theme.colour.line};
  border-radius: 10px;
  color: ${theme.colour.ink};
  text-decoration: none;
  &:hover {
    border-color: ${theme.colour.brand};
    box-shadow: 0 3px 12px rgba(11, 110, 79, 0.12);
  }
  strong {
    font-size: 1.02rem;
  }
  span {
    color: ${theme.colour.muted};
    font-size: 0.9rem;
  }
  img {
    width: 100%;
    height: 6rem;
    object-fit: cover;
    border-radius: 6px;
    background: ${theme.colour.brandSoft};
  }
`;

/** The number of columns actually laid out (2 or 3), read from the grid. */
function columnsOf(grid: HTMLElement): number {
  const cols = getComputedStyle(grid).gridTemplateColumns.split(" ").filter(Boolean).length;
  return cols || 3;
}

export function AssetGrid({ cards, label }: { cards: AssetCardView[]; label: string }) {
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 };
    const grid = e.currentTarget;
    const links = Array.from(grid.querySelectorAll<HTMLAnchorElement>("a[data-card]"));
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (at < 0) return;
    const cols = columnsOf(grid);
    let step = moves[e.key];
    if (e.key === "ArrowDown") step = cols;
    if (e.key === "ArrowUp") step = -cols;
    if (e.key === "Home") step = -at;
    if (e.key === "End") step = links.length - 1 - at;
    if (step === undefined) return;
    const next = links[Math.min(links.length - 1, Math.max(0, at + step))];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  };
  return (
    <Grid aria-label={label} onKeyDown={onKeyDown} data-testid="asset-grid">
      {cards.map((c) => (
        <li key={c.key}>
          <Card to={c.href} data-card={c.key}>
            {c.image ? <img src={c.image} alt="" /> : null}
            <strong>{c.title}</strong>
            {c.lines.map((l) => (
              <span key={l}>{l}</span>
            ))}
            {c.badge}
          </Card>
        </li>
      ))}
    </Grid>
  );
}
