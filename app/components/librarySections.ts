// The six sections of the data library (spec §2) and what each lists. "Power prices" is its own
// page (/library/power-prices); the others are served by /library/:section/:folderId?.
import type { PLOT_CATEGORIES } from "~/validation/savedChart";

export type FolderCountLabel = "datasets & assets" | "assets" | "datasets" | "forecasts";

export interface LibrarySection {
  id: string;
  label: string;
  kind: "runs" | "datasets" | "worldviews" | "page";
  /** Dataset filter of the section (datasets sections). */
  filter?: { category?: (typeof PLOT_CATEGORIES)[number]; group?: string };
  /** Runs of the section (runs sections): the caller's own (custom) or Voltcast's library runs. */
  custom?: boolean;
  /** What the count of a folder row counts. */
  countLabel: FolderCountLabel;
  intro: string;
}

export const LIBRARY_SECTIONS: LibrarySection[] = [
  {
    id: "my-forecasts",
    label: "My forecasts",
    kind: "runs",
    custom: true,
    countLabel: "assets",
    intro: "Forecasts you built, by region: each folder counts the assets forecast.",
  },
  {
    id: "bess-revenues",
    label: "BESS revenues",
    kind: "runs",
    custom: false,
    countLabel: "forecasts",
    intro: "Voltcast's own BESS revenue forecasts, by region.",
  },
  { id: "power-prices", label: "Power prices", kind: "page", countLabel: "datasets", intro: "" },
  {
    id: "world-view",
    label: "World view",
    kind: "worldviews",
    countLabel: "datasets",
    intro:
      "Voltcast's world views (price scenarios), by region. Download their databooks under Databooks; plot their forward curves in the plotter.",
  },
  {
    id: "hourly-forward-curve",
    label: "Hourly forward curve",
    kind: "datasets",
    filter: { group: "Hourly forward curve" },
    countLabel: "datasets",
    intro: "Hourly forward curves derived from the world views, by region.",
  },
  {
    id: "live-and-historic",
    label: "Live and historic data",
    kind: "datasets",
    filter: { category: "LIVEANDHISTORIC" },
    countLabel: "datasets",
    intro: "Market data as recorded: prices, demand, generation and ancillary services, by region.",
  },
];

export function sectionOf(id: string) {
  return LIBRARY_SECTIONS.find((s) => s.id === id);
}

/** "1 dataset", "12 datasets", "3 datasets & assets". */
export function countText(count: number, label: FolderCountLabel) {
  if (count !== 1) return `${count} ${label}`;
  return `1 ${label === "datasets & assets" ? "dataset & asset" : label.replace(/s$/, "")}`;
}
