// The run's finance for other inputs, as JSON for the run page's finance form with JavaScript (a
// fetcher): /forecasts/runs/:runId/finance?capexPerKW=…&strategy=… — the same search parameters the
// page's own URL holds without JavaScript. Recomputed by the API from the stored revenues: no new
// dispatch. Wrong inputs answer 400 with the form's reply naming the field.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiFor, ApiResponseError } from "~/services/api.server";
import { recomputeFinance } from "~/services/finance.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const api = await apiFor(request);
  try {
    const r = await recomputeFinance(api, params.runId!, url.searchParams, {
      strategy: url.searchParams.get("strategy"),
    });
    return json(r, { status: r.finance ? 200 : 400 });
  } catch (e) {
    if (e instanceof ApiResponseError && (e.status === 403 || e.status === 404))
      return json({ finance: null, reply: null, refused: e.message }, { status: e.status });
    throw e;
  }
}
