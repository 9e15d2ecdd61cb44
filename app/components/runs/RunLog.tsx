// The 'Run log' accordion (spec §2): each event with its name and elapsed time; the newest animates
// while the run is processing. A <details> element: opens and closes without JavaScript.
import styled, { keyframes } from "styled-components";
import { theme } from "../theme.ts";
import { formatDuration, type ProgressEvent } from "./rules.ts";

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.45; }
`;

const Details = styled.details`
  border: 1px solid ${theme.colour.line};
  border-radius: ${theme.radius};
  background: ${theme.colour.surface};
  summary {
    cursor: pointer;
    padding: 0.75rem 1rem;
    font-weight: 700;
  }
  ol {
    list-style: none;
    margin: 0;
    padding: 0 1rem 0.75rem;
  }
`;

const Item = styled.li<{ $warning: boolean; $live: boolean }>`
  display: flex;
  justify-content: space-between;
  gap: 1rem;
  padding: 0.4rem 0;
  border-top: 1px solid ${theme.colour.line};
  color: ${(p) => (p.$warning ? theme.colour.danger : theme.colour.ink)};
  font-weight: ${(p) => (p.$warning ? 600 : 400)};
  time {
    color: ${theme.colour.muted};
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  @media (prefers-reduced-motion: no-preference) {
    animation: ${(p) => (p.$live ? pulse : "none")} 1.4s ease-in-out infinite;
  }
`;

/** Seconds from the run's creation to each event. */
export function eventElapsed(e: ProgressEvent, runCreatedAt: string): number {
  if (typeof e.timeElapsedSeconds === "number") return e.timeElapsedSeconds;
  const at = e.created_at ?? e.createdAt;
  return at ? Math.max(0, (new Date(at).getTime() - new Date(runCreatedAt).getTime()) / 1000) : 0;
}

export function RunLog({
  events,
  createdAt,
  processing,
  open = true,
}: {
  events: ProgressEvent[];
  createdAt: string;
  processing: boolean;
  open?: boolean;
}) {
  return (
    <Details open={open}>
      <summary>Run log</summary>
      {events.length === 0 ? (
        <p style={{ padding: "0 1rem" }}>No events yet.</p>
      ) : (
        <ol aria-live="polite" aria-label="Run log events">
          {events.map((e, i) => {
            const live = processing && i === events.length - 1;
            const secs = eventElapsed(e, createdAt);
            return (
              <Item
                key={e.id}
                $warning={e.status === "warning"}
                $live={live}
                data-status={e.status}
                aria-current={live ? "step" : undefined}
              >
                <span>
                  {e.status === "warning" ? "⚠ " : ""}
                  {e.event}
                </span>
                <time dateTime={`PT${Math.round(secs)}S`}>{formatDuration(secs)}</time>
              </Item>
            );
          })}
        </ol>
      )}
    </Details>
  );
}
