// The API description, generated from the same zod schemas the handlers validate with.
// Each router registers its paths here with `describe(...)`; served at /api/v1/openapi.json and /api/v1/docs.
// Every operation documents its success response and every error status it sends, in one error shape;
// the integration tests check each response against it (api/contract.ts).
import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import type { ZodTypeAny } from "zod";
import { z } from "./zod.ts";
import { API_CHANGELOG } from "./changelog.ts";
import { keyCallsPerMinute } from "./http/rateLimit.ts";

export const registry = new OpenAPIRegistry();
registry.registerComponent("securitySchemes", "bearer", {
  type: "http",
  scheme: "bearer",
  description:
    "A personal API key (create one on your profile page, or `npm run admin -- create-api-key EMAIL`).",
});

/** The one error shape of the API (api/http/errors.ts). */
export const ErrorBody = z
  .object({
    detail: z.string().describe("What went wrong, in plain words."),
    errors: z
      .record(z.array(z.string()))
      .optional()
      .describe(
        "Per field (a dotted path for nested fields, `_form` for the request as a whole): its messages.",
      ),
    subscription: z
      .object({ key: z.string(), name: z.string() })
      .optional()
      .describe("403 only: the subscription that would allow this."),
    retryAfterSeconds: z
      .number()
      .int()
      .optional()
      .describe("429 only: seconds to wait before trying again (also the `Retry-After` header)."),
    user_id: z
      .string()
      .optional()
      .describe("400 on an anonymous download without a user id: a fresh id to retry with."),
  })
  .openapi("Error", { description: "Every error the API sends has this shape." });

const ERROR_TEXTS: Record<number, string> = {
  400: "Invalid input: `errors` names each field that is wrong, with its messages.",
  401: "Not logged in, or the API key is not valid.",
  403: "A subscription or a permission is missing (`subscription` names it when it is a subscription), or the API key lacks the scope.",
  404: "Not found, or not yours.",
  409: "In conflict with what exists (`errors` names the field).",
  413: "The request body is too large.",
  429: "Too many requests (per API key, see the description): wait the `Retry-After` seconds.",
  503: "Not available for a moment (the database or a data source): try again shortly.",
};

/** A file or stream response: its content type. */
export interface FileResponse {
  file: string;
  description?: string;
}
export type ResponseSpec = ZodTypeAny | FileResponse | "empty";

interface Describe {
  method: RouteConfig["method"];
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** Defaults to the method and path in camelCase (getForecastRunLibraryById). */
  operationId?: string;
  query?: z.AnyZodObject;
  params?: z.AnyZodObject;
  body?: ZodTypeAny;
  /** How the body is sent: JSON, or a form with a file (uploads). */
  bodyType?: "application/json" | "multipart/form-data";
  /** The success response: a JSON schema, a file's content type, or "empty" (204). */
  response: ResponseSpec;
  status?: number;
  /** Headers of the success response: name → what it says (e.g. `Location` of a created run). */
  headers?: Record<string, { description: string; type?: "string" | "integer" }>;
  /**
   * Error statuses it sends besides those every operation may send: 401 (bad key), 403 (a key
   * without the scope) and 429 (rate limit) always; unless `standalone`, 400 (every request's query
   * and body are checked: a NUL character, a body that is not JSON) and 503 (database
   * unavailable); 404 with params; 413 with a body or a method that carries one.
   */
  errors?: number[];
  /**
   * Answers carry an ETag and a request with If-None-Match naming it is answered 304 without a
   * body (api/http/conditional.ts).
   */
  conditional?: true;
  /** Served before the API's checks and without the database (the description itself): no 400, 413 or 503. */
  standalone?: true;
}

/** A documented operation, kept for checking responses against the contract (api/contract.ts). */
export interface Operation {
  method: string;
  path: string;
  operationId: string;
  pattern: RegExp;
  /** Literal (non-parameter) path segments: the most literal match wins. */
  literals: number;
  responses: Map<number, ResponseSpec>;
}
export const operations: Operation[] = [];

export function operationIdFor(method: string, path: string): string {
  const words = path
    .split("/")
    .filter(Boolean)
    .flatMap((seg) => {
      const param = /^[:{](\w+)/.exec(seg);
      return param ? ["by", param[1]] : seg.split(/[^a-zA-Z0-9]+/);
    })
    .filter(Boolean);
  return [method.toLowerCase(), ...words]
    .map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1)))
    .join("");
}

function content(spec: ResponseSpec, status: number) {
  if (spec === "empty") return { description: "Done; no content." };
  if ("file" in spec && typeof spec.file === "string")
    return {
      description: spec.description ?? "A file",
      content: { [spec.file]: { schema: z.string().openapi({ format: "binary" }) } },
    };
  return {
    description: status === 201 ? "Created" : "OK",
    content: { "application/json": { schema: spec as ZodTypeAny } },
  };
}

/** Register one path of the API (paths written Express-style, `:id`). */
export function describe(d: Describe) {
  const status = d.status ?? 200;
  const path = d.path.replace(/:(\w+)(\([^)]*\))?/g, "{$1}");
  const operationId = d.operationId ?? operationIdFor(d.method, path);
  const errors = new Set<number>([401, 403, 429, ...(d.errors ?? [])]);
  if (d.params) errors.add(404);
  if (!d.standalone) {
    // Before any route (api/app.ts): a NUL character anywhere or a body that is not JSON is 400,
    // a JSON body over 5 MB is 413; who is calling is looked up in the database, so while it is
    // down every route answers 503 with Retry-After (api/http/failures.ts).
    errors.add(400);
    errors.add(503);
    if (d.body || ["post", "put", "patch"].includes(d.method)) errors.add(413);
  }
  const headers = d.conditional
    ? {
        ...d.headers,
        ETag: {
          description:
            "The answer's version: send it back in If-None-Match to be answered 304 while it holds",
        },
      }
    : d.headers;
  const success = content(d.response, status);
  const responses: Record<string, unknown> = {
    [status]: headers
      ? {
          ...success,
          headers: Object.fromEntries(
            Object.entries(headers).map(([name, h]) => [
              name,
              { description: h.description, schema: { type: h.type ?? "string" } },
            ]),
          ),
        }
      : success,
  };
  const kept = new Map<number, ResponseSpec>([[status, d.response]]);
  if (d.conditional) {
    responses[304] = { description: "Not modified: the If-None-Match tag is still current; no body." };
    kept.set(304, "empty");
  }
  for (const e of [...errors].sort()) {
    responses[e] = {
      description: ERROR_TEXTS[e] ?? "An error",
      ...(e === 429 || e === 503
        ? {
            headers: {
              "Retry-After": { description: "Seconds to wait", schema: { type: "integer" } },
            },
          }
        : {}),
      content: { "application/json": { schema: ErrorBody } },
    };
    kept.set(e, ErrorBody);
  }
  registry.registerPath({
    method: d.method,
    path,
    operationId,
    tags: [d.tag],
    summary: d.summary,
    description: d.description,
    security: [{ bearer: [] }],
    request: {
      query: d.query,
      params: d.params,
      body: d.body
        ? { required: true, content: { [d.bodyType ?? "application/json"]: { schema: d.body } } }
        : undefined,
    },
    responses: responses as RouteConfig["responses"],
  });
  const segments = path.split("/");
  operations.push({
    method: d.method.toUpperCase(),
    path,
    operationId,
    pattern: new RegExp(
      "^" +
        segments
          .map((s) => (/^\{\w+\}$/.test(s) ? "[^/]+" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
          .join("/")
          .replace(/\/$/, "") +
        // Express routes match with or without the trailing slash.
        "/?$",
    ),
    literals: segments.filter((s) => s && !s.startsWith("{")).length,
    responses: kept,
  });
}

/** The documented operation a request reaches (the most literal path that matches), if any. */
export function operationFor(method: string, urlPath: string): Operation | undefined {
  const p = urlPath.split("?")[0];
  return operations
    .filter((o) => o.method === method.toUpperCase() && o.pattern.test(p))
    .sort((a, b) => b.literals - a.literals)[0];
}

/** Built once for each rate limit it states (one per process, except where tests share a process). */
let cached: { limit: number; document: object } | undefined;
export function openApiDocument(): object {
  const limit = keyCallsPerMinute();
  if (cached?.limit !== limit) cached = { limit, document: describeApi(limit) };
  return cached.document;
}

function describeApi(limit: number): object {
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Voltcast API",
      version: API_CHANGELOG[0].version,
      description: [
        "Energy-market data, world views and BESS revenue forecasts.",
        "",
        "Authenticate with `Authorization: Bearer <API key>` (create a key on your profile page).",
        "Every error has one shape, `{ detail, errors? }`: `errors` names each field that is wrong.",
        "A request whose URL and headers together pass 16 KB is refused by the HTTP server itself (431, no body).",
        "",
        `Rate limit: ${limit} calls a minute per API key; beyond it the API answers 429 with \`Retry-After\` (seconds). Every answer to a key carries \`RateLimit-Limit\` and \`RateLimit-Remaining\`.`,
        "",
        "## Changelog",
        "",
        ...API_CHANGELOG.flatMap((c) => [
          `### ${c.version} (${c.date})`,
          "",
          ...c.changes.map((x) => `- ${x}`),
          "",
        ]),
      ].join("\n"),
      license: { name: "Proprietary", identifier: "LicenseRef-Voltcast" },
    },
    servers: [{ url: "/api/v1" }],
  });
}
