// Server-side helpers of the plotter and saved-chart pages: the plot query in the URL, loading a
// chart's data from the API (with the moving-average check of spec §4), and API errors flattened
// into one message (spec §8).
import type { PlotQuery } from "~/validation/savedChart";
import { ApiResponseError, type ApiClient } from "~/services/api.server";
import type { ChartData } from "./Chart.tsx";
import { OOPS_TEXT } from "./texts.ts";

/** Every message of an API error, flattened into one text (spec §8). */
export function flattenErrors(e: unknown): string {
  if (e instanceof ApiResponseError) {
    const values = Object.values(e.fieldErrors).flat();
    return values.length ? values.join(" ") : e.message;
  }
  return OOPS_TEXT;
}

/** A plot query as the API's typed query (lists comma-separated, as the API documents them). */
export function plotApiQuery(q: PlotQuery) {
  return {
    fields: q.fields.join(","),
    categories: q.categories.length ? q.categories.join(",") : undefined,
    start_date: q.start_date,
    end_date: q.end_date,
    shortcut: q.shortcut,
    period: q.period,
    moving_average: q.moving_average,
    chart_type: q.chart_type,
    unit: q.unit,
  };
}

export interface LoadedPlot {
  data: (ChartData & { start: string | null; end: string | null; movingAverageAvailable: boolean }) | null;
  /** The server's error text, or '' for 'Error loading data'. */
  error: string | null;
  /** True when a moving average was asked for and the check said no (it is then switched off). */
  movingAverageOff: boolean;
}

export async function loadPlot(api: ApiClient, q: PlotQuery): Promise<LoadedPlot> {
  if (!q.fields.length) return { data: null, error: null, movingAverageOff: false };
  let query = q;
  let movingAverageOff = false;
  if (q.moving_average) {
    // Spec §4: when the check says unavailable (or fails), the option is switched off.
    const ok = await api
      .GET("/data-api/data-and-charts/plotting/is-moving-average-available/", {
        params: { query: plotApiQuery(q) },
      })
      .then((r) => r.isAvailable)
      .catch(() => false);
    if (!ok) {
      query = { ...q, moving_average: undefined };
      movingAverageOff = true;
    }
  }
  try {
    const data = await api.GET("/data-api/data-and-charts/plotting/get-data/", {
      params: { query: plotApiQuery(query) },
    });
    return { data, error: null, movingAverageOff };
  } catch (e) {
    if (e instanceof ApiResponseError && e.status < 500)
      return { data: null, error: flattenErrors(e), movingAverageOff };
    return { data: null, error: "", movingAverageOff };
  }
}
