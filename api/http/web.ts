// Guards of the web app's HTTP layer (server.ts, in front of Remix): body limits on every post,
// `Cache-Control: private, no-store` unless a route says otherwise, and an API refusal that a
// loader or action did not handle answered with the API's status (404, 403, 503…), not a 500.
// Also what the access log may show of a URL (one-time links redacted).
import type { NextFunction, Request, Response } from "express";
import type { ServerBuild } from "@remix-run/node";

/** Form posts: the largest field is a chart description or a run name; 1 MB is plenty. */
export const WEB_FORM_LIMIT = 1024 * 1024;
/** Multipart posts carry an uploaded .csv (at most 2 MB, spec §5; up to 10 MB gets the spec's message). */
export const WEB_UPLOAD_LIMIT = 11 * 1024 * 1024;

/**
 * Refuse bodies over the limit before anything reads them: by Content-Length (Node stops reading
 * at the declared length), and a body without one (chunked) is refused as well — browsers always
 * send Content-Length with a form.
 */
export function limitWebBodies(req: Request, res: Response, next: NextFunction) {
  const hasBody =
    req.headers["transfer-encoding"] !== undefined || req.headers["content-length"] !== undefined;
  if (!hasBody) return next();
  const length = Number(req.headers["content-length"]);
  if (req.headers["content-length"] === undefined || !Number.isFinite(length)) {
    res.status(411).type("text").send("A form post needs a Content-Length.");
    req.resume();
    return;
  }
  const multipart = (req.headers["content-type"] ?? "").startsWith("multipart/form-data");
  const limit = multipart ? WEB_UPLOAD_LIMIT : WEB_FORM_LIMIT;
  if (length > limit) {
    res.setHeader("connection", "close");
    res
      .status(413)
      .type("text")
      .send(`The form is too large (at most ${Math.round(limit / 1024 / 1024)} MB).`);
    req.destroy();
    return;
  }
  next();
}

/** Pages and files of the web app are a user's own: not stored, unless a route sets its own policy. */
export function noStoreByDefault(_req: Request, res: Response, next: NextFunction) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (!this.getHeader("cache-control")) this.setHeader("cache-control", "private, no-store");
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as typeof res.writeHead;
  next();
}

interface ApiRefusal {
  name: string;
  status: number;
  message: string;
  body?: { retryAfterSeconds?: number } | null;
}
const isApiRefusal = (e: unknown): e is ApiRefusal =>
  !!e && typeof e === "object" && (e as ApiRefusal).name === "ApiResponseError";

/** The API's status for a refusal the route did not handle: 4xx and 503 pass on; other errors stay 500. */
function passOn(e: unknown): never {
  if (isApiRefusal(e) && ((e.status >= 400 && e.status < 500) || e.status === 503)) {
    throw new Response(e.status === 404 ? "Not found" : e.message, {
      status: e.status,
      headers: {
        "content-type": "text/plain; charset=utf-8",
        ...(e.status === 503 ? { "retry-after": "30" } : {}),
        // a 429 says when to try again, as the API's does
        ...(e.status === 429 && e.body?.retryAfterSeconds
          ? { "retry-after": String(e.body.retryAfterSeconds) }
          : {}),
      },
    });
  }
  throw e;
}

type Handler = (args: unknown) => Promise<unknown>;
const guard = (fn: Handler | undefined) =>
  fn &&
  (async (args: unknown) => {
    try {
      return await fn(args);
    } catch (e) {
      passOn(e);
    }
  });

/** The build with every loader and action guarded by passOn. */
export function withApiStatuses(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const m = route.module as { loader?: Handler; action?: Handler };
    routes[id] = {
      ...route,
      module: { ...route.module, loader: guard(m.loader), action: guard(m.action) } as typeof route.module,
    };
  }
  return { ...build, routes };
}

/** Paths whose last segment is a secret (one-time links sent by e-mail, decision 0006). */
const ONE_TIME_LINK = /^(\/(?:verify-email|reset-password))\/[^/?#]+/;

/** A URL as the access log may show it: "/reset-password/<token>" becomes "/reset-password/[redacted]". */
export function redactOneTimeLinks(url: string): string {
  return url.replace(ONE_TIME_LINK, "$1/[redacted]");
}
