// Checks a response against the API description: the status must be documented for the operation,
// and a JSON body must match its schema exactly (no undocumented keys). The integration tests run
// every API call through this (tests/support/backend.ts), so the description cannot drift.
import { z, type ZodTypeAny } from "zod";
import { operationFor, type ResponseSpec } from "./openapi.ts";

const strictCache = new WeakMap<ZodTypeAny, ZodTypeAny>();

/** The same schema with every object closed to keys it does not name (unless it passes extra keys on). */
export function strictly(s: ZodTypeAny): ZodTypeAny {
  const hit = strictCache.get(s);
  if (hit) return hit;
  const out = makeStrict(s);
  strictCache.set(s, out);
  return out;
}

function makeStrict(s: ZodTypeAny): ZodTypeAny {
  if (s instanceof z.ZodObject) {
    const shape: Record<string, ZodTypeAny> = {};
    for (const [k, v] of Object.entries(s.shape as Record<string, ZodTypeAny>)) shape[k] = strictly(v);
    const o = z.object(shape);
    const catchall = s._def.catchall as ZodTypeAny;
    if (!(catchall instanceof z.ZodNever)) return o.catchall(strictly(catchall));
    return s._def.unknownKeys === "passthrough" ? o.passthrough() : o.strict();
  }
  if (s instanceof z.ZodArray) return z.array(strictly(s.element));
  if (s instanceof z.ZodOptional) return strictly(s.unwrap()).optional();
  if (s instanceof z.ZodNullable) return strictly(s.unwrap()).nullable();
  if (s instanceof z.ZodDefault) return strictly(s._def.innerType).optional();
  if (s instanceof z.ZodUnion || s instanceof z.ZodDiscriminatedUnion) {
    const options = [...(s.options as ZodTypeAny[])].map(strictly);
    return z.union(options as [ZodTypeAny, ZodTypeAny, ...ZodTypeAny[]]);
  }
  if (s instanceof z.ZodRecord) return z.record(s.keySchema, strictly(s.valueSchema));
  if (s instanceof z.ZodEffects) return strictly(s.innerType());
  if (s instanceof z.ZodLazy) return z.lazy(() => strictly(s.schema));
  if (s instanceof z.ZodTuple) return z.tuple(s.items.map(strictly) as [ZodTypeAny, ...ZodTypeAny[]]);
  return s;
}

function bodyDrift(spec: ResponseSpec, contentType: string, body: unknown): string | null {
  if (spec === "empty") return body === null || body === undefined ? null : "a body where none is documented";
  if ("file" in spec && typeof spec.file === "string") {
    const want = spec.file.split(";")[0];
    return contentType.startsWith(want)
      ? null
      : `content type ${contentType || "(none)"}, documented ${want}`;
  }
  if (!contentType.includes("json")) return `content type ${contentType || "(none)"}, documented JSON`;
  const r = strictly(spec as ZodTypeAny).safeParse(body);
  if (r.success) return null;
  return r.error.issues
    .slice(0, 8)
    .map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`)
    .join("; ");
}

/** What is wrong with a response, or null when it is as documented. */
export function responseDrift(
  method: string,
  urlPath: string,
  status: number,
  contentType: string,
  body: unknown,
): string | null {
  const op = operationFor(method, urlPath);
  if (!op) return status === 404 ? null : `no documented operation for ${method.toUpperCase()} ${urlPath}`;
  const spec = op.responses.get(status);
  if (!spec)
    return `${op.operationId} answered ${status}, documented: ${[...op.responses.keys()].join(", ")}`;
  const drift = bodyDrift(spec, contentType, body);
  return drift && `${op.operationId} ${status}: ${drift}`;
}
