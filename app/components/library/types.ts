// What a library section shows (spec §2), as the API answers it: data sets, runs, world views, and
// the folders (regions) with their counts. The section page's loader reads them; its parts show them.
import type { ApiAnswer, ApiSchemas } from "~/services/api.server";

export type DataItem = ApiSchemas["DataItem"];
export type LibraryRun = ApiSchemas["ForecastRun"];
export type LibraryWorldView = ApiAnswer<
  "get",
  "/forecast/macro-scenarios/macro-scenario-databooks"
>["results"][number];

/** A folder row (a region) or a facet value, with how many it holds. */
export interface Folder {
  id: string;
  label: string;
  count: number;
}

/** The section's filters, as read from the URL. */
export interface SectionFilters {
  search: string;
  group: string;
  granularity: string;
  size: number;
  page: number;
}

/** Rows per page offered (the first is the default). */
export const PAGE_SIZES = [10, 25, 50];
/** The URL parameters a section remembers per page path. */
export const FILTER_KEYS = ["search", "group", "granularity", "page", "size"];

/** The section's filters read from a URL's query. */
export function filtersOf(sp: URLSearchParams): SectionFilters {
  return {
    search: (sp.get("search") ?? "").trim(),
    group: sp.get("group") ?? "",
    granularity: sp.get("granularity") ?? "",
    size: PAGE_SIZES.includes(Number(sp.get("size"))) ? Number(sp.get("size")) : PAGE_SIZES[0],
    page: Math.max(1, Number(sp.get("page")) || 1),
  };
}
