// The run's result file (spec §4): streamed from the API, which enforces the rule (ready_for_review,
// a file, and for library runs the subscription). Refused for want of a subscription → the run page,
// which shows the subscription modal; no file yet → 404.
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { apiFor } from "~/services/api.server";
import { RUN_LIBRARY } from "~/services/runs.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.runId!;
  const api = await apiFor(request);
  const res = await api.raw(`${RUN_LIBRARY}/${encodeURIComponent(id)}/file/`);
  if (res.status === 403) {
    await res.body?.cancel().catch(() => {});
    throw redirect(`/forecasts/runs/${id}`);
  }
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    let detail = "This run has no result file yet.";
    try {
      detail = JSON.parse(text).detail ?? detail;
    } catch {
      // not JSON
    }
    throw json(detail, { status: res.status === 404 ? 404 : res.status });
  }
  const headers = new Headers(res.headers);
  headers.set("cache-control", "private, no-store");
  return new Response(res.body, { status: 200, headers });
}
