// The forecast builder's calls to the forecast API (spec §7 "Forecast builder"), and how their
// failures become the builder's modals (spec §8): 401 → logged out, 403 with a subscription →
// subscription modal, anything else → 'Oops!' (the API's text under forecast_display_api_errors).
import { OOPS_TEXT } from "~/components/texts";
import { ApiResponseError, type ApiClient, type ApiErrorBody, type ApiSchemas } from "./api.server.ts";
import type { Me } from "./auth.server.ts";
import { redirect } from "@remix-run/node";
import { CONFIGURATIONS, NEM_REGIONS, type Configuration, type ForecastRegion } from "~/validation/forecast";
import { ercotZoneOf, ROUTES, type Scenario } from "~/components/builder/state";

/** The draft paths of spec §7 under /forecast/run-library/, by region and configuration. */
type DraftKind =
  | "gb/bess-simulation-draft"
  | "gb/solar-simulation-draft"
  | "gb/stand-alone-solar-simulation-draft"
  | "nem/simulation-draft"
  | "ercot/simulation-draft"
  | "de/bess-simulation-draft"
  | "es/bess-simulation-draft";

function draftKind(region: ForecastRegion, configuration: Configuration): DraftKind {
  if (region === "GB") {
    if (configuration === "solar") return "gb/stand-alone-solar-simulation-draft";
    return configuration === "bess" ? "gb/bess-simulation-draft" : "gb/solar-simulation-draft";
  }
  if (region === "NEM") return "nem/simulation-draft";
  if (region === "ERCOT") return "ercot/simulation-draft";
  if (region === "DE") return "de/bess-simulation-draft";
  return "es/bess-simulation-draft";
}

const draftsPath = (region: ForecastRegion, configuration: Configuration) =>
  `/forecast/run-library/${draftKind(region, configuration)}/` as const;
const draftPath = (region: ForecastRegion, configuration: Configuration) =>
  `/forecast/run-library/${draftKind(region, configuration)}/{id}/` as const;

/** Run-creation path: the single endpoint with its flag, otherwise one per kind (spec §7). */
function runPath(region: ForecastRegion, configuration: Configuration, singleEndpoint: boolean) {
  if (singleEndpoint) return "/forecast/run-library/forecasts/" as const;
  if (region === "GB") {
    if (configuration === "solar") return "/forecast/run-library/gb/stand-alone-solar-simulation/" as const;
    if (configuration === "bess") return "/forecast/run-library/gb/bess-simulation/" as const;
    return "/forecast/run-library/gb/solar-simulation/" as const;
  }
  if (region === "ERCOT") return "/forecast/run-library/ercot/simulation/" as const;
  if (region === "NEM") return "/forecast/run-library/nem/simulation/" as const;
  if (region === "DE") return "/forecast/run-library/de/bess-simulation/" as const;
  return "/forecast/run-library/es/bess-simulation/" as const;
}

export type DraftJson = ApiSchemas["ForecastDraft"];
export type DraftBody = ApiSchemas["ForecastDraftRequest"];
export type RunBody = ApiSchemas["ForecastRunRequest"];

/** The draft, or null when it does not exist (or is not the caller's). */
export async function getDraft(
  api: ApiClient,
  region: ForecastRegion,
  configuration: Configuration,
  id: string,
): Promise<DraftJson | null> {
  try {
    return await api.GET(draftPath(region, configuration), { params: { path: { id } } });
  } catch (e) {
    if (e instanceof ApiResponseError && (e.status === 404 || e.status === 400)) return null;
    throw e;
  }
}

export async function saveDraft(
  api: ApiClient,
  region: ForecastRegion,
  configuration: Configuration,
  body: DraftBody,
  id?: string,
): Promise<DraftJson> {
  return id
    ? api.PUT(draftPath(region, configuration), { params: { path: { id } }, body })
    : api.POST(draftsPath(region, configuration), { body });
}

export async function deleteDraft(
  api: ApiClient,
  region: ForecastRegion,
  configuration: Configuration,
  id: string,
) {
  await api.DELETE(draftPath(region, configuration), { params: { path: { id } } });
}

export async function createRuns(
  api: ApiClient,
  region: ForecastRegion,
  configuration: Configuration,
  body: RunBody,
  flags: Record<string, boolean>,
) {
  return api.POST(runPath(region, configuration, !!flags.forecast_single_model_endpoint), { body });
}

export async function listScenarios(
  api: ApiClient,
  region: ForecastRegion | undefined,
  configuration?: Configuration,
): Promise<Scenario[]> {
  if (!region) return [];
  return api.GET("/forecast/macro-scenarios/", {
    params: { query: { marketRegionId: region, configuration } },
  });
}

export type AssetCardData = ApiSchemas["LibraryAsset"];

/** Asset library search (spec §7: limit 20 in search, technology BESS, region when only one). */
export async function searchAssets(
  api: ApiClient,
  search: string,
  region?: ForecastRegion,
  limit = 20,
): Promise<AssetCardData[]> {
  const data = await api.GET("/forecast/asset-library/", {
    params: { query: { search: search || undefined, limit, technology: "BESS", region } },
  });
  return data.results;
}

export async function uploadFile(
  api: ApiClient,
  kind: "degradation" | "solar",
  file: File,
): Promise<{ id: string; fileName: string }> {
  // Sent as a form with its `file` part, named as the user's file was.
  const asForm = () => {
    const form = new FormData();
    form.append("file", file, file.name);
    return form;
  };
  const data =
    kind === "degradation"
      ? await api.POST("/forecast/run-library/custom-degradation-curve/", {
          body: { file },
          bodySerializer: asForm,
        })
      : await api.POST("/forecast/run-library/custom-renewable-profile/solar/", {
          body: { file },
          bodySerializer: asForm,
        });
  return { id: data.id, fileName: data.fileName || file.name };
}

// ── Locations (market-data engineer's endpoints) ─────────────────────────────────────────────

export interface ZoneLookup {
  latitude?: number;
  longitude?: number;
  gspGroup?: string;
  tnuosGenerationZone?: string;
  ercotZone?: string;
  nemRegion?: string;
}

/** Postal-code zone lookup by region; failures are silent (spec §8: returns no zones). */
export async function lookupZip(
  api: ApiClient,
  region: ForecastRegion,
  zipCode: string,
): Promise<ZoneLookup> {
  try {
    const z = await api.GET("/forecast/run-library/postal-code-zone/", {
      params: { query: { region, zipCode: zipCode.slice(0, 8) } },
    });
    const out: ZoneLookup = {};
    if (typeof z.latitude === "number") out.latitude = z.latitude;
    if (typeof z.longitude === "number") out.longitude = z.longitude;
    for (const k of ["gspGroup", "tnuosGenerationZone", "ercotZone", "nemRegion"] as const) {
      const v = z[k];
      if (v !== null && v !== undefined && v !== "") out[k] = String(v);
    }
    if (out.ercotZone) out.ercotZone = ercotZoneOf(out.ercotZone);
    // NEM: the builder's select offers the spec §3 region names, not the price-region codes (SA1).
    if (region === "NEM") {
      const name = z.regionName ?? "";
      if ((NEM_REGIONS as readonly string[]).includes(name)) out.nemRegion = name;
      else delete out.nemRegion;
    }
    return out;
  } catch {
    return {};
  }
}

export interface Place {
  id: string;
  label: string;
  addressLine1?: string;
  city?: string;
  zipCode?: string;
  latitude?: number;
  longitude?: number;
  /** The zones of the place's postal code (a pick sets them with the zip code and coordinates). */
  gspGroup?: string | null;
  tnuosGenerationZone?: string | null;
  ercotZone?: string | null;
  nemRegion?: string | null;
}

/** Place search: only after more than 2 characters, restricted to the region's countries (spec §5). */
export async function searchPlaces(
  api: ApiClient,
  region: ForecastRegion,
  q: string,
  unlimited: boolean,
): Promise<Place[]> {
  if (q.trim().length <= 2) return [];
  try {
    const data = await api.GET("/forecast/run-library/places/", {
      params: { query: { search: q.trim(), region, unlimited: unlimited ? "true" : undefined } },
    });
    return data.results.map((p) => ({
      ...p,
      // A place has no street: its name and state ("Adelaide, SA") are the city, the address line is emptied.
      addressLine1: "",
      city: p.label,
      zipCode: p.zipCode ?? undefined,
      tnuosGenerationZone: p.tnuosGenerationZone == null ? null : String(p.tnuosGenerationZone),
      ercotZone: p.ercotZone ? (ercotZoneOf(p.ercotZone) ?? null) : null,
      // NEM: the builder's select holds the spec §3 region names, not the price-region codes.
      nemRegion:
        p.regionName && (NEM_REGIONS as readonly string[]).includes(p.regionName) ? p.regionName : null,
    }));
  } catch {
    return [];
  }
}

export interface ErcotNode {
  id: string;
  name: string;
  zone?: string;
  lat?: number;
  lon?: number;
  voltage?: number | string;
}

export async function searchErcotNodes(api: ApiClient, search: string, limit = 100): Promise<ErcotNode[]> {
  try {
    const data = await api.GET("/forecast/run-library/ercot-node/", {
      params: { query: { search: search || undefined, limit, offset: 0 } },
    });
    return data.results.map((n) => ({ ...n, zone: ercotZoneOf(n.zone) ?? n.zone }));
  } catch {
    return [];
  }
}

// ── Who may do what (the API decides; these only grey out buttons) ──────────────────────────

export interface BuilderAccess {
  loggedIn: boolean;
  /** Regions the user's subscriptions and flags allow. */
  regions: ForecastRegion[];
  /** Regions offered in the builder: the allowed ones, or the generally supported ones for visitors. */
  offeredRegions: ForecastRegion[];
  canCreate: (region: ForecastRegion, c: Configuration) => boolean;
  canDraft: (region: ForecastRegion, c: Configuration) => boolean;
}

/** What the API says this visitor may do (GET /users/me `capabilities`): the builder decides nothing itself. */
export function builderAccess(who: Me): BuilderAccess {
  const c = who.capabilities.forecasts;
  return {
    loggedIn: !!who.user,
    regions: c.regions,
    offeredRegions: c.offeredRegions,
    canCreate: (r, conf) => c.create[r].includes(conf),
    canDraft: (r, conf) => c.draft[r].includes(conf),
  };
}

// ── Failures → modals (spec §8) ─────────────────────────────────────────────────────────────

export type BuilderModal =
  | { kind: "logged-out" }
  | { kind: "subscription"; subscription: { key: string; name: string } }
  | { kind: "oops"; text: string; apiText: boolean };

/** The modal a failed draft/run call opens; rethrows what is not the API's answer. */
export function modalForFailure(e: unknown, flags: Record<string, boolean>): BuilderModal {
  if (!(e instanceof ApiResponseError)) throw e;
  if (e.status === 401) return { kind: "logged-out" };
  const sub = e.body?.subscription;
  if (e.status === 403 && sub) return { kind: "subscription", subscription: sub };
  if (flags.forecast_display_api_errors)
    return { kind: "oops", text: apiErrorText(e.body) || OOPS_TEXT, apiText: true };
  return { kind: "oops", text: OOPS_TEXT, apiText: false };
}

/** The API error data as one text: the detail, then each field's messages. */
export function apiErrorText(body: ApiErrorBody | null): string {
  if (!body) return "";
  const parts: string[] = [body.detail];
  for (const [field, msgs] of Object.entries(body.errors ?? {})) parts.push(`${field}: ${msgs.join(" ")}`);
  return parts.join("\n");
}

/**
 * A configuration Voltcast does not model in a builder URL (`configuration=foo`) opens the start
 * screen with a notice naming it, never the asset picker as if nothing had been asked (issue 27).
 */
export function refuseUnknownConfiguration(url: URL): void {
  const c = url.searchParams.get("configuration");
  if (c !== null && c !== "" && !(CONFIGURATIONS as readonly string[]).includes(c))
    throw redirect(`${ROUTES.builder}?unknownConfiguration=${encodeURIComponent(c.slice(0, 40))}`);
}
