// The dispatch CSV (issue 27 item 3): each row's start in UTC and on the market's clock, the column
// named by its zone; the clock change's repeated hour stays two distinct local times.
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { writeDispatchCsv } from "../../../api/forecasts/dispatch.ts";

function yearOf(startUtc: string, intervalMinutes: number, intervals: number) {
  const floats = new Float32Array(6 * intervals).map((_, i) => i % 7);
  return {
    strategy: "merchant",
    year: Number(startUtc.slice(0, 4)),
    startUtc,
    intervalMinutes,
    intervals,
    currency: "AUD",
    columns: new Uint8Array(0),
    column: (k: number) => floats.subarray(k * intervals, (k + 1) * intervals),
  };
}

async function csvOf(...args: Parameters<typeof writeDispatchCsv> extends [unknown, ...infer R] ? R : never) {
  let text = "";
  const out = new Writable({
    write(chunk, _enc, done) {
      text += String(chunk);
      done();
    },
  });
  await writeDispatchCsv(out, ...args);
  return text.trim().split("\n");
}

describe("dispatch CSV", () => {
  it("puts NEM market time (UTC+10) beside UTC, named by its zone", async () => {
    const rows = await csvOf(yearOf("2025-01-01T00:00:00Z", 5, 288), { region: "NEM" });
    expect(rows[0]).toBe(
      "interval_start_utc,interval_start_Australia/Brisbane,price_AUD_per_MWh,charge_MW,discharge_MW,import_MW,export_MW,state_of_charge_MWh",
    );
    expect(rows[1].startsWith("2025-01-01T00:00:00Z,2025-01-01T10:00:00+10:00,")).toBe(true);
    // 08:00 UTC is the NEM's 18:00 evening peak.
    expect(rows[1 + 96].startsWith("2025-01-01T08:00:00Z,2025-01-01T18:00:00+10:00,")).toBe(true);
  });

  it("keeps the repeated hour of a GB clock change as two local times, and drops battery columns without a battery", async () => {
    // 26 Oct 2025: 00:00–01:00 UTC is 01:00–02:00 BST, then 01:00–02:00 UTC is 01:00–02:00 GMT.
    const rows = await csvOf(yearOf("2025-10-26T00:00:00Z", 30, 6), { region: "GB", battery: false });
    expect(rows[0]).toBe(
      "interval_start_utc,interval_start_Europe/London,price_AUD_per_MWh,import_MW,export_MW",
    );
    expect(rows.slice(1).map((r) => r.split(",")[1])).toEqual([
      "2025-10-26T01:00:00+01:00",
      "2025-10-26T01:30:00+01:00",
      "2025-10-26T01:00:00+00:00",
      "2025-10-26T01:30:00+00:00",
      "2025-10-26T02:00:00+00:00",
      "2025-10-26T02:30:00+00:00",
    ]);
  });
});
