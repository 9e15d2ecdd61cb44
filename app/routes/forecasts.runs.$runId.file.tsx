// The run's result file (spec §4): passed on from the API, which enforces the rule (ready_for_review,
// a file, and for library runs the subscription). Refused for want of a subscription → the run page,
// which shows the subscription modal; no file yet → 404.
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { passOnFile, RUN_LIBRARY } from "~/services/runs.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.runId!;
  const file = await passOnFile(request, `${RUN_LIBRARY}/${encodeURIComponent(id)}/file/`);
  if (file.ok) return file.response;
  if (file.status === 403) throw redirect(`/forecasts/runs/${id}`);
  throw json(file.data?.detail ?? "This run has no result file yet.", { status: file.status });
}
