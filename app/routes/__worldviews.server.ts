// Loader and download shared by the Databooks and Power prices tabs. The list comes from the API
// (with the caller's access). The download is a resource route (…/download) so its answer can be
// the zip itself, streamed from the API: a plain form post without JavaScript, a fetch with it.
// A refusal goes back to the tab (flash message in the session, selection kept in the URL), or as
// JSON to a fetch.
import { json, redirect } from "@remix-run/node";
import { apiFor, ApiResponseError } from "~/services/api.server";
import { me } from "~/services/auth.server";
import { commitSession, getSession } from "~/services/session.server";
import type { WorldViewRow } from "~/components/WorldViewTable";

export interface WorldViewTab {
  /** The tab's own URL path. */
  page: string;
  listPath: string;
  downloadPath: string;
  /** Body field of the id list: macroScenarioDataBookId / powerPricesId. */
  idsField: string;
}

export const DATABOOKS: WorldViewTab = {
  page: "/library/databooks",
  listPath: "/forecast/macro-scenarios/macro-scenario-databooks",
  downloadPath: "/forecast/macro-scenarios/macro-scenario-databooks/download-multiple-data-books/",
  idsField: "macroScenarioDataBookId",
};

export const POWER_PRICES: WorldViewTab = {
  page: "/library/power-prices",
  listPath: "/forecast/power-prices/",
  downloadPath: "/forecast/power-prices/download-multiple-power-prices/",
  idsField: "powerPricesId",
};

const FLASH = "worldViewDownloadError";

export async function loadTab(tab: WorldViewTab, request: Request) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const selected = [...new Set(url.searchParams.getAll("id"))].slice(0, 500);
  const api = await apiFor(request);
  const session = await getSession(request);
  const error = (session.get(FLASH) as string | undefined) ?? null;
  const [list, who] = await Promise.all([
    api.json<{ count: number; results: WorldViewRow[] }>(tab.listPath, { query: { search: q || undefined } }),
    me(request),
  ]);
  return json(
    { items: list.results, q, selected, loggedIn: Boolean(who.user), error },
    error ? { headers: { "Set-Cookie": await commitSession(session) } } : undefined,
  );
}

/** POST …/download: the checked ids (or the one row's id), sent with the profile; the zip streamed on. */
export async function downloadTab(tab: WorldViewTab, request: Request) {
  const form = await request.formData();
  const single = form.get("single");
  const ids =
    typeof single === "string" && single
      ? [single]
      : [...new Set(form.getAll("id").map(String).filter(Boolean))];
  const q = String(form.get("q") ?? "");
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  const refuse = async (status: number, error: string) => {
    if (wantsJson) return json({ error }, { status });
    const session = await getSession(request);
    session.flash(FLASH, error);
    const back = new URLSearchParams();
    if (q) back.set("q", q);
    for (const id of form.getAll("id").map(String)) back.append("id", id);
    return redirect(`${tab.page}${back.size ? `?${back}` : ""}`, {
      headers: { "Set-Cookie": await commitSession(session) },
    });
  };
  if (!ids.length) return refuse(400, "Select at least one item to download");
  const who = await me(request);
  const api = await apiFor(request);
  const res = await api.raw(tab.downloadPath, {
    method: "POST",
    body: {
      [tab.idsField]: ids,
      email: who.user?.email ?? "",
      fullName: who.user?.fullName ?? "",
      companyName: who.user?.companyName ?? "",
    },
  });
  if (res.status >= 400) {
    const body = await res.json().catch(() => null);
    const field = body?.errors ? Object.values(body.errors as Record<string, string[]>).flat()[0] : null;
    return refuse(res.status, field ?? new ApiResponseError(res.status, body).message);
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
