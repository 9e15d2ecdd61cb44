// Who may build what (spec §6): the model subscription of each region and configuration, the
// feature flags of the newer regions, and the library subscriptions guarding Voltcast's own runs.
import type { Request } from "express";
import { SUBSCRIPTIONS } from "../access/catalog.ts";
import type { Access } from "../access/access.ts";
import { access, requireUserId, type ApiContext } from "../http/context.ts";
import { ApiError, badRequest, forbidden, subscriptionRequired } from "../http/errors.ts";
import type { Configuration, ForecastRegion } from "../../app/validation/forecast.ts";
import {
  CONFIGURATIONS_BY_REGION,
  FORECAST_REGIONS,
  MESSAGES,
  isCoupled,
} from "../../app/validation/forecast.ts";

/** The model subscription of each region's battery forecasts. */
export const REGION_MODEL_SUBSCRIPTION: Record<ForecastRegion, string> = {
  GB: "forecast_gb_bess",
  ERCOT: "forecast_ercot_nodal",
  NEM: "forecast_australia",
  DE: "forecast_germany",
  ES: "forecast_spain",
};
/** Feature flags a region also needs (spec §6). */
export const REGION_FLAG: Partial<Record<ForecastRegion, string>> = {
  NEM: "forecast_nem_region",
  DE: "forecast_germany_model",
  ES: "forecast_spain_model",
};
/** Library (non-custom) runs of these regions need this subscription (spec §6). */
export const LIBRARY_SUBSCRIPTION: Partial<Record<ForecastRegion, string>> = {
  GB: "library_gb_forecast",
  ERCOT: "library_ercot_zonal_forecast",
};

export function subscriptionName(key: string): string {
  return SUBSCRIPTIONS.find((s) => s.key === key)?.name ?? key;
}

/** The subscriptions a forecast of this region and configuration needs: all of them (canCreateForecast). */
export function requiredSubscriptions(region: ForecastRegion, configuration: Configuration): string[] {
  if (region === "GB") {
    if (configuration === "solar") return ["forecast_gb_solar"];
    if (isCoupled(configuration)) return ["forecast_gb_bess", "forecast_gb_solar"];
    return ["forecast_gb_bess"];
  }
  return [REGION_MODEL_SUBSCRIPTION[region]];
}

/** canCreateForecast: every required subscription is held. */
export function canCreateForecast(
  a: Pick<Access, "subscriptions">,
  region: ForecastRegion,
  configuration: Configuration,
): boolean {
  return requiredSubscriptions(region, configuration).every((s) => a.subscriptions.has(s));
}

/** canCreateDraft: allowed unless none of the relevant subscriptions is held (coupled: denied only if both are missing). */
export function canCreateDraft(
  a: Pick<Access, "subscriptions">,
  region: ForecastRegion,
  configuration: Configuration,
): boolean {
  return requiredSubscriptions(region, configuration).some((s) => a.subscriptions.has(s));
}

/** The region filter: subscription, plus the region's flag where it has one. */
export function regionAllowed(a: Access, region: ForecastRegion): boolean {
  const flag = REGION_FLAG[region];
  if (flag && !(a.flags as Record<string, boolean>)[flag]) return false;
  const subs =
    region === "GB" ? ["forecast_gb_bess", "forecast_gb_solar"] : [REGION_MODEL_SUBSCRIPTION[region]];
  return subs.some((s) => a.subscriptions.has(s));
}

export function allowedRegions(a: Access): ForecastRegion[] {
  return FORECAST_REGIONS.filter((r) => regionAllowed(a, r));
}

/** Spec §6: the regions the builder lists to a visitor who may build in none (Australia with its flag). */
const SUPPORTED_REGIONS: ForecastRegion[] = ["GB", "ERCOT", "NEM"];

const regionFlagOn = (a: Pick<Access, "flags">, region: ForecastRegion) => {
  const flag = REGION_FLAG[region];
  return !flag || (a.flags as Record<string, boolean>)[flag] === true;
};

/**
 * What the caller may do in the forecast builder, by the same rules the API enforces
 * (GET /users/me `capabilities`): the web app shows what this says and asks nothing else.
 */
export function forecastCapabilities(a: Access) {
  const regions = allowedRegions(a);
  const byRegion = (may: (a: Access, r: ForecastRegion, c: Configuration) => boolean) =>
    Object.fromEntries(
      FORECAST_REGIONS.map((r) => [
        r,
        regionFlagOn(a, r) ? CONFIGURATIONS_BY_REGION[r].filter((c) => may(a, r, c)) : [],
      ]),
    ) as Record<ForecastRegion, Configuration[]>;
  return {
    regions,
    offeredRegions: regions.length ? regions : SUPPORTED_REGIONS.filter((r) => regionFlagOn(a, r)),
    create: byRegion(canCreateForecast),
    draft: byRegion(canCreateDraft),
  };
}

/** Library runs of a region may be seen by the caller (their results and files). */
export function canSeeLibraryRun(a: Pick<Access, "subscriptions">, region: ForecastRegion): boolean {
  const sub = LIBRARY_SUBSCRIPTION[region];
  return !sub || a.subscriptions.has(sub);
}

function regionNotOffered(region: ForecastRegion): ApiError {
  return forbidden(`Forecasts for ${region} are not available to your account.`);
}

function missing(a: Access, region: ForecastRegion, configuration: Configuration): ApiError {
  const key = requiredSubscriptions(region, configuration).find((s) => !a.subscriptions.has(s))!;
  const name = subscriptionName(key);
  return subscriptionRequired(`This run is for ${name} subscribers`, { key, name });
}

/** Throws the spec's answer unless the caller may run a forecast of this kind (401 logged out, 403 otherwise). */
export async function assertCanCreateForecast(
  ctx: ApiContext,
  req: Request,
  region: ForecastRegion,
  configuration: Configuration,
) {
  const userId = requireUserId(req);
  const a = await access(ctx, req);
  if (!CONFIGURATIONS_BY_REGION[region].includes(configuration))
    throw badRequest({ configuration: [MESSAGES.configurationRegion] });
  const flag = REGION_FLAG[region];
  if (flag && !(a.flags as Record<string, boolean>)[flag]) throw regionNotOffered(region);
  if (!canCreateForecast(a, region, configuration)) throw missing(a, region, configuration);
  return { userId, access: a };
}

export async function assertCanCreateDraft(
  ctx: ApiContext,
  req: Request,
  region: ForecastRegion,
  configuration: Configuration,
) {
  const userId = requireUserId(req);
  const a = await access(ctx, req);
  if (!CONFIGURATIONS_BY_REGION[region].includes(configuration))
    throw badRequest({ configuration: [MESSAGES.configurationRegion] });
  const flag = REGION_FLAG[region];
  if (flag && !(a.flags as Record<string, boolean>)[flag]) throw regionNotOffered(region);
  if (!canCreateDraft(a, region, configuration)) throw missing(a, region, configuration);
  return { userId, access: a };
}
