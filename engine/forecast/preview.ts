// The preview (issue 29 item 2): a forecast's first-year revenue by stream from a sample of its
// days, in a fraction of the full year's time. The year's best days by value (what the site could
// earn on a day: the battery's price spread over its duration, its service prices, and the plant's
// output at the day's prices) stand for themselves: a spiky year (the NEM's) earns much of its
// revenue on a few of them. In each stratum of the other days (two calendar months), the run of
// consecutive days whose mean value is nearest the stratum's stands for it. Each run is dispatched
// with context days before it (the realistic forecast's whole window, so its forecast and state
// of charge are the year's) and after it (so it does not sell its charge at the end), by the
// year's own rules (runYear); only the run's days count, weighted by the days they stand for. A
// plant without a battery has nothing to schedule across days, and its whole year costs no more
// than a sample: it is dispatched whole. Decisions 0506, 0510, 0516 and 0520 give the measurements.
import type { MarketYear } from "../types.ts";
import type { RevenueStrategy } from "../markets/services/rules.ts";
import { assetModel, generationSeries, initialScenarioState, runYear } from "./scenario.ts";
import type { DegradationCount } from "../degradation/index.ts";
import { outageDays } from "./availability.ts";
import { DEFAULT_FORECAST_RULE, modelledErrorScale } from "./foresight.ts";
import type { ForecastParams, Stream } from "./types.ts";

export interface PreviewOptions {
  /** Sampled runs of consecutive days per stratum, and their length (default PREVIEW_SAMPLE). */
  runsPerMonth?: number;
  /** Calendar months in a stratum (1: each month has its runs; 2: each two months). */
  monthsPerStratum?: number;
  runDays?: number;
  /** The year's best days, each standing for itself (with the days between close ones). */
  peakDays?: number;
  /** Context days dispatched before and after each sampled day. */
  leadDays?: number;
  lagDays?: number;
  /** Context days dispatched before a run of the year's best days (0516: short, they cost days). */
  peakLeadDays?: number;
  /** The battery's wear at the start of the year (a later year of a price path); default new. */
  degradation?: DegradationCount;
}

/**
 * The sample the measurements chose (decisions 0506, 0510, 0520): the lead is the realistic
 * forecast's window (foresight.ts), so a run's days are forecast from as many days as in the year;
 * the year's 9 best days are taken whole (best days at most a lead apart are one run), the other
 * days by an 8-day run in each two months. At most 6 × 16 + 9 × 9 = 177 days are dispatched.
 */
export const PREVIEW_SAMPLE = {
  runsPerMonth: 1,
  monthsPerStratum: 2,
  runDays: 8,
  peakDays: 9,
  leadDays: DEFAULT_FORECAST_RULE.windowDays,
  peakLeadDays: DEFAULT_FORECAST_RULE.windowDays,
  lagDays: 1,
} as const;

/**
 * 0510's sample (a 7-day run a month, no best days), which price paths from sampled weeks were
 * measured with (decision 0512) and still use (engine/paths/path.ts).
 */
export const WEEK_A_MONTH_SAMPLE: PreviewOptions = { monthsPerStratum: 1, runDays: 7, peakDays: 0 };

/** Streams an outage day does not take away (availability.ts: the plant exports, charges are fixed). */
const OUTAGE_FREE = new Set<Stream>(["generation", "capacityMarket", "duosFixedCharges", "tnuos"]);

export interface YearPreview {
  scenarioId: string;
  strategy: string;
  year: number;
  currency: string;
  /** Revenue (+) and cost (−) by stream for the year, currency. */
  streams: Partial<Record<Stream, number>>;
  total: number;
  /** Total per MW (of battery, or of the plant when there is none), per year. */
  perMWYear: number;
  streamsPerMW: Partial<Record<Stream, number>>;
  /** Days that stand for the year, and days dispatched with their context. */
  sampleDays: number;
  dispatchedDays: number;
  /** The year's cycles and throughput (MWh) estimated from the sample, as its revenue is. */
  cycles: number;
  throughputMWh: number;
  /** A plant without a battery is dispatched over the whole year: the preview is the full first year. */
  wholeYear: boolean;
  synthetic: boolean;
}

/** A sampled run of consecutive days and the days it stands for (0-based days of the market year). */
export interface SampleRun {
  first: number;
  days: number;
  /** The days of the year it stands for (its own among them). */
  members: number[];
  /** A run of the year's best days, each standing for itself. */
  peak?: boolean;
}

/** The plant's output, MW by interval, and the MW a day's value is counted per (the battery's). */
interface SiteOutput {
  generationMW: Float64Array;
  perMW: number;
}

/**
 * The sample: the year's `peakDays` best days (by value: what the site could earn on them,
 * roughly), each for itself (best days at most `mergeGap` days apart are one run, and every day of
 * it stands for itself); then each stratum's other days (`monthsPerStratum` calendar months) cut
 * into `runsPerMonth` parts and, in each, the run of `runDays` consecutive days whose mean value is
 * nearest the part's.
 */
export function sampleYearDays(
  my: MarketYear,
  powerHours: number,
  runsPerMonth: number = PREVIEW_SAMPLE.runsPerMonth,
  runDays: number = PREVIEW_SAMPLE.runDays,
  peakDays: number = PREVIEW_SAMPLE.peakDays,
  output?: SiteOutput,
  monthsPerStratum: number = PREVIEW_SAMPLE.monthsPerStratum,
  mergeGap: number = PREVIEW_SAMPLE.peakLeadDays,
): SampleRun[] {
  const per = Math.round(1440 / my.intervalMinutes);
  const days = Math.floor(my.energyPrice.length / per);
  const t0 = Date.parse(my.startUtc);
  const k = Math.max(1, Math.round(powerHours * (60 / my.intervalMinutes)));
  const services = Object.values(my.servicePrices).filter((x): x is Float64Array => !!x);
  const dt = my.intervalMinutes / 60;
  /**
   * What a day could earn per MW, roughly: its best k intervals less its worst k, its services,
   * and the plant's output at its prices (a sunny or windy week is worth more to a hybrid).
   */
  const value = (d: number) => {
    const x = Array.from(my.energyPrice.subarray(d * per, (d + 1) * per)).sort((a, b) => a - b);
    let spread = 0;
    for (let i = 0; i < Math.min(k, x.length >> 1); i++) spread += x[x.length - 1 - i] - x[i];
    let svc = 0;
    for (const s of services) for (let t = d * per; t < (d + 1) * per; t++) svc += s[t];
    let sold = 0;
    if (output)
      for (let t = d * per; t < (d + 1) * per; t++) sold += output.generationMW[t] * my.energyPrice[t];
    return spread * dt + (svc * dt) / 24 + (output ? (sold * dt) / output.perMW : 0);
  };
  const v = Array.from({ length: days }, (_, d) => value(d));
  // the year's best days stand for themselves: a few scarcity days earn much of a spiky year
  const bestDays = Array.from({ length: days }, (_, d) => d)
    .sort((a, b) => v[b] - v[a] || a - b)
    .slice(0, Math.min(peakDays, days))
    .sort((a, b) => a - b);
  // best days at most `mergeGap` days apart are one run (one context for them all), and every day
  // of it, dispatched anyway, stands for itself
  const peaks = new Set<number>();
  const out: SampleRun[] = [];
  for (const d of bestDays) {
    const last = out[out.length - 1];
    if (last && d - (last.first + last.days - 1) <= Math.max(1, mergeGap)) {
      for (let q = last.first + last.days; q <= d; q++) last.members.push(q);
      last.days = d - last.first + 1;
    } else out.push({ first: d, days: 1, members: [d], peak: true });
  }
  for (const r of out) for (const d of r.members) peaks.add(d);
  const byMonth = new Map<number, number[]>();
  for (let d = 0; d < days; d++) {
    if (peaks.has(d)) continue;
    const m = Math.floor(new Date(t0 + d * 86_400_000 + 43_200_000).getUTCMonth() / monthsPerStratum);
    if (!byMonth.has(m)) byMonth.set(m, []);
    byMonth.get(m)!.push(d);
  }
  for (const list of byMonth.values()) {
    const g = Math.max(1, Math.min(runsPerMonth, Math.floor(list.length / runDays)));
    for (let j = 0; j < g; j++) {
      const part = list.slice(Math.floor((j * list.length) / g), Math.floor(((j + 1) * list.length) / g));
      const len = Math.min(runDays, part.length);
      const mean = part.reduce((a, d) => a + v[d], 0) / part.length;
      let best = 0;
      let bestGap = Infinity;
      for (let i = 0; i + len <= part.length; i++) {
        // consecutive days only (a best day of the year between them is counted on its own)
        if (part[i + len - 1] - part[i] !== len - 1 && bestGap < Infinity) continue;
        let m = 0;
        for (let q = 0; q < len; q++) m += v[part[i + q]] / len;
        if (Math.abs(m - mean) < bestGap) [best, bestGap] = [i, Math.abs(m - mean)];
      }
      out.push({ first: part[best], days: len, members: part });
    }
  }
  return out.sort((a, b) => a.first - b.first);
}

/** The intervals [from, to) of a market year as a market year of their own (its clock kept). */
export function sliceMarketYear(my: MarketYear, from: number, to: number): MarketYear {
  const cut = <T extends Float64Array | undefined>(x: T): T => x?.subarray(from, to) as T;
  const cutAll = <K extends string>(r: Partial<Record<K, Float64Array>> | undefined) =>
    r && (Object.fromEntries(Object.entries(r).map(([k, v]) => [k, cut(v as Float64Array)])) as typeof r);
  return {
    ...my,
    startUtc: new Date(Date.parse(my.startUtc) + from * my.intervalMinutes * 60_000).toISOString(),
    energyPrice: cut(my.energyPrice),
    imbalancePrice: cut(my.imbalancePrice),
    balancingPrice: cut(my.balancingPrice),
    servicePrices: cutAll(my.servicePrices)!,
    serviceVolumeShareByInterval: cutAll(my.serviceVolumeShareByInterval),
  };
}

/**
 * The first-year preview of one scenario and strategy: the year `my` (the forecast's first)
 * from its sampled days. Pure and deterministic (no random draw: the sample is the ranking's).
 */
export function previewYear(
  p: ForecastParams,
  scenarioId: string,
  strategy: RevenueStrategy,
  my: MarketYear,
  opts: PreviewOptions = {},
): YearPreview {
  const lead = opts.leadDays ?? PREVIEW_SAMPLE.leadDays;
  const peakLead = opts.peakLeadDays ?? PREVIEW_SAMPLE.peakLeadDays;
  const lag = opts.lagDays ?? PREVIEW_SAMPLE.lagDays;
  const per = Math.round(1440 / my.intervalMinutes);
  const days = Math.floor(my.energyPrice.length / per);
  const asset = assetModel(p);
  const unitMW = asset.unitMW;
  const battery = !!asset.battery;
  // the plant's output of the year (its day-to-day weather is drawn in order through the year)
  const generation = generationSeries(p, asset, my);
  const sample = battery
    ? sampleYearDays(
        my,
        p.duration,
        opts.runsPerMonth,
        opts.runDays,
        opts.peakDays,
        generation && { generationMW: generation, perMW: asset.battery!.powerMW },
        opts.monthsPerStratum,
        opts.peakLeadDays ?? PREVIEW_SAMPLE.peakLeadDays,
      )
    : [{ first: 0, days, members: Array.from({ length: days }, (_, d) => d) }];
  // availability: the outage days the year would draw, taken out of the days each sample stands for
  const out = outageDays(my.year, Math.ceil(my.energyPrice.length / per), p.availability);
  // a modelled year's forecast errors are scaled by one factor for the year (foresight.ts
  // modelledErrorScale); a few days alone would get their own
  const errorScale = my.synthetic
    ? modelledErrorScale(my.region, my.energyPrice, my.intervalMinutes)
    : undefined;
  const whole: ForecastParams = { ...p, availability: 100 };
  const streams: Partial<Record<Stream, number>> = {};
  let dispatchedDays = 0;
  let total = 0;
  let cycles = 0;
  let throughputMWh = 0;
  const start = opts.degradation ? { soc: 0, degradation: opts.degradation } : undefined;
  for (const s of sample) {
    const a = Math.max(0, s.first - (s.peak ? peakLead : lead));
    const b = Math.min(days, s.first + s.days + lag);
    const weight = s.members.length / s.days;
    dispatchedDays += b - a;
    const intervals = new Float64Array((b - a) * per);
    intervals.fill(weight, (s.first - a) * per, (s.first - a + s.days) * per);
    const block = sliceMarketYear(my, a * per, b * per);
    // the share of the block's discharge that its counted days stand for (the year's wear)
    let counted = 1;
    const step = runYear(whole, scenarioId, strategy, block, start ?? initialScenarioState(), {
      weights: { intervals, fixed: s.members.length / (b - a) },
      generationMW: generation?.subarray(a * per, b * per),
      forecastErrorScale: errorScale,
      onDispatch: (d) => {
        let all = 0;
        let weighted = 0;
        for (let t = 0; t < d.dischargeMW.length; t++) {
          all += d.dischargeMW[t];
          weighted += intervals[t] * d.dischargeMW[t];
        }
        counted = all > 0 ? weighted / all : 0;
      },
    });
    // the battery is out of service on some of the days the sample stands for: its trades there
    // are lost, the plant's output, the capacity market and the fixed charges are not (0121)
    const inService = battery ? s.members.filter((d) => !out.has(d)).length / s.members.length : 1;
    cycles += step.year.cycles * counted * inService;
    throughputMWh += step.year.throughputMWh * counted * inService;
    for (const [k, v] of Object.entries(step.year.streams) as [Stream, number][]) {
      const x = OUTAGE_FREE.has(k) ? v : v * inService;
      streams[k] = (streams[k] ?? 0) + x;
      total += x;
    }
  }
  const streamsPerMW = Object.fromEntries(
    Object.entries(streams).map(([k, v]) => [k, (v as number) / unitMW]),
  ) as YearPreview["streamsPerMW"];
  return {
    scenarioId,
    strategy,
    year: my.year,
    currency: my.currency,
    streams,
    total,
    perMWYear: total / unitMW,
    streamsPerMW,
    sampleDays: sample.reduce((a, s) => a + s.days, 0),
    dispatchedDays,
    cycles,
    throughputMWh,
    wholeYear: !battery,
    synthetic: my.synthetic,
  };
}
