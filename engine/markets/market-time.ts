// The market's own clock beside UTC in the files analysts open (issue 27 item 3, decision 0330): an
// interval's start as local ISO 8601 with its offset, so the repeated hour of a clock change stays
// two distinct rows. Offsets come from `utcOffsetMs` (the date library, one look-up per quarter-hour).
import { utcOffsetMs } from "../dispatch/formulation.ts";

const pad = (n: number) => String(n).padStart(2, "0");

/** "+10:00", "-05:00", "+00:00" for an offset in ms. */
function offsetText(offsetMs: number): string {
  const m = Math.round(Math.abs(offsetMs) / 60_000);
  return `${offsetMs < 0 ? "-" : "+"}${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

/** A formatter of instants on a zone's clock: 2025-07-01T01:00:00+01:00 (Europe/London). */
export function localTimeFormatter(timeZone: string): (utcMs: number) => string {
  const offset = utcOffsetMs(timeZone);
  return (at) => {
    const off = offset(at);
    return new Date(at + off).toISOString().slice(0, 19) + offsetText(off);
  };
}
