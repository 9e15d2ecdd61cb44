// The plot query in URLs and forms (shared by the server and the browser).
import { PlotQuerySchema, type PlotQuery } from "~/validation/savedChart";

export const PLOT_KEYS = [
  "start_date",
  "end_date",
  "shortcut",
  "period",
  "moving_average",
  "chart_type",
  "unit",
] as const;

/** The plot query of a URL (or form), with per-field errors when it does not parse. */
export function plotQueryOf(params: URLSearchParams | FormData): {
  query: PlotQuery | null;
  errors: Record<string, string[]>;
} {
  const raw: Record<string, unknown> = {
    fields: params.getAll("fields").map(String),
    categories: params.getAll("categories").map(String),
  };
  for (const k of PLOT_KEYS) {
    const v = params.get(k);
    if (v !== null) raw[k] = String(v);
  }
  const parsed = PlotQuerySchema.safeParse(raw);
  if (parsed.success) return { query: parsed.data, errors: {} };
  const errors: Record<string, string[]> = {};
  for (const i of parsed.error.issues) (errors[i.path.join(".") || "_form"] ??= []).push(i.message);
  return { query: null, errors };
}

/** A plot query as API/URL parameters. */
export function plotParams(q: Partial<PlotQuery> & { fields: string[] }): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = { fields: q.fields };
  if (q.categories?.length) out.categories = q.categories;
  for (const k of PLOT_KEYS) {
    const v = (q as Record<string, unknown>)[k];
    if (v !== undefined && v !== null && v !== "") out[k] = String(v);
  }
  return out;
}

export function plotSearch(q: Partial<PlotQuery> & { fields: string[] }): string {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(plotParams(q)))
    (Array.isArray(v) ? v : [v]).forEach((x) => s.append(k, x));
  return s.toString();
}
