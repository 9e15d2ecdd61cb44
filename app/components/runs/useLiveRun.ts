// Live progress of a run with JavaScript (spec §2): server-sent events from the web app's proxy of the
// API's stream (/forecasts/runs/:runId/events). `progress` events grow the run log; a `status` event
// ends the stream and the page's data is reloaded to show the results.
import { useEffect, useState } from "react";
import { useRevalidator } from "@remix-run/react";
import type { ProgressEvent, RunStatus } from "./rules.ts";

export function useLiveRun(
  runId: string,
  initial: { status: RunStatus; progressEvents: ProgressEvent[]; waitingForWorker?: boolean },
) {
  const [events, setEvents] = useState(initial.progressEvents);
  const [status, setStatus] = useState(initial.status);
  const [waitingForWorker, setWaitingForWorker] = useState(!!initial.waitingForWorker);
  const revalidator = useRevalidator();

  // Fresh loader data (navigation or revalidation) replaces the live state.
  useEffect(() => {
    setEvents(initial.progressEvents);
    setStatus(initial.status);
    setWaitingForWorker(!!initial.waitingForWorker);
  }, [initial.progressEvents, initial.status, initial.waitingForWorker]);

  const following = status === "processing";
  useEffect(() => {
    if (!following || typeof EventSource === "undefined") return;
    const source = new EventSource(`/forecasts/runs/${runId}/events`);
    source.addEventListener("progress", (m) => {
      const e = JSON.parse((m as MessageEvent).data) as ProgressEvent;
      // A reconnect replays events: keep each once, in id order.
      setEvents((list) =>
        list.some((x) => x.id === e.id) ? list : [...list, e].sort((a, b) => Number(a.id) - Number(b.id)),
      );
    });
    // Whether a worker is computing the run (issue 18): "Waiting for a worker" while none is.
    source.addEventListener("worker", (m) => {
      setWaitingForWorker(
        !!(JSON.parse((m as MessageEvent).data) as { waitingForWorker?: boolean }).waitingForWorker,
      );
    });
    source.addEventListener("status", (m) => {
      const s = JSON.parse((m as MessageEvent).data) as { status: RunStatus };
      source.close();
      setStatus(s.status);
      revalidator.revalidate();
    });
    return () => source.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one stream per run while it is followed
  }, [runId, following]);

  return { events, status, waitingForWorker };
}
