// `npx tsx engine/worldview/cli/derive-price-map.ts`
// Derives the base-year price maps (engine/worldview/price-map.ts) and each system's spread noise
// (merit-order.ts, PriceParams.spreadNoise) from the real 2024 prices in ../shared/data (NEM NSW1 and
// SA1: 2023 and 2024 pooled, decision 0242), and writes price-map.generated.ts. For every price
// system with data:
//   1. run the Central world view's merit order for 2024 at its clearing interval without a map,
//      for each candidate spread noise;
//   2. fit the quantile map between that run and the real series held on the same grid;
//   3. keep the candidate whose mapped prices come closest to the real mean daily spread (ERCOT:
//      its routine day on two price levels, cli/routine-day.ts; the map
//      already fixes the duration curve; the noise decides how much variation falls within a day).
// Re-run it when the merit order, its parameters or the base-year assumptions change, then
// `npm run worldview:calibrate` to see the base-year and out-of-sample errors.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { intervalsInYear } from "../calendar.ts";
import { resample } from "../model.ts";
import { applyPriceMap, fitPriceMap } from "../price-map.ts";
import type { PriceMap } from "../derived-shapes.ts";
import { DERIVED_PARAMS, PRICE_MAPS } from "../price-map.generated.ts";
import { fitRow, rawPrice, targetGrid } from "./fit-report.ts";
import { routineDayFit } from "./routine-day.ts";
import { priceTargets, type PriceTarget } from "./targets.ts";
import { fitMetrics } from "../market-fit.ts";
import * as data from "./base-data.ts";

/**
 * Systems whose scarcity adder stays outside the map (ERCOT's ORDC, decision 0230). Their spread
 * noise is chosen on the routine day of two price levels, 2024 and 2026 Q1, and the mean day of
 * 2024 with the realised shortfall events (cli/routine-day.ts, decision 0247).
 */
const SCARCITY_OUTSIDE_MAP = new Set(["ERCOT"]);

if (!data.hasSharedData()) {
  console.error(`No real data folder at ${data.sharedDataDir()}: nothing to derive from.`);
  process.exit(1);
}

/**
 * A NEM region's daily-spread error against its pooled full years (decision 0242): the mean size of
 * the errors at the half hour (what the map is fitted on) and at the hour (what the download is
 * judged on), each against the day-weighted mean spread of the years.
 */
function pooledSpreadError(
  t: PriceTarget,
  model: Float64Array,
  years: { year: number; observed: Float64Array }[],
): number {
  const errors = [t.intervalMinutes, 60].map((res) => {
    let sum = 0;
    let days = 0;
    for (const y of [{ year: t.year, observed: t.observed }, ...years]) {
      const o = resample(y.observed, t.intervalMinutes, res, intervalsInYear(y.year, res));
      const m = fitMetrics(o, targetGrid({ ...t, year: y.year, intervalMinutes: res }), Infinity);
      sum += m.dailySpread * (m.n / (1440 / res));
      days += m.n / (1440 / res);
    }
    const n = intervalsInYear(t.year, res);
    const ob = resample(t.observed, t.intervalMinutes, res, n);
    const mo = resample(model, t.intervalMinutes, res, n);
    const spread = fitMetrics(mo, targetGrid({ ...t, intervalMinutes: res }), Infinity, ob).dailySpread;
    return (100 * (spread - sum / days)) / (sum / days);
  });
  const size = (Math.abs(errors[0]) + Math.abs(errors[1])) / 2;
  return errors[0] + errors[1] < 0 ? -size : size;
}

const NOISE = [0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.65, 0.8, 1];

// `-- ERCOT` re-derives one system and keeps the others' committed maps
const only = process.argv[2];
const maps: Record<string, PriceMap & { source: string }> = only ? { ...PRICE_MAPS } : {};
const params: Record<string, { spreadNoise: number }> = only
  ? (JSON.parse(JSON.stringify(DERIVED_PARAMS)) as Record<string, { spreadNoise: number }>)
  : {};
for (const t of priceTargets(2024, only)) {
  const outside = SCARCITY_OUTSIDE_MAP.has(t.system);
  const pooled = t.shapeYears ?? [];
  let best: { loss: number; noise: number; map: PriceMap; spread: number } | undefined;
  for (const noise of NOISE) {
    if (outside) {
      // ERCOT: the map and the routine day of 2024 and 2026 Q1, with the realised shortfall events
      // (routine-day.ts, decision 0247)
      const fit = routineDayFit(t, { spreadNoise: noise });
      const spread = Math.abs(fit.median2024) > Math.abs(fit.median2026) ? fit.median2024 : fit.median2026;
      if (!best || fit.loss < best.loss) best = { loss: fit.loss, noise, map: fit.map, spread };
      continue;
    }
    const raw = rawPrice(t, { spreadNoise: noise });
    // the real series held on the clearing grid (an hour's price repeated over its quarter-hours)
    const n = intervalsInYear(t.year, raw.intervalMinutes);
    const obs = resample(t.observed, t.intervalMinutes, raw.intervalMinutes, n);
    const refCost = +raw.refCost.toFixed(4);
    const map = fitPriceMap(
      raw.price,
      obs,
      refCost,
      pooled.map((y) => y.observed),
    );
    const mapped = Float64Array.from(raw.price);
    applyPriceMap(mapped, map, raw.refCost, raw.floor, raw.cap);
    const onGrid = resample(mapped, raw.intervalMinutes, t.intervalMinutes, t.observed.length);
    const row = fitRow(t, onGrid);
    const spreadError = pooled.length ? pooledSpreadError(t, onGrid, pooled) : row.errors.spreadPct;
    const loss = Math.abs(spreadError) + 0.2 * row.errors.hourProfileRmsePct;
    if (!best || loss < best.loss) best = { loss, noise, map, spread: spreadError };
  }
  maps[t.system] = {
    ...best!.map,
    source: `${t.source}, ${[...pooled.map((y) => y.year), t.year].join(" + ")}, ${(100 * t.coverage).toFixed(0)} % of intervals`,
  };
  params[t.system] = { spreadNoise: best!.noise };
  console.error(
    `${t.system}: spread noise ${best!.noise} (${outside ? "median " : ""}daily spread ${best!.spread.toFixed(1)} %), ${best!.map.u.length} knots`,
  );
}

const here = path.dirname(fileURLToPath(import.meta.url));
const lines = [
  "// Generated by `npx tsx engine/worldview/cli/derive-price-map.ts` from the real 2024 prices in",
  "// ../shared/data (NEM NSW1, SA1: 2023 + 2024; see that script); do not edit by hand.",
  'import type { PriceMap } from "./derived-shapes.ts";',
  'import type { PriceParams } from "./merit-order.ts";',
  "",
  "/** Per price system: the share of price variation that falls within a day (see merit-order.ts). */",
  "export const DERIVED_PARAMS: Record<string, Partial<PriceParams>> = " + JSON.stringify(params) + ";",
  "",
  "export const PRICE_MAPS: Record<string, PriceMap & { source: string }> = {",
  ...Object.entries(maps).map(
    ([k, m]) =>
      `  ${k}: {\n    source: ${JSON.stringify(m.source)},\n    refCost: ${m.refCost},\n    modelNegativeShare: ${m.modelNegativeShare},\n${m.scarcityOutside ? "    scarcityOutside: true,\n" : ""}    q: [${m.q.join(", ")}],\n    u: [${m.u.join(", ")}],\n    v: [${m.v.join(", ")}],\n  },`,
  ),
  "};",
  "",
];
writeFileSync(path.join(here, "../price-map.generated.ts"), lines.join("\n"));
console.error(`wrote price-map.generated.ts (${Object.keys(maps).length} systems)`);
