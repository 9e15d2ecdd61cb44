// The API description, generated from the same zod schemas the handlers validate with.
// Each router registers its paths here with `describe(...)`; served at /api/v1/openapi.json and /api/v1/docs.
import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import type { ZodTypeAny } from "zod";
import { z } from "./zod.ts";

export const registry = new OpenAPIRegistry();
registry.registerComponent("securitySchemes", "bearer", {
  type: "http",
  scheme: "bearer",
  description:
    "A personal API key (create one on your profile page, or `npm run admin -- create-api-key EMAIL`).",
});

const ErrorBody = z.object({ detail: z.string(), errors: z.record(z.array(z.string())).optional() });

interface Describe {
  method: RouteConfig["method"];
  path: string;
  tag: string;
  summary: string;
  description?: string;
  query?: z.AnyZodObject;
  params?: z.AnyZodObject;
  body?: ZodTypeAny;
  /** JSON response schema, or a content type for files (zip, csv, xlsx). */
  response?: ZodTypeAny | { file: string };
  status?: number;
}

/** Register one path of the API (paths written Express-style, `:id`). */
export function describe(d: Describe) {
  const status = d.status ?? 200;
  const ok =
    d.response && "file" in d.response
      ? {
          description: "A file",
          content: { [d.response.file]: { schema: z.string().openapi({ format: "binary" }) } },
        }
      : d.response
        ? { description: "OK", content: { "application/json": { schema: d.response as ZodTypeAny } } }
        : { description: "OK" };
  registry.registerPath({
    method: d.method,
    path: d.path.replace(/:(\w+)/g, "{$1}"),
    tags: [d.tag],
    summary: d.summary,
    description: d.description,
    security: [{ bearer: [] }],
    request: {
      query: d.query,
      params: d.params,
      body: d.body ? { content: { "application/json": { schema: d.body } } } : undefined,
    },
    responses: {
      [status]: ok,
      400: {
        description: "Invalid input, per field",
        content: { "application/json": { schema: ErrorBody } },
      },
      401: { description: "Not logged in or bad key" },
      403: { description: "A subscription or permission is missing" },
    },
  });
}

let cached: object | undefined;
export function openApiDocument(): object {
  cached ??= new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Voltcast API",
      version: "1",
      description:
        "Energy-market data, world views and BESS revenue forecasts. Authenticate with `Authorization: Bearer <API key>`.",
    },
    servers: [{ url: "/api/v1" }],
  });
  return cached;
}
