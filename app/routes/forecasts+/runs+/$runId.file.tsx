// The run's result file (spec §4): passed on from the API, which enforces the rule (ready_for_review,
// a file, and for library runs the subscription). Refused for want of a subscription → the run page,
// which shows the subscription modal; no file yet → 404.
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { apiFor, ApiResponseError } from "~/services/api.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.runId!;
  try {
    return await (
      await apiFor(request)
    ).stream("get", "/forecast/run-library/{id}/file/", { params: { path: { id } } });
  } catch (e) {
    if (!(e instanceof ApiResponseError)) throw e;
    if (e.status === 403) throw redirect(`/forecasts/runs/${id}`);
    throw json(e.body?.detail ?? "This run has no result file yet.", { status: e.status });
  }
}
