import { describe, expect, it } from "vitest";
import {
  applyJobEvent,
  downloadVerdict,
  effectiveStatus,
  formatDuration,
  hasActiveFilters,
  listHref,
  nextOrdering,
  parseListQuery,
  progressLabel,
  progressPercent,
  progressTone,
  revenueUnit,
  runIcon,
  secondsRemaining,
  type ProgressEvent,
  type RunStatus,
} from "~/components/runs/rules";

const created = "2026-01-01T10:00:00.000Z";
const ev = (
  percentage: number,
  status: "success" | "warning" = "success",
  at = "2026-01-01T10:02:00.000Z",
): ProgressEvent => ({
  id: percentage,
  event: `step ${percentage}`,
  status,
  percentage,
  created_at: at,
});

describe("effective status (spec §4: a latest warning shows as failed)", () => {
  it.each<[RunStatus, ProgressEvent[], RunStatus]>([
    ["processing", [ev(10)], "processing"],
    ["processing", [ev(10), ev(20, "warning")], "failed"],
    ["processing", [ev(10, "warning"), ev(20)], "processing"],
    ["ready_for_review", [ev(100)], "ready_for_review"],
    ["failed", [], "failed"],
    ["draft", [ev(5, "warning")], "draft"],
  ])("%s with %j → %s", (status, events, expected) => {
    expect(effectiveStatus({ status, progressEvents: events })).toBe(expected);
  });
});

describe("progress bar percentage and colour", () => {
  it.each<[RunStatus, ProgressEvent[], number, "green" | "red"]>([
    ["processing", [], 0, "green"],
    ["processing", [ev(42.5)], 42.5, "green"],
    ["processing", [ev(150)], 100, "green"],
    ["processing", [ev(-3)], 0, "green"],
    ["ready_for_review", [ev(60)], 100, "green"],
    ["failed", [ev(30)], 100, "red"],
    ["processing", [ev(30), ev(35, "warning")], 100, "red"],
  ])("%s %j → %d%% %s", (status, events, pct, tone) => {
    expect(progressPercent({ status, progressEvents: events })).toBe(pct);
    expect(progressTone({ status, progressEvents: events })).toBe(tone);
  });
});

describe("progress label (spec §2)", () => {
  const now = new Date("2026-01-01T10:02:30.000Z");
  it("failed shows Suspended", () => {
    expect(progressLabel({ status: "failed", createdAt: created, progressEvents: [ev(20)] }, now)).toBe(
      "Suspended",
    );
    expect(
      progressLabel({ status: "processing", createdAt: created, progressEvents: [ev(20, "warning")] }, now),
    ).toBe("Suspended");
  });
  it("ready_for_review shows Finished and the elapsed time to the last event", () => {
    const run = {
      status: "ready_for_review" as const,
      createdAt: created,
      progressEvents: [ev(100, "success", "2026-01-01T10:04:07.000Z")],
    };
    expect(progressLabel(run, now)).toBe("Finished in 4 min 07 s");
    const withElapsed = { ...run, progressEvents: [{ ...ev(100), timeElapsedSeconds: 75 }] };
    expect(progressLabel(withElapsed, now)).toBe("Finished in 1 min 15 s");
    // its price paths' events after the finish do not lengthen it (the run's finishing time does)
    const withPaths = {
      ...run,
      finishedAt: "2026-01-01T10:00:29.000Z",
      progressEvents: [
        ev(100, "success", "2026-01-01T10:00:29.000Z"),
        ev(100, "success", "2026-01-01T10:05:00.000Z"),
      ],
    };
    expect(progressLabel(withPaths, now)).toBe("Finished in 29 s");
  });
  it("processing estimates from the run's own pace (issue 19)", () => {
    const run = (events: ProgressEvent[]) => ({
      status: "processing" as const,
      createdAt: created,
      progressEvents: events,
    });
    // Started 10:00:30 at 1 %, at 10:02:30 it is at 41 %: 40 points in 120 s, 59 left → 177 s → 3 minutes.
    const started = ev(1, "success", "2026-01-01T10:00:30.000Z");
    expect(progressLabel(run([started, ev(41, "success", "2026-01-01T10:02:20.000Z")]), now)).toBe(
      "3 minutes remaining to finish",
    );
    // A fast run: nearly done after a few seconds.
    const fast = new Date("2026-01-01T10:00:35.000Z");
    expect(progressLabel(run([started, ev(90, "success", "2026-01-01T10:00:34.000Z")]), fast)).toBe(
      "Less than a minute remaining to finish",
    );
    // A slow NEM run: 5 points in 570 s, 94 left → 10,716 s, 30 s of it passed → 179 minutes, never "0 minutes".
    const slow = new Date("2026-01-01T10:10:30.000Z");
    expect(progressLabel(run([started, ev(6, "success", "2026-01-01T10:10:00.000Z")]), slow)).toBe(
      "179 minutes remaining to finish",
    );
    // A long step (no event for a while) only counts down: 40 points in 110 s → 162 s left at 10:02:20.
    const steps = run([started, ev(41, "success", "2026-01-01T10:02:20.000Z")]);
    const at = (s: string) => new Date(`2026-01-01T10:0${s}.000Z`);
    const left = ["2:30", "3:00", "3:30", "4:30", "6:00"].map((t) => secondsRemaining(steps, at(t))!);
    for (let k = 1; k < left.length; k++) expect(left[k]).toBeLessThanOrEqual(left[k - 1]);
    expect(left[0]).toBeCloseTo(152.25, 6);
    expect(left.at(-1)).toBe(0);
    expect(progressLabel(run([]), now)).toBe("Waiting for a worker to start");
    expect(progressLabel(run([started]), now)).toBe("Estimating the time remaining");
  });
  it("processing with no worker on it (queued, handed back, worker gone) says so, not a time left (issue 18)", () => {
    const waiting = {
      status: "processing" as const,
      createdAt: created,
      waitingForWorker: true,
      progressEvents: [
        ev(1, "success", "2026-01-01T10:00:30.000Z"),
        ev(41, "success", "2026-01-01T10:02:20.000Z"),
      ],
    };
    expect(progressLabel(waiting, now)).toBe("Waiting for a worker");
  });
});

describe("run icons (spec §4)", () => {
  it.each<[RunStatus, boolean, ProgressEvent[], string]>([
    ["ready_for_review", true, [], "none"],
    ["ready_for_review", false, [], "processing"],
    ["processing", false, [], "processing"],
    ["failed", false, [], "processing"],
    ["draft", false, [], "edit"],
  ])("%s (file %s) → %s", (status, hasFile, events, icon) => {
    expect(runIcon({ status, hasFile, progressEvents: events })).toBe(icon);
  });
});

describe("run file download rule (spec §4)", () => {
  const ready = {
    status: "ready_for_review" as const,
    hasFile: true,
    locked: false,
    subscription: "library_gb_forecast",
  };
  it.each<[string, Parameters<typeof downloadVerdict>[0], ReturnType<typeof downloadVerdict>]>([
    ["a library run the caller may see", ready, { ok: true }],
    [
      "a library run the API says is locked: its subscription is named",
      { ...ready, locked: true },
      { ok: false, reason: "subscription", subscription: "library_gb_forecast" },
    ],
    ["a custom run", { ...ready, subscription: null }, { ok: true }],
    ["processing run", { ...ready, status: "processing" }, { ok: false, reason: "not_ready" }],
    [
      "failed by warning",
      { ...ready, progressEvents: [ev(50, "warning")] },
      { ok: false, reason: "not_ready" },
    ],
    ["ready without a file", { ...ready, hasFile: false }, { ok: false, reason: "no_file" }],
  ])("%s", (_name, run, verdict) => {
    expect(downloadVerdict(run)).toEqual(verdict);
  });
});

describe("units (spec §9)", () => {
  it.each([
    ["GB", "year", "GBP/MW/year"],
    ["ERCOT", "year", "USD/MW/year"],
    ["GB", "month", "GBP/MW/month"],
    ["ERCOT", "month", "USD/MW/month"],
    ["NEM", "month", "AUD/MW/month"],
  ] as const)("%s per %s → %s", (region, period, unit) => {
    expect(revenueUnit(region, period)).toBe(unit);
  });
});

describe("background jobs list (spec §4)", () => {
  const a = { id: "a", status: "preparing" };
  const b = { id: "b", status: "preparing" };
  it("prepends a new item", () => expect(applyJobEvent([a], b)).toEqual([b, a]));
  it("replaces an existing item in place", () =>
    expect(applyJobEvent([b, a], { id: "a", status: "failed" })).toEqual([b, { id: "a", status: "failed" }]));
  it("removes a completed item", () =>
    expect(applyJobEvent([b, a], { id: "b", status: "completed" })).toEqual([a]));
  it("ignores a completed item it does not hold", () =>
    expect(applyJobEvent([a], { id: "z", status: "completed" })).toEqual([a]));
});

describe("list URL state", () => {
  it("reads filters, sort and paging, falling back on bad values", () => {
    const q = parseListQuery(
      new URLSearchParams("region=GB&onlyCustom=true&ordering=-status&page=3&limit=25"),
    );
    expect(q).toMatchObject({ region: "GB", onlyCustom: true, ordering: "-status", page: 3, limit: 25 });
    const bad = parseListQuery(new URLSearchParams("ordering=name&page=-1&limit=5000"));
    expect(bad).toMatchObject({ ordering: undefined, page: 1, limit: 100, onlyCustom: false });
    expect(hasActiveFilters(bad)).toBe(false);
    expect(hasActiveFilters(q)).toBe(true);
    expect(parseListQuery(new URLSearchParams("region=great-britain")).region).toBe("GB");
    expect(parseListQuery(new URLSearchParams("region=aus-nem")).region).toBe("NEM");
    const searched = parseListQuery(new URLSearchParams("search=+Cornwall+&ordering=-revenue"));
    expect(searched).toMatchObject({ search: "Cornwall", ordering: "-revenue" });
    expect(hasActiveFilters(searched)).toBe(true);
  });
  it("cycles a column's sort and resets the page when filters change", () => {
    expect(nextOrdering(undefined, "status")).toBe("status");
    expect(nextOrdering("status", "status")).toBe("-status");
    expect(nextOrdering("-status", "status")).toBe("status");
    expect(nextOrdering("-status", "model_version")).toBe("model_version");
    expect(nextOrdering("revenue", "revenue")).toBe("-revenue");
    expect(nextOrdering(undefined, "created_at")).toBe("created_at");
    const sp = new URLSearchParams("region=GB&page=4");
    expect(listHref("/forecasts", sp, { ordering: "-status" })).toBe("/forecasts?region=GB&ordering=-status");
    expect(listHref("/forecasts", sp, { page: 5 })).toBe("/forecasts?region=GB&page=5");
    expect(listHref("/forecasts", sp, { page: 1, region: null })).toBe("/forecasts");
  });
  it("formats durations", () => {
    expect(formatDuration(45)).toBe("45 s");
    expect(formatDuration(245)).toBe("4 min 05 s");
    expect(formatDuration(3720)).toBe("1 h 02 min");
  });
});
