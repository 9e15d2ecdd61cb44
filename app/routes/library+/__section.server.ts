// What a library section's page loads (spec §2), by what the section lists: forecast runs, world
// views, or data sets (with their facets); at the top of a section, its folders (regions) with
// their counts. The page's loader (library+/$section.($folderId).tsx) picks one by the section.
import { ApiResponseError, type ApiClient, type ApiQuery } from "~/services/api.server";
import type { LibrarySection } from "~/components/librarySections";
import { regionLabel } from "~/components/Tree";
import type {
  DataItem,
  Folder,
  LibraryRun,
  LibraryWorldView,
  SectionFilters,
} from "~/components/library/types";

/** The run sections' folders: the forecast regions. */
export const RUN_REGIONS: Record<string, string> = {
  GB: "Great Britain",
  ERCOT: "ERCOT (Texas)",
  NEM: "Australia (NEM)",
  DE: "Germany",
  ES: "Spain",
};

/** Everything a section's page shows; what the section does not list is null. */
export interface SectionContent {
  folderLabel: string;
  folders: Folder[] | null;
  runs: LibraryRun[] | null;
  runCount: number;
  worldViews: LibraryWorldView[] | null;
  items: DataItem[] | null;
  itemCount: number;
  groups: Folder[];
  granularities: Folder[];
}
const NOTHING: SectionContent = {
  folderLabel: "",
  folders: null,
  runs: null,
  runCount: 0,
  worldViews: null,
  items: null,
  itemCount: 0,
  groups: [],
  granularities: [],
};

type ItemsQuery = ApiQuery<"/data-api/data-and-charts/data/items/">;
/** A library folder is a data region (checked by the loader); the API checks the URL's other filters. */
const regionOf = (folderId: string) => (folderId || undefined) as ItemsQuery["region"];

/** My forecasts and BESS revenues: the regions with their runs' counts, or a region's runs. */
export async function loadRuns(
  api: ApiClient,
  section: LibrarySection,
  folderId: string,
  filters: SectionFilters,
): Promise<SectionContent> {
  const isCustom = section.custom ? "true" : "false";
  const RUNS = "/forecast/run-library/";
  type RunsQuery = ApiQuery<typeof RUNS>;
  const none = { count: 0, next: null, previous: null, results: [] as LibraryRun[] };
  // A refusal (not logged in, no subscription) lists nothing; the API failing is the page failing.
  const runs = (query: RunsQuery) =>
    api.GET(RUNS, { params: { query } }).catch((e) => {
      if (e instanceof ApiResponseError && e.status < 500) return none;
      throw e;
    });
  if (!folderId && !filters.search) {
    const folders = await Promise.all(
      Object.entries(RUN_REGIONS).map(async ([id, label]) => {
        const page = await runs({ isCustom, marketRegion: id, limit: 100 });
        const listed = page.results.filter((r) => r.isCustom === !!section.custom);
        // My forecasts counts the assets forecast in the region; the library its runs.
        const count = section.custom
          ? new Set(listed.map((r) => r.assetName ?? r.runName)).size
          : listed.length;
        return { id, label, count };
      }),
    );
    return { ...NOTHING, folders: folders.filter((f) => f.count > 0) };
  }
  const page = await runs({
    isCustom,
    marketRegion: folderId || undefined,
    search: filters.search,
    limit: filters.size,
    offset: (filters.page - 1) * filters.size,
  });
  return {
    ...NOTHING,
    folderLabel: RUN_REGIONS[folderId] ?? folderId,
    runs: page.results.filter((r) => r.isCustom === !!section.custom),
    runCount: page.count,
  };
}

/** World view: the regions with their world views' counts, or a region's (or a search's) world views. */
export async function loadWorldViews(
  api: ApiClient,
  folderId: string,
  filters: SectionFilters,
): Promise<SectionContent> {
  const all = await api
    .GET("/forecast/macro-scenarios/macro-scenario-databooks", {
      params: { query: { search: filters.search } },
    })
    .then((r) => r.results)
    .catch(() => [] as LibraryWorldView[]);
  if (!folderId && !filters.search) {
    const folders: Folder[] = [];
    for (const w of all) {
      const f = folders.find((x) => x.id === w.macroScenario.marketRegion);
      if (f) f.count++;
      else folders.push({ id: w.macroScenario.marketRegion, label: w.region, count: 1 });
    }
    return { ...NOTHING, folders };
  }
  const worldViews = all.filter((w) => !folderId || w.macroScenario.marketRegion === folderId);
  if (folderId && !worldViews.length) throw new Response("No such library folder", { status: 404 });
  return { ...NOTHING, folderLabel: worldViews[0]?.region ?? folderId, worldViews };
}

/** The data sections: the regions with their data sets' counts, or a region's data sets with facets. */
export async function loadDatasets(
  api: ApiClient,
  section: LibrarySection,
  folderId: string,
  filters: SectionFilters,
): Promise<SectionContent> {
  if (!folderId && !filters.search) {
    const f = await api.GET("/data-api/data-and-charts/data/filters/", {
      params: { query: { category: section.filter?.category } },
    });
    let folders = f.regions;
    if (section.filter?.group) {
      // Sections defined by a group (forward curves): count that group's datasets per region.
      folders = (
        await Promise.all(
          f.regions.map(async (r) => {
            const n = await api.GET("/data-api/data-and-charts/data/items/", {
              params: { query: { region: regionOf(r.id), group: section.filter!.group, limit: 1 } },
            });
            return { ...r, count: n.count };
          }),
        )
      ).filter((r) => r.count > 0);
    }
    return { ...NOTHING, folders };
  }
  const query: ItemsQuery = {
    category: section.filter?.category,
    group: section.filter?.group ?? (filters.group || undefined),
    region: regionOf(folderId),
    search: filters.search,
    granularity: filters.granularity as ItemsQuery["granularity"],
    limit: filters.size,
    offset: (filters.page - 1) * filters.size,
  };
  const [items, facets] = await Promise.all([
    api.GET("/data-api/data-and-charts/data/items/", { params: { query } }),
    // Counts within the search and the other filters (each facet not within itself).
    api.GET("/data-api/data-and-charts/data/filters/", {
      params: {
        query: {
          category: query.category,
          group: query.group,
          region: query.region,
          search: query.search,
          granularity: query.granularity,
        },
      },
    }),
  ]);
  return {
    ...NOTHING,
    folderLabel: folderId ? regionLabel(folderId) : "",
    items: items.results.map((r) => r.dataItem),
    itemCount: items.count,
    groups: section.filter?.group ? [] : withChosen(facets.groups, filters.group),
    granularities: withChosen(facets.granularities, filters.granularity),
  };
}

/** A facet's values, keeping the one chosen even when nothing within the search has it (count 0). */
function withChosen(values: Folder[], chosen: string): Folder[] {
  if (!chosen || values.some((v) => v.id === chosen)) return values;
  return [...values, { id: chosen, label: chosen, count: 0 }];
}
