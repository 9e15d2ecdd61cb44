// The run's download (issue 19): one zip of the result workbook and the first year's dispatch and
// prices as CSV, passed on from the API under the run file's rule (spec §4). Refused for want of a
// subscription → the run page (its subscription modal); not finished → 404.
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { apiFor, ApiResponseError } from "~/services/api.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.runId!;
  try {
    return await (
      await apiFor(request)
    ).stream("get", "/forecast/run-library/{id}/result/download.zip", { params: { path: { id } } });
  } catch (e) {
    if (!(e instanceof ApiResponseError)) throw e;
    if (e.status === 403) throw redirect(`/forecasts/runs/${id}`);
    throw json(e.body?.detail ?? "This run has no results yet.", { status: e.status });
  }
}
