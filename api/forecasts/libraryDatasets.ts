// Library forecasts in the plotter (issue 19, spec §2 "Forecasted BESS revenues"): when one of
// Voltcast's library runs finishes, its revenue per MW by month (first revenue strategy) is stored
// as a FORECAST dataset, guarded by the library subscription of its region. Written from the run's
// own results — nothing is computed here.
import { and, eq, isNotNull, not, notExists, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { datasets, forecastRuns } from "../db/schema/index.ts";
import type { RunRow } from "./runs.ts";
import { storeSeries, type DatasetMeta } from "../datasets/store.ts";
import { LIBRARY_SUBSCRIPTION } from "./permissions.ts";
import type { ForecastRegion } from "../../app/validation/forecast.ts";

const STORE_REGION: Partial<Record<ForecastRegion, DatasetMeta["region"]>> = {
  GB: "great-britain",
  ERCOT: "ercot",
  NEM: "aus-nem",
  DE: "europe",
  ES: "europe",
};

type LibraryRun = Pick<RunRow, "id" | "run_name" | "market_region" | "is_custom" | "result">;

/** Stores (or replaces) the monthly revenue series of a finished library run. Custom runs are private: none. */
export async function storeLibraryRevenue(db: Db, run: LibraryRun): Promise<boolean> {
  const region = STORE_REGION[run.market_region];
  const strategy = run.result?.strategies[0];
  if (run.is_custom || !region || !strategy) return false;
  const ts: number[] = [];
  const values: number[] = [];
  for (const y of strategy.years)
    (y.monthlyPerMW ?? []).forEach((v, m) => {
      ts.push(Date.UTC(y.year, m, 1));
      values.push(v);
    });
  if (!ts.length) return false;
  const meta: DatasetMeta = {
    slug: `forecast-revenue-${run.id}`,
    title: `${run.run_name}: revenue per MW by month`,
    description: `Modelled revenue per MW of installed power by month, ${run.run_name} (strategy ${strategy.strategy}).`,
    region,
    geography: run.market_region,
    granularity: "monthly",
    source: `Voltcast forecast ${run.result!.modelVersion}`,
    synthetic: !!run.result!.synthetic,
    subscriptionKey: LIBRARY_SUBSCRIPTION[run.market_region] ?? null,
    unit: `${run.result!.currency}/MW`,
    category: "FORECAST",
    variableType: "revenue",
    groupName: "BESS revenue forecasts",
  };
  await storeSeries(db, `forecast-run:${run.id}`, "forecast-run", [{ meta, series: { ts, values } }], {
    replace: true,
  });
  return true;
}

/** At start: the finished library runs whose series is not stored yet (runs finished before this existed). */
export async function storeMissingLibraryRevenues(db: Db, log: (m: string) => void) {
  const r = forecastRuns;
  const rows = await db
    .select({
      id: r.id,
      run_name: r.runName,
      market_region: r.marketRegion,
      is_custom: r.isCustom,
      result: sql<LibraryRun["result"]>`${r.result}`,
    })
    .from(r)
    .where(
      and(
        not(r.isCustom),
        eq(r.status, "ready_for_review"),
        isNotNull(r.result),
        notExists(
          db
            .select({ id: datasets.id })
            .from(datasets)
            .where(eq(datasets.slug, sql`'forecast-revenue-' || ${r.id}::text`)),
        ),
      ),
    );
  let n = 0;
  for (const run of rows) if (await storeLibraryRevenue(db, run)) n++;
  if (n) log(`Stored the monthly revenue series of ${n} library forecast(s) for the plotter`);
}
