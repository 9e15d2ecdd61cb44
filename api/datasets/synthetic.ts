// Datasets computed by the world-view engine (on its worker thread):
//  - synthetic history per market for installs without real data (engine/worldview syntheticHistory:
//    the merit-order model on a separate weather realisation, calibrated to 2024 statistics),
//    labelled 'synthetic' as its source;
//  - the hourly forward curve of each region's Central world view (category FORECAST).
// Each series is recorded in dataset_imports under an origin naming the model version and engine
// hash, so a restart skips what is already there and a new model replaces it.
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { datasetImports } from "../db/schema/index.ts";
import type { MarketRegion } from "../../engine/types.ts";
import type { HistorySeries } from "../../engine/worldview/index.ts";
import { MODEL_VERSION, listScenarios, type Scenario } from "../../engine/worldview/scenarios.ts";
import type { MarketRegion as StoreRegion } from "../db/schema/datasets.ts";
import { runEngineTask } from "../worldviews/engine.ts";
import type { SeriesResult } from "../worldviews/engine-tasks.ts";
import { worldViewEngineHash } from "../worldviews/files.ts";
import { DEFAULT_TIER, subscriptionFor } from "../worldviews/catalog.ts";
import { storeSeries, type DatasetMeta } from "./store.ts";

const STORE_REGION: Record<MarketRegion, StoreRegion> = {
  GB: "great-britain",
  ERCOT: "ercot",
  NEM: "aus-nem",
  DE: "europe",
  ES: "europe",
};
const DATA_SUBSCRIPTION: Record<MarketRegion, string> = {
  GB: "data_gb",
  ERCOT: "data_ercot",
  NEM: "data_nem",
  DE: "data_europe",
  ES: "data_europe",
};
const CURRENCY_UNIT = (c: string) => `${c}/MWh`;
const granularity = (minutes: number): DatasetMeta["granularity"] =>
  minutes <= 5
    ? "5 min"
    : minutes <= 15
      ? "15 min"
      : minutes <= 30
        ? "30 min"
        : minutes <= 60
          ? "hourly"
          : "daily";

interface SyntheticSpec {
  region: MarketRegion;
  zone?: string;
  series: HistorySeries;
  intervalMinutes?: number;
  slug: string;
  title: string;
  geography: string;
  groupName: string;
}

/** What a fresh install without real data gets: the main price series of every market. */
export const SYNTHETIC_SPECS: SyntheticSpec[] = [
  {
    region: "GB",
    series: "energy",
    slug: "gb-day-ahead-price-synthetic",
    title: "GB day-ahead price (synthetic)",
    geography: "GB",
    groupName: "Day-ahead prices",
  },
  {
    region: "GB",
    series: "imbalance",
    slug: "gb-system-price-synthetic",
    title: "GB system price (synthetic)",
    geography: "GB",
    groupName: "Imbalance prices",
  },
  {
    region: "ERCOT",
    series: "energy",
    intervalMinutes: 60,
    slug: "ercot-hub-price-synthetic",
    title: "ERCOT hub price (synthetic)",
    geography: "ERCOT",
    groupName: "Real-time prices",
  },
  ...(["NSW1", "QLD1", "VIC1", "SA1", "TAS1"] as const).map((zone) => ({
    region: "NEM" as const,
    zone,
    series: "energy" as const,
    slug: `nem-${zone.toLowerCase()}-price-synthetic`,
    title: `${zone} price (synthetic)`,
    geography: zone,
    groupName: "Spot prices",
  })),
  {
    region: "DE",
    series: "energy",
    intervalMinutes: 60,
    slug: "de-lu-day-ahead-price-synthetic",
    title: "DE-LU day-ahead price (synthetic)",
    geography: "DE-LU",
    groupName: "Day-ahead prices",
  },
  {
    region: "ES",
    series: "energy",
    intervalMinutes: 60,
    slug: "es-day-ahead-price-synthetic",
    title: "Spain day-ahead price (synthetic)",
    geography: "ES",
    groupName: "Day-ahead prices",
  },
];

/** Synthetic history covers these two calendar years. */
export const SYNTHETIC_FROM = "2023-01-01T00:00:00Z";
export const SYNTHETIC_TO = "2025-01-01T00:00:00Z";

const FORWARD_CURVE_REGIONS: MarketRegion[] = ["GB", "ERCOT", "NEM", "DE", "ES"];

function origin(kind: string, key: string) {
  return `worldview:${MODEL_VERSION}-${worldViewEngineHash()}:${kind}:${key}`;
}

async function has(db: Db, o: string): Promise<boolean> {
  return (await db.$count(datasetImports, eq(datasetImports.origin, o))) > 0;
}

function evenTs(r: SeriesResult): Float64Array {
  if (r.ts) return r.ts;
  const ts = new Float64Array(r.values.length);
  const step = r.intervalMinutes * 60_000;
  for (let i = 0; i < ts.length; i++) ts[i] = r.startMs + i * step;
  return ts;
}

export async function seedSyntheticHistory(
  db: Db,
  log: (m: string) => void,
  specs: SyntheticSpec[] = SYNTHETIC_SPECS,
): Promise<{ series: number; points: number }> {
  let series = 0;
  let points = 0;
  for (const spec of specs) {
    const o = origin("synthetic", spec.slug);
    if (await has(db, o)) continue;
    const r = await runEngineTask<SeriesResult>(
      {
        kind: "synthetic",
        region: spec.region,
        zone: spec.zone,
        series: spec.series,
        from: SYNTHETIC_FROM,
        to: SYNTHETIC_TO,
        intervalMinutes: spec.intervalMinutes,
      },
      "background",
    );
    const meta: DatasetMeta = {
      slug: spec.slug,
      title: spec.title,
      description: r.description,
      region: STORE_REGION[spec.region],
      geography: spec.geography,
      granularity: granularity(r.intervalMinutes),
      source: "synthetic",
      synthetic: true,
      subscriptionKey:
        spec.region === "GB" && spec.series === "energy" ? null : DATA_SUBSCRIPTION[spec.region],
      unit: CURRENCY_UNIT(r.currency),
      category: "LIVEANDHISTORIC",
      variableType: "price",
      groupName: spec.groupName,
    };
    const [stored] = await storeSeries(
      db,
      o,
      "synthetic",
      [{ meta, series: { ts: evenTs(r), values: r.values } }],
      { replace: true },
    );
    series++;
    points += stored.points;
    log(`synthetic ${spec.slug}: ${stored.points} points`);
  }
  return { series, points };
}

/**
 * The store's slug of a world view's hourly forward curve: the Central one keeps the region's plain
 * slug ("gb-hourly-forward-curve", as it always had); the others are named by their scenario
 * ("gb-high-hourly-forward-curve"), so the plotter tree's world-view filter finds each by its id.
 */
export function forwardCurveSlug(s: Scenario): string {
  return s.kind === "central"
    ? `${s.marketRegion.toLowerCase()}-hourly-forward-curve`
    : `${s.id}-hourly-forward-curve`;
}

/** The hourly forward curve of every world view of the regions (decision 0304: one dataset each). */
export async function seedForwardCurves(
  db: Db,
  log: (m: string) => void,
  opts: { regions?: MarketRegion[]; fromYear?: number; toYear?: number } = {},
): Promise<{ points: number }> {
  let points = 0;
  // Central first everywhere: the curves most use, ready soonest.
  const scenarios = (opts.regions ?? FORWARD_CURVE_REGIONS)
    .flatMap((region) => listScenarios(region))
    .sort((a, b) => Number(b.kind === "central") - Number(a.kind === "central"));
  for (const scenario of scenarios) {
    const region = scenario.marketRegion;
    const slug = forwardCurveSlug(scenario);
    const span = opts.fromYear || opts.toYear ? `:${opts.fromYear ?? ""}-${opts.toYear ?? ""}` : "";
    const o = origin("forward-curve", slug + span);
    if (await has(db, o)) continue;
    const r = await runEngineTask<SeriesResult>(
      {
        kind: "forward-curve",
        region,
        scenarioId: scenario.id,
        fromYear: opts.fromYear,
        toYear: opts.toYear,
      },
      "background",
    );
    const meta: DatasetMeta = {
      slug,
      title: `${scenario.name.replace(/ (Central )?scenario$/, "")} hourly forward curve`,
      description: r.description,
      region: STORE_REGION[region],
      geography: r.zone ?? region,
      granularity: "hourly",
      source: `Voltcast world view ${scenario.modelVersion}`,
      synthetic: false,
      // The default tier (the GB Central world view) is everyone's: its curve needs no subscription.
      subscriptionKey: subscriptionFor(scenario) === DEFAULT_TIER ? null : subscriptionFor(scenario),
      unit: CURRENCY_UNIT(r.currency),
      category: "FORECAST",
      variableType: "price",
      groupName: "Hourly forward curve",
    };
    const [stored] = await storeSeries(
      db,
      o,
      "forward-curve",
      [{ meta, series: { ts: evenTs(r), values: r.values } }],
      { replace: true },
    );
    points += stored.points;
    log(`forward curve ${slug}: ${stored.points} points`);
  }
  return { points };
}
