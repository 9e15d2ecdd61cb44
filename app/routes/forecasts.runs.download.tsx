// Download of several runs as one zip (spec §7 POST /forecast/run-library/download-multiple-runs/ with
// forecastRunsId plus fullName and companyName from the profile). A plain form post (no JavaScript)
// or a fetch from the selection banner: the answer is the zip itself, or, when the API prepares it
// as a background zip archive (intent=archive), that archive (JSON for fetch; the archives page otherwise).
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiFor } from "~/services/api.server";
import { me } from "~/services/auth.server";
import { passOnFile, RUN_LIBRARY } from "~/services/runs.server";

export async function loader(_args: LoaderFunctionArgs) {
  return redirect("/forecasts");
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const ids = form.getAll("forecastRunsId").map(String).filter(Boolean);
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  if (ids.length === 0) {
    if (wantsJson) return json({ detail: "Select at least one run to download." }, { status: 400 });
    return redirect("/forecasts?downloadError=none-selected");
  }
  const who = await me(request);
  const api = await apiFor(request);
  const profile = {
    forecastRunsId: ids,
    fullName: who.user?.fullName ?? undefined,
    companyName: who.user?.companyName ?? undefined,
  };
  if (form.get("intent") === "archive") {
    // Prepared in the background: it joins the background-jobs list (spec §4).
    const res = await api.raw(`${RUN_LIBRARY}/zip-archives/`, { method: "POST", body: profile });
    const data = await res.json().catch(() => ({ detail: "The archive could not be started." }));
    if (wantsJson) return json(data, { status: res.status });
    if (res.ok) return redirect("/forecasts/archives");
    return redirect(`/forecasts?downloadError=${encodeURIComponent(data?.detail ?? "failed")}`);
  }
  const file = await passOnFile(request, `${RUN_LIBRARY}/download-multiple-runs/`, {
    method: "POST",
    body: profile,
  });
  if (file.ok) return file.response;
  const data = file.data ?? { detail: "The download could not be prepared." };
  if (wantsJson) return json(data, { status: file.status });
  const message = data?.errors
    ? Object.values(data.errors as Record<string, string[]>).flat()[0]
    : data?.detail;
  return redirect(
    `/forecasts?downloadError=${encodeURIComponent(message ?? "The download could not be prepared.")}`,
  );
}
