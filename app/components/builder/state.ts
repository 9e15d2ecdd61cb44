// The builder's working forecast between screens (decision 0601): the values typed so far travel in
// the URL as one `f` parameter (base64url JSON), so every canvas view, drawer and stepper step is a
// plain, bookmarkable URL that works without JavaScript and for anonymous visitors. A draft is only
// written to the API when the user saves it. Pure code: used by loaders, actions and components.
import {
  CONFIGURATIONS,
  ERCOT_ZONES,
  FORECAST_REGIONS,
  LIMITS,
  DEFAULT_FORESIGHT,
  defaultConnectionType,
  defaultRunName,
  hasBattery,
  hasSolar,
  revenueStrategiesFor,
  type Configuration,
  type ForecastRegion,
} from "~/validation/forecast";

export type StateValue = string | string[] | Record<string, string>;
/** The forecast as typed: strings (as a form posts them), lists, and the runName map. */
export type FormState = Record<string, StateValue>;

export const ROUTES = {
  builder: "/forecasts/builder",
  canvas: "/forecasts/builder/canvas",
  edit: (forecastId: string) => `/forecasts/builder/edit/${encodeURIComponent(forecastId)}`,
  create: (slug?: string) => `/forecasts/create${slug ? `/${slug}` : ""}`,
  pricing: "/pricing",
  notFound: "/not-found",
  runList: "/forecasts",
  login: "/login",
} as const;

// ── Codec ────────────────────────────────────────────────────────────────────────────────────

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function fromBase64Url(s: string): string {
  const b64 = s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4);
  const bin = atob(b64);
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Drops empty values, so the URL holds only what was filled in. */
export function compact(state: FormState): FormState {
  const out: FormState = {};
  for (const [k, v] of Object.entries(state)) {
    if (typeof v === "string") {
      if (v.trim() !== "") out[k] = v;
    } else if (Array.isArray(v)) {
      if (v.length) out[k] = v;
    } else if (v && typeof v === "object") {
      const inner = Object.fromEntries(
        Object.entries(v).filter(([, x]) => typeof x === "string" && x.trim() !== ""),
      );
      if (Object.keys(inner).length) out[k] = inner;
    }
  }
  return out;
}

export function encodeState(state: FormState): string {
  const c = compact(state);
  return Object.keys(c).length ? toBase64Url(JSON.stringify(c)) : "";
}

/** Reads `f`; anything unreadable (edited by hand, truncated) is an empty form, never an error. */
export function decodeState(f: string | null | undefined): FormState {
  if (!f) return {};
  try {
    const parsed = JSON.parse(fromBase64Url(f));
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    const out: FormState = {};
    for (const [k, v] of Object.entries(parsed)) {
      if (typeof v === "string") out[k] = v;
      else if (Array.isArray(v)) out[k] = v.filter((x): x is string => typeof x === "string");
      else if (v && typeof v === "object") {
        out[k] = Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x === "string")) as Record<
          string,
          string
        >;
      }
    }
    return out;
  } catch {
    return {};
  }
}

/** A draft from the API (numbers, lists, runName map) as form state (strings). */
export function stateFromForecast(forecast: Record<string, unknown>): FormState {
  const out: FormState = {};
  for (const [k, v] of Object.entries(forecast ?? {})) {
    if (v === null || v === undefined || k === "runAsset" || k === "id") continue;
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") out[k] = String(v);
    else if (Array.isArray(v)) out[k] = v.map(String);
    else if (typeof v === "object")
      out[k] = Object.fromEntries(Object.entries(v).map(([a, b]) => [a, String(b)]));
  }
  return out;
}

// ── Query ────────────────────────────────────────────────────────────────────────────────────

export interface BuilderQuery {
  configuration?: Configuration;
  region?: ForecastRegion;
  forecastId?: string;
  drawer?: string;
  modal?: string;
}

export function readQuery(url: URL): BuilderQuery & { f: string | null } {
  const sp = url.searchParams;
  const configuration = sp.get("configuration");
  const region = sp.get("region");
  return {
    configuration: (CONFIGURATIONS as readonly string[]).includes(configuration ?? "")
      ? (configuration as Configuration)
      : undefined,
    region: (FORECAST_REGIONS as readonly string[]).includes(region ?? "")
      ? (region as ForecastRegion)
      : undefined,
    // runId is accepted as another name for forecastId (spec §2).
    forecastId: sp.get("forecastId") ?? sp.get("runId") ?? undefined,
    drawer: sp.get("drawer") ?? undefined,
    modal: sp.get("modal") ?? undefined,
    f: sp.get("f"),
  };
}

/** `path?configuration=…&region=…&forecastId=…&f=…` plus extras; empty values are left out. */
export function builderHref(
  path: string,
  q: BuilderQuery & { state?: FormState; extra?: Record<string, string | undefined> },
): string {
  const sp = new URLSearchParams();
  if (q.configuration) sp.set("configuration", q.configuration);
  if (q.region) sp.set("region", q.region);
  if (q.forecastId) sp.set("forecastId", q.forecastId);
  if (q.state) {
    const f = encodeState(q.state);
    if (f) sp.set("f", f);
  }
  if (q.drawer) sp.set("drawer", q.drawer);
  if (q.modal) sp.set("modal", q.modal);
  for (const [k, v] of Object.entries(q.extra ?? {})) if (v) sp.set(k, v);
  const s = sp.toString();
  return s ? `${path}?${s}` : path;
}

/** The location services spell ERCOT zones in capitals ("WEST"); the forecast uses "West". */
export function ercotZoneOf(zone: string | null | undefined): string | undefined {
  if (!zone) return undefined;
  return ERCOT_ZONES.find((z) => z.toLowerCase() === zone.trim().toLowerCase());
}

// ── Form posts ↔ state ───────────────────────────────────────────────────────────────────────

/**
 * Form input names that differ from the field: an input named "nodeName" would shadow the form
 * element's own `nodeName` property (and break React), so the node's name is posted as "nodeLabel".
 */
export const INPUT_NAMES: Record<string, string> = { nodeName: "nodeLabel" };

/** The values a form posted for the fields it owns (unchecked boxes read as empty). */
export function valuesFromForm(form: FormData, owned: readonly string[]): FormState {
  const out: FormState = {};
  const listFields = new Set(["revenueStrategies", "macroScenarios"]);
  for (const name of owned) {
    if (name === "runName" || name === "finance") {
      // A map posted as `<name>.<key>` fields: the run names by world view, the finance inputs by field.
      const map: Record<string, string> = {};
      for (const [k, v] of form.entries()) {
        if (k.startsWith(`${name}.`) && typeof v === "string" && (name === "runName" || v.trim() !== ""))
          map[k.slice(name.length + 1)] = v.trim();
      }
      out[name] = map;
      continue;
    }
    const all = form.getAll(INPUT_NAMES[name] ?? name).filter((v): v is string => typeof v === "string");
    out[name] = listFields.has(name)
      ? all.filter((v) => v.trim() !== "")
      : (all[all.length - 1] ?? "").trim();
  }
  return out;
}

/** The state with the owned fields replaced by what was posted. */
export function mergeState(state: FormState, posted: FormState, owned: readonly string[]): FormState {
  const next: FormState = { ...state };
  for (const name of owned) delete next[name];
  return { ...next, ...posted };
}

/** The state as a form post (for the shared schemas, which read FormData the same as JSON). */
export function stateToFormData(state: FormState, into = new FormData()): FormData {
  for (const [k, v] of Object.entries(state)) {
    if (typeof v === "string") into.append(k, v);
    else if (Array.isArray(v)) v.forEach((x) => into.append(k, x));
    else for (const [id, name] of Object.entries(v)) into.append(`${k}.${id}`, name);
  }
  return into;
}

/** The state as the API's forecast object (the shared schema reads strings as JSON does). */
export function stateToBody(
  state: FormState,
  region?: ForecastRegion,
  configuration?: Configuration,
): Record<string, unknown> {
  const body: Record<string, unknown> = { ...compact(state) };
  if (region) body.region = region;
  if (configuration) body.configuration = configuration;
  if (region && configuration) body.runAsset = { marketRegion: region, configuration };
  return body;
}

/**
 * The files a forecast may carry (spec §5): the file input a post sends, the kind the API's upload
 * takes, and the state fields that keep the uploaded file's id and name until another replaces it.
 */
export const UPLOADS = [
  {
    input: "degradationFile",
    kind: "degradation",
    idField: "customDegradationCurveId",
    nameField: "customDegradationCurveFileName",
    label: "Custom degradation curve file",
  },
  {
    input: "solarProfileFile",
    kind: "solar",
    idField: "solarProfileId",
    nameField: "solarProfileFileName",
    label: "Solar generation profile (optional)",
  },
] as const;

export const str = (state: FormState, k: string): string =>
  typeof state[k] === "string" ? (state[k] as string) : "";
export const list = (state: FormState, k: string): string[] =>
  Array.isArray(state[k]) ? (state[k] as string[]) : [];
export const names = (state: FormState): Record<string, string> =>
  state.runName && typeof state.runName === "object" && !Array.isArray(state.runName)
    ? (state.runName as Record<string, string>)
    : {};
const num = (state: FormState, k: string): number | undefined => {
  const v = str(state, k).trim();
  if (v === "") return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
};

// ── The behaviour of spec §4 that follows from one value to another ─────────────────────────

export interface Scenario {
  id: string;
  name: string;
  modelVersion?: string;
  marketRegion: string;
  solarAvailable?: boolean;
}

/** World views offered: the region's; for solar configurations only the Central scenario (spec §4). */
export function scenariosOffered(
  all: Scenario[],
  region: ForecastRegion | undefined,
  configuration: Configuration | undefined,
): Scenario[] {
  const mine = all.filter((s) => !region || s.marketRegion === region);
  if (configuration && hasSolar(configuration)) {
    return mine.filter((s) => (s.solarAvailable === undefined ? /central/i.test(s.name) : s.solarAvailable));
  }
  return mine;
}

/**
 * Required choices the spec gives no default for, chosen as a typical analyst would (decision 0703),
 * so that a new forecast needs only its own numbers: limits the same as the rated power, the standard
 * degradation curve (the one the spec's default re-powering of 10 000 cycles belongs to), and a
 * stand-alone battery not co-located. Each stays the user's to change.
 */
export function choiceDefaults(configuration: Configuration | undefined): FormState {
  const battery = configuration ? hasBattery(configuration) : true;
  const out: FormState = { maxExport: "same" };
  if (!battery) return out;
  out.maxImport = "same";
  out.degradation = "standard_degradation_curve";
  if (configuration === "bess") out.coLocation = "false";
  // Coupling is asked once "co-located" is chosen: AC or DC is the plant's, not a default (spec §5).
  return out;
}

export interface RuleContext {
  region?: ForecastRegion;
  configuration?: Configuration;
  scenarios: Scenario[];
  /** Pre-select the region's first scenario and strategy (spec §4: on the canvas; decision 0703: the stepper too). */
  preselectScenario?: boolean;
}

/**
 * Applies the dependent rules after `next` was posted over `prev`:
 * - connection type follows rated power (transmission from 100 MW) when rated power changes;
 * - a region change resets the world view to the region's default (its first scenario);
 * - efficiency defaults to 88, repowering to 10 000 cycles;
 * - revenue strategies not offered in the region are dropped;
 * - output names are generated once asset name, duration and max cycles are set, and kept in step
 *   with them unless the user changed a name by hand.
 */
export function applyRules(prev: FormState, next: FormState, ctx: RuleContext): FormState {
  const out: FormState = { ...next };
  const configuration = ctx.configuration;
  const battery = configuration ? hasBattery(configuration) : true;

  // The asset's rated power: the battery's, else the solar or wind plant's (as the TNUoS rule reads it).
  const powerField = battery
    ? "ratedPower"
    : str(out, "solarRatedPower")
      ? "solarRatedPower"
      : "windRatedPower";
  const power = num(out, powerField);
  if (power !== undefined && (str(prev, powerField) !== str(out, powerField) || !str(out, "connectionType")))
    out.connectionType = defaultConnectionType(power);
  // Before a power is given: distribution, the spec's choice below 100 MW (it follows the power once given).
  else if (!str(out, "connectionType")) out.connectionType = defaultConnectionType(undefined);

  const offered = scenariosOffered(ctx.scenarios, ctx.region, configuration);
  const regionChanged = str(prev, "region") !== "" && str(prev, "region") !== str(out, "region");
  if (regionChanged) {
    out.macroScenarios = offered.length ? [offered[0].id] : [];
    out.runName = {};
  } else {
    const kept = list(out, "macroScenarios").filter((id) => offered.some((s) => s.id === id));
    if (kept.length) out.macroScenarios = kept;
    else if (ctx.preselectScenario && offered.length) out.macroScenarios = [offered[0].id];
    else delete out.macroScenarios;
  }

  if (battery && !str(out, "efficiency")) out.efficiency = String(LIMITS.defaultEfficiency);
  for (const [field, value] of Object.entries(choiceDefaults(configuration)))
    if (!str(out, field)) out[field] = value;
  if (!str(out, "foresight")) out.foresight = DEFAULT_FORESIGHT;
  // Re-powering defaults to 10 000 cycles (it is dropped from the forecast when there is no degradation).
  if (battery && !str(out, "repowering")) out.repowering = String(LIMITS.defaultRepowering);

  if (ctx.region && configuration) {
    const strategies = revenueStrategiesFor(ctx.region, configuration).map((s) => s.value);
    const kept = list(out, "revenueStrategies").filter((s) => strategies.includes(s));
    if (kept.length) out.revenueStrategies = kept;
    else if (strategies.length === 1 || ctx.preselectScenario) out.revenueStrategies = [strategies[0]];
    else delete out.revenueStrategies;
  }

  const assetName = str(out, "assetName");
  const duration = num(out, "duration");
  const maxCycles = num(out, "maxCycles");
  const ready = assetName !== "" && (!battery || (duration !== undefined && maxCycles !== undefined));
  if (ready) {
    const prevNames = names(prev);
    const given = names(out);
    const namesOut: Record<string, string> = {};
    for (const id of list(out, "macroScenarios")) {
      const scenario = ctx.scenarios.find((s) => s.id === id);
      const suggestion = defaultRunName({ assetName, duration, maxCycles }, scenario?.name ?? id);
      const before = prevNames[id];
      const wasGenerated =
        before === undefined ||
        before === "" ||
        before ===
          defaultRunName(
            {
              assetName: str(prev, "assetName"),
              duration: num(prev, "duration"),
              maxCycles: num(prev, "maxCycles"),
            },
            scenario?.name ?? id,
          );
      const typed = given[id];
      namesOut[id] = typed && !(wasGenerated && typed === before) ? typed : suggestion;
    }
    out.runName = namesOut;
  }
  return out;
}
