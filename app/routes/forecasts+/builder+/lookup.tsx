// /forecasts/builder/lookup?kind=places|nodes|zip&q=&region= — the JSON behind the builder's
// autocompletes (JavaScript only; without it the same searches are plain form posts).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiFor } from "~/services/api.server";
import { me } from "~/services/auth.server";
import { lookupZip, searchErcotNodes, searchPlaces } from "~/services/builder.server";
import { FORECAST_REGIONS, type ForecastRegion } from "~/validation/forecast";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const kind = url.searchParams.get("kind");
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const r = url.searchParams.get("region");
  const region = (FORECAST_REGIONS as readonly string[]).includes(r ?? "")
    ? (r as ForecastRegion)
    : undefined;
  const api = await apiFor(request);
  if (kind === "nodes") return json({ results: await searchErcotNodes(api, q) });
  if (kind === "zip" && region) {
    const z = await lookupZip(api, region, q);
    return json({ results: Object.keys(z).length ? [z] : [] });
  }
  if (kind === "places" && region) {
    const who = await me(request);
    return json({
      results: await searchPlaces(api, region, q, !!who.flags.forecast_form_unlimited_locations),
    });
  }
  return json({ results: [] }, { status: 400 });
}
