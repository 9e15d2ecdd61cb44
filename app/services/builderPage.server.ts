// What the canvas, the edit page and the stepper share on the server: reading the builder query,
// loading the draft, the scenarios and the visitor's access; saving drafts and running the model,
// with API failures turned into the spec's modals.
import { json, redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import type { z } from "zod";
import { safeRedirect } from "./redirects.server.ts";
import { apiFor, ApiResponseError, type ApiClient } from "./api.server.ts";
import { me, type Me } from "./auth.server.ts";
import {
  builderAccess,
  createRuns,
  deleteDraft,
  getDraft,
  listScenarios,
  lookupZip,
  modalForFailure,
  saveDraft,
  uploadFile,
  type BuilderAccess,
  type BuilderModal,
  type RunBody,
} from "./builder.server.ts";
import {
  CONFIGURATION_LABELS,
  CONFIGURATIONS_BY_REGION,
  REGION_LABELS,
  checkUpload,
  forecastSchema,
  isCoupled,
  missingFields,
  type Configuration,
  type ForecastContext,
  type ForecastRegion,
} from "~/validation/forecast";
import { FIELD_LABELS, scopedSchema } from "~/validation/builderSchemas";
import {
  ROUTES,
  builderHref,
  decodeState,
  encodeState,
  readQuery,
  stateFromForecast,
  stateToBody,
  stateToFormData,
  str,
  UPLOADS,
  type FormState,
  type Scenario,
} from "~/components/builder/state";

export interface BuilderPage {
  who: Me;
  access: BuilderAccess;
  api: ApiClient;
  url: URL;
  configuration: Configuration;
  region?: ForecastRegion;
  forecastId?: string;
  /** The working state (URL `f`, else the draft, else empty). */
  state: FormState;
  /** What is saved: the draft's state, or {} for a new forecast. */
  saved: FormState;
  draftName?: string;
  scenarios: Scenario[];
  ctx: ForecastContext;
}

/** Regions where this configuration can be built for this visitor. */
export function regionsOffered(access: BuilderAccess, configuration: Configuration): ForecastRegion[] {
  return access.offeredRegions.filter((r) => CONFIGURATIONS_BY_REGION[r].includes(configuration));
}

/**
 * Loads the page's builder context, or throws the redirects of spec §2: no configuration → builder
 * start; the only offered region is selected when none is set; a draft id that is not found →
 * not-found.
 */
export async function loadBuilderPage(
  request: Request,
  opts: { forecastId?: string; path: string },
): Promise<BuilderPage> {
  const url = new URL(request.url);
  const q = readQuery(url);
  const forecastId = opts.forecastId ?? q.forecastId;
  const [who, api] = await Promise.all([me(request), apiFor(request)]);
  const access = builderAccess(who);
  if (!q.configuration) throw redirect(ROUTES.builder);
  const configuration = q.configuration;

  // A configuration the region does not offer (GB has no wind) is refused, never built.
  if (q.region && !CONFIGURATIONS_BY_REGION[q.region].includes(configuration))
    throw new Response(
      `${REGION_LABELS[q.region]} offers no ${CONFIGURATION_LABELS[configuration]} forecasts. Choose another configuration or region.`,
      { status: 400 },
    );
  let region = q.region;
  let saved: FormState = {};
  let draftName: string | undefined;
  if (forecastId) {
    if (!who.user)
      throw redirect(`${ROUTES.login}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
    const guess = region ?? regionsOffered(access, configuration)[0] ?? "GB";
    const draft = await getDraft(api, guess, configuration, forecastId);
    if (!draft) throw redirect(ROUTES.notFound);
    region = (draft.runAsset?.marketRegion as ForecastRegion | undefined) ?? guess;
    saved = stateFromForecast(draft.forecast);
    draftName = draft.runName;
  }
  if (!region) {
    const offered = regionsOffered(access, configuration);
    if (offered.length === 1) {
      url.searchParams.set("region", offered[0]);
      throw redirect(url.pathname + url.search);
    }
  }
  const scenarios = region ? await listScenarios(api, region, configuration) : [];
  const state = q.f !== null ? decodeState(q.f) : saved;
  if (region) state.region = region;
  state.configuration = configuration;
  // Coupled configurations fix the coupling: AC is "true", DC "false" (spec §3).
  if (isCoupled(configuration)) state.coupling = configuration === "solarACcoupling" ? "true" : "false";
  const ctx: ForecastContext = { flags: who.flags, region, configuration, scenarios };
  return {
    who,
    access,
    api,
    url,
    configuration,
    region,
    forecastId,
    state,
    saved,
    draftName,
    scenarios,
    ctx,
  };
}

export function ruleContext(p: BuilderPage, preselectScenario: boolean) {
  return { region: p.region, configuration: p.configuration, scenarios: p.scenarios, preselectScenario };
}

/**
 * The state with the zones filled from the zip code (spec §4): for GB when the GSP group is missing
 * (also the TNUoS zone and coordinates when empty); the ERCOT zone and NEM region likewise.
 */
export async function withZones(
  api: ApiClient,
  region: ForecastRegion | undefined,
  state: FormState,
): Promise<FormState> {
  const zoneField =
    region === "GB" ? "gspGroup" : region === "ERCOT" ? "ercotZone" : region === "NEM" ? "nemRegion" : null;
  if (!region || !zoneField || !str(state, "zipCode") || str(state, zoneField)) return state;
  const z = await lookupZip(api, region, str(state, "zipCode"));
  const next = { ...state };
  if (z[zoneField]) next[zoneField] = z[zoneField]!;
  if (region === "GB" && z.tnuosGenerationZone && !str(next, "tnuosGenerationZone"))
    next.tnuosGenerationZone = z.tnuosGenerationZone;
  if (z.latitude !== undefined && !str(next, "latitude")) next.latitude = String(z.latitude);
  if (z.longitude !== undefined && !str(next, "longitude")) next.longitude = String(z.longitude);
  return next;
}

/** A picked ERCOT node (no-JS radio `nodePick`): node id, name and its zone. */
export function withPickedNode(state: FormState, form: FormData): FormState {
  const raw = form.get("nodePick");
  if (typeof raw !== "string" || !raw) return state;
  try {
    const n = JSON.parse(raw) as { id?: string; name?: string; zone?: string };
    if (!n.id) return state;
    return {
      ...state,
      nodeId: String(n.id),
      nodeName: String(n.name ?? n.id),
      ...(n.zone ? { ercotZone: n.zone } : {}),
    };
  } catch {
    return state;
  }
}

/**
 * Uploads in a multipart drawer/step post: the custom degradation curve and the solar profile.
 * Returns the state with their ids, or the field errors (spec §5 texts).
 */
export async function withUploads(
  api: ApiClient,
  state: FormState,
  form: FormData,
): Promise<{ state: FormState; errors: Record<string, string[]> }> {
  const errors: Record<string, string[]> = {};
  let next = state;
  for (const { input, kind, idField, nameField } of UPLOADS) {
    const file = form.get(input);
    if (!file || typeof file === "string" || file.size === 0) continue;
    const problem = checkUpload({ name: file.name, type: file.type, size: file.size });
    if (problem) {
      errors[idField] = [problem];
      continue;
    }
    try {
      const up = await uploadFile(api, kind, file);
      next = { ...next, [idField]: up.id, [nameField]: up.fileName };
    } catch (e) {
      if (e instanceof ApiResponseError && e.status < 500) {
        const fe = e.fieldErrors;
        errors[idField] = Object.values(fe).flat().length
          ? Object.values(fe).flat()
          : [e.message || "Error uploading file"];
      } else throw e;
    }
  }
  return { state: next, errors };
}

/** A Conform reply for a state with these extra errors (for upload problems). */
export function replyWith(state: FormState, fields: readonly string[], errors: Record<string, string[]>) {
  const sub = parseWithZod(stateToFormData(state), {
    schema: scopedSchema([], fields).superRefine((_v, c) => {
      for (const [path, msgs] of Object.entries(errors))
        for (const m of msgs) c.addIssue({ code: "custom", path: path.split("."), message: m });
    }),
  });
  return sub.reply();
}

/** The subscription the modal names (its key is in the URL), as the API's catalog names it. */
export async function subscriptionByKey(
  api: ApiClient,
  key: string | null,
): Promise<{ key: string; name: string } | null> {
  if (!key) return null;
  const s = (await api.GET("/subscriptions")).find((x) => x.key === key);
  return s ? { key: s.key, name: s.name } : null;
}

/** Where a failed save/run leads: logged-out and subscription modals are URLs; 'Oops!' is an answer. */
export function failureResponse(modal: BuilderModal, here: URL) {
  if (modal.kind === "logged-out" || modal.kind === "subscription") {
    const u = new URL(here);
    u.searchParams.delete("drawer");
    u.searchParams.set("modal", modal.kind);
    if (modal.kind === "subscription") u.searchParams.set("subscription", modal.subscription.key);
    return redirect(u.pathname + u.search);
  }
  return json({ modal }, { status: 200 });
}

export type SaveResult = { ok: true; id: string } | { ok: false; response: Response };

/** Saves the state as a draft (new, or the one being edited). Anonymous → logged-out modal. */
export async function saveAsDraft(p: BuilderPage, state: FormState): Promise<SaveResult> {
  if (!p.who.user) return { ok: false, response: failureResponse({ kind: "logged-out" }, p.url) };
  if (!p.region)
    return {
      ok: false,
      response: json({ modal: { kind: "oops", text: "Please choose a region.", apiText: true } }),
    };
  try {
    const d = await saveDraft(
      p.api,
      p.region,
      p.configuration,
      stateToBody(state, p.region, p.configuration),
      p.forecastId,
    );
    return { ok: true, id: d.id };
  } catch (e) {
    return { ok: false, response: failureResponse(modalForFailure(e, p.who.flags), p.url) };
  }
}

export async function removeDraft(p: BuilderPage) {
  if (!p.forecastId || !p.region) throw redirect(ROUTES.builder);
  try {
    await deleteDraft(p.api, p.region, p.configuration, p.forecastId);
  } catch (e) {
    return failureResponse(modalForFailure(e, p.who.flags), p.url);
  }
  return redirect(ROUTES.runList);
}

/** Runs the model: the whole forecast must be valid; each selected scenario becomes a run. */
export async function runModel(
  p: BuilderPage,
  state: FormState,
): Promise<
  | { ok: true; response: Response }
  | { ok: false; missing: { field: string; message: string }[] }
  | { ok: false; response: Response; missing?: undefined }
> {
  const body = stateToBody(state, p.region, p.configuration);
  const missing = missingFields(body, p.ctx);
  if (missing.length) return { ok: false, missing };
  if (!p.who.user) return { ok: false, response: failureResponse({ kind: "logged-out" }, p.url) };
  try {
    const parsed = forecastSchema(p.ctx).parse(body);
    // Checked by the API's own rules above (forecastSchema); the documented request body
    // (forecastRequestSchema) names the same fields and spells some choices as enums.
    const runBody = { ...parsed, ...(p.forecastId ? { draftId: p.forecastId } : {}) } as RunBody;
    const created = await createRuns(p.api, p.region!, p.configuration, runBody, p.who.flags);
    const to = created.runIds.length === 1 ? `${ROUTES.runList}/runs/${created.runIds[0]}` : ROUTES.runList;
    return { ok: true, response: redirect(to) };
  } catch (e) {
    return { ok: false, response: failureResponse(modalForFailure(e, p.who.flags), p.url) };
  }
}

/** Sends the upgrade request of the subscription modal (spec §2); the snackbar confirms it. */
export async function requestUpgrade(p: BuilderPage, form: FormData) {
  if (!p.who.user) return redirect(ROUTES.pricing);
  try {
    await p.api.POST("/users/me/upgrade-requests", {
      body: { subscription: String(form.get("subscription") ?? "") },
    });
  } catch (e) {
    return failureResponse(modalForFailure(e, p.who.flags), p.url);
  }
  const u = new URL(p.url);
  u.searchParams.delete("modal");
  u.searchParams.delete("subscription");
  u.searchParams.set("notice", "upgrade-sent");
  return redirect(u.pathname + u.search);
}

export const stateHref = (
  p: BuilderPage,
  path: string,
  state: FormState,
  extra: Record<string, string | undefined> = {},
) =>
  builderHref(path, {
    configuration: p.configuration,
    region: p.region,
    forecastId: path.includes("/edit/") ? undefined : p.forecastId,
    state,
    extra,
  });

/** Unsaved changes: the URL carries values that differ from what is saved. */
export const isDirty = (p: BuilderPage) =>
  p.url.searchParams.has("f") &&
  encodeState(p.state) !==
    encodeState({ ...p.saved, ...(p.region ? { region: p.region } : {}), configuration: p.configuration });

/** Checks a state with a form's shared rules (a drawer's or a step's schema). */
export const checkState = (state: FormState, schema: z.ZodTypeAny) =>
  parseWithZod(stateToFormData(state), { schema });

/** A new region resets the world view and the region's own zone fields: they are asked for again. */
export function withNewRegion(state: FormState, region: ForecastRegion): FormState {
  const next: FormState = { ...state, region };
  for (const k of [
    "macroScenarios",
    "runName",
    "gspGroup",
    "ercotZone",
    "nemRegion",
    "nodeId",
    "nodeName",
    "tnuosGenerationZone",
    "revenueStrategies",
  ])
    delete next[k];
  return next;
}

/** Uploaded files keep their ids when a post chooses no new file. */
export function keepUploadedFiles(state: FormState, before: FormState): FormState {
  const next = { ...state };
  for (const keep of UPLOADS.flatMap((u) => [u.idField, u.nameField])) {
    if (!str(next, keep) && str(before, keep)) next[keep] = before[keep];
  }
  return next;
}

/** The fields a run still lacks, each with its label and a link to where it is filled in. */
export function missingLinks(
  missing: { field: string; message: string }[],
  hrefOf: (field: string) => string,
) {
  return missing.map((m) => ({
    field: m.field,
    label: FIELD_LABELS[m.field.split(".")[0]] ?? m.field,
    message: m.message,
    href: hrefOf(m.field),
  }));
}

/**
 * "Save as draft" and "Save" before leaving, from the canvas or the stepper: the draft's rules
 * (`invalid` answers when they fail), then the save; "save and leave" goes on to where the visitor
 * was going, a save goes to the saved draft (`at`), with the after-draft modal the first time when
 * the portfolio view is on, else the 'draft saved' notice.
 */
export async function saveDraftFrom(
  p: BuilderPage,
  state: FormState,
  form: FormData,
  schema: z.ZodTypeAny,
  at: (id: string) => { path: string; forecastId?: string },
  invalid: (reply: ReturnType<ReturnType<typeof checkState>["reply"]>) => Response,
): Promise<Response> {
  const submission = checkState(state, schema);
  if (submission.status !== "success") return invalid(submission.reply());
  const saved = await saveAsDraft(p, state);
  if (!saved.ok) return saved.response;
  if (form.getAll("intent").pop() === "save-and-leave" && form.get("to"))
    return redirect(safeRedirect(form.get("to")));
  const first = !p.forecastId && p.who.flags.forecast_new_view_on_portfolio;
  const { path, forecastId } = at(saved.id);
  return redirect(
    builderHref(path, {
      configuration: p.configuration,
      region: p.region,
      forecastId,
      modal: first ? "after-draft" : undefined,
      extra: { notice: first ? undefined : "draft-saved" },
    }),
  );
}
