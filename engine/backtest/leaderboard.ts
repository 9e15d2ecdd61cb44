// The GB leaderboard's model of one asset (decision 0336): the backtest's dispatch on the real GB
// prices (decision 0118), but for the asset as it is rather than a reference battery — its own
// duration faded by its age and cycling (the standard curve, decision 0104), its own cycle limit,
// its Capacity Market class, and the TNUoS generation tariff of its location's zone. What is not
// modelled (DUoS, metered availability, augmentation) is said where the figures are shown. Pure.
import { backtestRow, USUAL_CYCLES, type BacktestMarketData } from "./index.ts";
import { standardRetention } from "../degradation/index.ts";
import { tnuosZoneAt } from "../locations/geo.ts";
import { TNUOS_GENERATION_TARIFF_GBP_PER_KW } from "../tariffs/index.ts";

/** What the leaderboard knows of an asset of the asset library. */
export interface LeaderboardAssetSpec {
  assetId: string;
  name: string;
  ratedPower: number;
  energyCapacity: number;
  /** "YYYY-MM-DD": commissioning. */
  operationalSince: string | null;
  /** The asset's cycle limit a day; null: the market's usual. */
  cycles: number | null;
  latitude: number | null;
  longitude: number | null;
  /** GSP group ("_A" … "_P"). */
  gsp: string | null;
}

/**
 * Sites of this size and more are taken to hold a transmission connection (or a distribution one
 * large enough to be charged TNUoS, as the forecasts' rule, engine/tariffs) and pay the generation
 * tariff of their zone; smaller sites are taken to be distribution-connected and pay none.
 */
export const TNUOS_FROM_MW = 100;

/** Capacity Market de-rating classes the backtest holds (hours). */
export const CAPACITY_CLASSES = [1, 2];

export interface AssetYearProfile {
  /** Energy ÷ power after fade, hours: what the dispatch is given. */
  durationHours: number;
  /** Share of the nameplate energy left at mid-year. */
  retention: number;
  /** Years in operation at mid-year. */
  ageYears: number;
  cyclesPerDay: number;
  /** TNUoS generation zone (1–27) of the site, or null outside GB / no location. */
  tnuosZone: number | null;
  /** Whether the site pays it (≥ TNUOS_FROM_MW). */
  paysTnuos: boolean;
  /** GBP per MW per year charged (negative: a credit); 0 when the site does not pay TNUoS. */
  tnuosPerMWYear: number;
  /** The Capacity Market class (hours) its nameplate duration was contracted in. */
  capacityDuration: number;
}

/** The asset in `year`: aged at 1 July, cycled at its limit every day since it started. */
export function assetYearProfile(a: LeaderboardAssetSpec, year: number): AssetYearProfile {
  const cyclesPerDay = a.cycles ?? USUAL_CYCLES.GB;
  const nameplate = a.energyCapacity / a.ratedPower;
  const since = a.operationalSince ? Date.parse(`${a.operationalSince}T00:00:00Z`) : NaN;
  const mid = Date.UTC(year, 6, 1);
  const ageYears = Number.isFinite(since) ? Math.max(0, (mid - since) / (365.25 * 86_400_000)) : 0;
  const retention = standardRetention(cyclesPerDay * 365 * ageYears, ageYears);
  const tnuosZone = a.latitude !== null && a.longitude !== null ? tnuosZoneAt(a.latitude, a.longitude) : null;
  const paysTnuos = tnuosZone !== null && a.ratedPower >= TNUOS_FROM_MW;
  // the nearest class at or below the nameplate duration (a 1.5 h battery is de-rated as a 1 h one)
  const capacityDuration =
    [...CAPACITY_CLASSES].reverse().find((h) => h <= nameplate + 1e-9) ?? CAPACITY_CLASSES[0];
  return {
    durationHours: nameplate * retention,
    retention,
    ageYears,
    cyclesPerDay,
    tnuosZone,
    paysTnuos,
    tnuosPerMWYear: paysTnuos ? TNUOS_GENERATION_TARIFF_GBP_PER_KW[tnuosZone!] * 1000 : 0,
    capacityDuration,
  };
}

export interface AssetMonth {
  month: string;
  /** GBP per MW earned in the month, the TNUoS charge taken off. */
  revenuePerMW: number;
  /** The TNUoS charge of the month per MW (negative: a credit). */
  tnuosPerMW: number;
  /** Share of the month's intervals with a real wholesale price. */
  coverage: number;
  durationHours: number;
}

const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The asset's months of one GB market-year: realistic foresight, as a trader could have earned. */
export function assetMonths(d: BacktestMarketData, a: LeaderboardAssetSpec): AssetMonth[] {
  const p = assetYearProfile(a, d.year);
  const row = backtestRow(d, p.durationHours, "realistic", {
    cyclesPerDay: p.cyclesPerDay,
    capacityDuration: p.capacityDuration,
  });
  const yearDays = (Date.UTC(d.year + 1, 0, 1) - Date.UTC(d.year, 0, 1)) / 86_400_000;
  return row.months.map((m) => {
    const tnuos = (p.tnuosPerMWYear * daysIn(d.year, Number(m.month.slice(5, 7)))) / yearDays;
    return {
      month: m.month,
      revenuePerMW: m.revenuePerMW - tnuos,
      tnuosPerMW: tnuos,
      coverage: m.coverage,
      durationHours: p.durationHours,
    };
  });
}

/** What the leaderboard stores of an asset: its spec, each year's profile and its months. */
export interface LeaderboardResultAsset extends LeaderboardAssetSpec {
  profiles: ({ year: number } & AssetYearProfile)[];
  months: AssetMonth[];
}

/** Every asset over every GB market-year held. */
export function leaderboardAssets(
  data: BacktestMarketData[],
  assets: LeaderboardAssetSpec[],
): LeaderboardResultAsset[] {
  const gb = data.filter((d) => d.market === "GB").sort((x, y) => x.year - y.year);
  return assets.map((a) => ({
    ...a,
    profiles: gb.map((d) => ({ year: d.year, ...assetYearProfile(a, d.year) })),
    months: gb.flatMap((d) => assetMonths(d, a)),
  }));
}
