// A document POST's answer takes its headers from the route's `headers` export, not from the
// action's own response: the account forms export this, so a 429 they answer says when to try
// again (Retry-After), as the API's does (issue 28 item 3).
import type { HeadersFunction } from "@remix-run/node";

export const retryAfterHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const out = new Headers();
  const seconds = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (seconds) out.set("Retry-After", seconds);
  return out;
};
