// The zip of a ready dataset download, streamed on from the API.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiFor, ApiResponseError } from "~/services/api.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  try {
    return await (
      await apiFor(request)
    ).stream("get", "/data-api/data-and-charts/data/preparing/{id}/file/", {
      params: { path: { id: params.id! } },
    });
  } catch (e) {
    if (!(e instanceof ApiResponseError)) throw e;
    return new Response(e.message, {
      status: e.status,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
}
