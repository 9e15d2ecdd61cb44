// The builder's preview (issue 29 item 2): the forecast the builder holds, previewed by the API
// (POST /forecast/preview/), or what keeps it from being previewed yet.
import { ApiResponseError, type ApiClient, type ApiSchemas } from "./api.server.ts";
import type { RunBody } from "./builder.server.ts";
import { FIELD_LABELS } from "~/validation/builderSchemas";

export type PreviewAnswer =
  | { ok: true; preview: ApiSchemas["ForecastPreview"] }
  | { ok: false; message: string; fields: string[] };

export async function previewForecast(api: ApiClient, body: RunBody): Promise<PreviewAnswer> {
  try {
    return { ok: true, preview: await api.POST("/forecast/preview/", { body }) };
  } catch (e) {
    if (!(e instanceof ApiResponseError)) throw e;
    if (e.status === 401) return { ok: false, message: "Log in to see a preview.", fields: [] };
    // named as the form names them (a nested field by its top-level one: "finance.gearing" → Finance)
    const label = (k: string) => FIELD_LABELS[k] ?? FIELD_LABELS[k.split(".")[0]] ?? k;
    const fields = Object.entries(e.fieldErrors).map(([k, v]) => `${label(k)}: ${v.join(" ")}`);
    const message =
      e.status === 400 ? "The preview needs every required field filled in correctly." : e.message;
    return { ok: false, message, fields };
  }
}
