// The plotter tree (spec §2, §7): home folders, then per group its region and group folders and
// its fields (series), filtered and paged (limit 10, offset 0 by default). Built on the datasets
// store: live & historic data are LIVEANDHISTORIC datasets; forecasted prices & world view are
// MACROSCENARIO datasets and forward curves; forecasted BESS revenues are FORECAST datasets.
import { and, asc, count, eq, inArray, like, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { datasets } from "../db/schema/index.ts";
import { datasetSearch, type Dataset } from "../datasets/store.ts";
import { subscriptionName } from "./getData.ts";

export const REGION_LABELS: Record<string, string> = {
  "great-britain": "Great Britain",
  ercot: "ERCOT (Texas)",
  "aus-nem": "Australia (NEM)",
  europe: "Europe",
};
export const REGIONS = Object.keys(REGION_LABELS);

const FORWARD_CURVES = ["Forward curve", "Hourly forward curve"];
export const TREE_GROUPS = {
  "forecasted-bess-revenues": {
    label: "Forecasted BESS revenues",
    where: () => and(eq(datasets.category, "FORECAST"), notInArray(datasets.groupName, FORWARD_CURVES)),
  },
  "world-view": {
    label: "Forecasted prices & world view",
    where: () => or(eq(datasets.category, "MACROSCENARIO"), inArray(datasets.groupName, FORWARD_CURVES)),
  },
  "live-and-historic": {
    label: "Live & historic data",
    where: () => eq(datasets.category, "LIVEANDHISTORIC"),
  },
} as const;
export type TreeGroup = keyof typeof TREE_GROUPS;
export const TREE_GROUP_IDS = Object.keys(TREE_GROUPS) as TreeGroup[];

export interface Folder {
  id: string;
  label: string;
  count: number;
}

export interface Field {
  id: string;
  label: string;
  unit: string;
  category: string;
  locked: boolean;
  subscription: string | null;
  additionalProperties: {
    region: string;
    geography: string;
    granularity: string;
    source: string;
    variableType: string;
    group: string;
    startDate: string | null;
    endDate: string | null;
  };
}

export interface TreeFilter {
  region?: string;
  gsp_group?: string;
  ercot_zone?: string;
  macro_scenario_id?: string;
  variable_type?: string;
  group?: string;
  search?: string;
  limit: number;
  offset: number;
}

function whereOf(group: TreeGroup, f: Omit<TreeFilter, "limit" | "offset">): SQL | undefined {
  const d = datasets;
  return and(
    TREE_GROUPS[group].where(),
    f.region ? eq(d.region, f.region as Dataset["region"]) : undefined,
    f.gsp_group ? eq(d.geography, f.gsp_group) : undefined,
    f.ercot_zone ? eq(d.geography, f.ercot_zone) : undefined,
    f.macro_scenario_id
      ? or(eq(d.slug, f.macro_scenario_id), like(d.slug, sql`${f.macro_scenario_id} || '-%'`))
      : undefined,
    f.variable_type ? eq(d.variableType, f.variable_type) : undefined,
    f.group ? eq(d.groupName, f.group) : undefined,
    datasetSearch(f.search, true),
  );
}

export function fieldOf(r: Dataset, subscriptions: Set<string>): Field {
  const key = r.subscriptionKey;
  return {
    id: String(r.id),
    label: r.title,
    unit: r.unit,
    category: r.category,
    locked: !!key && !subscriptions.has(key),
    subscription: key ? subscriptionName(key) : null,
    additionalProperties: {
      region: r.region,
      geography: r.geography,
      granularity: r.granularity,
      source: r.source,
      variableType: r.variableType,
      group: r.groupName,
      startDate: r.startDate?.toISOString() ?? null,
      endDate: r.endDate?.toISOString() ?? null,
    },
  };
}

/** Home folders: the forecast groups (with their series counts), or the live-data regions. */
export async function homeFolders(
  db: Db,
  home: "forecasts" | "live-data",
): Promise<{ folders: Folder[]; fields: Field[] }> {
  if (home === "forecasts") {
    const folders: Folder[] = [];
    for (const g of ["forecasted-bess-revenues", "world-view"] as const) {
      const n = await db.$count(datasets, TREE_GROUPS[g].where());
      folders.push({ id: g, label: TREE_GROUPS[g].label, count: n });
    }
    return { folders, fields: [] };
  }
  return { folders: await regionFolders(db, "live-and-historic", {}), fields: [] };
}

async function regionFolders(
  db: Db,
  group: TreeGroup,
  f: Omit<TreeFilter, "limit" | "offset">,
): Promise<Folder[]> {
  const rows = await db
    .select({ region: datasets.region, n: count() })
    .from(datasets)
    .where(whereOf(group, f))
    .groupBy(datasets.region);
  return REGIONS.filter((r) => rows.some((x) => x.region === r)).map((r) => ({
    id: r,
    label: REGION_LABELS[r],
    count: rows.find((x) => x.region === r)!.n,
  }));
}

/**
 * One group of the tree. Without a region: its region folders. With a region but no narrower
 * filter: that region's group folders. Otherwise: the matching fields, paged.
 */
export async function treeGroup(
  db: Db,
  group: TreeGroup,
  f: TreeFilter,
  subscriptions: Set<string>,
): Promise<{ folders: Folder[]; fields: Field[]; count: number }> {
  const narrowed =
    f.group || f.search || f.gsp_group || f.ercot_zone || f.macro_scenario_id || f.variable_type;
  if (!f.region && !narrowed) {
    const folders = await regionFolders(db, group, f);
    return { folders, fields: [], count: folders.length };
  }
  const d = datasets;
  const where = whereOf(group, f);
  if (f.region && !narrowed) {
    const rows = await db
      .select({ group: d.groupName, n: count() })
      .from(d)
      .where(where)
      .groupBy(d.groupName)
      .orderBy(asc(d.groupName));
    const folders = rows.map((r) => ({ id: r.group, label: r.group, count: r.n }));
    return { folders, fields: [], count: folders.length };
  }
  const total = await db.$count(d, where);
  const rows = await db
    .select()
    .from(d)
    .where(where)
    .orderBy(asc(d.region), asc(d.groupName), asc(d.title), asc(d.id))
    .limit(f.limit)
    .offset(f.offset);
  return { folders: [], fields: rows.map((r) => fieldOf(r, subscriptions)), count: total };
}
