// "Filters persist by page path" (spec §2): a cookie remembers the last query string of each
// library page, so coming back to the page (with or without JavaScript) restores its filters.
import { createCookie } from "@remix-run/node";

const cookie = createCookie("vc_filters", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 90,
});
const MAX_PATHS = 30;

type Memory = Record<string, string>;

async function read(request: Request): Promise<Memory> {
  const v = await cookie.parse(request.headers.get("Cookie"));
  return v && typeof v === "object" ? (v as Memory) : {};
}

/**
 * Either a redirect to the remembered filters of this path (when the URL has none), or the
 * Set-Cookie header that remembers the URL's filters. `?clear` forgets them.
 */
export async function rememberFilters(
  request: Request,
  keys: string[],
): Promise<{ redirectTo?: string; setCookie?: string }> {
  const url = new URL(request.url);
  const memory = await read(request);
  const own = new URLSearchParams();
  for (const k of keys) for (const v of url.searchParams.getAll(k)) if (v !== "") own.append(k, v);
  const query = own.toString();
  if (url.searchParams.has("clear")) {
    delete memory[url.pathname];
    return { redirectTo: url.pathname, setCookie: await cookie.serialize(memory) };
  }
  if (!query) {
    const saved = memory[url.pathname];
    if (saved && ![...url.searchParams.keys()].length) return { redirectTo: `${url.pathname}?${saved}` };
    return {};
  }
  if (memory[url.pathname] === query) return {};
  delete memory[url.pathname];
  memory[url.pathname] = query;
  const paths = Object.keys(memory);
  for (const p of paths.slice(0, Math.max(0, paths.length - MAX_PATHS))) delete memory[p];
  return { setCookie: await cookie.serialize(memory) };
}
