// Loader and download shared by the Databooks and Power prices tabs. The list comes from the API
// (with the caller's access). The download is a resource route (…/download) so its answer can be
// the zip itself, streamed from the API. With JavaScript the banner fetches it (POST) and clears the
// selection. Without it the POST answers a redirect to the tab, its selection cleared (spec §4), and
// that page fetches the zip from the same route by GET (meta refresh, and a link). A refusal goes
// back to the tab (flash message in the session, selection kept in the URL), or as JSON to a fetch.
import { json, redirect } from "@remix-run/node";
import { apiFor, ApiResponseError, type ApiClient } from "~/services/api.server";
import { me } from "~/services/auth.server";
import { commitSession, getSession } from "~/services/session.server";
import type { WorldViewRow } from "~/components/WorldViewTable";

/** Who asks for a download: their profile goes into the zip's cover sheet. */
interface Requester {
  email: string;
  fullName: string;
  companyName: string;
}

export interface WorldViewTab {
  /** The tab's own URL path. */
  page: string;
  list(api: ApiClient, search: string | undefined): Promise<{ count: number; results: WorldViewRow[] }>;
  /** The zip of these items, streamed on from the API. */
  download(api: ApiClient, ids: string[], who: Requester): Promise<Response>;
}

export const DATABOOKS: WorldViewTab = {
  page: "/library/databooks",
  list: (api, search) =>
    api.GET("/forecast/macro-scenarios/macro-scenario-databooks", { params: { query: { search } } }),
  download: (api, ids, who) =>
    api.stream("post", "/forecast/macro-scenarios/macro-scenario-databooks/download-multiple-data-books/", {
      body: { macroScenarioDataBookId: ids, ...who },
    }),
};

export const POWER_PRICES: WorldViewTab = {
  page: "/library/power-prices",
  list: (api, search) => api.GET("/forecast/power-prices/", { params: { query: { search } } }),
  download: (api, ids, who) =>
    api.stream("post", "/forecast/power-prices/download-multiple-power-prices/", {
      body: { powerPricesId: ids, ...who },
    }),
};

const FLASH = "worldViewDownloadError";

export async function loadTab(tab: WorldViewTab, request: Request, context?: unknown) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  // Just asked for without JavaScript: the page fetches these, with nothing selected any more.
  const downloading = [...new Set(url.searchParams.getAll("download"))].slice(0, 500);
  const selected = downloading.length ? [] : [...new Set(url.searchParams.getAll("id"))].slice(0, 500);
  const api = await apiFor(request);
  const session = await getSession(request);
  const error = (session.get(FLASH) as string | undefined) ?? null;
  const [list, who] = await Promise.all([tab.list(api, q || undefined), me(request, context)]);
  return json(
    {
      items: list.results,
      q,
      selected,
      loggedIn: Boolean(who.user),
      error,
      downloadHref: downloading.length ? downloadHref(tab, downloading, q) : null,
    },
    error ? { headers: { "Set-Cookie": await commitSession(session, request) } } : undefined,
  );
}

/** The GET of the tab's download route for these ids (the zip itself). */
function downloadHref(tab: WorldViewTab, ids: string[], q: string) {
  const p = new URLSearchParams();
  if (q) p.set("q", q);
  for (const id of ids) p.append("id", id);
  return `${tab.page}/download?${p}`;
}

/**
 * POST …/download: the checked ids (or the one row's id). A fetch (JavaScript) gets the zip; a plain
 * form post is sent back to the tab with its selection cleared, which then fetches the zip by GET.
 */
export async function downloadTab(tab: WorldViewTab, request: Request) {
  const form = await request.formData();
  const single = form.get("single");
  const ids =
    typeof single === "string" && single
      ? [single]
      : [...new Set(form.getAll("id").map(String).filter(Boolean))];
  const q = String(form.get("q") ?? "");
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  if (!wantsJson && ids.length) {
    const back = new URLSearchParams();
    if (q) back.set("q", q);
    for (const id of ids) back.append("download", id);
    return redirect(`${tab.page}?${back}`, 303);
  }
  return zipOf(tab, request, { ids, q, kept: form.getAll("id").map(String), wantsJson });
}

/** GET …/download?id=…: the zip itself (the tab's page asks for it after a plain form post). */
export async function downloadTabByGet(tab: WorldViewTab, request: Request) {
  const url = new URL(request.url);
  const ids = [...new Set(url.searchParams.getAll("id"))].slice(0, 500);
  if (!ids.length) return redirect(tab.page);
  const q = url.searchParams.get("q") ?? "";
  return zipOf(tab, request, { ids, q, kept: ids, wantsJson: false });
}

/** The API's zip of the ids, streamed on; or the refusal, with the selection kept to try again. */
async function zipOf(
  tab: WorldViewTab,
  request: Request,
  { ids, q, kept, wantsJson }: { ids: string[]; q: string; kept: string[]; wantsJson: boolean },
) {
  const refuse = async (status: number, error: string) => {
    if (wantsJson) return json({ error }, { status });
    const session = await getSession(request);
    session.flash(FLASH, error);
    const back = new URLSearchParams();
    if (q) back.set("q", q);
    for (const id of kept) back.append("id", id);
    return redirect(`${tab.page}${back.size ? `?${back}` : ""}`, {
      headers: { "Set-Cookie": await commitSession(session, request) },
    });
  };
  if (!ids.length) return refuse(400, "Select at least one item to download");
  const who = await me(request);
  const api = await apiFor(request);
  let res: Response;
  try {
    res = await tab.download(api, ids, {
      email: who.user?.email ?? "",
      fullName: who.user?.fullName ?? "",
      companyName: who.user?.companyName ?? "",
    });
  } catch (e) {
    if (!(e instanceof ApiResponseError)) throw e;
    return refuse(e.status, Object.values(e.fieldErrors).flat()[0] ?? e.message);
  }
  return new Response(res.body, {
    status: 200,
    headers: {
      "content-type": res.headers.get("content-type") ?? "application/zip",
      "content-disposition": res.headers.get("content-disposition") ?? "attachment",
      "cache-control": "no-store",
    },
  });
}
