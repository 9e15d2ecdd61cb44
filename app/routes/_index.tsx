import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import styled from "styled-components";
import { useRootData } from "~/root";
import { Card, Page, Muted } from "~/components/ui";
import { NAV } from "~/components/Shell";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";

export const meta: MetaFunction = () => [
  { title: "Voltcast · energy-market analytics and BESS revenue forecasts" },
  {
    name: "description",
    content: "Market data, world views and battery revenue forecasts for GB, ERCOT, NEM, Germany and Spain.",
  },
];

const Grid = styled.ul`
  list-style: none;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
  gap: 1rem;
`;

const BLURBS: Record<string, string> = {
  "/library": "Browse forecasts, world views and live and historic market data; download datasets.",
  "/plotter": "Plot any series, compare, save charts.",
  "/library/databooks": "Download the workbooks behind each world view.",
  "/library/power-prices": "Download power-price scenarios.",
  "/forecasts/builder": "Build a revenue forecast for a battery, solar or both.",
  "/forecasts": "Follow your runs and read their results.",
};

export default function Home() {
  const root = useRootData();
  const user = root?.me.user;
  return (
    <Page>
      <h1>{user ? `Welcome back, ${user.fullName}` : "Voltcast"}</h1>
      <Muted>
        Energy-market analytics and battery-storage revenue forecasts for Great Britain, ERCOT, Australia
        (NEM), Germany and Spain.
      </Muted>
      <Grid>
        {NAV.map((item) => (
          <li key={item.to}>
            <Card>
              <h2 style={{ fontSize: "1.1rem", marginTop: 0 }}>
                <Link to={item.to}>{item.label}</Link>
              </h2>
              <Muted>{BLURBS[item.to]}</Muted>
            </Card>
          </li>
        ))}
      </Grid>
      {!user ? (
        <p>
          <Link to="/login">Log in</Link> or <Link to="/signup">sign up</Link> to save charts and build
          forecasts.
        </p>
      ) : null}
    </Page>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
