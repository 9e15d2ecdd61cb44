// The plotter's two pages (spec §2): the plotter itself and saved charts, as tabs.
import type { MetaFunction } from "@remix-run/node";
import { NavLink, Outlet } from "@remix-run/react";
import styled from "styled-components";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { Tabs } from "~/components/Tabs";

export const meta: MetaFunction = () => [{ title: "Plotter · Voltcast" }];

const Wide = styled.div`
  max-width: 90rem;
  margin: 0 auto;
  padding: 1.25rem 1.25rem 3rem;
`;

export default function PlotterLayout() {
  return (
    <Wide>
      <Tabs aria-label="Plotter pages">
        <NavLink to="/plotter" end>
          Plotter
        </NavLink>
        <NavLink to="/plotter/saved">Saved charts</NavLink>
      </Tabs>
      <Outlet />
    </Wide>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
