// The zip of a ready dataset download, streamed on from the API.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiFor } from "~/services/api.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const res = await (
    await apiFor(request)
  ).raw(`/data-api/data-and-charts/data/preparing/${encodeURIComponent(params.id!)}/file/`);
  if (res.status >= 400) {
    const body = await res.text();
    let detail = body;
    try {
      detail = JSON.parse(body).detail ?? body;
    } catch {
      /* plain text */
    }
    return new Response(detail, {
      status: res.status,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
  return res;
}
