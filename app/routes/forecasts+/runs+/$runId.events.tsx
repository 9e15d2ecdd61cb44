// Live progress of a run for the browser (EventSource): the API's server-sent event stream
// (GET /forecast/run-library/{id}/events/) passed on by the web app, which the browser talks to.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiFor } from "~/services/api.server";
import { openRunEvents } from "~/services/runs.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return openRunEvents(await apiFor(request), params.runId!);
}
