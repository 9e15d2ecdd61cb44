// One series per region and quantity in the library (issue 27 item 9, decision 0338). A market's
// quantity can be held at several resolutions: NSW1's price at 5 minutes (AEMO, 2023–2025), hourly
// (OpenElectricity, 2025–2026) and 30 minutes (2021, before 5-minute settlement). The store keeps
// each resolution as its own dataset, because the backtest and the plotter read a series at one
// interval length (merging them would put hourly points in a 5-minute year); the library lists
// them as one series, led by its finest resolution, with each resolution's period stated.
import { GRANULARITIES } from "../db/schema/datasets.ts";

/** What decides that datasets are one series, and what each resolution states. */
export interface SeriesRow {
  id: number;
  region: string;
  geography: string;
  variableType: string;
  groupName: string;
  unit: string;
  category: string;
  synthetic: boolean;
  subscriptionKey: string | null;
  granularity: string;
  source: string;
  startDate: Date | null;
  endDate: Date | null;
  pointCount: number;
}

export interface LibrarySeries<T extends SeriesRow> {
  /** The finest resolution: the dataset the library row stands for (its id, title, links). */
  leader: T;
  /** Every resolution of the series, the leader included, in the order of their first points. */
  resolutions: T[];
}

const rank = (g: string) => {
  const i = (GRANULARITIES as readonly string[]).indexOf(g);
  return i < 0 ? GRANULARITIES.length : i;
};

/** Same place, quantity, group, unit, kind, origin and subscription: the same series. */
const seriesKey = (r: SeriesRow) =>
  JSON.stringify([
    r.region,
    r.geography,
    r.variableType,
    r.groupName,
    r.unit,
    r.category,
    r.synthetic,
    r.subscriptionKey,
  ]);

/**
 * Datasets folded into series, in the order of the rows given (each series where its leader is).
 * Datasets that share a key but also a resolution are different series told apart otherwise (by
 * title): those are never folded.
 */
export function librarySeries<T extends SeriesRow>(rows: T[]): LibrarySeries<T>[] {
  const byKey = new Map<string, T[]>();
  for (const r of rows) {
    const k = seriesKey(r);
    byKey.set(k, [...(byKey.get(k) ?? []), r]);
  }
  const leaderOf = new Map<number, LibrarySeries<T>>();
  for (const group of byKey.values()) {
    const distinct = new Set(group.map((r) => r.granularity)).size === group.length;
    for (const members of distinct ? [group] : group.map((r) => [r])) {
      const leader = members.reduce((a, b) => (rank(b.granularity) < rank(a.granularity) ? b : a));
      const resolutions = [...members].sort(
        (a, b) => (a.startDate?.getTime() ?? Infinity) - (b.startDate?.getTime() ?? Infinity),
      );
      leaderOf.set(leader.id, { leader, resolutions });
    }
  }
  return rows.flatMap((r) => leaderOf.get(r.id) ?? []);
}
