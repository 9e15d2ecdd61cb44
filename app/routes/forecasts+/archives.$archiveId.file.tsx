// A finished zip archive of runs, passed on from the API (spec §7 zip-archives/{id}/file/).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiFor, ApiResponseError } from "~/services/api.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  try {
    return await (
      await apiFor(request)
    ).stream("get", "/forecast/run-library/zip-archives/{id}/file/", {
      params: { path: { id: params.archiveId! } },
    });
  } catch (e) {
    if (!(e instanceof ApiResponseError)) throw e;
    throw json(e.body?.detail ?? "This archive is not ready.", { status: e.status });
  }
}
