// "View on API" from the library (spec §2): the dataset's latest month exactly as the API answers
// GET …/plotting/get-data/, read as the visitor of this browser (their session, so a subscriber sees
// what they may see). The API itself takes API keys, not cookies; this page passes the call on.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiFor } from "~/services/api.server";

export const GET_DATA = "/data-api/data-and-charts/plotting/get-data/";

export async function loader({ request }: LoaderFunctionArgs) {
  const res = await (await apiFor(request)).passThrough(GET_DATA, { search: new URL(request.url).search });
  const headers = new Headers();
  const type = res.headers.get("content-type");
  if (type) headers.set("content-type", type);
  headers.set("cache-control", "no-store");
  return new Response(res.body, { status: res.status, headers });
}
