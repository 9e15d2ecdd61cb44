// The market's own clock beside UTC in the files analysts open (issue 27 item 3, decision 0330): an
// interval's start as local ISO 8601 with its offset, so the repeated hour of a clock change stays
// two distinct rows. Offsets come from `utcOffsetMs` (the date library, one look-up per quarter-hour).
import { utcOffsetMs } from "../dispatch/formulation.ts";
import type { MarketRegion } from "../types.ts";
import { NEM_REGIONS } from "./nem.ts";
import { REGIONS } from "./regions.ts";

/**
 * The clock a battery's day is counted on for the daily cycle cap (decision 0137): a NEM price
 * region's own state clock (SA1 Australia/Adelaide, NSW1 Australia/Sydney, …, with daylight saving
 * where the state keeps it), else the market's (REGIONS: Europe/London, America/Chicago, …). The
 * cap stands for how an operator runs the battery, one cycle in its own day; a day that turns in
 * mid-morning or mid-evening splits one charge–discharge cycle across two days.
 */
export function tradingTimeZone(market: MarketRegion, priceRegion?: string | null): string {
  if (market === "NEM") {
    const own = NEM_REGIONS.find((r) => r.id === priceRegion?.toUpperCase());
    if (own) return own.timeZone;
  }
  return REGIONS[market].timeZone;
}

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
