// Small helpers every router uses: async handlers whose errors reach the error handler,
// and zod validation that answers 400 with the messages of the schema, per field.
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { z, type ZodErrorMap, type ZodType, type ZodTypeDef } from "zod";
import { ApiError, badRequest } from "./errors.ts";
import { knownFailure } from "./failures.ts";

export function route(handler: (req: Request, res: Response) => Promise<unknown> | unknown): RequestHandler {
  return (req, res, next) => {
    Promise.resolve()
      .then(() => handler(req, res))
      .catch(next);
  };
}

const fieldName = (path: (string | number)[]) => (path.length ? path.join(".") : "The request");

/**
 * zod's own texts ("Expected number, received nan") in plain words naming the field; the messages
 * our schemas give (the spec's texts) are kept as they are.
 */
export const plainMessages: ZodErrorMap = (issue, ctx) => {
  if (ctx.defaultError !== z.defaultErrorMap(issue, ctx).message) return { message: ctx.defaultError };
  const f = fieldName(issue.path);
  switch (issue.code) {
    case "invalid_type":
      if (issue.received === "undefined") return { message: `${f} is required.` };
      if (issue.expected === "integer") return { message: `${f} should be a whole number.` };
      if (issue.expected === "number") return { message: `${f} should be a number.` };
      return { message: `${f} should be ${/^[aeiou]/.test(issue.expected) ? "an" : "a"} ${issue.expected}.` };
    case "invalid_enum_value":
      return { message: `${f} should be one of: ${issue.options.join(", ")}.` };
    case "invalid_literal":
      return { message: `${f} should be ${JSON.stringify(issue.expected)}.` };
    case "too_small":
      if (issue.type === "string") return { message: `${f} should be at least ${issue.minimum} characters.` };
      if (issue.type === "array") return { message: `${f} should have at least ${issue.minimum} items.` };
      return { message: `${f} should be ${issue.inclusive ? "at least" : "more than"} ${issue.minimum}.` };
    case "too_big":
      if (issue.type === "string") return { message: `${f} should be at most ${issue.maximum} characters.` };
      if (issue.type === "array") return { message: `${f} should have at most ${issue.maximum} items.` };
      return { message: `${f} should be ${issue.inclusive ? "at most" : "less than"} ${issue.maximum}.` };
    case "not_multiple_of":
      return { message: `${f} should be a multiple of ${issue.multipleOf}.` };
    case "invalid_string":
      return typeof issue.validation === "string" && issue.validation !== "regex"
        ? { message: `${f} is not a valid ${issue.validation}.` }
        : { message: `${f} is not in the expected format.` };
    case "unrecognized_keys":
      return { message: `${f} has fields that are not known: ${issue.keys.join(", ")}.` };
    default:
      return { message: `${f} is not valid.` };
  }
};

export function parse<T>(schema: ZodType<T, ZodTypeDef, unknown>, data: unknown): T {
  const result = schema.safeParse(data, { errorMap: plainMessages });
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join(".") || "_form";
    (errors[field] ??= []).push(issue.message);
  }
  throw badRequest(errors);
}

export function errorHandler(err: unknown, _req: Request, res: Response, _next: NextFunction) {
  if (err instanceof ApiError) {
    res.status(err.status).json(err.body);
    return;
  }
  if (
    err &&
    typeof err === "object" &&
    "type" in err &&
    (err as { type: string }).type === "entity.parse.failed"
  ) {
    res.status(400).json({ detail: "The request body is not valid JSON." });
    return;
  }
  if (
    err &&
    typeof err === "object" &&
    "type" in err &&
    (err as { type: string }).type === "entity.too.large"
  ) {
    res.status(413).json({ detail: "The request body is too large." });
    return;
  }
  const known = knownFailure(err);
  if (known) {
    if (known.status === 503) res.setHeader("retry-after", "30");
    res.status(known.status).json(known.body);
    return;
  }
  console.error("[api] unexpected error", err);
  res.status(500).json({ detail: "Something's not quite right. Please contact a member of the team." });
}
