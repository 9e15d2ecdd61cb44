// The plotter tree (spec §2, §7): home folders, then per group its region and group folders and
// its fields (series), filtered and paged (limit 10, offset 0 by default). Built on the datasets
// store: live & historic data are LIVEANDHISTORIC datasets; forecasted prices & world view are
// MACROSCENARIO datasets and forward curves; forecasted BESS revenues are FORECAST datasets.
import type pg from "pg";
import { subscriptionName } from "./getData.ts";

export const REGION_LABELS: Record<string, string> = {
  "great-britain": "Great Britain",
  ercot: "ERCOT (Texas)",
  "aus-nem": "Australia (NEM)",
  europe: "Europe",
};
export const REGIONS = Object.keys(REGION_LABELS);

export const TREE_GROUPS = {
  "forecasted-bess-revenues": {
    label: "Forecasted BESS revenues",
    where: "category = 'FORECAST' and group_name not in ('Forward curve', 'Hourly forward curve')",
  },
  "world-view": {
    label: "Forecasted prices & world view",
    where: "(category = 'MACROSCENARIO' or group_name in ('Forward curve', 'Hourly forward curve'))",
  },
  "live-and-historic": { label: "Live & historic data", where: "category = 'LIVEANDHISTORIC'" },
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

function whereOf(group: TreeGroup, f: Omit<TreeFilter, "limit" | "offset">) {
  const where: string[] = [TREE_GROUPS[group].where];
  const params: unknown[] = [];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    where.push(sql.replaceAll("?", `$${params.length}`));
  };
  if (f.region) add("region = ?", f.region);
  if (f.gsp_group) add("geography = ?", f.gsp_group);
  if (f.ercot_zone) add("geography = ?", f.ercot_zone);
  if (f.macro_scenario_id) add("(slug = ? or slug like ? || '-%')", f.macro_scenario_id);
  if (f.variable_type) add("variable_type = ?", f.variable_type);
  if (f.group) add("group_name = ?", f.group);
  if (f.search?.trim()) {
    add(
      "(title ilike ? or description ilike ? or geography ilike ? or source ilike ? or group_name ilike ?)",
      `%${f.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    );
  }
  return { sql: where.join(" and "), params };
}

export function fieldOf(r: Record<string, any>, subscriptions: Set<string>): Field {
  const key = r.subscription_key as string | null;
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
      variableType: r.variable_type,
      group: r.group_name,
      startDate: r.start_date ? new Date(r.start_date).toISOString() : null,
      endDate: r.end_date ? new Date(r.end_date).toISOString() : null,
    },
  };
}

/** Home folders: the forecast groups (with their series counts), or the live-data regions. */
export async function homeFolders(
  pool: pg.Pool,
  home: "forecasts" | "live-data",
): Promise<{ folders: Folder[]; fields: Field[] }> {
  if (home === "forecasts") {
    const folders: Folder[] = [];
    for (const g of ["forecasted-bess-revenues", "world-view"] as const) {
      const { rows } = await pool.query(`select count(*) as n from datasets where ${TREE_GROUPS[g].where}`);
      folders.push({ id: g, label: TREE_GROUPS[g].label, count: Number(rows[0].n) });
    }
    return { folders, fields: [] };
  }
  return { folders: await regionFolders(pool, "live-and-historic", {}), fields: [] };
}

async function regionFolders(
  pool: pg.Pool,
  group: TreeGroup,
  f: Omit<TreeFilter, "limit" | "offset">,
): Promise<Folder[]> {
  const w = whereOf(group, f);
  const { rows } = await pool.query(
    `select region, count(*) as n from datasets where ${w.sql} group by region`,
    w.params,
  );
  return REGIONS.filter((r) => rows.some((x) => x.region === r)).map((r) => ({
    id: r,
    label: REGION_LABELS[r],
    count: Number(rows.find((x) => x.region === r)!.n),
  }));
}

/**
 * One group of the tree. Without a region: its region folders. With a region but no narrower
 * filter: that region's group folders. Otherwise: the matching fields, paged.
 */
export async function treeGroup(
  pool: pg.Pool,
  group: TreeGroup,
  f: TreeFilter,
  subscriptions: Set<string>,
): Promise<{ folders: Folder[]; fields: Field[]; count: number }> {
  const narrowed =
    f.group || f.search || f.gsp_group || f.ercot_zone || f.macro_scenario_id || f.variable_type;
  if (!f.region && !narrowed) {
    const folders = await regionFolders(pool, group, f);
    return { folders, fields: [], count: folders.length };
  }
  if (f.region && !narrowed) {
    const w = whereOf(group, f);
    const { rows } = await pool.query(
      `select group_name, count(*) as n from datasets where ${w.sql} group by group_name order by group_name`,
      w.params,
    );
    const folders = rows.map((r) => ({
      id: r.group_name as string,
      label: r.group_name as string,
      count: Number(r.n),
    }));
    return { folders, fields: [], count: folders.length };
  }
  const w = whereOf(group, f);
  const count = Number(
    (await pool.query(`select count(*) as n from datasets where ${w.sql}`, w.params)).rows[0].n,
  );
  const { rows } = await pool.query(
    `select * from datasets where ${w.sql} order by region, group_name, title, id limit ${f.limit} offset ${f.offset}`,
    w.params,
  );
  return { folders: [], fields: rows.map((r) => fieldOf(r, subscriptions)), count };
}
