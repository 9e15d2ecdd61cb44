// The API description is complete: every route the API serves is documented, and every operation
// has an operationId, a success response with its schema, and its errors in the one error shape.
import { describe, expect, it } from "vitest";
import type express from "express";
import { createApi } from "../../api/app.ts";
import type { ApiContext } from "../../api/http/context.ts";
import { openApiDocument, operationFor } from "../../api/openapi.ts";
import { plainMessages } from "../../api/http/route.ts";
import { z } from "zod";

interface Op {
  operationId?: string;
  summary?: string;
  parameters?: { in: string }[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}
const doc = openApiDocument() as { paths: Record<string, Record<string, Op>> };
const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ path, method, op })),
);

/** Every (method, path) the Express routers answer, with `:param(a|b)` alternatives spelled out. */
function servedRoutes(): { method: string; path: string }[] {
  // The routers only touch the context inside handlers.
  const api = createApi({} as ApiContext) as express.Router & { stack: any[] };
  const out: { method: string; path: string }[] = [];
  const visit = (stack: any[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths: string[] = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const p of paths)
          for (const m of Object.keys(layer.route.methods)) {
            const alt = /:(\w+)\(([\w|-]+)\)/.exec(p);
            const expanded = alt ? alt[2].split("|").map((v) => p.replace(alt[0], v)) : [p];
            for (const e of expanded) out.push({ method: m.toUpperCase(), path: e });
          }
      } else if (layer.handle?.stack) visit(layer.handle.stack);
    }
  };
  visit(api.stack);
  return out;
}

describe("the API description", () => {
  it("documents every route the API serves", () => {
    const undocumented = servedRoutes()
      .map(({ method, path }) => ({
        method,
        path,
        // A concrete path for matching: parameters become a sample value.
        sample: path.replace(/:(\w+)(\([^)]*\))?/g, "00000000-0000-0000-0000-000000000000"),
      }))
      .filter((r) => !operationFor(r.method, r.sample))
      .map((r) => `${r.method} ${r.path}`);
    expect(undocumented).toEqual([]);
  });

  it("has an operationId on every operation, each one unique", () => {
    expect(ops.length).toBeGreaterThan(100);
    const missing = ops.filter((o) => !o.op.operationId).map((o) => `${o.method} ${o.path}`);
    expect(missing).toEqual([]);
    const ids = ops.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("documents a success response with its body for every operation", () => {
    const bad = ops
      .filter(({ op }) => {
        const ok = Object.entries(op.responses).filter(([s]) => /^2/.test(s));
        if (ok.length !== 1) return true;
        const [status, r] = ok[0];
        return status === "204" ? !!r.content : !r.content || !Object.values(r.content)[0]?.schema;
      })
      .map((o) => `${o.method} ${o.path}`);
    expect(bad).toEqual([]);
  });

  it("documents every error in the one error shape, with 401, 403 and 429 everywhere", () => {
    const bad: string[] = [];
    for (const { path, method, op } of ops) {
      for (const s of ["401", "403", "429"]) if (!op.responses[s]) bad.push(`${method} ${path}: no ${s}`);
      for (const [status, r] of Object.entries(op.responses)) {
        if (!/^[45]/.test(status)) continue;
        if (r.content?.["application/json"]?.schema?.$ref !== "#/components/schemas/Error")
          bad.push(`${method} ${path}: ${status} not in the error shape`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("documents the errors each operation can send: 400 and 503 on all, 404 with a path id, 413 with a body", () => {
    const bad: string[] = [];
    // Served before the API's checks and without the database: the description and its page.
    const standalone = (path: string) => path === "/openapi.json" || path.startsWith("/docs");
    for (const { path, method, op } of ops) {
      const want: string[] = [];
      const inPath = (op.parameters ?? []).some((p) => p.in === "path");
      if (!standalone(path)) want.push("400", "503");
      if (inPath) want.push("404");
      if (op.requestBody || (!standalone(path) && ["post", "put", "patch"].includes(method)))
        want.push("413");
      for (const s of want) if (!op.responses[s]) bad.push(`${method} ${path}: no ${s}`);
      if (standalone(path))
        for (const s of ["400", "413", "503"])
          if (op.responses[s]) bad.push(`${method} ${path}: ${s} it cannot send`);
      for (const s of ["429", "503"].filter((x) => op.responses[x]))
        if (!(op.responses[s] as { headers?: Record<string, unknown> }).headers?.["Retry-After"])
          bad.push(`${method} ${path}: ${s} without Retry-After`);
    }
    expect(bad).toEqual([]);
  });
});

describe("input errors in plain words", () => {
  it("names the field instead of zod's own text", () => {
    const Q = z.object({ limit: z.coerce.number().int().min(1).max(100), kind: z.enum(["a", "b"]) });
    const r = Q.safeParse({ limit: "abc", kind: "c" }, { errorMap: plainMessages });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toEqual(["limit should be a number.", "kind should be one of: a, b."]);
  });

  it("keeps the messages a schema gives (the spec's texts)", () => {
    const Q = z.object({ n: z.number().max(5, "Please enter a value between 1 - 5.") });
    const r = Q.safeParse({ n: 9 }, { errorMap: plainMessages });
    expect(r.error!.issues[0].message).toBe("Please enter a value between 1 - 5.");
  });
});
