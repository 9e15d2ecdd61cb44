// The forecast builder's calls to the forecast API (spec §7 "Forecast builder"), and how their
// failures become the builder's modals (spec §8): 401 → logged out, 403 with a subscription →
// subscription modal, anything else → 'Oops!' (the API's text under forecast_display_api_errors).
import { ApiResponseError, type ApiClient } from "./api.server.ts";
import type { Me } from "./auth.server.ts";
import { canCreateDraft, canCreateForecast, regionAllowed } from "../../api/forecasts/permissions.ts";
import type { Flags } from "../../api/access/catalog.ts";
import {
  CONFIGURATIONS_BY_REGION,
  FORECAST_REGIONS,
  type Configuration,
  type ForecastRegion,
} from "~/validation/forecast";
import { ercotZoneOf, type Scenario } from "~/components/builder/state";

const BASE = "/forecast/run-library";

/** Draft paths by region and configuration (spec §7). */
export function draftPath(region: ForecastRegion, configuration: Configuration, id?: string): string {
  let p: string;
  if (region === "GB") {
    p =
      configuration === "solar"
        ? "gb/stand-alone-solar-simulation-draft"
        : configuration === "bess"
          ? "gb/bess-simulation-draft"
          : "gb/solar-simulation-draft";
  } else if (region === "NEM") p = "nem/simulation-draft";
  else if (region === "ERCOT") p = "ercot/simulation-draft";
  else if (region === "DE") p = "de/bess-simulation-draft";
  else p = "es/bess-simulation-draft";
  return `${BASE}/${p}/${id ? `${encodeURIComponent(id)}/` : ""}`;
}

/** Run-creation path: the single endpoint with its flag, otherwise one per kind (spec §7). */
export function runPath(
  region: ForecastRegion,
  configuration: Configuration,
  singleEndpoint: boolean,
): string {
  if (singleEndpoint) return `${BASE}/forecasts/`;
  if (region === "GB") {
    if (configuration === "solar") return `${BASE}/gb/stand-alone-solar-simulation/`;
    if (configuration === "bess") return `${BASE}/gb/bess-simulation/`;
    return `${BASE}/gb/solar-simulation/`;
  }
  if (region === "ERCOT") return `${BASE}/ercot/simulation/`;
  if (region === "NEM") return `${BASE}/nem/simulation/`;
  if (region === "DE") return `${BASE}/de/bess-simulation/`;
  return `${BASE}/es/bess-simulation/`;
}

export interface DraftJson {
  id: string;
  runName?: string;
  configuration?: Configuration;
  runAsset?: { marketRegion?: ForecastRegion; configuration?: Configuration };
  forecast: Record<string, unknown>;
}

/** The draft, or null when it does not exist (or is not the caller's). */
export async function getDraft(
  api: ApiClient,
  region: ForecastRegion,
  configuration: Configuration,
  id: string,
): Promise<DraftJson | null> {
  try {
    return await api.json<DraftJson>(draftPath(region, configuration, id));
  } catch (e) {
    if (e instanceof ApiResponseError && (e.status === 404 || e.status === 400)) return null;
    throw e;
  }
}

export async function saveDraft(
  api: ApiClient,
  region: ForecastRegion,
  configuration: Configuration,
  body: Record<string, unknown>,
  id?: string,
): Promise<DraftJson> {
  return api.json<DraftJson>(draftPath(region, configuration, id), { method: id ? "PUT" : "POST", body });
}

export async function deleteDraft(
  api: ApiClient,
  region: ForecastRegion,
  configuration: Configuration,
  id: string,
) {
  await api.json(draftPath(region, configuration, id), { method: "DELETE" });
}

export async function createRuns(
  api: ApiClient,
  region: ForecastRegion,
  configuration: Configuration,
  body: Record<string, unknown>,
  flags: Record<string, boolean>,
): Promise<unknown> {
  return api.json(runPath(region, configuration, !!flags.forecast_single_model_endpoint), {
    method: "POST",
    body,
  });
}

function results<T>(data: unknown): T[] {
  if (Array.isArray(data)) return data as T[];
  if (data && typeof data === "object" && Array.isArray((data as { results?: unknown }).results))
    return (data as { results: T[] }).results;
  return [];
}

export async function listScenarios(
  api: ApiClient,
  region: ForecastRegion | undefined,
  configuration?: Configuration,
): Promise<Scenario[]> {
  if (!region) return [];
  const data = await api.json("/forecast/macro-scenarios/", {
    query: { marketRegionId: region, configuration },
  });
  return results<Scenario>(data);
}

export interface AssetCardData {
  uid: string;
  name: string;
  assetName?: string;
  region?: string;
  marketRegion?: ForecastRegion;
  image?: string | null;
  ratedPower?: number | string;
  energyCapacity?: number | string;
  operationalSince?: string | null;
  zipCode?: string | null;
  city?: string | null;
  address?: string | null;
  cycles?: number | string | null;
  importCapacity?: number | string | null;
  exportCapacity?: number | string | null;
  forecastAssetConfig?: string;
  assetId?: string;
  latitude?: number | null;
  longitude?: number | null;
  gsp?: string | null;
}

/** Asset library search (spec §7: limit 20 in search, technology BESS, region when only one). */
export async function searchAssets(
  api: ApiClient,
  search: string,
  region?: ForecastRegion,
  limit = 20,
): Promise<AssetCardData[]> {
  const data = await api.json(`/forecast/asset-library/`, {
    query: { search: search || undefined, limit, technology: "BESS", region },
  });
  return results<AssetCardData>(data);
}

export async function getAsset(api: ApiClient, uid: string): Promise<AssetCardData | null> {
  try {
    return await api.json<AssetCardData>(`/forecast/asset-library/${encodeURIComponent(uid)}/`);
  } catch (e) {
    if (e instanceof ApiResponseError && e.status === 404) return null;
    throw e;
  }
}

export async function uploadFile(
  api: ApiClient,
  kind: "degradation" | "solar",
  file: File,
): Promise<{ id: string; fileName: string }> {
  const form = new FormData();
  form.append("file", file, file.name);
  const path =
    kind === "degradation" ? `${BASE}/custom-degradation-curve/` : `${BASE}/custom-renewable-profile/solar/`;
  const data = await api.json<{ id: string; fileName?: string; file_name?: string }>(path, {
    method: "POST",
    form,
  });
  return { id: data.id, fileName: data.fileName ?? data.file_name ?? file.name };
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
    const z = await api.json<Record<string, unknown>>(`${BASE}/postal-code-zone/`, {
      query: { region, zipCode: zipCode.slice(0, 8) },
    });
    const out: ZoneLookup = {};
    if (typeof z?.latitude === "number") out.latitude = z.latitude;
    if (typeof z?.longitude === "number") out.longitude = z.longitude;
    for (const k of ["gspGroup", "tnuosGenerationZone", "ercotZone", "nemRegion"] as const) {
      if (z?.[k] !== null && z?.[k] !== undefined && z[k] !== "") out[k] = String(z[k]);
    }
    if (out.ercotZone) out.ercotZone = ercotZoneOf(out.ercotZone);
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
    const data = await api.json(`${BASE}/places/`, {
      query: { search: q.trim(), region, unlimited: unlimited ? "true" : undefined },
    });
    return results<Place & { admin?: string }>(data).map((p) => ({
      ...p,
      addressLine1: p.addressLine1 ?? p.label,
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
    const data = await api.json(`${BASE}/ercot-node/`, {
      query: { search: search || undefined, limit, offset: 0 },
    });
    return results<ErcotNode>(data).map((n) => ({ ...n, zone: ercotZoneOf(n.zone) ?? n.zone }));
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

export function builderAccess(who: Me): BuilderAccess {
  const a = { subscriptions: new Set(who.subscriptions), flags: who.flags as unknown as Flags };
  const regions = FORECAST_REGIONS.filter((r) => regionAllowed(a, r));
  // spec §6: the supported regions in the list are gb, ercot and australia.
  const supported = (["GB", "ERCOT", "NEM"] as ForecastRegion[]).filter(
    (r) => r !== "NEM" || who.flags.forecast_nem_region,
  );
  return {
    loggedIn: !!who.user,
    regions,
    offeredRegions: regions.length ? regions : supported,
    canCreate: (r, c) => canCreateForecast(a, r, c),
    canDraft: (r, c) => canCreateDraft(a, r, c),
  };
}

/** Regions where a configuration is offered, among those given. */
export function regionsFor(configuration: Configuration, regions: ForecastRegion[]): ForecastRegion[] {
  return regions.filter((r) => CONFIGURATIONS_BY_REGION[r].includes(configuration));
}

// ── Failures → modals (spec §8) ─────────────────────────────────────────────────────────────

export const OOPS_TEXT =
  "Something's not quite right. Please contact a member of the team to let them know this isn't working.";

export type BuilderModal =
  | { kind: "logged-out" }
  | { kind: "subscription"; subscription: { key: string; name: string } }
  | { kind: "oops"; text: string; apiText: boolean };

/** The modal a failed draft/run call opens; rethrows what is not the API's answer. */
export function modalForFailure(e: unknown, flags: Record<string, boolean>): BuilderModal {
  if (!(e instanceof ApiResponseError)) throw e;
  if (e.status === 401) return { kind: "logged-out" };
  const sub = e.body?.subscription;
  if (e.status === 403 && sub && typeof sub.key === "string")
    return { kind: "subscription", subscription: { key: sub.key, name: String(sub.name ?? sub.key) } };
  if (flags.forecast_display_api_errors)
    return { kind: "oops", text: apiErrorText(e.body) || OOPS_TEXT, apiText: true };
  return { kind: "oops", text: OOPS_TEXT, apiText: false };
}

/** The API error data as one text: the detail, then each field's messages. */
export function apiErrorText(body: unknown): string {
  if (!body || typeof body !== "object") return "";
  const b = body as { detail?: unknown; errors?: Record<string, string[]> };
  const parts: string[] = [];
  if (typeof b.detail === "string") parts.push(b.detail);
  for (const [field, msgs] of Object.entries(b.errors ?? {}))
    parts.push(`${field}: ${(msgs ?? []).join(" ")}`);
  return parts.join("\n");
}
