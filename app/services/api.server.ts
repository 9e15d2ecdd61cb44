// The web app's only way to data: the forecast API, called server-side as the visitor.
import { request as undiciRequest } from "undici";
import { signInternalToken } from "../../api/auth/tokens.ts";
import { webEnv } from "./env.server.ts";
import { getSession } from "./session.server.ts";

export class ApiResponseError extends Error {
  constructor(
    public status: number,
    public body: any,
  ) {
    super(typeof body?.detail === "string" ? body.detail : `API answered ${status}`);
  }
  /** The API's per-field messages (400), for a form's submission.reply({ fieldErrors }). */
  get fieldErrors(): Record<string, string[]> {
    return (this.body?.errors as Record<string, string[]>) ?? {};
  }
}

export interface ApiCall {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Record<string, string | number | boolean | undefined | null | (string | number)[]>;
  body?: unknown;
  /** For uploads: a FormData body is sent as multipart. */
  form?: FormData;
  /** Abort the API call with this (e.g. `request.signal`, for streams passed on to the browser). */
  signal?: AbortSignal;
}

export interface ApiClient {
  json<T = any>(path: string, call?: ApiCall): Promise<T>;
  /** The raw response, for files (zip, csv, xlsx) to stream on to the browser. */
  raw(path: string, call?: ApiCall): Promise<Response>;
}

function url(path: string, query?: ApiCall["query"]) {
  const u = new URL(webEnv().VOLTCAST_API_URL.replace(/\/$/, "") + path);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === "") continue;
    if (Array.isArray(v)) v.forEach((x) => u.searchParams.append(k, String(x)));
    else u.searchParams.set(k, String(v));
  }
  return u.toString();
}

/** A client that calls the API as the visitor of this request (user or anonymous). */
export async function apiFor(request: Request, clientIp?: string): Promise<ApiClient> {
  const session = await getSession(request);
  const subject = {
    userId: session.get("userId") ?? undefined,
    anonymousId: session.get("anonymousId") ?? undefined,
  };
  return apiAs(subject, clientIp);
}

export function apiAs(subject: { userId?: string; anonymousId?: string }, clientIp?: string): ApiClient {
  const headers = (): Record<string, string> => ({
    authorization: `Bearer ${signInternalToken(webEnv().SESSION_SECRET, subject)}`,
    ...(clientIp ? { "x-voltcast-client-ip": clientIp } : {}),
  });
  async function send(path: string, call: ApiCall = {}) {
    const h = headers();
    let body: any;
    if (call.form) {
      body = call.form;
    } else if (call.body !== undefined) {
      h["content-type"] = "application/json";
      body = JSON.stringify(call.body);
    }
    return undiciRequest(url(path, call.query), { method: call.method ?? "GET", headers: h, body });
  }
  return {
    async json(path, call) {
      const res = await send(path, call);
      const text = await res.body.text();
      const data = text ? safeJson(text) : null;
      if (res.statusCode >= 400) throw new ApiResponseError(res.statusCode, data);
      return data;
    },
    async raw(path, call = {}) {
      // The standard fetch gives a web stream that can be handed straight on; it is cancelled
      // (and the API call aborted) when the browser goes away.
      const h = headers();
      let body: BodyInit | undefined;
      if (call.form) body = call.form;
      else if (call.body !== undefined) {
        h["content-type"] = "application/json";
        body = JSON.stringify(call.body);
      }
      const res = await fetch(url(path, call.query), {
        method: call.method ?? "GET",
        headers: h,
        body,
        signal: call.signal,
      });
      const out = new Headers();
      for (const k of ["content-type", "content-disposition", "content-length", "cache-control"]) {
        const v = res.headers.get(k);
        if (v) out.set(k, v);
      }
      return new Response(res.body, { status: res.status, headers: out });
    },
  };
}

function safeJson(text: string) {
  try {
    return JSON.parse(text);
  } catch {
    return { detail: text };
  }
}
