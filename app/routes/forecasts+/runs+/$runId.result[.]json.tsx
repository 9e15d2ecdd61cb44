// The run's result as a JSON file (issue: JSON download on the run page): what the API answers an
// API key at GET /forecast/run-library/{id}/result/, fetched as the visitor (their session) and
// handed over as a download, so it works without JavaScript and without a key. The API decides who
// may read it: someone else's run or an unfinished one → its 404; a library run without the
// subscription → the run page, whose subscription prompt says what is needed (as the xlsx does).
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { apiFor, ApiResponseError } from "~/services/api.server";
import { runFileName } from "~/components/runs/rules";

/** `attachment` with an ASCII name for old clients and the run's own name (RFC 6266 `filename*`). */
function attachment(runName: string) {
  const plain = runFileName(runName, "_result.json");
  const own = `${runName.trim().slice(0, 80) || "run"}_result.json`;
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(own)}`;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.runId!;
  try {
    const result = await (
      await apiFor(request)
    ).GET("/forecast/run-library/{id}/result/", { params: { path: { id } } });
    return new Response(`${JSON.stringify(result, null, 2)}\n`, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": attachment(result.runName),
        "Cache-Control": "private, no-store",
      },
    });
  } catch (e) {
    if (!(e instanceof ApiResponseError)) throw e;
    if (e.status === 403) throw redirect(`/forecasts/runs/${id}`);
    throw json(e.body?.detail ?? "This run has no results yet.", { status: e.status });
  }
}
