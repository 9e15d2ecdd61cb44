// The web app's own guards, on the compiled server (what production runs) with its workers, over
// HTTP as a browser posts forms (issue 18):
// - item 2: log-out ends the session, a kept copy of the cookie included;
// - item 3: after log-in, the downloads panel's actions and "save and leave", the browser is sent
//   only to a path of this site, never to another site (`/\evil.example`, `//evil.example`…);
// - item 9: a huge form post is refused with 413 before it is read;
// - item 11: pages, downloads and exports of a logged-in user say `Cache-Control: private, no-store`;
//   a wrong password reads the same for a known and an unknown address;
// - item 4: a run no worker computes says "Waiting for a worker", not a time left.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import { networkInterfaces, tmpdir } from "node:os";
import { connect } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../api/db/database.ts";
import { createDb, createPool } from "../../api/db/client.ts";
import { storeSeries } from "../../api/datasets/store.ts";
import { createTestDatabase, testServer } from "../support/backend.ts";
import { signInternalToken } from "../support/tokens.ts";
import { COMPILED_SERVER, stopServer } from "../support/compiled.ts";
import { responseDrift } from "../../api/contract.ts";
// The routes register their descriptions as they load: the contract check needs them.
import "../../api/app.ts";
import { waitFor } from "../support/waitFor.ts";

const PRO = "pro@voltcast.local";
const PASSWORD = "voltcast-demo";
/** Where a redirect must never lead: each one a browser reads as another site. */
const OFF_SITE = [
  "/\\evil.example/x",
  "//evil.example/x",
  "https://evil.example/x",
  "/\t/evil.example/x",
  // Normalised into "//evil.example/phish" by the URL parser (issue 28, item 1).
  "/.//evil.example/phish",
  "/a/..//evil.example/phish",
];

let server: Awaited<ReturnType<typeof testServer>>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: ReturnType<typeof createPool>;
let child: ChildProcess;
let log = "";
let base: string;
let port: number;
const secret = randomBytes(32).toString("hex");
let seriesId: string;
let proCookie: string;

const waitForUp = <T>(what: string, fn: () => Promise<T | null | undefined | false>, seconds = 120) =>
  waitFor(what, fn, seconds, { retry: () => true, detail: () => log });

/** A form post as a browser sends it from a page of this site; redirects are not followed. */
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
const get = (p: string, cookie?: string) =>
  fetch(base + p, { headers: cookie ? { cookie } : {}, redirect: "manual" });

/** The API as the user (the web app's own way of calling it), for setting things up. */
async function api(p: string, init: { method?: string; body?: unknown } = {}) {
  const { rows } = await pool.query("select id from users where email = $1", [PRO]);
  const method = init.method ?? (init.body ? "POST" : "GET");
  const res = await fetch(`${base}/api/v1${p}`, {
    method,
    headers: {
      authorization: `Bearer ${await signInternalToken(secret, { userId: rows[0].id })}`,
      "content-type": "application/json",
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const body = (await res.json()) as any;
  const drift = responseDrift(method, p, res.status, res.headers.get("content-type") ?? "", body);
  if (drift) throw new Error(`The response drifts from the API description: ${drift}`);
  return { status: res.status, body };
}

/** Stays on this site: a relative path, or an absolute URL of this origin. */
const onThisSite = (location: string | null) => !!location && new URL(location, base).origin === base;

async function logIn(email: string, password: string, redirectTo = "") {
  return post("/login", { email, password, redirectTo });
}

beforeAll(async () => {
  server = await testServer();
  database = await createTestDatabase(server.adminUrl);
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [COMPILED_SERVER], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: database.url,
      VOLTCAST_DATA_DIR: mkdtempSync(path.join(tmpdir(), "voltcast-web-")),
      SESSION_SECRET: secret,
      VOLTCAST_SEED_DEMO: "true",
      VOLTCAST_SEED_DATASETS: "off",
      VOLTCAST_SEED_LIBRARY_RUNS: "false",
      VOLTCAST_QUEUE_MAINTENANCE_SECONDS: "1",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  await waitForUp("the app to start", async () => (await fetch(`${base}/healthz`)).ok, 180);
  pool = createPool(database.url, 2);
  const ts = Array.from({ length: 48 * 31 }, (_, i) => Date.UTC(2023, 0, 1) + i * 1_800_000);
  const [stored] = await storeSeries(createDb(pool), "test:web", "test", [
    {
      meta: {
        slug: "web-price",
        title: "Web price",
        description: "fixture",
        region: "great-britain",
        geography: "GB",
        granularity: "30 min",
        source: "synthetic",
        synthetic: true,
        subscriptionKey: null,
        unit: "GBP/MWh",
        category: "LIVEANDHISTORIC",
        variableType: "price",
        groupName: "Web",
      },
      series: { ts, values: ts.map((_, i) => i % 97) },
    },
  ]);
  seriesId = String(stored.id);
  const res = await logIn(PRO, PASSWORD);
  expect(res.status, log).toBe(302);
  proCookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}, 300_000);

afterAll(async () => {
  await pool?.end();
  await stopServer(child);
  await database?.drop();
  await server?.stop();
});

describe("redirects stay on this site (item 3)", () => {
  it("log-in sends the browser to a local redirectTo, and home instead of another site", async () => {
    const local = await logIn(PRO, PASSWORD, "/library/databooks?page=2");
    expect(local.headers.get("location")).toBe("/library/databooks?page=2");
    for (const to of OFF_SITE) {
      const res = await logIn(PRO, PASSWORD, to);
      expect(res.status, to).toBe(302);
      expect(res.headers.get("location"), to).toBe("/");
    }
    // The issue's own link, already logged in: the log-in page sends the visitor on at once.
    for (const to of OFF_SITE) {
      const page = await get(`/login?redirectTo=${encodeURIComponent(to)}`, proCookie);
      expect(page.status, to).toBe(302);
      expect(page.headers.get("location"), to).toBe("/");
    }
  });

  it("the background jobs' retry and cancel go back to a page of this site only (issue 28, item 1)", async () => {
    for (const to of OFF_SITE) {
      const res = await post(
        "/forecasts/archives",
        { intent: "cancel", id: "00000000-0000-4000-8000-000000000000", redirectTo: to },
        proCookie,
      );
      expect(res.status, to).toBe(302);
      expect(res.headers.get("location"), to).toBe("/forecasts/archives");
    }
    const local = await post(
      "/forecasts/archives",
      { intent: "cancel", id: "00000000-0000-4000-8000-000000000000", redirectTo: "/forecasts?page=2" },
      proCookie,
    );
    expect(local.headers.get("location")).toBe("/forecasts?page=2");
  });

  it("the downloads panel's actions go back to a page of this site only", async () => {
    for (const to of OFF_SITE) {
      const made = await api("/data-api/data-and-charts/data/download/", {
        body: { datasetIds: [seriesId], startDate: "2023-01-01", endDate: "2023-01-07" },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(202);
      const res = await post(
        "/library/downloads",
        { intent: "delete", id: made.body.id, redirectTo: to },
        proCookie,
      );
      expect(res.status, to).toBe(302);
      expect(onThisSite(res.headers.get("location")), `${to} → ${res.headers.get("location")}`).toBe(true);
      expect(res.headers.get("location")).toBe("/library");
    }
  });

  it("“save and leave” in the builder saves the draft and leaves only for a page of this site", async () => {
    for (const to of OFF_SITE) {
      const res = await post(
        "/forecasts/builder/canvas?configuration=bess&region=GB",
        { intent: "save-and-leave", assetName: `Leave ${to.length}`, to },
        proCookie,
      );
      expect(res.status, `${to}: ${res.status}`).toBe(302);
      expect(res.headers.get("location"), to).toBe("/");
    }
    const local = await post(
      "/forecasts/builder/canvas?configuration=bess&region=GB",
      { intent: "save-and-leave", assetName: "Leave local", to: "/library/my-forecasts" },
      proCookie,
    );
    expect(local.headers.get("location")).toBe("/library/my-forecasts");
  });
});

describe("log-out ends the session (item 2)", () => {
  it("a copy of the cookie kept from before log-out opens nothing afterwards", async () => {
    const res = await logIn(PRO, PASSWORD);
    const copy = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect((await get("/profile", copy)).status).toBe(200);
    const out = await post("/logout", {}, copy);
    expect(out.status).toBe(302);
    const replayed = await get("/profile", copy);
    expect(replayed.status).toBe(302);
    expect(replayed.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("body limits on web forms (item 9)", () => {
  it("a 100 MB log-in post is refused with 413 before it is read", async () => {
    const declared = 100 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${base}/login`, {
        method: "POST",
        headers: {
          origin: base,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(declared),
        },
      });
      req.on("response", (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      });
      req.on("error", reject);
      req.write("email=a%40b.c&password=");
      // Only the first 64 KB of the 100 MB: the answer comes without waiting for the rest.
      req.write(chunk, () => (sent += chunk.length));
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatch(/too large/);
    expect(sent).toBeLessThan(declared);
    // The server is fine afterwards.
    expect((await get("/login")).status).toBe(200);
  });

  it("a form post without a Content-Length (chunked) is refused", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${base}/login`, {
        method: "POST",
        headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
      });
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on("error", reject);
      req.write("email=a%40b.c");
      req.end();
    });
    expect(status).toBe(411);
  });
});

describe("what a logged-in user sees is not cached (item 11)", () => {
  it("pages, a dataset zip and the plotter's CSV say Cache-Control: private, no-store", async () => {
    const made = await api("/data-api/data-and-charts/data/download/", {
      body: { datasetIds: [seriesId], startDate: "2023-01-01", endDate: "2023-01-07" },
    });
    expect(made.status).toBe(202);
    await waitForUp("the download to be ready", async () => {
      const d = await api(`/data-api/data-and-charts/data/preparing/${made.body.id}/`);
      return d.body.status === "ready";
    });
    const zip = await get(`/library/downloads/${made.body.id}/file`, proCookie);
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toMatch(/zip/);
    const csv = await get(
      `/plotter/export.csv?fields=${seriesId}&start_date=2023-01-01&end_date=2023-01-03`,
      proCookie,
    );
    expect(csv.status).toBe(200);
    for (const [what, res] of [
      ["profile", await get("/profile", proCookie)],
      ["library", await get("/library/databooks", proCookie)],
      ["zip", zip],
      ["csv", csv],
    ] as const) {
      expect(res.headers.get("cache-control"), what).toBe("private, no-store");
    }
  }, 200_000);

  it("a wrong password reads the same for a known and an unknown address", async () => {
    const answer = async (email: string) => {
      const res = await fetch(`${base}/login?_data=${encodeURIComponent("routes/_account+/login")}`, {
        method: "POST",
        headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email, password: "not-the-password-1" }),
      });
      // The form comes back with what was typed; the rest must not differ.
      const { initialValue, ...reply } = (await res.json()) as { initialValue: { email: string } };
      expect(initialValue.email).toBe(email);
      return { status: res.status, reply };
    };
    const known = await answer("gb@voltcast.local");
    const unknown = await answer("nobody-here@voltcast.local");
    expect(known.status).toBe(401);
    expect(known.reply).toMatchObject({ error: { password: ["The email or password is not correct"] } });
    expect(unknown).toEqual(known);
  });
});

describe("the run page while no worker computes the run (item 4)", () => {
  it("says Waiting for a worker, not a time left", async () => {
    const { rows } = await pool.query(
      `insert into forecast_runs(user_id, run_name, asset_name, status, is_custom, market_region, configuration,
                                 macro_scenario_id, forecast, started_at, created_at)
       select id, 'Orphan', 'Orphan', 'processing', true, 'GB', 'bess', 'gb-central', '{}',
              now() - interval '3 minutes', now() - interval '3 minutes'
         from users where email = $1
       returning id`,
      [PRO],
    );
    // It had started and got 41 % of the way: a pace to count down from, were a worker on it.
    for (const [event, pct, ago] of [
      ["Run started", 1, 120],
      ["Year 1 of 1", 41, 10],
    ] as const)
      await pool.query(
        `insert into forecast_run_events(run_id, event, status, percentage, created_at)
         values ($1, $2, 'success', $3, now() - make_interval(secs => $4))`,
        [rows[0].id, event, pct, ago],
      );
    const page = await get(`/forecasts/runs/${rows[0].id}`, proCookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Waiting for a worker");
    expect(html).not.toMatch(/remaining to finish/);
  });
});

describe("exposure (issue 28, item 5)", () => {
  it("the access log shows one-time link paths without their token", async () => {
    const token = `secret${randomBytes(12).toString("hex")}`;
    for (const p of [`/reset-password/${token}`, `/verify-email/${token}?x=1`]) await get(p);
    await waitForUp("the access log lines", async () => log.includes("/verify-email/[redacted]"), 10);
    expect(log).toContain("/reset-password/[redacted]");
    expect(log).not.toContain(token);
  });

  it("with the demo accounts and no HOST, it listens on 127.0.0.1 only", async () => {
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && !a.internal && a.family === "IPv4")?.address;
    const reaches = (host: string) =>
      new Promise<boolean>((resolve) => {
        const s = connect({ host, port }, () => {
          s.end();
          resolve(true);
        });
        s.on("error", () => resolve(false));
      });
    expect(await reaches("127.0.0.1")).toBe(true);
    if (outside) expect(await reaches(outside), outside).toBe(false);
    expect(log).toContain("(listening on 127.0.0.1)");
  });
});
