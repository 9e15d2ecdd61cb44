// The run display's progress: the bar, a Refresh link while processing (the page also reloads itself
// without JavaScript), the reason a run was suspended, and the run log.
import { Link } from "@remix-run/react";
import { Card, Notice } from "../ui.tsx";
import { ProgressBar } from "./ProgressBar.tsx";
import { RunLog } from "./RunLog.tsx";
import type { ProgressEvent, RunStatus } from "./rules.ts";
import type { RunDetail } from "./types.ts";
import { Section } from "./runPage.tsx";

/** Seconds between automatic reloads of a run in progress without JavaScript. */
export const NO_JS_REFRESH_SECONDS = 5;

export function RunProgress({
  run,
  status,
  events,
  now,
  href,
}: {
  run: RunDetail & { waitingForWorker?: boolean };
  status: RunStatus;
  events: ProgressEvent[];
  now: number;
  /** The page's own URL (the Refresh link). */
  href: string;
}) {
  const processing = status === "processing";
  const lastWarning = [...events].reverse().find((e) => e.status === "warning");
  return (
    <Section aria-labelledby="progress-heading">
      <h2 id="progress-heading">Progress</h2>
      <Card>
        <ProgressBar run={run} now={now} />
        {processing ? (
          <p style={{ marginBottom: 0 }}>
            <Link to={href} reloadDocument>
              Refresh
            </Link>
            <noscript>
              {" "}
              — this page reloads itself every {NO_JS_REFRESH_SECONDS} seconds while the run is processing.
            </noscript>
          </p>
        ) : null}
      </Card>
      {status === "failed" ? (
        <Notice $tone="danger" role="alert">
          <strong>Suspended.</strong> {lastWarning?.event ?? run.error ?? "The run could not be completed."}
        </Notice>
      ) : null}
      <div style={{ marginTop: "1rem" }}>
        <RunLog events={events} createdAt={run.createdAt} processing={processing} />
      </div>
    </Section>
  );
}
