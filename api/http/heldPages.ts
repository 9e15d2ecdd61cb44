// Rendered pages held by the server while nothing they show has changed (issue 29, decision 0515).
// A page is a function of its URL, the visitor's cookie (who they are: session, anonymous id, flash
// messages, remembered filters) and the database. The key is the first two; the database is stood
// for by a change count: every table but the rate-limit counter has a trigger that NOTIFYs
// `voltcast_page_changes` (migration 0515), which PostgreSQL delivers once the writing transaction
// has committed, whoever wrote. Hearing one — or a write request of this server finishing, which
// covers a form post's redirect racing the notice — moves the count, and every page held under an
// older count is never served again. So a held page is never older than the database it was
// rendered from, in any process. What is not in the database (the clock: "3 days old", a session's
// idle limit; world-view files) is covered by an age limit of a few seconds.
// Only plain GETs of HTML (or of JSON: the same loaders answering client navigation, `?_data`)
// answered 200 without Set-Cookie are held, except a first visit's: its only cookie is the new
// anonymous id, which is made afresh for each first visitor (the page itself names no visitor).
// Each answer still gets its own CSP nonce: the held page is kept as the parts between its nonces,
// each also gzipped once, and an answer joins them around its own nonce (decision 0518).
import type { NextFunction, Request, Response } from "express";
import pg from "pg";
import { deflateParts, joinedGzip, type DeflatedPart } from "./joinedGzip.ts";
import { beginReads, endReads, recordingInto, tablesRead } from "./pageReads.ts";

/** A held page lives this long at most: the bound on anything a page shows that is not in the database. */
export const HELD_PAGE_SECONDS = 10;
/** Memory for held pages, least recently used first out. */
const BUDGET_BYTES = 32_000_000;
const CHANNEL = "voltcast_page_changes";
/** The answer header of a held page. */
export const HELD_HEADER = "x-voltcast-held";
/** The session cookie's name (app/services/session.server.ts). */
const SESSION_COOKIE = "__voltcast=";

/**
 * The database's changes heard, as a sequence: each change (a table's notice, or "anything": a
 * write request of this server, listening lost or regained) takes the next number, and the last
 * number of each table is kept, so a page rendered at one number is still good while no table it
 * read has a later one (decision 0518).
 */
export interface PageChanges {
  /** The sequence now; null while not listening (then nothing is held). */
  now(): number | null;
  /** Whether one of `tables` (null: any table) changed after `seq`. */
  changedSince(seq: number, tables: readonly string[] | null): boolean;
  /** A change made by this server (a write request finished): of anything. */
  changed(): void;
  stop(): Promise<void>;
}

/**
 * Listens for the database's change notices (the table's name, migration 0518) on a connection of
 * its own. A lost connection counts as a change of everything (notices may have been missed) and
 * holds nothing until listening again.
 */
export function listenForPageChanges(config: pg.ClientConfig, log: (m: string) => void): PageChanges {
  let seq = 0;
  let lastAll = 0;
  let lastAny = 0;
  const last = new Map<string, number>();
  const all = () => {
    lastAll = lastAny = ++seq;
  };
  const notice = (table: string | undefined) => {
    // An empty notice (a trigger older than 0518) names no table: anything may have changed.
    if (!table) return all();
    lastAny = ++seq;
    last.set(table, seq);
  };
  let listening = false;
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const lost = (e: Error) => {
    all();
    if (listening)
      log(`Held pages: change notices lost (${e.message}); pages are rendered afresh until back`);
    listening = false;
    const c = client;
    client = undefined;
    if (c) {
      c.removeAllListeners();
      // A late error of the dropped connection must not be an unhandled 'error' event.
      c.on("error", () => {});
      c.end().catch(() => {});
    }
    if (!stopped) retry = setTimeout(() => void connect(), 1000);
  };
  async function connect() {
    const c = new pg.Client(config);
    client = c;
    c.on("notification", (n) => notice(n.payload));
    c.on("error", (e) => client === c && lost(e));
    c.on("end", () => client === c && lost(new Error("connection ended")));
    try {
      await c.connect();
      await c.query(`listen ${CHANNEL}`);
      if (client !== c) return;
      all();
      listening = true;
    } catch (e) {
      if (client === c) lost(e as Error);
    }
  }
  void connect();
  return {
    now: () => (listening ? seq : null),
    changedSince: (at, tables) =>
      lastAll > at || (tables === null ? lastAny > at : tables.some((t) => (last.get(t) ?? 0) > at)),
    changed: all,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      listening = false;
      await c?.end().catch(() => {});
    },
  };
}

/**
 * Moves the change count when a request that may write (anything but GET and HEAD, web or API)
 * finishes: its writes have committed by then, and the browser's next request (the redirect after
 * a form post) must not meet a page held from before, even if the database's notice is still on
 * its way.
 */
export function countWrites(changes: PageChanges) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.once("finish", changes.changed);
      res.once("close", changes.changed);
    }
    next();
  };
}

interface HeldPage {
  /** The change sequence when its request arrived, and the tables its render read (null: unknown). */
  seq: number;
  tables: string[] | null;
  at: number;
  /** The answer's text between its CSP nonces (one part when it has none: a `_data` answer). */
  parts: Buffer[];
  /** The same parts compressed once, to be joined with each answer's nonce (decision 0518). */
  deflated: DeflatedPart[];
  /** Memory held. */
  bytes: number;
  headers: [string, string | number | string[]][];
  /** Answered to a first visit: a new anonymous visitor's cookie goes with each answer. */
  firstVisit: boolean;
}

/**
 * The middleware in front of the web app's renderer. `firstVisitCookie` makes a new anonymous
 * visitor's session cookie as the web app does (its entry module exports it).
 */
export function holdPages(
  changes: PageChanges,
  firstVisitCookie: ((overHttps: boolean) => Promise<string>) | undefined,
  { recordingReads = false, now = Date.now }: { recordingReads?: boolean; now?: () => number } = {},
) {
  const held = new Map<string, HeldPage>();
  let total = 0;
  const drop = (key: string) => {
    const p = held.get(key);
    if (!p) return;
    held.delete(key);
    total -= p.bytes;
  };
  const keep = (key: string, page: HeldPage) => {
    drop(key);
    held.set(key, page);
    total += page.bytes;
    for (const k of held.keys()) {
      if (total <= BUDGET_BYTES) break;
      drop(k);
    }
  };

  return async (req: Request, res: Response, next: NextFunction) => {
    const seq = changes.now();
    if (req.method !== "GET" || seq === null) return next();
    const cookie = req.headers.cookie ?? "";
    const firstVisit = !cookie.includes(SESSION_COOKIE);
    if (firstVisit && (!firstVisitCookie || cookie)) return next();
    const key = [
      req.protocol,
      req.headers.host ?? "",
      req.originalUrl,
      cookie,
      req.headers.accept ?? "",
    ].join("\n");
    const nonce = String(res.locals.cspNonce ?? "");
    const page = held.get(key);
    if (page && !changes.changedSince(page.seq, page.tables) && now() - page.at < HELD_PAGE_SECONDS * 1000) {
      // Most recently used last.
      held.delete(key);
      held.set(key, page);
      try {
        for (const [name, value] of page.headers) if (!res.hasHeader(name)) res.setHeader(name, value);
        if (page.firstVisit) res.setHeader("set-cookie", await firstVisitCookie!(req.protocol === "https"));
        // Says the page was not rendered for this request (tests and the bench count them).
        res.setHeader(HELD_HEADER, "1");
      } catch (e) {
        return next(e);
      }
      const between = Buffer.from(nonce);
      // Compressed when held: gzip whenever the client takes it (browsers do), even if it prefers
      // another encoding; the compression middleware leaves an encoded answer alone.
      const gzip = Boolean(req.headers["accept-encoding"]) && req.acceptsEncodings("gzip") === "gzip";
      let body: Buffer;
      if (gzip) {
        body = joinedGzip(page.deflated, between);
        res.setHeader("content-encoding", "gzip");
      } else body = Buffer.concat(page.parts.flatMap((p, i) => (i ? [between, p] : [p])));
      res.setHeader("vary", "Accept-Encoding");
      res.setHeader("content-length", body.length);
      res.status(200).end(body);
      return;
    }
    if (page) drop(key);
    if (!nonce) return next();

    // Rendered now, recording the tables it reads: what is written is kept, and held if it may be.
    const reads = recordingReads ? beginReads() : undefined;
    if (reads) res.once("close", () => endReads(reads));
    const chunks: Buffer[] = [];
    let headers: [string, string | number | string[]][] | undefined;
    const write = res.write.bind(res) as (...a: unknown[]) => boolean;
    const end = res.end.bind(res) as (...a: unknown[]) => Response;
    const take = (chunk: unknown, encoding: unknown) => {
      headers ??= Object.entries(res.getHeaders()).filter(
        (h): h is [string, string | number | string[]] => h[1] !== undefined,
      );
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(
        typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : Buffer.from(chunk as Uint8Array),
      );
    };
    res.write = function (chunk: unknown, ...rest: unknown[]) {
      take(chunk, rest[0]);
      return write(chunk, ...rest);
    } as typeof res.write;
    res.end = function (chunk?: unknown, ...rest: unknown[]) {
      take(chunk, rest[0]);
      const result = end(chunk, ...rest);
      const tables = reads ? tablesRead(reads) : null;
      if (reads) endReads(reads);
      const page = heldPage(res, headers ?? [], chunks, seq, tables, firstVisit, nonce, now());
      if (page) keep(key, page);
      return result;
    } as typeof res.end;
    if (reads) recordingInto(reads, next);
    else next();
  };
}

/** What may be held of a rendered answer, or undefined when it must be rendered every time. */
function heldPage(
  res: Response,
  headers: [string, string | number | string[]][],
  chunks: Buffer[],
  seq: number,
  tables: string[] | null,
  firstVisit: boolean,
  nonce: string,
  at: number,
): HeldPage | undefined {
  if (res.statusCode !== 200) return undefined;
  const type = headers.find(([n]) => n === "content-type")?.[1];
  // Documents, and the same loaders' answers to client navigation (`?_data`, JSON).
  if (typeof type !== "string" || !(type.startsWith("text/html") || type.startsWith("application/json")))
    return undefined;
  const cookies = headers.find(([n]) => n === "set-cookie")?.[1];
  const cookieList = cookies === undefined ? [] : Array.isArray(cookies) ? cookies : [String(cookies)];
  // A first visit sets exactly its new visitor's cookie; anything else set (a flash message read,
  // filters remembered) must happen each time.
  const expected = firstVisit ? 1 : 0;
  if (cookieList.length !== expected || cookieList.some((c) => !c.startsWith(SESSION_COOKIE)))
    return undefined;
  const body = Buffer.concat(chunks);
  const parts: Buffer[] = [];
  const mark = Buffer.from(nonce);
  let from = 0;
  for (let at = body.indexOf(mark); at >= 0; at = body.indexOf(mark, from)) {
    parts.push(body.subarray(from, at));
    from = at + mark.length;
  }
  parts.push(body.subarray(from));
  const deflated = deflateParts(parts, mark.length);
  return {
    seq,
    tables,
    at,
    parts,
    deflated,
    bytes: body.length + deflated.reduce((n, d) => n + d.deflated.length, 0),
    // Those every answer makes for itself (helmet's CSP with its nonce, compression's) are not kept.
    headers: headers.filter(
      ([n]) => !["set-cookie", "content-length", "content-encoding", "content-security-policy"].includes(n),
    ),
    firstVisit,
  };
}
