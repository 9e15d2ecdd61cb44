// The modelling canvas (spec §2 "Canvas"): loader and action shared by /forecasts/builder/canvas and
// /forecasts/builder/edit/:forecastId. Each drawer is a URL (`&drawer=<kind>`) with its own form;
// saving a drawer validates its fields with the shared rules and moves the values into the URL state.
import { json, redirect } from "@remix-run/node";
import { apiFor } from "./api.server.ts";
import { me } from "./auth.server.ts";
import {
  builderAccess,
  refuseUnknownConfiguration,
  searchAssets,
  searchErcotNodes,
  type AssetCardData,
} from "./builder.server.ts";
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
  withPickedNode,
  withNewRegion,
  withUploads,
  withZones,
  type BuilderPage,
} from "./builderPage.server.ts";
import {
  CONFIGURATIONS_BY_REGION,
  isForecastRegion,
  RUN_ASSET_CODES,
  type Configuration,
  type ForecastRegion,
} from "~/validation/forecast";
import {
  blocksFor,
  drawerOfField,
  drawerOwnedFields,
  drawerSchema,
  isDrawerKind,
  type DrawerKind,
} from "~/validation/builderSchemas";
import {
  ROUTES,
  applyRules,
  builderHref,
  mergeState,
  readQuery,
  stateToBody,
  valuesFromForm,
  type FormState,
} from "~/components/builder/state";
import { blockSummary, DRAWER_TITLES } from "~/components/builder/summaries";
import { missingFields } from "~/validation/forecast";

const BLOCK_POSITIONS: Record<number, { x: number; y: number }[]> = {
  2: [
    { x: 0, y: 0 },
    { x: 26, y: 4 },
  ],
  3: [
    { x: 0, y: 0 },
    { x: 26, y: 0 },
    { x: 13, y: 20 },
  ],
};

/** A library asset as the start of a forecast: its configuration, region and known values. */
export function assetStart(
  a: AssetCardData,
  offered: ForecastRegion[],
): { href: string; configuration: Configuration; region?: ForecastRegion } {
  const configuration =
    (RUN_ASSET_CODES as Record<string, Configuration>)[a.forecastAssetConfig ?? "stand_alone_bess"] ?? "bess";
  const region =
    isForecastRegion(a.marketRegion) && CONFIGURATIONS_BY_REGION[a.marketRegion].includes(configuration)
      ? a.marketRegion
      : offered.find((r) => CONFIGURATIONS_BY_REGION[r].includes(configuration));
  const n = (v: unknown) => (v === null || v === undefined || v === "" ? undefined : String(v));
  const ratedPower = Number(a.ratedPower);
  const energy = Number(a.energyCapacity);
  const duration =
    ratedPower > 0 && energy > 0 ? String(Math.round((energy / ratedPower) * 100) / 100) : undefined;
  const state: FormState = {};
  const put = (k: string, v: string | undefined) => {
    if (v !== undefined) state[k] = v;
  };
  put("assetName", n(a.assetName ?? a.name));
  put("ratedPower", n(a.ratedPower));
  put("duration", duration);
  put("zipCode", n(a.zipCode));
  put("city", n(a.city));
  put("addressLine1", n(a.address));
  put("latitude", n(a.latitude));
  put("longitude", n(a.longitude));
  put("selectedAssetId", n(a.uid));
  if (region === "GB" && a.gsp && /^_[A-P]$/.test(a.gsp)) put("gspGroup", a.gsp);
  if (a.cycles !== null && a.cycles !== undefined && Number(a.cycles) >= 1 && Number(a.cycles) <= 5)
    put("maxCycles", n(a.cycles));
  if (
    a.importCapacity !== null &&
    a.importCapacity !== undefined &&
    Number(a.importCapacity) !== ratedPower
  ) {
    state.maxImport = "other";
    put("o_maxImport", n(a.importCapacity));
  }
  if (
    a.exportCapacity !== null &&
    a.exportCapacity !== undefined &&
    Number(a.exportCapacity) !== ratedPower
  ) {
    state.maxExport = "other";
    put("o_maxExport", n(a.exportCapacity));
  }
  if (a.operationalSince && a.operationalSince >= "2025-01-01")
    put("startDate", a.operationalSince.slice(0, 10));
  return { href: builderHref(ROUTES.canvas, { configuration, region, state }), configuration, region };
}

export function assetCardLines(a: AssetCardData): string[] {
  const lines: string[] = [];
  const power = a.ratedPower ? `${a.ratedPower} MW` : "";
  const energy = a.energyCapacity ? `${a.energyCapacity} MWh` : "";
  if (power || energy) lines.push([power, energy].filter(Boolean).join(" / "));
  const where = [a.city, a.region ?? a.marketRegion].filter(Boolean).join(", ");
  if (where) lines.push(where);
  if (a.operationalSince) lines.push(`Operational since ${a.operationalSince.slice(0, 4)}`);
  return lines;
}

/** The forecast's years as typed, when they are a whole number the finance defaults can take. */
function horizonOf(state: FormState): number | undefined {
  const n = Number(typeof state.horizonYears === "string" ? state.horizonYears : "");
  return Number.isInteger(n) && n >= 1 && n <= 50 ? n : undefined;
}

// ── Loader ───────────────────────────────────────────────────────────────────────────────────

async function preConfigurationList(request: Request) {
  const url = new URL(request.url);
  const search = (url.searchParams.get("search") ?? "").trim();
  const [who, api] = await Promise.all([me(request), apiFor(request)]);
  const access = builderAccess(who);
  const single = access.offeredRegions.length === 1 ? access.offeredRegions[0] : undefined;
  const assets = await searchAssets(api, search, single).catch(() => [] as AssetCardData[]);
  const cards = assets.map((a) => ({
    key: a.uid,
    title: a.name,
    href: assetStart(a, access.offeredRegions).href,
    lines: assetCardLines(a),
    image: a.image,
  }));
  const exact = assets.some(
    (a) =>
      a.name.trim().toLowerCase() === search.toLowerCase() ||
      (a.assetName ?? "").trim().toLowerCase() === search.toLowerCase(),
  );
  if (!exact) {
    const state: FormState = search ? { assetName: search.slice(0, 100) } : {};
    cards.push({
      key: "new-project",
      title: "New project / Start from scratch",
      href: builderHref(ROUTES.canvas, { configuration: "bess", state }),
      lines: [search ? `Create “${search}” from scratch` : "Set everything up yourself"],
      image: null,
    });
  }
  return json({ mode: "preconfig" as const, search, cards });
}

function blocksOf(p: BuilderPage) {
  const kinds = blocksFor(p.configuration);
  const positions = BLOCK_POSITIONS[kinds.length] ?? BLOCK_POSITIONS[2];
  return kinds.map((kind, i) => {
    const complete = parseOk(kind, p);
    return {
      kind,
      title: DRAWER_TITLES[kind].title,
      href: drawerHref(p, kind),
      summary: blockSummary(kind, p.state, p.region, p.configuration, p.scenarios),
      complete,
      ...positions[i],
    };
  });
}

function parseOk(kind: DrawerKind, p: BuilderPage) {
  return checkState(p.state, drawerSchema(kind, p.configuration, p.ctx)).status === "success";
}

function pagePath(p: BuilderPage) {
  return p.forecastId ? ROUTES.edit(p.forecastId) : ROUTES.canvas;
}

export function drawerHref(p: BuilderPage, kind?: string, extra: Record<string, string | undefined> = {}) {
  const sp = new URLSearchParams(p.url.search);
  sp.delete("drawer");
  sp.delete("modal");
  sp.delete("notice");
  sp.delete("subscription");
  sp.delete("to");
  if (kind) sp.set("drawer", kind);
  for (const [k, v] of Object.entries(extra)) if (v) sp.set(k, v);
  const s = sp.toString();
  return `${pagePath(p)}${s ? `?${s}` : ""}`;
}

export async function canvasLoader(request: Request, forecastIdParam?: string) {
  const url = new URL(request.url);
  refuseUnknownConfiguration(url);
  const q = readQuery(url);
  if (!forecastIdParam && q.forecastId && q.configuration) {
    // A draft id on the canvas URL: the edit route shows it.
    const sp = new URLSearchParams(url.search);
    sp.delete("forecastId");
    sp.delete("runId");
    throw redirect(`${ROUTES.edit(q.forecastId)}?${sp.toString()}`);
  }
  if (!q.configuration && !forecastIdParam) return preConfigurationList(request);
  const p = await loadBuilderPage(request, { forecastId: forecastIdParam, path: url.pathname });
  if (p.region)
    p.state = await withZones(p.api, p.region, applyRules(p.state, p.state, ruleContext(p, true)));
  const offered = regionsOffered(p.access, p.configuration);

  const drawer = isDrawerKind(q.drawer) ? q.drawer : undefined;
  let missing: { field: string; label: string; message: string; href: string }[] = [];
  if (drawer === "run") {
    missing = missingLinks(
      missingFields(stateToBody(p.state, p.region, p.configuration), p.ctx).filter(
        (m) => drawerOfField(m.field, p.configuration) !== "run",
      ),
      (field) => {
        const kind = drawerOfField(field, p.configuration);
        return kind === "asset" ? drawerHref(p, "draft") : drawerHref(p, kind);
      },
    );
  }
  // The Finance drawer shows the market's defaults with their sources (the API's, as a run uses them).
  const financeDefaults =
    drawer === "finance" && p.region
      ? await p.api
          .GET("/forecast/finance-defaults/", {
            params: {
              query: {
                marketRegion: p.region,
                assetLifeYears: horizonOf(p.state),
              },
            },
          })
          .catch(() => null)
      : null;
  const modal = q.modal;
  const subscription =
    modal === "subscription" ? await subscriptionByKey(p.api, url.searchParams.get("subscription")) : null;
  const notice = url.searchParams.get("notice");
  return json({
    mode: "canvas" as const,
    configuration: p.configuration,
    region: p.region ?? null,
    regions: offered,
    forecastId: p.forecastId ?? null,
    draftName: p.draftName ?? null,
    state: p.state,
    scenarios: p.scenarios,
    flags: p.who.flags,
    loggedIn: !!p.who.user,
    blocks: p.region ? blocksOf(p) : [],
    drawer: drawer ?? null,
    missing,
    financeDefaults,
    modal: modal ?? null,
    subscription,
    notice,
    dirty: isDirty(p),
    to: url.searchParams.get("to"),
    hrefs: {
      here: drawerHref(p),
      drawer: Object.fromEntries(
        (
          [
            "bessDetails",
            "gridConnection",
            "solarGridConnection",
            "solarDetails",
            "windDetails",
            "draft",
            "run",
            "finance",
          ] as const
        ).map((k) => [k, drawerHref(p, k)]),
      ),
      login: `${ROUTES.login}?redirectTo=${encodeURIComponent(drawerHref(p))}`,
      builder: ROUTES.builder,
      leave: drawerHref(p, undefined, { modal: "unsaved", to: ROUTES.builder }),
      stepper: stateHref(p, ROUTES.create("asset-details"), p.state),
      runList: ROUTES.runList,
    },
  });
}

// ── Action ───────────────────────────────────────────────────────────────────────────────────

export async function canvasAction(request: Request, forecastIdParam?: string) {
  const p = await loadBuilderPage(request, {
    forecastId: forecastIdParam,
    path: new URL(request.url).pathname,
  });
  const form = await request.formData();
  // The submitter's value comes last (a form may also carry a default intent).
  const intent = String(form.getAll("intent").pop() ?? "");
  const rules = ruleContext(p, true);
  const invalid = (reply: unknown) => json({ reply, nodes: null, modal: null }, { status: 400 });

  if (intent === "upgrade") return requestUpgrade(p, form);
  if (intent === "delete-draft") return removeDraft(p);
  if (intent === "region") {
    // A region change resets the world view (and the region's own zone fields) to the new region's defaults.
    const region = String(form.get("region") ?? "") as ForecastRegion;
    if (!regionsOffered(p.access, p.configuration).includes(region))
      throw json("Region not offered", { status: 400 });
    const state = withNewRegion(p.state, region);
    return redirect(
      builderHref(pagePath(p), {
        configuration: p.configuration,
        region,
        forecastId: p.forecastId && !forecastIdParam ? p.forecastId : undefined,
        state,
      }),
    );
  }

  if (intent === "find-node") {
    // Without JavaScript: the drawer comes back with the values typed so far and the matching nodes.
    const kind = String(form.get("drawer"));
    const owned = isDrawerKind(kind) ? drawerOwnedFields(kind, p.configuration) : [];
    const state = mergeState(p.state, valuesFromForm(form, owned), owned);
    const nodes = await searchErcotNodes(p.api, String(form.get("nodeSearch") ?? ""));
    return json({ reply: replyWith(state, owned, {}), nodes, modal: null });
  }

  if (intent === "draft" || intent === "save-and-leave") {
    const owned = drawerOwnedFields("draft", p.configuration);
    const state = form.has("assetName") ? mergeState(p.state, valuesFromForm(form, owned), owned) : p.state;
    const schema = drawerSchema("draft", p.configuration, p.ctx);
    return saveDraftFrom(p, state, form, schema, (id) => ({ path: ROUTES.edit(id) }), invalid);
  }

  if (intent === "run") {
    const owned = drawerOwnedFields("run", p.configuration);
    const posted = valuesFromForm(form, owned);
    const state = applyRules(p.state, mergeState(p.state, posted, owned), {
      ...rules,
      preselectScenario: false,
    });
    // Names typed in the drawer win over generated ones.
    state.runName = {
      ...(state.runName as Record<string, string>),
      ...(posted.runName as Record<string, string>),
    };
    const submission = checkState(state, drawerSchema("run", p.configuration, p.ctx));
    if (submission.status !== "success") return invalid(submission.reply());
    const result = await runModel(p, state);
    if (result.ok) return result.response;
    if ("response" in result && result.response) return result.response;
    // Fields of other drawers are missing: back to the run drawer, which lists them.
    return redirect(stateHref(p, pagePath(p), state, { drawer: "run" }));
  }

  if (intent === "drawer-save") {
    const kind = String(form.get("drawer"));
    if (!isDrawerKind(kind) || kind === "run" || kind === "draft")
      throw json("Unknown drawer", { status: 400 });
    const owned = drawerOwnedFields(kind, p.configuration);
    let state = keepUploadedFiles(
      withPickedNode(mergeState(p.state, valuesFromForm(form, owned), owned), form),
      p.state,
    );
    const uploaded = await withUploads(p.api, state, form);
    state = uploaded.state;
    if (Object.keys(uploaded.errors).length) return invalid(replyWith(state, owned, uploaded.errors));
    state = await withZones(p.api, p.region, applyRules(p.state, state, rules));
    const submission = checkState(state, drawerSchema(kind, p.configuration, p.ctx));
    if (submission.status !== "success") return invalid(submission.reply());
    return redirect(stateHref(p, pagePath(p), state));
  }

  return failureResponse({ kind: "oops", text: "Unknown action.", apiText: true }, p.url);
}
