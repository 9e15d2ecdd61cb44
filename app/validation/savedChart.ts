// Saved charts and the plot query (spec §3, §5, §9): one source of truth for the plotter's form,
// the saved-chart forms and the API.
import { z } from "zod";

export const CHART_TITLE_MAX = 30;
export const CHART_DESCRIPTION_MAX = 500;

export const PERIODS = ["day", "week", "month", "year"] as const;
export const SHORTCUTS = ["1D", "1W", "1M", "1Y"] as const;
export const CHART_TYPES = ["linear", "stacked_bar"] as const;
export const UNITS = ["Price", "Volume", "Percent"] as const;
export const PLOT_CATEGORIES = ["LIVEANDHISTORIC", "FORECAST", "MACROSCENARIO"] as const;

export const MESSAGES = {
  titleRequired: "Please enter chart name",
  titleTooLong: "The name field should be 30 characters or less.",
  titleSymbols: "The name cannot contain special symbols",
  titleTaken: "Chart with this name already exists",
  descriptionTooLong: "The chart description field should be 500 characters or less.",
} as const;

/** The page path segment of a saved chart: the title lowercased, words joined by hyphens. */
export function chartSlug(title: string): string {
  return title
    .trim()
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean)
    .join("-");
}

/** Blank form values are "not given". */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const list = (v: unknown) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]);
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Please enter a date as YYYY-MM-DD")
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), "Please enter a real date");

export const chartTitle = z
  .string({ required_error: MESSAGES.titleRequired, invalid_type_error: MESSAGES.titleRequired })
  .trim()
  .min(1, MESSAGES.titleRequired)
  .max(CHART_TITLE_MAX, MESSAGES.titleTooLong)
  // Letters (any alphabet), digits and spaces only.
  .regex(/^[\p{L}\p{N} ]*$/u, MESSAGES.titleSymbols)
  .transform((s) => s.replace(/\s+/g, " "));

export const chartDescription = z
  .string()
  .trim()
  .max(CHART_DESCRIPTION_MAX, MESSAGES.descriptionTooLong)
  .nullish()
  .transform((v) => v ?? "");

/** The plot query of spec §3 (names as the API's query parameters). */
export const PlotQuerySchema = z
  .object({
    start_date: z.preprocess(blankToUndefined, isoDate.optional()),
    end_date: z.preprocess(blankToUndefined, isoDate.optional()),
    shortcut: z.preprocess(
      blankToUndefined,
      z.enum(SHORTCUTS, { message: "Choose 1D, 1W, 1M or 1Y" }).optional(),
    ),
    period: z.preprocess(
      blankToUndefined,
      z.enum(PERIODS, { message: "Choose a period: year, month, week or day" }).optional(),
    ),
    categories: z.preprocess(list, z.array(z.enum(PLOT_CATEGORIES, { message: "Unknown category" })).max(20)),
    fields: z.preprocess(
      list,
      z.array(z.string().trim().min(1).max(100)).max(20, "Plot at most 20 series at once"),
    ),
    moving_average: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ invalid_type_error: "The moving average should be a whole number of periods" })
        .int("The moving average should be a whole number of periods")
        .min(2, "The moving average should be between 2 and 365 periods")
        .max(365, "The moving average should be between 2 and 365 periods")
        .optional(),
    ),
    chart_type: z.preprocess(
      blankToUndefined,
      z.enum(CHART_TYPES, { message: "Choose linear or stacked_bar" }).default("linear"),
    ),
    unit: z.preprocess(
      blankToUndefined,
      z.enum(UNITS, { message: "Choose Price, Volume or Percent" }).default("Price"),
    ),
  })
  .superRefine((q, ctx) => {
    if (q.start_date && q.end_date && q.start_date > q.end_date) {
      ctx.addIssue({
        code: "custom",
        path: ["end_date"],
        message: "The end date should be on or after the start date",
      });
    }
    if (new Set(q.fields).size !== q.fields.length) {
      ctx.addIssue({ code: "custom", path: ["fields"], message: "Each series may be plotted once" });
    }
    if (q.categories.length && q.categories.length !== q.fields.length) {
      ctx.addIssue({ code: "custom", path: ["categories"], message: "Give one category per field" });
    }
  });
export type PlotQuery = z.infer<typeof PlotQuerySchema>;

/** Title and description of a saved chart (the rules of spec §5 other than uniqueness). */
export const SavedChartDetailsSchema = z.object({ title: chartTitle, description: chartDescription });

/** A saved chart: its title, description and plot parameters. */
export const SavedChartSchema = z.intersection(
  SavedChartDetailsSchema.extend({
    fields: z.preprocess(list, z.array(z.string()).min(1, "Choose at least one series to plot")),
  }),
  PlotQuerySchema,
);
export type SavedChartInput = z.infer<typeof SavedChartSchema>;
