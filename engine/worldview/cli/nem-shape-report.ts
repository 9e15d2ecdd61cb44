// `npx tsx engine/worldview/cli/nem-shape-report.ts [SYSTEM] [--climate-fit]` (decision 0248)
// The NEM price shapes where a battery earns, real against the Central world view, as hourly means
// (what the power-price download is judged on): every real year held (2023 and 2024 are the fit
// years of decision 0242; 2025 is out of sample, printed, never fitted on) and the model's 2024 and
// 2025 on the product's weather draw ("wv") and the range over the eight draws of each year. A 2025
// row covers the months the real 2025 file holds (January–April for QLD1 and SA1).
//
// The mean daily max−min spread is split into the routine day and the spike days (a day with an
// hour above A$1,000): in NSW1 about 25–35 days a year carry half or more of the mean, so a year's
// mean spread moves with a handful of days. TB2h is the mean over days of the two dearest hours less
// the two cheapest (what a 2 h battery cycling once a day can at most take, before losses).
//
// Where the held-out year covers only some months, the fit year is also printed on those months
// ("JFMA": January–April), so the two years are compared on the same season (decision 0251).
// "17–18 %" is the share of days whose dearest hour starts at 17:00 or 18:00 local (where real days
// peak), "21–24" the mean price of 21:00–24:00.
//
// `--raw` also prints the merit order's own (unmapped) half-hourly tail of 2024 and 2025 on each
// draw — P98, P99, P99.5 and the share of half-hours with a scarcity adder above A$1 — to see
// whether the year-on-year change of the margin reaches the tail the map ranks (decision 0251).
//
// `--climate-fit` also prints the option measured and not adopted in decision 0248: each region's
// map fitted on the model's eight 2024 weather draws pooled (its climate) against the real fit years
// pooled, instead of on the product's draw alone; 2024 and 2025 on the product's draw and the mean of
// the eight, with the committed map and with that one. Nothing is written.
import { intervalsInYear, type LocalGrid } from "../calendar.ts";
import { resample } from "../model.ts";
import { applyPriceMap, fitPriceMap, priceMapFor } from "../price-map.ts";
import type { PriceMap } from "../derived-shapes.ts";
import { computeMarketYear } from "../world-view.ts";
import * as data from "./base-data.ts";
import { centralScenario, rawPrice, targetGrid, WEATHER_DRAWS } from "./fit-report.ts";
import { priceTargets, type PriceTarget } from "./targets.ts";

/** A spike day has an hour (hourly mean) above this, A$/MWh. */
const SPIKE_DAY = 1000;

interface Shape {
  mean: number;
  /** Mean daily max − min. */
  spread: number;
  /** Median daily max − min: the routine day. */
  medianSpread: number;
  /** Days with an hour above SPIKE_DAY, and their part of the mean daily spread. */
  spikeDays: number;
  spikeDaysPart: number;
  /** Shares of hours, percent. */
  negative: number;
  above300: number;
  above1000: number;
  std: number;
  /** Mean daily (two dearest hours − two cheapest) / 2. */
  tb2: number;
  /** Share of days whose dearest hour starts at 17:00 or 18:00 local, percent. */
  maxAtEvening: number;
  /** Mean price of the hours starting 21:00–23:00 local. */
  late: number;
}

/** The shape of hourly prices `p` over the hours where `mask` is finite, on local days ≥ 80 % observed. */
function shapeOf(p: ArrayLike<number>, mask: ArrayLike<number>, grid: LocalGrid): Shape {
  const { dayIndex, hour } = grid;
  const v: number[] = [];
  const late: number[] = [];
  let eveningMax = 0;
  let dayMaxHour = 0;
  const spreads: number[] = [];
  let spikePart = 0;
  let spikeDays = 0;
  let tb = 0;
  let day: number[] = [];
  const closeDay = () => {
    if (day.length >= 0.8 * 24) {
      day.sort((a, b) => a - b);
      const s = day[day.length - 1] - day[0];
      spreads.push(s);
      if (dayMaxHour === 17 || dayMaxHour === 18) eveningMax++;
      if (day[day.length - 1] > SPIKE_DAY) {
        spikeDays++;
        spikePart += s;
      }
      tb += (day[day.length - 1] + day[day.length - 2] - day[0] - day[1]) / 2;
    }
    day = [];
    dayMaxHour = -1;
  };
  for (let i = 0; i < p.length; i++) {
    if (Number.isFinite(p[i]) && Number.isFinite(mask[i])) {
      v.push(p[i]);
      if (!day.length || p[i] > Math.max(...day)) dayMaxHour = Math.floor(hour[i]);
      day.push(p[i]);
      if (hour[i] >= 21) late.push(p[i]);
    }
    if (i === p.length - 1 || dayIndex[i + 1] !== dayIndex[i]) closeDay();
  }
  const n = v.length;
  const mean = v.reduce((a, b) => a + b, 0) / n;
  const share = (f: (x: number) => boolean) => (100 * v.filter(f).length) / n;
  const days = spreads.length;
  return {
    mean,
    spread: spreads.reduce((a, b) => a + b, 0) / days,
    medianSpread: [...spreads].sort((a, b) => a - b)[Math.floor(days / 2)],
    spikeDays,
    spikeDaysPart: spikePart / days,
    negative: share((x) => x < 0),
    above300: share((x) => x > 300),
    above1000: share((x) => x > 1000),
    std: Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / n),
    tb2: tb / days,
    maxAtEvening: (100 * eveningMax) / days,
    late: late.reduce((a, b) => a + b, 0) / late.length,
  };
}

const COLUMNS: [keyof Shape, string, number][] = [
  ["mean", "mean", 0],
  ["spread", "spread", 0],
  ["medianSpread", "median", 0],
  ["spikeDays", "spike d", 0],
  ["spikeDaysPart", "of it", 0],
  ["negative", "neg %", 1],
  ["above300", ">300 %", 2],
  ["above1000", ">1k %", 2],
  ["std", "std", 0],
  ["tb2", "TB2h", 0],
  ["maxAtEvening", "17–18 %", 0],
  ["late", "21–24", 0],
];

const cell = (s: Shape, k: keyof Shape, d: number) => s[k].toFixed(d).padStart(8);
const line = (label: string, s: Shape) =>
  `  ${label.padEnd(22)}${COLUMNS.map(([k, , d]) => cell(s, k, d)).join("")}`;
const range = (label: string, all: Shape[]) =>
  `  ${label.padEnd(22)}${COLUMNS.map(([k, , d]) => {
    const xs = all.map((s) => s[k]);
    return `${Math.min(...xs).toFixed(d)}–${Math.max(...xs).toFixed(d)}`.padStart(8 + (d ? 3 : 2));
  }).join("")}`;

function report(system: string): string[] {
  const t24 = priceTargets(2024, system)[0];
  if (!t24) return [`${system}: no real 2024 prices held`];
  const t25 = priceTargets(2025, system)[0];
  const hourly = (p: Float64Array, from: number, year: number) =>
    from === 60 ? p : resample(p, from, 60, intervalsInYear(year, 60));
  const grid = (year: number) => targetGrid({ ...t24, year, intervalMinutes: 60 });
  const out = [`${system} (hourly means, A$/MWh; "of it": the spike days' part of the mean spread)`];
  out.push(`  ${"".padEnd(22)}${COLUMNS.map(([, h]) => h.padStart(8)).join("")}`);
  const realYears = [
    ...(t24.shapeYears ?? []).map((y) => ({ year: y.year, p: hourly(y.observed, 30, y.year), note: "fit" })),
    { year: 2024, p: hourly(t24.observed, 30, 2024), note: "fit" },
    ...(t25 ? [{ year: 2025, p: hourly(t25.observed, t25.intervalMinutes, 2025), note: "held out" }] : []),
  ].sort((a, b) => a.year - b.year);
  for (const y of realYears) out.push(line(`real ${y.year} (${y.note})`, shapeOf(y.p, y.p, grid(y.year))));
  // the fit year on the held-out year's months, where those are fewer than twelve
  const held = realYears.find((y) => y.year === 2025);
  const heldMonths = new Set<number>();
  if (held) grid(2025).month.forEach((m, i) => Number.isFinite(held.p[i]) && heldMonths.add(m));
  const fit = realYears.find((y) => y.year === 2024)!.p;
  const season =
    heldMonths.size && heldMonths.size < 12
      ? Float64Array.from(fit, (x, i) => (heldMonths.has(grid(2024).month[i]) ? x : NaN))
      : undefined;
  const seasonLabel = `${[...heldMonths]
    .sort((a, b) => a - b)
    .map((m) => "JFMAMJJASOND"[m])
    .join("")}`;
  if (season) out.push(line(`real 2024 (${seasonLabel})`, shapeOf(season, season, grid(2024))));
  for (const [year, mask, label] of [
    [2024, fit, ""],
    ...(season ? [[2024, season, ` ${seasonLabel}`] as const] : []),
    ...(held ? [[2025, held.p, ""] as const] : []),
  ] as const) {
    // the model on the real year's months (2025: January–April for QLD1 and SA1)
    const shapes = WEATHER_DRAWS.map((weatherKey) => {
      const d = computeMarketYear("NEM", centralScenario("NEM"), year, {
        zone: system,
        intervalMinutes: 30,
        weatherKey,
      });
      return shapeOf(hourly(d.marketYear.energyPrice, 30, year), mask, grid(year));
    });
    out.push(line(`model ${year}${label} (wv)`, shapes[0]), range(`model ${year}${label} (8)`, shapes));
  }
  return out;
}

const concat = (parts: ArrayLike<number>[]) => Float64Array.from(parts.flatMap((p) => Array.from(p)));

/** The map fitted on the eight 2024 draws pooled against the real fit years, each repeated once per draw. */
function climateMap(t24: PriceTarget): PriceMap {
  const raws = WEATHER_DRAWS.map((k) => rawPrice(t24, undefined, k));
  const real = [t24.observed, ...(t24.shapeYears ?? []).map((y) => y.observed)];
  return fitPriceMap(
    concat(raws.map((r) => r.price)),
    concat(raws.map(() => real[0])),
    +raws[0].refCost.toFixed(4),
    real.slice(1).flatMap((y) => raws.map(() => y)),
  );
}

function climateFitReport(system: string): string[] {
  const t24 = priceTargets(2024, system)[0];
  if (!t24) return [];
  const t25 = priceTargets(2025, system)[0];
  const current = priceMapFor(system)!;
  const climate = climateMap(t24);
  const out = [
    `${system} map fitted on the eight 2024 draws (not adopted, decision 0248): product draw / mean of eight, hourly means`,
  ];
  for (const [year, real, from] of [
    [2024, t24.observed, 30],
    [2025, t25?.observed, t25?.intervalMinutes ?? 60],
  ] as const) {
    if (!real) continue;
    const n = intervalsInYear(year, 60);
    const mask = from === 60 ? real : resample(real, from, 60, n);
    const day = targetGrid({ ...t24, year, intervalMinutes: 60 });
    const raws = WEATHER_DRAWS.map((k) => rawPrice({ ...t24, year }, undefined, k));
    const with_ = (map: PriceMap) =>
      raws.map((r) => {
        const p = Float64Array.from(r.price);
        applyPriceMap(p, map, r.refCost, r.floor, r.cap);
        return shapeOf(resample(p, 30, 60, n), mask, day);
      });
    const realShape = shapeOf(mask, mask, day);
    const f = (all: Shape[], k: keyof Shape, d: number) =>
      `${all[0][k].toFixed(d)} / ${(all.reduce((a, x) => a + x[k], 0) / all.length).toFixed(d)}`;
    const row = (label: string, all: Shape[]) =>
      `  ${label.padEnd(13)}mean ${f(all, "mean", 0).padEnd(10)} spread ${f(all, "spread", 0).padEnd(10)} negative ${f(all, "negative", 1).padEnd(12)} >300 ${f(all, "above300", 2)}`;
    out.push(
      `  ${year} real    mean ${realShape.mean.toFixed(0).padEnd(10)} spread ${realShape.spread.toFixed(0).padEnd(10)} negative ${realShape.negative.toFixed(1).padEnd(12)} >300 ${realShape.above300.toFixed(2)}`,
      row(`${year} map`, with_(current)),
      row(`${year} climate`, with_(climate)),
    );
  }
  return out;
}

/** The merit order's unmapped half-hourly tail on each draw, 2024 and 2025 (`--raw`). */
function rawTailReport(system: string): string[] {
  const out = [
    `${system} unmapped merit order, half-hourly: P98 / P99 / P99.5, share with a scarcity adder > A$1`,
  ];
  const q = (s: Float64Array, f: number) => s[Math.round(f * (s.length - 1))].toFixed(0);
  for (const weatherKey of WEATHER_DRAWS) {
    const cells = ([2024, 2025] as const).map((year) => {
      const r = rawPrice({ region: "NEM", system, year }, undefined, weatherKey);
      const s = Float64Array.from(r.price).sort();
      const adder = (100 * r.adder.filter((a) => a > 1).length) / r.adder.length;
      return `${year} ${q(s, 0.98)} / ${q(s, 0.99)} / ${q(s, 0.995)}, ${adder.toFixed(2)} %`;
    });
    out.push(`  ${weatherKey.padEnd(8)}${cells.join("    ")}`);
  }
  return out;
}

if (!data.hasSharedData()) {
  console.error(`No real data folder at ${data.sharedDataDir()}: nothing to compare with.`);
  process.exit(1);
}
const args = process.argv.slice(2);
const climate = args.includes("--climate-fit");
const raw = args.includes("--raw");
const only = args.find((a) => !a.startsWith("--"));
const systems = ["NSW1", "QLD1", "VIC1", "SA1", "TAS1"];
if (only && !systems.includes(only)) {
  console.error(`Unknown NEM region ${only}: one of ${systems.join(", ")}`);
  process.exit(2);
}
for (const s of only ? [only] : systems)
  console.log(
    [...report(s), ...(raw ? rawTailReport(s) : []), ...(climate ? climateFitReport(s) : []), ""].join("\n"),
  );
