// Live progress of a run for the browser (EventSource): the API's server-sent event stream
// (GET /forecast/run-library/{id}/events/) piped through the web app, which the browser talks to.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiFor } from "~/services/api.server";
import { RUN_LIBRARY } from "~/services/runs.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const api = await apiFor(request);
  const upstream = await api.raw(`${RUN_LIBRARY}/${encodeURIComponent(params.runId!)}/events/`);
  if (!upstream.ok || !upstream.body) {
    // Not an event stream: answer with the API's status so EventSource stops retrying.
    await upstream.body?.cancel().catch(() => {});
    return new Response(null, { status: upstream.status === 200 ? 502 : upstream.status });
  }
  const reader = upstream.body.getReader();
  const stop = () => void reader.cancel().catch(() => {});
  request.signal.addEventListener("abort", stop, { once: true });
  // Ends when the API ends the stream (the run finished) or the browser goes away.
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch {
        controller.close();
      }
    },
    cancel: stop,
  });
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      // no-transform keeps the compression middleware from buffering the stream.
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
