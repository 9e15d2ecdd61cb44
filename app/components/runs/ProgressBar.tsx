// The run's progress bar (spec §4): green, red when failed; 100 for failed and finished; clamped 0–100.
// The label is spec §2's: 'Suspended', 'Finished' + elapsed, '{N} minutes remaining to finish'.
import styled, { keyframes } from "styled-components";
import { theme } from "../theme.ts";
import { progressLabel, progressPercent, progressTone, type RunLike } from "./rules.ts";

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  min-width: 9rem;
`;

const stripes = keyframes`
  from { background-position: 1rem 0; }
  to { background-position: 0 0; }
`;

const Track = styled.div`
  height: 0.6rem;
  border-radius: 999px;
  background: ${theme.colour.line};
  overflow: hidden;
`;

const Fill = styled.div<{ $tone: "green" | "red"; $moving: boolean }>`
  height: 100%;
  border-radius: 999px;
  background-color: ${(p) => (p.$tone === "red" ? theme.colour.danger : theme.colour.brand)};
  transition: width 0.4s ease;
  ${(p) =>
    p.$moving
      ? `background-image: linear-gradient(45deg, rgba(255,255,255,.25) 25%, transparent 25%, transparent 50%, rgba(255,255,255,.25) 50%, rgba(255,255,255,.25) 75%, transparent 75%, transparent);
         background-size: 1rem 1rem;`
      : ""}
  @media (prefers-reduced-motion: no-preference) {
    animation: ${(p) => (p.$moving ? stripes : "none")} 1s linear infinite;
  }
`;

const Label = styled.span<{ $tone: "green" | "red" }>`
  font-size: 0.85rem;
  color: ${(p) => (p.$tone === "red" ? theme.colour.danger : theme.colour.muted)};
  font-weight: ${(p) => (p.$tone === "red" ? 600 : 400)};
`;

export function ProgressBar({ run, now, label: labelledBy }: { run: RunLike; now: number; label?: string }) {
  const pct = progressPercent(run);
  const tone = progressTone(run);
  const text = progressLabel(run, now);
  const moving = run.status === "processing" && tone === "green";
  return (
    <Wrap data-tone={tone}>
      <Track
        role="progressbar"
        aria-label={labelledBy ?? "Run progress"}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(pct)}
        aria-valuetext={`${Math.round(pct)}% — ${text}`}
      >
        <Fill $tone={tone} $moving={moving} style={{ width: `${pct}%` }} data-testid="progress-fill" />
      </Track>
      <Label $tone={tone}>{text}</Label>
    </Wrap>
  );
}
