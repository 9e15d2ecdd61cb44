// The backtest's real series read from the files of ../shared/data (the CLI and its tests), with
// the same parsers the database import uses (api/datasets/formats.ts), so the command line and
// the web page (which reads the database) see the same series.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseFile } from "../api/datasets/importer.ts";
import type { BacktestMarketData, CapacityYear, Series } from "../engine/backtest/index.ts";
import { BACKTEST_MARKETS, backtestSlugs } from "../engine/backtest/markets.ts";
import { backtestMarketYears } from "../engine/backtest/market-years.ts";
import { capacityYearsFromCsv } from "../engine/backtest/capacity.ts";

export const SHARED_DATA = process.env.VOLTCAST_SHARED_DATA_DIR ?? path.resolve("../shared/data");

const FILES = [
  "prices/gb/gb_day_ahead_hourly_imrp_lccc_2016-06_2025-11.csv",
  "prices/gb/gb_system_price_mid_halfhourly_2023-01_2024-05.csv",
  "ancillary/gb/gb_dc_dm_dr_clearing_prices_efa_2021-09_2026-08.csv.gz",
  "ancillary/gb/gb_eac_reserve_qr_br_sr_clearing_prices_halfhourly_2024-12_2026-08.csv.gz",
  "prices/ercot/ercot_hub_lz_dam_rtm_hourly_2024_2026Q1.csv.gz",
  "ancillary/ercot/ercot_as_mcpc_hourly_2024_2026Q1.csv",
  "prices/nem/nem_rrp_demand_5min_2024.csv.gz",
  "prices/nem/nem_rrp_demand_5min_2025-01_2025-04.csv.gz",
  "prices/nem/nem_vic1_rrp_demand_5min_2024-01_2026-06.csv.gz",
  "prices/germany/de_lu_day_ahead_hourly_with_load_res_2024-01_2026-01.csv",
  "prices/spain/omie_day_ahead_es_pt_hourly_2023-04_2026-08.csv",
];
const CM_PRICES = "capacity/gb/gb_cm_auction_clearing_prices_2016-17_2029-30.csv";
const CM_DERATING = "capacity/gb/gb_cm_storage_derating_factors_by_duration_2016-17_2030-31.csv";

export const sharedDataPresent = () => existsSync(path.join(SHARED_DATA, FILES[0]));

/** Two files' points of one series (several files fill one dataset, as in the import). */
function merged(a: Series | undefined, b: Series): Series {
  if (!a) return b;
  const m = new Map<number, number>();
  for (const s of [a, b]) for (let i = 0; i < s.ts.length; i++) m.set(s.ts[i], s.values[i]);
  const ts = Float64Array.from(m.keys()).sort();
  return { ts, values: ts.map((t) => m.get(t)!) };
}

/** Every market-year of the backtest, from the files. */
export async function loadBacktestData(
  only?: (m: { market: string; region: string; year: number }) => boolean,
): Promise<BacktestMarketData[]> {
  const wanted = new Set(backtestSlugs());
  const series = new Map<string, Series>();
  for (const f of FILES) {
    const full = path.join(SHARED_DATA, f);
    if (!existsSync(full)) continue;
    const { series: parsed } = await parseFile(full);
    for (const s of parsed)
      if (wanted.has(s.meta.slug)) series.set(s.meta.slug, merged(series.get(s.meta.slug), s.series));
  }
  let capacity: Record<number, CapacityYear[]> | undefined;
  if (existsSync(path.join(SHARED_DATA, CM_PRICES)) && existsSync(path.join(SHARED_DATA, CM_DERATING)))
    capacity = capacityYearsFromCsv(
      readFileSync(path.join(SHARED_DATA, CM_PRICES), "utf8"),
      readFileSync(path.join(SHARED_DATA, CM_DERATING), "utf8"),
    );
  const out: BacktestMarketData[] = [];
  for (const m of BACKTEST_MARKETS)
    out.push(
      ...backtestMarketYears(
        m,
        (slug) => series.get(slug),
        capacity,
        (year) => !only || only({ market: m.market, region: m.region, year }),
      ),
    );
  return out;
}
