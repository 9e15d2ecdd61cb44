// The create-forecast page (stepper, spec §2): /forecasts/create/:step? with the builder query.
// Each step posts its fields; 'Next' validates them with the step's shared schema and moves them
// into the URL state; the last step runs the model. With forecastId it is the draft edit page.
import { json, redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import {
  failureResponse,
  isDirty,
  loadBuilderPage,
  regionsOffered,
  removeDraft,
  replyWith,
  requestUpgrade,
  ruleContext,
  runModel,
  saveAsDraft,
  stateHref,
  subscriptionByKey,
  withPickedNode,
  withUploads,
  withZones,
  type BuilderPage,
} from "./builderPage.server.ts";
import { searchErcotNodes, saveDraft, modalForFailure } from "./builder.server.ts";
import { STEPS, type ForecastRegion } from "~/validation/forecast";
import {
  FIELD_LABELS,
  drawerSchema,
  stepOfField,
  stepOwnedFields,
  stepSchema,
} from "~/validation/builderSchemas";
import {
  ROUTES,
  applyRules,
  builderHref,
  mergeState,
  stateToBody,
  stateToFormData,
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
  const step = stepBySlug(slug);
  if (!step) throw redirect(`${ROUTES.create(STEPS[0].slug)}${url.search}`);
  const p = await loadBuilderPage(request, { path: url.pathname });
  if (!p.who.flags.forecast_builder_new_form) throw redirect(`${ROUTES.canvas}${url.search}`);
  p.state = await withZones(p.api, p.region, applyRules(p.state, p.state, ruleContext(p, false)));
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
    subscription: modal === "subscription" ? subscriptionByKey(url.searchParams.get("subscription")) : null,
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
  const rules = ruleContext(p, false);
  const index = STEPS.findIndex((s) => s.name === step.name);

  if (intent === "upgrade") return requestUpgrade(p, form);
  if (intent === "delete-draft") return removeDraft(p);

  if (intent === "rename") {
    // The inline asset-name header of the draft edit page: saved only when valid.
    const state = mergeState(p.state, valuesFromForm(form, ["assetName"]), ["assetName"]);
    const submission = parseWithZod(stateToFormData(state), {
      schema: drawerSchema("draft", p.configuration, p.ctx),
    });
    if (submission.status !== "success")
      return json(
        { reply: null, renameReply: submission.reply(), nodes: null, modal: null, missing: null },
        { status: 400 },
      );
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
  for (const keep of [
    "customDegradationCurveId",
    "customDegradationCurveFileName",
    "solarProfileId",
    "solarProfileFileName",
  ]) {
    if (!str(state, keep) && str(p.state, keep) && owned.includes(keep)) state[keep] = p.state[keep];
  }

  if (intent === "find-node") {
    const nodes = await searchErcotNodes(p.api, String(form.get("nodeSearch") ?? ""));
    return json({ reply: replyWith(state, owned, {}), renameReply: null, nodes, modal: null, missing: null });
  }

  const uploaded = await withUploads(p.api, state, form);
  state = uploaded.state;
  if (Object.keys(uploaded.errors).length) {
    return json(
      {
        reply: replyWith(state, owned, uploaded.errors),
        renameReply: null,
        nodes: null,
        modal: null,
        missing: null,
      },
      { status: 400 },
    );
  }
  const newRegion = str(state, "region");
  if (
    newRegion &&
    newRegion !== p.region &&
    p.access.offeredRegions.includes(newRegion as ForecastRegion) &&
    intent !== "draft"
  ) {
    // A new region resets the world view (and the region's own zones) to the new region's defaults; its fields are asked for again.
    const next: FormState = { ...state, region: newRegion };
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
    return redirect(
      builderHref(ROUTES.create(STEPS[0].slug), {
        configuration: p.configuration,
        region: newRegion as ForecastRegion,
        forecastId: p.forecastId,
        state: next,
      }),
    );
  }
  state = await withZones(p.api, p.region, applyRules(p.state, state, rules));

  if (intent === "previous") {
    return redirect(stepHref(p, STEPS[Math.max(0, index - 1)].slug, state));
  }

  if (intent === "draft" || intent === "save-and-leave") {
    const submission = parseWithZod(stateToFormData(state), {
      schema: drawerSchema("draft", p.configuration, p.ctx),
    });
    if (submission.status !== "success")
      return json(
        { reply: submission.reply(), renameReply: null, nodes: null, modal: null, missing: null },
        { status: 400 },
      );
    const saved = await saveAsDraft(p, state);
    if (!saved.ok) return saved.response;
    const to = String(form.get("to") ?? "");
    if (intent === "save-and-leave" && to.startsWith("/") && !to.startsWith("//")) return redirect(to);
    const isNew = !p.forecastId;
    return redirect(
      builderHref(ROUTES.create(step.slug), {
        configuration: p.configuration,
        region: p.region,
        forecastId: saved.id,
        modal: isNew && p.who.flags.forecast_new_view_on_portfolio ? "after-draft" : undefined,
        extra: { notice: isNew && p.who.flags.forecast_new_view_on_portfolio ? undefined : "draft-saved" },
      }),
    );
  }

  // next / run: the step's rules first.
  const submission = parseWithZod(stateToFormData(state), {
    schema: stepSchema(step.name, p.configuration, p.ctx),
  });
  if (submission.status !== "success")
    return json(
      { reply: submission.reply(), renameReply: null, nodes: null, modal: null, missing: null },
      { status: 400 },
    );

  if (intent === "run" || index === STEPS.length - 1) {
    const result = await runModel(p, state);
    if (result.ok) return result.response;
    if ("response" in result && result.response) return result.response;
    const missing = (result.missing ?? []).map((m) => {
      const s = STEPS.find((x) => x.name === stepOfField(m.field, p.configuration))!;
      return {
        field: m.field,
        label: FIELD_LABELS[m.field.split(".")[0]] ?? m.field,
        message: m.message,
        href: stepHref(p, s.slug, state),
      };
    });
    return json(
      { reply: submission.reply(), renameReply: null, nodes: null, modal: null, missing },
      { status: 400 },
    );
  }
  return redirect(stepHref(p, STEPS[index + 1].slug, state));
}
