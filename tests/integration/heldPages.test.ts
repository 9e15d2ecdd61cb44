// Held pages (issue 29, decision 0515) on the compiled production server: a page asked for again is
// answered from what was rendered, but never another visitor's, and never older than the database —
// a write by another process (a direct SQL update, an import from a test process), a log-out, a
// form post's redirect each show at once. Each answer has its own CSP nonce; each first visitor
// gets an anonymous id of their own.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../api/db/database.ts";
import { createDb, createPool } from "../../api/db/client.ts";
import { storeSeries } from "../../api/datasets/store.ts";
import { HELD_HEADER } from "../../api/http/heldPages.ts";
import { createTestDatabase, testServer } from "../support/backend.ts";
import { COMPILED_SERVER, stopServer } from "../support/compiled.ts";
import { waitFor } from "../support/waitFor.ts";

const PRO = "pro@voltcast.local";
const FREE = "free@voltcast.local";
const PASSWORD = "voltcast-demo";

let server: Awaited<ReturnType<typeof testServer>>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: ReturnType<typeof createPool>;
let child: ChildProcess;
let log = "";
let base: string;

const get = (p: string, cookie?: string) =>
  fetch(base + p, { headers: cookie ? { cookie } : {}, redirect: "manual" });

function post(p: string, fields: Record<string, string>, cookie?: string) {
  return fetch(base + p, {
    method: "POST",
    headers: {
      origin: base,
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** Logged in as a browser is: the log-in page first (its cookie names the visitor), then the form. */
async function logIn(email: string): Promise<string> {
  const visitor = cookieOf(await get("/login"));
  const res = await post("/login", { email, password: PASSWORD, redirectTo: "/" }, visitor);
  expect(res.status, log).toBe(302);
  return cookieOf(res);
}

/**
 * A page asked for until it is answered from a held page (at most five times): the database's
 * notices of earlier writes (the log-in's) may still arrive while the first answer is rendered,
 * and a page rendered across a change is never held.
 */
async function heldAnswer(p: string, cookie?: string) {
  for (let i = 0; i < 5; i++) {
    const res = await get(p, cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    if (res.headers.get(HELD_HEADER) === "1") return { res, html };
    await sleep(100);
  }
  throw new Error(`${p} was never answered from a held page`);
}

/**
 * The database's notice of a write by another process arrives a moment after its commit: the
 * page is asked for until it shows `text`, for a few seconds at most — well within the held
 * pages' 10 s age limit, so only the notice can make it pass.
 */
const NOTICE_SECONDS = 3;
async function pageShowing(p: string, cookie: string, text: string) {
  return waitFor(
    `${p} to show ${text}`,
    async () => {
      const res = await get(p, cookie);
      return (await res.clone().text()).includes(text) && res;
    },
    NOTICE_SECONDS,
  );
}

/** The page's script nonces and the one its Content-Security-Policy allows. */
function nonces(res: Response, html: string) {
  const allowed = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
  const used = new Set([...html.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((m) => m[1]));
  return { allowed, used: [...used] };
}

beforeAll(async () => {
  server = await testServer();
  database = await createTestDatabase(server.adminUrl);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [COMPILED_SERVER], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: database.url,
      VOLTCAST_DATA_DIR: mkdtempSync(path.join(tmpdir(), "voltcast-held-pages-")),
      SESSION_SECRET: randomBytes(32).toString("hex"),
      VOLTCAST_SEED_DEMO: "true",
      VOLTCAST_SEED_DATASETS: "off",
      VOLTCAST_SEED_LIBRARY_RUNS: "false",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  await waitFor("the app to start", async () => (await fetch(`${base}/healthz`)).ok, 180, {
    retry: () => true,
    detail: () => log,
  });
  pool = createPool(database.url, 2);
}, 300_000);

afterAll(async () => {
  await pool?.end();
  await stopServer(child);
  await database?.drop();
  await server?.stop();
});

describe("held pages", () => {
  it("a page asked for again is held, with a nonce of its own that its CSP allows", async () => {
    const cookie = await logIn(PRO);
    const first = await get("/", cookie);
    const firstHtml = await first.text();
    const { res, html } = await heldAnswer("/", cookie);
    expect(res.headers.get(HELD_HEADER)).toBe("1");
    const a = nonces(first, firstHtml);
    const b = nonces(res, html);
    expect(b.used).toEqual([b.allowed]);
    expect(a.used).toEqual([a.allowed]);
    expect(b.allowed).not.toBe(a.allowed);
    // The same page otherwise.
    expect(html.replaceAll(b.allowed!, "")).toBe(firstHtml.replaceAll(a.allowed!, ""));
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a held page is the same text gzipped (joined around its nonce) or not", async () => {
    const cookie = await logIn(FREE);
    const page = "/library/databooks";
    await heldAnswer(page, cookie);
    const zipped = await get(page, cookie);
    const plain = await fetch(base + page, { headers: { cookie, "accept-encoding": "identity" } });
    for (const res of [zipped, plain]) expect(res.headers.get(HELD_HEADER)).toBe("1");
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(zipped.headers.get("vary")).toMatch(/accept-encoding/i);
    const [z, p] = [await zipped.text(), await plain.text()];
    const nz = nonces(zipped, z);
    const np = nonces(plain, p);
    expect(nz.used).toEqual([nz.allowed]);
    expect(np.used).toEqual([np.allowed]);
    expect(z.replaceAll(nz.allowed!, "")).toBe(p.replaceAll(np.allowed!, ""));
  });

  it("a loader's answer to client navigation (?_data) is held, and a change shows at once", async () => {
    const cookie = await logIn(PRO);
    const p = "/?_data=root";
    const held = await heldAnswer(p, cookie);
    expect(held.res.headers.get("content-type")).toMatch(/^application\/json/);
    const newName = `Renamed ${randomBytes(4).toString("hex")}`;
    expect(held.html).not.toContain(newName);
    await pool.query("update users set full_name = $1 where email = $2", [newName, PRO]);
    await pageShowing(p, cookie, newName);
  });

  it("each visitor gets their own page", async () => {
    const pro = await logIn(PRO);
    const free = await logIn(FREE);
    const { rows } = await pool.query<{ email: string; full_name: string }>(
      "select email, full_name from users where email in ($1, $2)",
      [PRO, FREE],
    );
    const name = (email: string) => rows.find((r) => r.email === email)!.full_name;
    expect(name(PRO)).not.toBe(name(FREE));
    const asPro = (await heldAnswer("/", pro)).html;
    const asFree = (await heldAnswer("/", free)).html;
    const asNobody = (await heldAnswer("/")).html;
    expect(asPro).toContain(name(PRO));
    expect(asFree).toContain(name(FREE));
    expect(asFree).not.toContain(name(PRO));
    expect(asNobody).not.toContain(name(PRO));
    expect(asNobody).not.toContain(name(FREE));
  });

  it("a write by another process (SQL, as the admin CLI does) shows at once", async () => {
    const cookie = await logIn(PRO);
    const held = await heldAnswer("/", cookie);
    expect(held.res.headers.get(HELD_HEADER)).toBe("1");
    const newName = `Renamed ${randomBytes(4).toString("hex")}`;
    await pool.query("update users set full_name = $1 where email = $2", [newName, PRO]);
    // PostgreSQL delivers the notice once the update has committed; the server hears it a moment
    // later (a few milliseconds here), which a browser's next click never beats.
    const after = await pageShowing("/", cookie, newName);
    expect(after.headers.get(HELD_HEADER)).toBeNull();
  });

  it("a page is kept through changes of tables it did not read, and through sessions' last-seen touches", async () => {
    const cookie = await logIn(PRO);
    // The databooks page reads the session, the user, data sets…, not the forecast runs; the home
    // page of the same user lists their runs.
    const kept = "/library/databooks";
    const barrier = "/";
    await heldAnswer(kept, cookie);
    await heldAnswer(barrier, cookie);
    // Every session's "last seen" moved (as a request does once a minute), then a write to the
    // forecast runs (a statement that changes no row still notifies).
    await pool.query("update sessions set last_seen_at = now()");
    await pool.query("update forecast_runs set id = id where false");
    // The notices arrive in order: once the home page is rendered afresh, both have been heard.
    await waitFor(
      "the home page to be rendered after the runs' change",
      async () => {
        const res = await get(barrier, cookie);
        await res.arrayBuffer();
        return res.headers.get(HELD_HEADER) === null;
      },
      NOTICE_SECONDS,
    );
    const res = await get(kept, cookie);
    await res.arrayBuffer();
    expect(res.headers.get(HELD_HEADER)).toBe("1");
  });

  it("a data set imported by another process is on the library page at once", async () => {
    const cookie = await logIn(PRO);
    const page = "/library/live-and-historic/great-britain";
    const before = await heldAnswer(page, cookie);
    expect(before.res.headers.get(HELD_HEADER)).toBe("1");
    const title = `Held series ${randomBytes(4).toString("hex")}`;
    expect(before.html).not.toContain(title);
    await storeHeldSeries(title, null);
    await pageShowing(page, cookie, title);
  });

  it("a subscription granted (by SQL, as an admin would) unlocks a data set on the next request", async () => {
    const cookie = await logIn(FREE);
    const { rows: keys } = await pool.query<{ key: string }>(
      `select s.key from subscriptions s
        where not exists (select 1 from subscription_grants g join users u on u.id = g.user_id
                           where g.subscription_key = s.key and u.email = $1)
        order by s.key limit 1`,
      [FREE],
    );
    const subscriptionKey = keys[0].key;
    const title = `Gated series ${randomBytes(4).toString("hex")}`;
    await storeHeldSeries(title, subscriptionKey);
    const page = "/library/live-and-historic/great-britain";
    /** The table row of the gated series on the page. */
    const rowOf = (html: string) => {
      const at = html.indexOf(title);
      expect(at).toBeGreaterThan(-1);
      return html.slice(html.lastIndexOf("<tr", at), html.indexOf("</tr>", at));
    };
    expect(rowOf((await heldAnswer(page, cookie)).html)).toContain("subscription is required");
    await pool.query(
      "insert into subscription_grants (subscription_key, user_id) select $1, id from users where email = $2",
      [subscriptionKey, FREE],
    );
    await waitFor(
      "the granted data set's row",
      async () => !rowOf(await (await get(page, cookie)).text()).includes("subscription is required"),
      NOTICE_SECONDS,
    );
  });

  it("after log-out a kept copy of the cookie gets the logged-out page", async () => {
    const cookie = await logIn(PRO);
    const held = await heldAnswer("/", cookie);
    expect(held.res.headers.get(HELD_HEADER)).toBe("1");
    expect(held.html).toContain('action="/logout"');
    const out = await post("/logout", {}, cookie);
    expect(out.status).toBe(302);
    // At once: no pause for the database's notice (the post itself counts as a change).
    const after = await get("/", cookie);
    const html = await after.text();
    expect(html).not.toContain('action="/logout"');
    expect(html).toContain('href="/login');
  });

  it("a change made by a form post is on the page asked for next, at once", async () => {
    const cookie = await logIn(FREE);
    const held = await heldAnswer("/profile", cookie);
    expect(held.res.headers.get(HELD_HEADER)).toBe("1");
    const keyName = `Posted ${randomBytes(4).toString("hex")}`;
    expect(held.html).not.toContain(keyName);
    const body = new URLSearchParams({ intent: "create-key", name: keyName });
    body.append("scopes", "read");
    const res = await fetch(base + "/profile", {
      method: "POST",
      headers: { origin: base, "content-type": "application/x-www-form-urlencoded", cookie },
      body,
      redirect: "manual",
    });
    expect(res.status).toBe(200);
    // No pause for the database's notice: the post itself counts as a change.
    expect(await (await get("/profile", cookie)).text()).toContain(keyName);
  });

  it("each first visitor gets an anonymous id of their own, and the page names none", async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const res = await get("/library/databooks");
      expect(res.status).toBe(200);
      answers.push({ res, html: await res.text(), cookie: cookieOf(res) });
    }
    expect(answers.some((a) => a.res.headers.get(HELD_HEADER) === "1")).toBe(true);
    const cookies = answers.map((a) => a.cookie);
    expect(cookies.every((c) => c.startsWith("__voltcast="))).toBe(true);
    expect(new Set(cookies).size).toBe(5);
    for (const a of answers) {
      const n = nonces(a.res, a.html);
      expect(n.used).toEqual([n.allowed]);
      // The signed cookie's value is base64 JSON: its anonymous id is in no first visitor's page.
      const value = decodeURIComponent(a.cookie.slice("__voltcast=".length)).split(".")[0];
      const { anonymousId } = JSON.parse(Buffer.from(value, "base64").toString("utf8")) as {
        anonymousId: string;
      };
      expect(anonymousId).toMatch(/^[0-9a-f-]{36}$/);
      for (const b of answers) expect(b.html).not.toContain(anonymousId);
    }
    // The cookie works: the visitor is known from then on (no new cookie).
    const back = await get("/library/databooks", cookies[2]);
    expect(back.status).toBe(200);
    expect(back.headers.getSetCookie()).toEqual([]);
  });

  it("every table a page may show has the change trigger (a new table needs it too)", async () => {
    const { rows } = await pool.query<{ relname: string }>(
      `select c.relname from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
          and c.relname not in ('api_key_calls', 'schema_migrations')
          and not exists (select 1 from pg_trigger t
                           where t.tgrelid = c.oid and t.tgname = 'voltcast_page_changed')`,
    );
    expect(rows.map((r) => r.relname)).toEqual([]);
  });
});

/** A day of half-hourly GB prices stored under `title`, as an import by another process would. */
async function storeHeldSeries(title: string, subscriptionKey: string | null) {
  const ts = Array.from({ length: 48 }, (_, i) => Date.UTC(2023, 0, 1) + i * 1_800_000);
  await storeSeries(createDb(pool), `test:${title}`, "test", [
    {
      meta: {
        slug: title.toLowerCase().replaceAll(" ", "-"),
        title,
        description: "fixture",
        region: "great-britain",
        geography: "GB",
        granularity: "30 min",
        source: "synthetic",
        synthetic: true,
        subscriptionKey,
        unit: "GBP/MWh",
        category: "LIVEANDHISTORIC",
        variableType: "price",
        groupName: "Held",
      },
      series: { ts, values: ts.map((_, i) => i) },
    },
  ]);
}
