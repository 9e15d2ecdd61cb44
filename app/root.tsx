import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
} from "@remix-run/react";
import { createGlobalStyle } from "styled-components";
import type { ReactNode } from "react";
import { Shell } from "~/components/Shell";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { theme } from "~/components/theme";
import { useNonce } from "~/components/nonce";
import { me } from "~/services/auth.server";
import { commitSession, visitor } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Voltcast" }];

const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: ${theme.colour.ink}; background: ${theme.colour.page}; line-height: 1.45; }
  a { color: ${theme.colour.info}; }
  :focus-visible { outline: 3px solid ${theme.colour.focus}; outline-offset: 2px; }
  h1 { font-size: 1.6rem; margin: 0.5rem 0 1rem; }
  /* A long unbroken word (a title, a description) wraps instead of widening the page. */
  h1, h2, h3, p, figcaption, dd { overflow-wrap: anywhere; }
  table { border-collapse: collapse; }
`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { isNew, session, visitor: v } = await visitor(request);
  const headers = isNew ? { "Set-Cookie": await commitSession(session, request) } : undefined;
  // A brand-new visitor's anonymous id is only known to the API after the cookie is set; a log-in
  // from a browser without one (a script's) is still the user. The page does not name the new id
  // (only the cookie does): a first visit's page is the same for every first visitor, so the server
  // may hold it and give each one a new cookie (decision 0515).
  const who =
    isNew && !v.sessionToken
      ? {
          user: null,
          anonymousId: null,
          subscriptions: [],
          flags: {} as Record<string, boolean>,
        }
      : await me(request, context);
  return json({ me: who }, { headers });
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        {typeof document === "undefined" ? "__STYLES__" : null}
      </head>
      <body>
        <GlobalStyle />
        <Shell user={data?.me.user ?? null} portfolio={data?.me.flags.portfolio_access === true}>
          {children}
        </Shell>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
