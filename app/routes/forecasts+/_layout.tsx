// Pass-through layout of every /forecasts page: only keeps the run selection (spec §4) while the user
// moves between forecast pages; it is cleared when they leave them (the provider unmounts).
import { Outlet } from "@remix-run/react";
import { RunSelectionProvider } from "~/components/runs/selection";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";

export default function ForecastsLayout() {
  return (
    <RunSelectionProvider>
      <Outlet />
    </RunSelectionProvider>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
