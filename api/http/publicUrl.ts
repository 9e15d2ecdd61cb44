// The API's absolute address as its callers reach it: VOLTCAST_PUBLIC_URL when a deployment sets it
// (behind a proxy the request's own host is the proxy's view), else the request's host. Used for the
// description's `servers` and for `Location` headers, so a client follows them as given.
import type { Request } from "express";
import { parseEnv } from "../config.ts";

export function apiBaseUrl(req: Request): string {
  const origin = parseEnv().VOLTCAST_PUBLIC_URL?.replace(/\/$/, "") ?? `${req.protocol}://${req.get("host")}`;
  return `${origin}/api/v1`;
}
