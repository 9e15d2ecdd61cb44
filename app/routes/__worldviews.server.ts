// Loader and action shared by the Databooks and Power prices tabs: the list from the API (with the
// caller's access), and the download, streamed from the API's zip straight to the browser.
import { json } from "@remix-run/node";
import { apiFor, ApiResponseError } from "~/services/api.server";
import { me } from "~/services/auth.server";
import type { WorldViewRow } from "~/components/WorldViewTable";

export interface WorldViewTab {
  listPath: string;
  downloadPath: string;
  /** Body field of the id list: macroScenarioDataBookId / powerPricesId. */
  idsField: string;
}

export const DATABOOKS: WorldViewTab = {
  listPath: "/forecast/macro-scenarios/macro-scenario-databooks",
  downloadPath: "/forecast/macro-scenarios/macro-scenario-databooks/download-multiple-data-books/",
  idsField: "macroScenarioDataBookId",
};

export const POWER_PRICES: WorldViewTab = {
  listPath: "/forecast/power-prices/",
  downloadPath: "/forecast/power-prices/download-multiple-power-prices/",
  idsField: "powerPricesId",
};

export async function loadTab(tab: WorldViewTab, request: Request) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const selected = [...new Set(url.searchParams.getAll("id"))].slice(0, 500);
  const api = await apiFor(request);
  const [list, who] = await Promise.all([
    api.json<{ count: number; results: WorldViewRow[] }>(tab.listPath, { query: { search: q || undefined } }),
    me(request),
  ]);
  return json({ items: list.results, q, selected, loggedIn: Boolean(who.user), error: null as string | null });
}

/** Download: the checked ids (or the one row's id), sent with the profile; the zip is streamed on. */
export async function downloadTab(tab: WorldViewTab, request: Request) {
  const form = await request.formData();
  const single = form.get("single");
  const ids = typeof single === "string" && single ? [single] : form.getAll("id").map(String).filter(Boolean);
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  const refuse = async (status: number, error: string) => {
    if (wantsJson) return json({ error }, { status });
    // JavaScript off: the page again, with the message and the selection kept.
    const url = new URL(request.url);
    url.searchParams.delete("id");
    for (const id of ids) url.searchParams.append("id", id);
    const data = await (await loadTab(tab, new Request(url, { headers: request.headers }))).json();
    return json({ ...data, error }, { status });
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
    const message = new ApiResponseError(res.status, body).message;
    const field = body?.errors ? Object.values(body.errors as Record<string, string[]>).flat()[0] : null;
    return refuse(res.status, field ?? message);
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
