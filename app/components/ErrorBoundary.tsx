// One error boundary for every route: per-status messages, a way back.
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { Page, Muted } from "./ui.tsx";
import { OOPS_TEXT } from "./texts.ts";

export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundPage />;
    if (error.status === 403) {
      return (
        <Page>
          <h1>You don’t have access to this</h1>
          <Muted>
            {typeof error.data === "string" ? error.data : "A subscription or permission is missing."}
          </Muted>
          <Link to="/pricing">See plans</Link>
        </Page>
      );
    }
    return (
      <Page>
        <h1>Oops!</h1>
        <Muted>{typeof error.data === "string" ? error.data : `The page answered ${error.status}.`}</Muted>
        <Link to="/">Back to Voltcast</Link>
      </Page>
    );
  }
  return (
    <Page>
      <h1>Oops!</h1>
      <Muted>{OOPS_TEXT}</Muted>
      <Link to="/">Back to Voltcast</Link>
    </Page>
  );
}

export function NotFoundPage() {
  return (
    <Page>
      <h1>Page not found</h1>
      <Muted>We couldn’t find what you were looking for. It may have been moved or deleted.</Muted>
      <Link to="/">Back to Voltcast</Link>
    </Page>
  );
}
