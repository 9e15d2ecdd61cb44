// Download of several runs as one zip (spec §7 POST /forecast/run-library/download-multiple-runs/ with
// forecastRunsId plus fullName and companyName from the profile). A plain form post (no JavaScript)
// or a fetch from the selection banner: the answer is the zip itself, or, when the API prepares it
// as a background zip archive (intent=archive), that archive (JSON for fetch; the archives page otherwise).
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiFor, ApiResponseError } from "~/services/api.server";
import { me } from "~/services/auth.server";

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
  try {
    if (form.get("intent") === "archive") {
      // Prepared in the background: it joins the background-jobs list (spec §4).
      const archive = await api.POST("/forecast/run-library/zip-archives/", { body: profile });
      return wantsJson ? json(archive, { status: 201 }) : redirect("/forecasts/archives");
    }
    return await api.stream("post", "/forecast/run-library/download-multiple-runs/", { body: profile });
  } catch (e) {
    if (!(e instanceof ApiResponseError)) throw e;
    const data = e.body ?? { detail: "The download could not be prepared." };
    if (wantsJson) return json(data, { status: e.status });
    const message = data.errors ? Object.values(data.errors).flat()[0] : data.detail;
    return redirect(
      `/forecasts?downloadError=${encodeURIComponent(message ?? "The download could not be prepared.")}`,
    );
  }
}
