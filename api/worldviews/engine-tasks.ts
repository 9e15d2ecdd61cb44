// What the engine worker thread does (api/worldviews/engine-worker.mjs): world-view files written
// to disk (atomically: a temporary name, then rename), synthetic history and forward curves as
// arrays (transferred, not copied).
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { once } from "node:events";
import { randomBytes } from "node:crypto";
import {
  buildDatabookXlsx,
  forwardCurve,
  powerPriceCsvChunks,
  syntheticHistory,
  type HistorySeries,
} from "../../engine/worldview/index.ts";
import type { MarketRegion } from "../../engine/types.ts";
import { getScenario } from "../../engine/worldview/scenarios.ts";

export type EngineTask =
  | { kind: "file"; fileKind: "databook" | "power-prices"; scenarioId: string; out: string }
  | {
      kind: "synthetic";
      region: MarketRegion;
      zone?: string;
      series: HistorySeries;
      from: string;
      to: string;
      intervalMinutes?: number;
    }
  | {
      kind: "forward-curve";
      region: MarketRegion;
      /** One of the region's world views; default its Central one. */
      scenarioId?: string;
      zone?: string;
      fromYear?: number;
      toYear?: number;
    };

export interface SeriesResult {
  zone: string | null;
  startMs: number;
  intervalMinutes: number;
  /** Interval starts (epoch ms) when the series is not evenly spaced from startMs. */
  ts?: Float64Array;
  values: Float64Array;
  description: string;
  currency: string;
}

async function writeAtomically(
  out: string,
  write: (s: NodeJS.WritableStream) => Promise<void>,
): Promise<{ bytes: number }> {
  const tmp = `${out}.${randomBytes(4).toString("hex")}.part`;
  const stream = createWriteStream(tmp);
  try {
    await write(stream);
    stream.end();
    await once(stream, "finish");
    await rename(tmp, out);
    return { bytes: stream.bytesWritten };
  } catch (e) {
    stream.destroy();
    await rm(tmp, { force: true });
    throw e;
  }
}

export async function runTask(task: EngineTask): Promise<{ result: unknown; transfer?: ArrayBuffer[] }> {
  if (task.kind === "file") {
    const r =
      task.fileKind === "databook"
        ? await writeAtomically(task.out, async (s) => {
            s.write(await buildDatabookXlsx(task.scenarioId));
          })
        : await writeAtomically(task.out, async (s) => {
            for (const chunk of powerPriceCsvChunks(task.scenarioId)) {
              if (!s.write(chunk)) await once(s, "drain");
            }
          });
    return { result: { out: task.out, ...r } };
  }
  if (task.kind === "synthetic") {
    const h = syntheticHistory(task.region, task.from, task.to, {
      zone: task.zone,
      series: task.series,
      intervalMinutes: task.intervalMinutes,
    });
    const result: SeriesResult = {
      zone: h.zone,
      startMs: Date.parse(h.startUtc),
      intervalMinutes: h.intervalMinutes,
      values: h.values,
      description: h.description,
      currency: h.currency,
    };
    return { result, transfer: [h.values.buffer as ArrayBuffer] };
  }
  const fc = forwardCurve(task.region, {
    zone: task.zone,
    fromYear: task.fromYear,
    toYear: task.toYear,
    scenarioId: task.scenarioId,
  });
  const n = fc.years.reduce((s, y) => s + y.hourly.length, 0);
  const ts = new Float64Array(n);
  const values = new Float64Array(n);
  let k = 0;
  for (const y of fc.years) {
    const start = Date.parse(y.startUtc);
    for (let i = 0; i < y.hourly.length; i++, k++) {
      ts[k] = start + i * 3_600_000;
      values[k] = y.hourly[i];
    }
  }
  const result: SeriesResult = {
    zone: fc.zone,
    startMs: ts[0] ?? 0,
    intervalMinutes: 60,
    ts,
    values,
    description: `Hourly forward curve derived from the ${getScenario(fc.scenarioId)?.name ?? fc.scenarioId} world view: its prices averaged to hours, ${fc.years[0]?.year}–${fc.years[fc.years.length - 1]?.year}.`,
    currency: fc.currency,
  };
  return { result, transfer: [ts.buffer as ArrayBuffer, values.buffer as ArrayBuffer] };
}
