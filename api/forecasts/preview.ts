// The forecast preview (issue 29 item 2, decision 0506): the first year of a forecast's first world
// view and strategy from a sample of its days (engine/forecast/preview.ts), computed in a thread
// kept for the process. What it states about its error, and the run time it predicts, come from
// one measurement (`npm run bench -- preview`), kept here with its date.
import { Worker } from "node:worker_threads";
import type { ForecastInput } from "../../engine/forecast/types.ts";
import type { YearPreview } from "../../engine/forecast/preview.ts";

export interface PreviewJob {
  id: number;
  input: ForecastInput;
  scenarioId: string;
  zone?: string;
  intervalMinutes?: number;
}
export type PreviewReply =
  | { id: number; preview: YearPreview; elapsedMs: number }
  | { id: number; error: string };

/**
 * The preview against the full first year on the sweep's cases (api/forecasts/sweep.ts: every
 * region × configuration × strategy × world view the builder offers, 50 MW / 2 h, 2025), and the
 * full year's time over the preview's on them, as `npm run bench -- preview` prints them (its last
 * two lines; decisions 0506, 0510, 0516, and 0520 for the sample that takes the year's best days
 * whole). Re-measure and update after any change to the forecast model. Largest error then: GB
 * merchant gb-central +7.3 %; the NEM batteries within −5.4 % to +1.8 %.
 */
export const PREVIEW_MEASUREMENT = {
  measuredOn: "2026-12-07",
  source:
    "npm run bench -- preview (bench/preview.bench.ts), the year's best days taken whole (decision 0520)",
  cases: 57,
  withinTenPercent: 57,
  medianErrorPercent: 1.0,
  largestErrorPercent: 7.3,
  /** Median over the cases of the full first year's dispatch time ÷ the preview's (the bench's `preview.fullYearPerPreview`). */
  fullYearPerPreview: 1.9,
};

/** The error statement shown with every preview. */
export function previewErrorStatement(wholeYear: boolean, m = PREVIEW_MEASUREMENT): string {
  if (wholeYear)
    return "Computed over the whole first year (a plant without a battery has no trades to schedule across days): it is the full run's first year.";
  return (
    `Estimated from sampled days: against the full run's first year it was within ${m.medianErrorPercent} % ` +
    `on half of ${m.cases} test cases and within 10 % on ${m.withinTenPercent} of them ` +
    `(largest ${m.largestErrorPercent} %; measured ${m.measuredOn}).`
  );
}

/**
 * A run's expected computing time, seconds, from a preview's: each year of each strategy costs the
 * full year's share the measurement found (the first year in a fresh thread costs more; a few
 * seconds of start are added for it).
 */
export function estimatedRunSeconds(previewMs: number, years: number, strategies: number): number {
  const perYear = (previewMs * PREVIEW_MEASUREMENT.fullYearPerPreview) / 1000;
  return Math.round(5 + perYear * years * strategies);
}

let thread: Worker | undefined;
let nextId = 1;
const waiting = new Map<number, { resolve: (r: PreviewReply) => void; reject: (e: Error) => void }>();

function previewThread(): Worker {
  if (thread) return thread;
  const w = new Worker(new URL("./previewThread.mjs", import.meta.url));
  // the thread does not keep the process alive; a thread that dies fails what it held
  w.unref();
  w.on("message", (m: PreviewReply) => {
    waiting.get(m.id)?.resolve(m);
    waiting.delete(m.id);
  });
  const fail = (e: Error) => {
    thread = undefined;
    for (const { reject } of waiting.values()) reject(e);
    waiting.clear();
  };
  w.on("error", fail);
  w.on("exit", () => fail(new Error("The preview stopped.")));
  thread = w;
  return w;
}

/** One preview, computed in the preview thread. */
export function computePreview(job: Omit<PreviewJob, "id">): Promise<PreviewReply> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    previewThread().postMessage({ ...job, id });
  });
}
