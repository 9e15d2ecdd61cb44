// Checks every request passes before any handler: no NUL character anywhere (PostgreSQL cannot
// store one in text, and no field of Voltcast's needs one), and parsers for path ids and paging
// that turn hostile values into the right 4xx instead of a database error.
import type { NextFunction, Request, Response } from "express";
import { z } from "zod";
import { badRequest } from "./errors.ts";

export const NUL_MESSAGE = "This field may not contain a NUL character.";

function nulFields(value: unknown, path: string, out: string[], depth = 0): void {
  if (depth > 32 || out.length >= 10) return;
  if (typeof value === "string") {
    if (value.includes("\u0000")) out.push(path || "_form");
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => nulFields(v, path ? `${path}.${i}` : String(i), out, depth + 1));
  } else if (value && typeof value === "object" && !Buffer.isBuffer(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes("\u0000")) out.push(path || "_form");
      nulFields(v, path ? `${path}.${k}` : k, out, depth + 1);
    }
  }
}

/** 400 naming the field when a path, query value or JSON body string holds a NUL character. */
export function rejectNul(req: Request, _res: Response, next: NextFunction) {
  const fields: string[] = [];
  if (/%00/.test(req.path) || req.path.includes("\u0000")) fields.push("path");
  nulFields(req.query, "", fields);
  nulFields(req.body, "", fields);
  if (!fields.length) return next();
  next(badRequest(Object.fromEntries(fields.map((f) => [f, [NUL_MESSAGE]])), NUL_MESSAGE));
}

/** The row offset of a page: a whole number from 0 to 1 000 000 (no `1e308`). */
export const offsetSchema = z.coerce
  .number({ invalid_type_error: "The offset should be a number" })
  .int("The offset should be a whole number")
  .min(0, "The offset should be 0 or more")
  .max(1_000_000, "The offset should be at most 1000000")
  .default(0);
