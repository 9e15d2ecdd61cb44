// The app shell: skip link, header with the product's areas, account menu, main content.
import type { ReactNode } from "react";
import { Form, Link, NavLink } from "@remix-run/react";
import styled from "styled-components";
import { theme } from "./theme.ts";

export const NAV = [
  { to: "/library", label: "Data library" },
  { to: "/plotter", label: "Plotter" },
  { to: "/library/databooks", label: "Databooks" },
  { to: "/library/power-prices", label: "Power prices" },
  { to: "/forecasts/builder", label: "Forecast builder" },
  { to: "/forecasts", label: "Runs", end: true },
] as const;

const Header = styled.header`
  background: ${theme.colour.ink};
  color: #fff;
  nav {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25rem 1rem;
    max-width: 80rem;
    margin: 0 auto;
    padding: 0.6rem 1.25rem;
  }
  a {
    color: #e8edf3;
    text-decoration: none;
    padding: 0.35rem 0.5rem;
    border-radius: 4px;
  }
  a:hover {
    background: rgba(255, 255, 255, 0.1);
  }
  a[aria-current="page"] {
    background: rgba(255, 255, 255, 0.16);
    color: #fff;
  }
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem;
    list-style: none;
    margin: 0;
    padding: 0;
  }
`;

const Brand = styled(Link)`
  font-weight: 800;
  font-size: 1.15rem;
  letter-spacing: 0.02em;
  margin-right: 1rem;
  &&& {
    color: #fff;
  }
  span {
    color: ${theme.colour.accent};
  }
`;

const Account = styled.div`
  margin-left: auto;
  display: flex;
  align-items: center;
  gap: 0.5rem;
  button {
    background: none;
    border: 1px solid rgba(255, 255, 255, 0.4);
    color: #fff;
    border-radius: 4px;
    padding: 0.3rem 0.7rem;
    font: inherit;
    cursor: pointer;
  }
`;

const SkipLink = styled.a`
  position: absolute;
  left: -999px;
  &:focus {
    left: 0.5rem;
    top: 0.5rem;
    background: #fff;
    color: ${theme.colour.ink};
    padding: 0.5rem;
    z-index: 100;
  }
`;

export function Shell({
  user,
  portfolio = false,
  children,
}: {
  user: { fullName: string; company?: { role: string } | null } | null;
  /** The account has portfolio access (the API enforces it; the link only shows the way). */
  portfolio?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <SkipLink href="#main">Skip to content</SkipLink>
      <Header>
        <nav aria-label="Main">
          <Brand to="/">
            Volt<span>cast</span>
          </Brand>
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={"end" in item ? item.end : false}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            {portfolio ? (
              <li>
                <NavLink to="/portfolio/history">Portfolio</NavLink>
              </li>
            ) : null}
          </ul>
          <Account>
            {user ? (
              <>
                <NavLink to="/profile">{user.fullName}</NavLink>
                {user.company?.role === "admin" ? <NavLink to="/company">Company</NavLink> : null}
                <Form method="post" action="/logout">
                  <button type="submit">Log out</button>
                </Form>
              </>
            ) : (
              <>
                <NavLink to="/login">Log in</NavLink>
                <NavLink to="/signup">Sign up</NavLink>
              </>
            )}
            <NavLink to="/pricing">Pricing</NavLink>
          </Account>
        </nav>
      </Header>
      <main id="main">{children}</main>
    </>
  );
}
