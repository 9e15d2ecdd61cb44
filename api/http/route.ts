// Small helpers every router uses: async handlers whose errors reach the error handler,
// and zod validation that answers 400 with the messages of the schema, per field.
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { ZodType, ZodTypeDef } from "zod";
import { ApiError, badRequest } from "./errors.ts";

export function route(handler: (req: Request, res: Response) => Promise<unknown> | unknown): RequestHandler {
  return (req, res, next) => {
    Promise.resolve()
      .then(() => handler(req, res))
      .catch(next);
  };
}

export function parse<T>(schema: ZodType<T, ZodTypeDef, unknown>, data: unknown): T {
  const result = schema.safeParse(data);
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
  console.error("[api] unexpected error", err);
  res.status(500).json({ detail: "Something's not quite right. Please contact a member of the team." });
}
