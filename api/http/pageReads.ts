// The tables a page's render read (held pages, decision 0518), so that a held page is dropped only
// when one of them changes. A render runs in an async context of its own; the web app's calls to
// the API carry its id in a header (the web app is a separate bundle in the same process: it finds
// `callHeader` on globalThis), the API enters the same context for them, and every query sent by
// a pg client in this process adds the tables its text names. Calls that left the render without
// reaching this process's API (VOLTCAST_API_URL elsewhere, a failed connection) make the reads
// unknown: such a page is dropped by any change, as before.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import pg from "pg";

/** The header that names the render an API call is made for. */
const HEADER = "x-voltcast-page-render";

interface PageReads {
  id: string;
  tables: Set<string>;
  /** API calls made by the render / arrived at this process's API. */
  made: number;
  arrived: number;
}

const storage = new AsyncLocalStorage<PageReads>();
const rendering = new Map<string, PageReads>();

/** The web app's side: the header to put on an API call made while rendering (counted). */
interface RenderHook {
  callHeader(): Record<string, string>;
}
const HOOK = Symbol.for("voltcast.pageRenderHook");

/** A render's record, begun; `endReads` when its answer has finished. */
export function beginReads(): PageReads {
  const reads: PageReads = { id: randomUUID(), tables: new Set(), made: 0, arrived: 0 };
  rendering.set(reads.id, reads);
  return reads;
}

/** Runs `fn` (the render) recording what it reads into `reads`. */
export function recordingInto(reads: PageReads, fn: () => void) {
  storage.run(reads, fn);
}

export function endReads(reads: PageReads) {
  rendering.delete(reads.id);
}

/** The tables the render read, or null when some of its API calls were not seen here. */
export function tablesRead(reads: PageReads): string[] | null {
  return reads.made === reads.arrived ? [...reads.tables] : null;
}

/** The API's side: a call made for a render runs in that render's context (first middleware). */
export function attributeApiCalls(req: Request, _res: Response, next: NextFunction) {
  const id = req.headers[HEADER];
  const reads = typeof id === "string" ? rendering.get(id) : undefined;
  if (!reads) return next();
  reads.arrived++;
  storage.run(reads, next);
}

let known: Set<string> | undefined;
const namesOf = new Map<string, string[]>();

/** The known tables a query's text names (cached by text: drizzle sends the same texts again). */
function tablesIn(text: string): string[] {
  let names = namesOf.get(text);
  if (!names) {
    names = [...new Set(text.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? [])].filter((w) => known!.has(w));
    if (namesOf.size > 10_000) namesOf.clear();
    namesOf.set(text, names);
  }
  return names;
}

/**
 * Starts recording: every pg client of this process adds the tables named by a query sent inside a
 * render's context. `tables`: the database's tables (those with the change trigger).
 */
export function trackPageReads(tables: readonly string[]) {
  known = new Set(tables);
  if (!(globalThis as Record<symbol, unknown>)[HOOK]) {
    // The pool's query is noted where it is called: a query queued for a free connection is sent
    // later from whichever context released one (pg-pool binds no context), where the client's
    // own query may note it to another render too — more tables, never fewer.
    for (const proto of [pg.Pool.prototype, pg.Client.prototype] as {
      query: (...a: unknown[]) => unknown;
    }[]) {
      const query = proto.query;
      proto.query = function (this: unknown, ...args: unknown[]) {
        const reads = storage.getStore();
        if (reads) {
          const q = args[0];
          const text = typeof q === "string" ? q : (q as { text?: unknown } | null)?.text;
          if (typeof text === "string") for (const t of tablesIn(text)) reads.tables.add(t);
          // A query whose text is not seen could read anything: the reads are unknown.
          else reads.made = Number.NaN;
        }
        return query.apply(this, args);
      };
    }
  }
  const hook: RenderHook = {
    callHeader(): Record<string, string> {
      const reads = storage.getStore();
      if (!reads) return {};
      reads.made++;
      return { [HEADER]: reads.id };
    },
  };
  (globalThis as Record<symbol, unknown>)[HOOK] = hook;
}
