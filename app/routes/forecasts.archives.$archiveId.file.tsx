// A finished zip archive of runs, streamed from the API (spec §7 zip-archives/{id}/).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiFor } from "~/services/api.server";
import { RUN_LIBRARY } from "~/services/runs.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const api = await apiFor(request);
  const res = await api.raw(`${RUN_LIBRARY}/zip-archives/${encodeURIComponent(params.archiveId!)}/file/`);
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    throw json(body?.detail ?? "This archive is not ready.", { status: res.status });
  }
  const headers = new Headers(res.headers);
  headers.set("cache-control", "private, no-store");
  return new Response(res.body, { status: 200, headers });
}
