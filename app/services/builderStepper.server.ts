// The create-forecast page (stepper, spec §2): /forecasts/create/:step? with the builder query.
// Each step posts its fields; 'Next' validates them with the step's shared schema and moves them
// into the URL state; the last step runs the model. With forecastId it is the draft edit page.
import { json, redirect } from "@remix-run/node";
import { previewForecast } from "./preview.server.ts";
import type { RunBody } from "./builder.server.ts";
import {
  checkState,
  failureResponse,
  isDirty,
  keepUploadedFiles,
  loadBuilderPage,
  missingLinks,
  regionsOffered,
  removeDraft,
  replyWith,
  requestUpgrade,
  ruleContext,
  runModel,
  saveDraftFrom,
  stateHref,
  subscriptionByKey,
  withNewRegion,
  withPickedNode,
  withUploads,
  withZones,
  type BuilderPage,
} from "./builderPage.server.ts";
import {
  searchErcotNodes,
  saveDraft,
  modalForFailure,
  refuseUnknownConfiguration,
} from "./builder.server.ts";
import { STEPS, type ForecastRegion } from "~/validation/forecast";
import { drawerSchema, stepOfField, stepOwnedFields, stepSchema } from "~/validation/builderSchemas";
import {
  ROUTES,
  applyRules,
  builderHref,
  mergeState,
  stateToBody,
  str,
  valuesFromForm,
  type FormState,
} from "~/components/builder/state";
import { summarise } from "~/components/builder/summaries";

export function stepBySlug(slug: string | undefined) {
  return STEPS.find((s) => s.slug === slug);
}

function stepHref(
  p: BuilderPage,
  slug: string,
  state: FormState,
  extra: Record<string, string | undefined> = {},
) {
  return stateHref(p, ROUTES.create(slug), state, extra);
}

function hereHref(p: BuilderPage, slug: string) {
  const sp = new URLSearchParams(p.url.search);
  for (const k of ["modal", "notice", "subscription", "to"]) sp.delete(k);
  const s = sp.toString();
  return `${ROUTES.create(slug)}${s ? `?${s}` : ""}`;
}

export async function stepperLoader(request: Request, slug: string | undefined) {
  const url = new URL(request.url);
  refuseUnknownConfiguration(url);
  const step = stepBySlug(slug);
  if (!step) throw redirect(`${ROUTES.create(STEPS[0].slug)}${url.search}`);
  const p = await loadBuilderPage(request, { path: url.pathname });
  if (!p.who.flags.forecast_builder_new_form) throw redirect(`${ROUTES.canvas}${url.search}`);
  // The region's first world view and strategy are shown chosen, as on the canvas (decision 0703).
  p.state = await withZones(p.api, p.region, applyRules(p.state, p.state, ruleContext(p, true)));
  const modal = url.searchParams.get("modal");
  const summary = STEPS.map((s) => ({
    title: s.label,
    rows: summarise(
      [...new Set(["region", "configuration", ...stepOwnedFields(s.name, p.configuration)])].filter(
        (f) => s.name === "assetDetails" || (f !== "region" && f !== "configuration"),
      ),
      p.state,
      p.region,
      p.configuration,
      p.scenarios,
    ),
  }));
  const index = STEPS.findIndex((s) => s.name === step.name);
  return json({
    step: step.name,
    stepLabel: step.label,
    steps: STEPS.map((s) => ({
      name: s.name,
      label: s.label,
      href: stepHref(p, s.slug, p.state),
      current: s.name === step.name,
    })),
    isFirst: index === 0,
    isLast: index === STEPS.length - 1,
    configuration: p.configuration,
    region: p.region ?? null,
    regions: regionsOffered(p.access, p.configuration),
    forecastId: p.forecastId ?? null,
    state: p.state,
    scenarios: p.scenarios,
    flags: p.who.flags,
    loggedIn: !!p.who.user,
    summary,
    modal,
    subscription:
      modal === "subscription" ? await subscriptionByKey(p.api, url.searchParams.get("subscription")) : null,
    notice: url.searchParams.get("notice"),
    dirty: isDirty(p),
    to: url.searchParams.get("to"),
    hrefs: {
      here: hereHref(p, step.slug),
      login: `${ROUTES.login}?redirectTo=${encodeURIComponent(hereHref(p, step.slug))}`,
      builder: ROUTES.builder,
      canvas: builderHref(p.forecastId ? ROUTES.edit(p.forecastId) : ROUTES.canvas, {
        configuration: p.configuration,
        region: p.region,
        state: p.state,
      }),
      leave: `${hereHref(p, step.slug)}${p.url.search ? "&" : "?"}modal=unsaved&to=${encodeURIComponent(ROUTES.builder)}`,
      runList: ROUTES.runList,
    },
  });
}

export async function stepperAction(request: Request, slug: string | undefined) {
  const url = new URL(request.url);
  const step = stepBySlug(slug) ?? STEPS[0];
  const p = await loadBuilderPage(request, { path: url.pathname });
  const form = await request.formData();
  const intent = String(form.getAll("intent").pop() ?? "next");
  const owned = stepOwnedFields(step.name, p.configuration);
  // Defaults for the world view and strategy, except on the step that posts them: there an empty
  // list is the user's doing, and is reported rather than quietly filled (decision 0703).
  const rules = ruleContext(p, !owned.includes("macroScenarios") && !owned.includes("revenueStrategies"));
  const index = STEPS.findIndex((s) => s.name === step.name);
  type Answer = { reply?: unknown; renameReply?: unknown; missing?: ReturnType<typeof missingLinks> | null };
  const invalid = ({ reply = null, renameReply = null, missing = null }: Answer) =>
    json({ reply, renameReply, nodes: null, modal: null, missing }, { status: 400 });

  if (intent === "upgrade") return requestUpgrade(p, form);
  if (intent === "delete-draft") return removeDraft(p);

  if (intent === "rename") {
    // The inline asset-name header of the draft edit page: saved only when valid.
    const state = mergeState(p.state, valuesFromForm(form, ["assetName"]), ["assetName"]);
    const submission = checkState(state, drawerSchema("draft", p.configuration, p.ctx));
    if (submission.status !== "success") return invalid({ renameReply: submission.reply() });
    if (p.forecastId && p.region) {
      try {
        await saveDraft(
          p.api,
          p.region,
          p.configuration,
          stateToBody({ ...p.saved, assetName: str(state, "assetName") }, p.region, p.configuration),
          p.forecastId,
        );
      } catch (e) {
        return failureResponse(modalForFailure(e, p.who.flags), p.url);
      }
    }
    const keepUrlState = p.url.searchParams.has("f");
    return redirect(
      keepUrlState
        ? stepHref(p, step.slug, state)
        : builderHref(ROUTES.create(step.slug), {
            configuration: p.configuration,
            region: p.region,
            forecastId: p.forecastId,
          }),
    );
  }

  let state = withPickedNode(mergeState(p.state, valuesFromForm(form, owned), owned), form);
  if (step.name === "outputNames") {
    const posted = valuesFromForm(form, ["runName"]);
    state.runName = posted.runName;
  }
  state = keepUploadedFiles(state, p.state);

  if (intent === "find-node") {
    const nodes = await searchErcotNodes(p.api, String(form.get("nodeSearch") ?? ""));
    return json({ reply: replyWith(state, owned, {}), renameReply: null, nodes, modal: null, missing: null });
  }

  const uploaded = await withUploads(p.api, state, form);
  state = uploaded.state;
  if (Object.keys(uploaded.errors).length)
    return invalid({ reply: replyWith(state, owned, uploaded.errors) });
  const newRegion = str(state, "region");
  if (
    newRegion &&
    newRegion !== p.region &&
    p.access.offeredRegions.includes(newRegion as ForecastRegion) &&
    intent !== "draft"
  ) {
    // A new region resets the world view (and the region's own zones) to the new region's defaults; its fields are asked for again.
    return redirect(
      builderHref(ROUTES.create(STEPS[0].slug), {
        configuration: p.configuration,
        region: newRegion as ForecastRegion,
        forecastId: p.forecastId,
        state: withNewRegion(state, newRegion as ForecastRegion),
      }),
    );
  }
  state = await withZones(p.api, p.region, applyRules(p.state, state, rules));

  if (intent === "preview") {
    // the preview panel: the forecast as it stands, the page shown again with every input kept
    const preview = p.region
      ? await previewForecast(p.api, stateToBody(state, p.region, p.configuration) as RunBody)
      : { ok: false as const, message: "Choose a region first.", fields: [] };
    return json({
      reply: replyWith(state, owned, {}),
      renameReply: null,
      nodes: null,
      modal: null,
      missing: null,
      preview,
    });
  }

  if (intent === "previous") {
    return redirect(stepHref(p, STEPS[Math.max(0, index - 1)].slug, state));
  }

  if (intent === "draft" || intent === "save-and-leave") {
    const schema = drawerSchema("draft", p.configuration, p.ctx);
    const at = (id: string) => ({ path: ROUTES.create(step.slug), forecastId: id });
    return saveDraftFrom(p, state, form, schema, at, (reply) => invalid({ reply }));
  }

  // next / run: the step's rules first.
  const submission = checkState(state, stepSchema(step.name, p.configuration, p.ctx));
  if (submission.status !== "success") return invalid({ reply: submission.reply() });

  if (intent === "run" || index === STEPS.length - 1) {
    const result = await runModel(p, state);
    if (result.ok) return result.response;
    if ("response" in result && result.response) return result.response;
    const missing = missingLinks(result.missing ?? [], (field) => {
      const s = STEPS.find((x) => x.name === stepOfField(field, p.configuration))!;
      return stepHref(p, s.slug, state);
    });
    return invalid({ reply: submission.reply(), missing });
  }
  return redirect(stepHref(p, STEPS[index + 1].slug, state));
}
