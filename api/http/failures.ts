// Failures that are not the API's own ApiErrors but still have a right answer other than 500:
// the database being unreachable (503), a request Express could not decode (400), and input the
// database refused as invalid (400) — the last one is a safety net behind the parsing of every
// parameter, logged so that the missing check gets written.
import { ApiError } from "./errors.ts";

/** SQLSTATE classes and codes, and socket errors, that mean "the database is not there right now". */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up or shutting down)
  "53300", // too_many_connections
]);

export const DATABASE_UNAVAILABLE =
  "The database is unavailable at the moment. Please try again in a minute.";

/**
 * The database's own error behind a failed query: drizzle wraps it (DrizzleQueryError, whose
 * `cause` is pg's error with its SQLSTATE `code`); a pg error is returned as it is.
 */
export function databaseError(err: unknown): { code?: string; message?: string } | null {
  if (!err || typeof err !== "object") return null;
  const e = err as { code?: string; message?: string; cause?: unknown };
  if (!e.code && e.cause && typeof e.cause === "object") return databaseError(e.cause);
  return e;
}

/**
 * The words a user may read about an unexpected failure: drizzle's wrapper puts the whole SQL text
 * and its parameters in its message, so a database error is told by the database's own message only.
 */
export function failureText(err: unknown): string {
  return databaseError(err)?.message ?? String(err);
}

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== "object") return false;
  const e = err as { code?: string; message?: string; errors?: unknown[]; cause?: unknown };
  if (e.cause && isDatabaseUnavailable(e.cause)) return true;
  if (e.code && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith("08"))) return true;
  // AggregateError from net.connect when every address refused.
  if (Array.isArray(e.errors) && e.errors.some(isDatabaseUnavailable)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (shutting down|starting up|in recovery mode)/i.test(
    e.message ?? "",
  );
}

/** Input the database refused: bad text encoding (NUL), a value out of range, not a number/uuid/date. */
const INVALID_INPUT_CODES = new Set(["22021", "22P02", "22003", "22007", "22008", "22001", "22P05"]);

let lastOutageLog = 0;
/** One clear line per outage (at most one every 10 s), not a stack trace per request. */
export function logDatabaseUnavailable(err: unknown, where: string) {
  const now = Date.now();
  if (now - lastOutageLog < 10_000) return;
  lastOutageLog = now;
  console.error(`[db] database unavailable (${where}): ${databaseError(err)?.message ?? String(err)}`);
}

/** The answer for an error that is not an ApiError, or null for a genuine 500. */
export function knownFailure(err: unknown, where = "api"): ApiError | null {
  if (!err || typeof err !== "object") return null;
  if (isDatabaseUnavailable(err)) {
    logDatabaseUnavailable(err, where);
    return new ApiError(503, { detail: DATABASE_UNAVAILABLE });
  }
  const e = err as { status?: number; expose?: boolean; code?: string; message?: string };
  // Express and body-parser mark client errors they raise (undecodable path, bad charset…).
  if (
    err instanceof URIError ||
    (typeof e.status === "number" && e.status >= 400 && e.status < 500 && e.expose)
  ) {
    return new ApiError(e.status ?? 400, { detail: "The request could not be read." });
  }
  const db = databaseError(err);
  if (db?.code && INVALID_INPUT_CODES.has(db.code)) {
    console.warn(`[api] input reached the database unchecked (${db.code}): ${db.message}`);
    return new ApiError(400, { detail: "A value in the request is not valid." });
  }
  return null;
}

/**
 * For a process's entry point (server.ts, worker.ts). A queue library may settle a job without
 * awaiting the query (pg-boss 10 did, in manager.js): when the database goes at that moment (an
 * outage, or Ctrl-C stopping PostgreSQL with the app) the rejection is unhandled and would end the
 * process with a stack trace. Such a rejection is logged as the outage it is (the job stays active
 * and its stopped heartbeat or its expiry retries it); any other still ends the process, as by default.
 */
export function outliveDatabaseLossInTheQueue() {
  process.on("unhandledRejection", (reason) => {
    if (isDatabaseUnavailable(reason)) {
      logDatabaseUnavailable(reason, "queue");
      return;
    }
    throw reason;
  });
}
