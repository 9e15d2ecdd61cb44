// "Try it" of the API reference (/api/v1/docs): the reference sends each request here (Scalar's
// proxy protocol, `?scalar_url=<the API URL>`) and this passes it to the API as the visitor: with
// the API key they typed in (their Authorization header), or else their session, as every page does.
// Only the path under /api/v1 is taken from the URL, so nothing but this site's API can be reached.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiFor } from "~/services/api.server";

const PREFIX = "/api/v1/";

async function tryIt(request: Request): Promise<Response> {
  let target: URL;
  try {
    target = new URL(new URL(request.url).searchParams.get("scalar_url") ?? "", request.url);
  } catch {
    target = new URL("/", request.url);
  }
  if (!target.pathname.startsWith(PREFIX))
    return Response.json({ detail: "Only this site's API (/api/v1/…) can be tried here." }, { status: 400 });
  const path = target.pathname.slice(PREFIX.length - 1);
  const method = request.method.toUpperCase();
  const text = method === "GET" || method === "DELETE" ? "" : await request.text();
  const res = await (
    await apiFor(request)
  ).passThrough(path, {
    method,
    search: target.search,
    body: text,
    contentType: request.headers.get("content-type") ?? undefined,
    // The visitor's own key, when they typed one in: sent as typed, the session plays no part.
    authorization: request.headers.get("authorization") ?? undefined,
  });
  const headers = new Headers();
  for (const k of ["content-type", "content-disposition", "retry-after"]) {
    const v = res.headers.get(k);
    if (v) headers.set(k, v);
  }
  headers.set("cache-control", "no-store");
  return new Response(res.body, { status: res.status, headers });
}

export const loader = ({ request }: LoaderFunctionArgs) => tryIt(request);
export const action = ({ request }: ActionFunctionArgs) => tryIt(request);
