// The web app's only way to data: the forecast API, called server-side as the visitor, through one
// client typed from the API's own description (app/services/api-types.ts, `npm run api:types`;
// decision 0031). Paths, parameters, bodies and answers are checked by the compiler; a refusal
// throws ApiResponseError with the API's error body.
import type { Submission, SubmissionResult } from "@conform-to/react";
import createClient, { type MaybeOptionalInit, type Middleware } from "openapi-fetch";
import type {
  HttpMethod,
  PathsWithMethod,
  RequiredKeysOf,
  SuccessResponseJSON,
} from "openapi-typescript-helpers";
import type { components, paths } from "./api-types.ts";
import { webEnv } from "./env.server.ts";
import { getSession, subjectOf } from "./session.server.ts";
import { webAppToken, type ApiVisitor } from "./webAppToken.server.ts";

/** The shapes the API documents (components/schemas of its description). */
export type ApiSchemas = components["schemas"];
/** The one error shape of the API: `{ detail, errors?, subscription?, retryAfterSeconds?, user_id? }`. */
export type ApiErrorBody = ApiSchemas["Error"];

export class ApiResponseError extends Error {
  // server.ts answers an unhandled refusal with its status (api/http/web.ts): it knows it by this name.
  name = "ApiResponseError";
  constructor(
    public status: number,
    public body: ApiErrorBody | null,
  ) {
    super(body?.detail || `API answered ${status}`);
  }
  /** The API's per-field messages (400), for a form's submission.reply({ fieldErrors }). */
  get fieldErrors(): Record<string, string[]> {
    return this.body?.errors ?? {};
  }
  /** Headers for the web answer that passes this refusal on: a 429 says when to try again, as the API's does. */
  get headers(): Record<string, string> {
    const seconds = this.body?.retryAfterSeconds;
    return this.status === 429 && seconds ? { "Retry-After": String(seconds) } : {};
  }
}

/**
 * A refusal as a form's reply: the API's per-field messages on their fields, or else its detail on
 * the whole form. `hideFields` (passwords) are not sent back.
 */
export function refusalReply(
  e: ApiResponseError,
  submission: Pick<Submission<unknown>, "reply">,
  hideFields?: string[],
): SubmissionResult<string[]> {
  const fieldErrors = e.fieldErrors;
  return submission.reply({
    fieldErrors,
    formErrors: Object.keys(fieldErrors).length ? [] : [e.message],
    hideFields,
  });
}

/** The visitor's address as Express saw it (server.ts's load context; never the browser's claim). */
export const clientIpOf = (context: unknown) =>
  String((context as { clientIp?: string } | undefined)?.clientIp ?? "unknown");

/** What the API sent with a refusal, as its error shape (a plain-text answer becomes the detail). */
function errorBody(error: unknown): ApiErrorBody | null {
  if (error && typeof error === "object" && typeof (error as ApiErrorBody).detail === "string")
    return error as ApiErrorBody;
  return typeof error === "string" && error ? { detail: error } : null;
}

type Method = Extract<HttpMethod, "get" | "post" | "put" | "patch" | "delete">;
// openapi-fetch's own rule: the options argument may be left out when nothing in it is required.
type InitParam<I> =
  RequiredKeysOf<I> extends never ? [(I & { [key: string]: unknown })?] : [I & { [key: string]: unknown }];
// The documented success content, as written (openapi-fetch's own type would turn tuples into arrays).
type Success<T> = T extends Record<string | number, unknown> ? SuccessResponseJSON<T> : never;
/** An answer without content (204) is `void`. */
type Data<X> = [X] extends [undefined] ? void : X;

/** What the API answers to a method and path (`ApiAnswer<"get", "/users/me">`). */
export type ApiAnswer<M extends Method, P extends PathsWithMethod<paths, M>> = Data<Success<paths[P][M]>>;

/** The query a GET path takes: for values from a URL that the API checks (it names what is wrong). */
export type ApiQuery<P extends PathsWithMethod<paths, "get">> = NonNullable<
  paths[P]["get"]["parameters"]["query"]
>;

/** A typed call: the answer's data, or ApiResponseError. */
type Call<M extends Method> = <P extends PathsWithMethod<paths, M>, I extends MaybeOptionalInit<paths[P], M>>(
  path: P,
  ...init: InitParam<I>
) => Promise<Data<Success<paths[P][M]>>>;

/** A typed call whose answer (a file, an event stream) is passed on to the browser as it comes. */
type StreamCall = <
  M extends Method,
  P extends PathsWithMethod<paths, M>,
  I extends MaybeOptionalInit<paths[P], M>,
>(
  method: M,
  path: P,
  ...init: InitParam<I>
) => Promise<Response>;

export interface ApiClient {
  GET: Call<"get">;
  POST: Call<"post">;
  PUT: Call<"put">;
  PATCH: Call<"patch">;
  DELETE: Call<"delete">;
  /**
   * A file (zip, csv, xlsx) or an event stream: the API's answer with its type, name and length,
   * its body streamed on and the API call aborted when the browser goes away. A refusal throws.
   */
  stream: StreamCall;
  /**
   * The browser's own request passed to the API as it came, for the pages that show the API's
   * answer as it is ("View on API", the API reference's "try it"): the path, query and body they
   * were given, as the visitor, or with the API key typed into the reference (their Authorization
   * header, sent as typed: the session plays no part). The answer comes back whatever it is.
   */
  passThrough(
    path: string,
    init: { method?: string; search?: string; body?: string; contentType?: string; authorization?: string },
  ): Promise<Response>;
}

/** What the web app tells the API about the browser: its address, its user agent, our origin. */
export interface ClientInfo {
  ip?: string;
  agent?: string;
  webOrigin?: string;
}

export function clientInfo(request: Request, ip?: string): ClientInfo {
  return {
    ip,
    agent: request.headers.get("user-agent") ?? undefined,
    webOrigin: new URL(request.url).origin,
  };
}

/** A client that calls the API as the visitor of this request (their session, or anonymous). */
export async function apiFor(request: Request, clientIp?: string): Promise<ApiClient> {
  const session = await getSession(request);
  return apiAs(subjectOf(session), clientInfo(request, clientIp), request.signal);
}

const baseUrl = () => webEnv().VOLTCAST_API_URL.replace(/\/$/, "");

/** The query as before: empty values left out, lists repeated (`status=a&status=b`). */
function querySerializer(query: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === "") continue;
    if (Array.isArray(v)) v.forEach((x) => q.append(k, String(x)));
    else q.set(k, String(v));
  }
  return q.toString();
}

/**
 * Names the page render a call is made for, when the server holding pages records the tables each
 * render reads (api/http/pageReads.ts, decision 0518): it hangs its hook on globalThis, since this
 * bundle is not the server's.
 */
function renderHeader(): Record<string, string> {
  const hook = (globalThis as Record<symbol, unknown>)[Symbol.for("voltcast.pageRenderHook")] as
    | { callHeader(): Record<string, string> }
    | undefined;
  return hook?.callHeader() ?? {};
}

/** The headers every call carries: the visitor's token and what the web app saw of the browser. */
async function visitorHeaders(visitor: ApiVisitor, client: ClientInfo): Promise<Record<string, string>> {
  return {
    authorization: `Bearer ${await webAppToken(webEnv().SESSION_SECRET, visitor)}`,
    // The API is next to us (loopback): compressing its answers only to inflate them here cost both
    // sides CPU on every page (issue 29). What the browser gets is still compressed (server.ts).
    "accept-encoding": "identity",
    ...(client.ip ? { "x-voltcast-client-ip": client.ip } : {}),
    ...(client.agent ? { "x-voltcast-client-agent": client.agent.slice(0, 300) } : {}),
    ...(client.webOrigin ? { "x-voltcast-web-origin": client.webOrigin } : {}),
    ...renderHeader(),
  };
}

/**
 * A client that calls the API as this visitor. `browserGone` (the request's signal) aborts the
 * streams passed on to the browser when it goes away.
 */
export function apiAs(visitor: ApiVisitor, client: ClientInfo = {}, browserGone?: AbortSignal): ApiClient {
  const api = createClient<paths>({ baseUrl: baseUrl(), querySerializer });
  const signIn: Middleware = {
    async onRequest({ request }) {
      for (const [k, v] of Object.entries(await visitorHeaders(visitor, client))) request.headers.set(k, v);
      return request;
    },
  };
  api.use(signIn);

  const call =
    <M extends Method>(method: M): Call<M> =>
    async (path, ...init) => {
      const { data, error, response } = await api.request(method, path as never, ...(init as [never]));
      if (!response.ok) throw new ApiResponseError(response.status, errorBody(error));
      return data as never;
    };

  const stream: StreamCall = async (method, path, ...init) => {
    const upstream = new AbortController();
    const abort = () => upstream.abort();
    browserGone?.addEventListener("abort", abort, { once: true });
    const { error, response } = await api.request(
      method,
      path as never,
      {
        ...(init[0] as object),
        parseAs: "stream",
        signal: upstream.signal,
      } as never,
    );
    if (!response.ok || !response.body) {
      browserGone?.removeEventListener("abort", abort);
      if (response.ok) throw new ApiResponseError(502, { detail: "The API answered without content." });
      throw new ApiResponseError(response.status, errorBody(error));
    }
    const headers = new Headers();
    for (const k of ["content-type", "content-disposition", "content-length", "cache-control"]) {
      const v = response.headers.get(k);
      if (v) headers.set(k, v);
    }
    return passOn(response, abort, () => browserGone?.removeEventListener("abort", abort), headers);
  };

  return {
    GET: call("get"),
    POST: call("post"),
    PUT: call("put"),
    PATCH: call("patch"),
    DELETE: call("delete"),
    stream,
    async passThrough(path, init) {
      const headers = init.authorization
        ? { authorization: init.authorization, ...renderHeader() }
        : await visitorHeaders(visitor, client);
      if (init.body) headers["content-type"] = init.contentType || "application/json";
      return fetch(`${baseUrl()}${path}${init.search ?? ""}`, {
        method: init.method ?? "GET",
        headers,
        body: init.body || undefined,
        signal: browserGone,
      });
    },
  };
}

/** Passes an API response body on to the browser; ends quietly when either side goes away. */
function passOn(res: Response, abort: () => void, done: () => void, headers: Headers): Response {
  const reader = res.body!.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: finished, value } = await reader.read();
        if (finished) {
          done();
          controller.close();
        } else controller.enqueue(value);
      } catch {
        try {
          controller.close();
        } catch {
          // already closed
        }
      }
    },
    cancel() {
      abort();
    },
  });
  return new Response(body, { status: res.status, headers });
}
