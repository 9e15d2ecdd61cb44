// Server rendering with styled-components: styles are collected during the render and put in
// <head>, so pages are styled before (and without) any JavaScript.
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { ServerStyleSheet } from "styled-components";
import { NonceProvider } from "./components/nonce.tsx";

// The server (server.ts) gives each first visitor it answers with a held page this cookie.
export { firstVisitCookie } from "./services/session.server.ts";

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as { cspNonce?: string }).cspNonce;
  const sheet = new ServerStyleSheet();
  try {
    let markup = renderToString(
      sheet.collectStyles(
        <NonceProvider value={nonce ?? ""}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </NonceProvider>,
      ),
    );
    markup = markup.replace("__STYLES__", sheet.getStyleTags());
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response("<!DOCTYPE html>" + markup, { status: responseStatusCode, headers: responseHeaders });
  } finally {
    sheet.seal();
  }
}
