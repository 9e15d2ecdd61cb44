// `npm run bench -- web`: the production server under load on loopback (issue 29, acceptance 5).
// Starts the compiled server on a fresh database as the browser tests do (tests/e2e/support/
// start-server.ts; run `npm run build` first), waits for the GB market data, then keeps 50 requests
// in flight for a few seconds per case with Node's own fetch (undici; autocannon is not installed):
// - get-data for a year of half-hours (GB national demand 2024): full 200 answers as a first visit
//   gets them (no If-None-Match); as a browser asks again (If-None-Match with the tag of its first
//   answer: 304s); and a different year-long window each request (from 2023-01-01 + k days), which
//   no points held in the server's memory serve (api/plotting/heldPoints.ts; decision 0503);
// - the home, library and databooks pages, as a new visitor (no cookie) and as the logged-in GB
//   demo user (whose every API call looks up the session: the slower case); each also one request
//   at a time, with the server's CPU per page (Linux), which the machine's other load moves less;
//   and each with a URL never asked for before (an ignored query), which no held page answers
//   (decision 0515: repeated pages are held while the database has not changed).
// Figures (bench/figures.ts; `--json`): web.get-data.year.rps (full 200s),
// web.get-data.year.revalidated.rps, web.get-data.year.uncached.rps, web.pages.p95ms (the worst
// page) and one p95 per page and visitor.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { createApiKey } from "../api/auth/apiKeys.ts";
import { DEMO_PASSWORD } from "../api/seed/demoAccounts.ts";
import { createDb, createPool } from "../api/db/client.ts";
import { users } from "../api/db/schema/index.ts";
import { e2eStateFile } from "../tests/e2e/support/state.ts";
import { loadavg } from "node:os";
import path from "node:path";
import { figure } from "./figures.ts";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PORT = process.env.BENCH_WEB_PORT ?? process.env.E2E_PORT ?? "3117";
// BENCH_WEB_BASE: measure a server that is already running instead of starting one.
const BASE = process.env.BENCH_WEB_BASE ?? `http://127.0.0.1:${PORT}`;
const CONNECTIONS = Number(process.env.BENCH_WEB_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_WEB_SECONDS ?? 10);
const YEAR =
  "/api/v1/data-api/data-and-charts/plotting/get-data/?fields=gb-national-demand-30min&start_date=2024-01-01&end_date=2024-12-31";
const PAGES = { home: "/", library: "/library/live-and-historic", databooks: "/library/databooks" };
const DAY_MS = 86_400_000;
/** The k-th year-long window of GB national demand from 2023-01-01 (366 of them within its data). */
function yearFrom(k: number) {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const start = Date.parse("2023-01-01") + (k % 366) * DAY_MS;
  return `/api/v1/data-api/data-and-charts/plotting/get-data/?fields=gb-national-demand-30min&start_date=${day(start)}&end_date=${day(start + 364 * DAY_MS)}`;
}

/**
 * The session cookie of a log-in through the form, as a browser gets it: the log-in page first (its
 * cookie names the anonymous visitor), then the form posted with that cookie.
 */
async function logIn(email: string): Promise<string> {
  const page = await fetch(BASE + "/login");
  await page.arrayBuffer();
  const visitor = page.headers.get("set-cookie")?.split(";")[0];
  const r = await fetch(BASE + "/login", {
    method: "POST",
    headers: {
      origin: BASE,
      "content-type": "application/x-www-form-urlencoded",
      ...(visitor ? { cookie: visitor } : {}),
    },
    body: new URLSearchParams({ email, password: DEMO_PASSWORD, redirectTo: "/" }),
    redirect: "manual",
  });
  const cookie = r.headers.get("set-cookie")?.split(";")[0];
  if (r.status !== 302 || !cookie) throw new Error(`logging in as ${email} answered ${r.status}`);
  return cookie;
}

function pct(xs: number[], p: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `CONNECTIONS` loops each sending the next request when its last one is answered, for `SECONDS`. */
async function load(
  url: string | (() => string),
  headers: Record<string, string>,
  expect: number[],
  connections = CONNECTIONS,
) {
  const next = typeof url === "string" ? () => url : url;
  const ms: number[] = [];
  const statuses = new Map<number, number>();
  let held = 0;
  const until = performance.now() + SECONDS * 1000;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const s = performance.now();
        const r = await fetch(BASE + next(), { headers, redirect: "manual" });
        await r.arrayBuffer();
        ms.push(performance.now() - s);
        if (r.headers.get("x-voltcast-held")) held++;
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      }
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const bad = [...statuses.keys()].filter((s) => !expect.includes(s));
  if (bad.length) throw new Error(`${next()} answered ${JSON.stringify(Object.fromEntries(statuses))}`);
  return {
    rps: ms.length / secs,
    p50: pct(ms, 50),
    p95: pct(ms, 95),
    p99: pct(ms, 99),
    n: ms.length,
    // The share answered from a held page (decision 0515), not rendered for the request.
    held: ms.length ? held / ms.length : 0,
    // This client's own CPU per request (fetch, decompression): it shares the machine's cores.
    clientCpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, ms.length),
  };
}

/**
 * CPU seconds the server has used so far, with its child processes (the compiled server under
 * tests/e2e/support/start-server.ts): Linux's /proc; undefined elsewhere or for BENCH_WEB_BASE.
 */
function serverCpuMs(root: number | undefined): number | undefined {
  if (!root || process.platform !== "linux") return undefined;
  const stat = (pid: string) => {
    const s = readFileSync(`/proc/${pid}/stat`, "utf8");
    return s.slice(s.lastIndexOf(")") + 2).split(" ");
  };
  const children = new Map<string, string[]>();
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const parent = stat(pid)[1];
      children.set(parent, [...(children.get(parent) ?? []), pid]);
    } catch {
      // ended meanwhile
    }
  }
  const tree = [String(root)];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  let ticks = 0;
  for (const pid of tree) {
    try {
      const f = stat(pid);
      ticks += Number(f[11]) + Number(f[12]); // utime + stime, in clock ticks (100 a second)
    } catch {
      // ended meanwhile
    }
  }
  return ticks * 10;
}

async function waitFor(what: string, ok: () => Promise<boolean>, seconds: number) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (await ok().catch(() => false)) return;
    await sleep(1000);
  }
  throw new Error(`timed out waiting for ${what}`);
}

export default async function bench() {
  const server = process.env.BENCH_WEB_BASE
    ? undefined
    : spawn(path.join(root, "node_modules/.bin/tsx"), ["tests/e2e/support/start-server.ts"], {
        cwd: root,
        stdio: ["ignore", "ignore", "inherit"],
        env: {
          // The shared market data (the default, ../shared/data, is relative to the checkout).
          VOLTCAST_SHARED_DATA_DIR: path.resolve(root, "../../shared/data"),
          ...process.env,
          E2E_PORT: PORT,
          // One API key makes every get-data call: not throttled here.
          VOLTCAST_API_KEY_CALLS_PER_MINUTE: "1000000",
        },
      });
  // BENCH_WEB_SERVER_PID: the process of a server started elsewhere (BENCH_WEB_BASE), for its CPU.
  const serverPid = server?.pid ?? (Number(process.env.BENCH_WEB_SERVER_PID) || undefined);
  try {
    await waitFor("the server", async () => (await fetch(BASE + "/")).ok, 300);
    // GB national demand needs the GB Data subscription: an API key of the demo GB user, made in
    // the server's database (start-server.ts says where it is).
    const { databaseUrl } = JSON.parse(readFileSync(e2eStateFile(PORT), "utf8")) as { databaseUrl: string };
    const pool = createPool(databaseUrl, 1);
    let auth: Record<string, string>;
    try {
      const db = createDb(pool);
      const [gb] = await db.select({ id: users.id }).from(users).where(eq(users.email, "gb@voltcast.local"));
      auth = { authorization: `Bearer ${(await createApiKey(db, gb.id, { name: "bench" })).key}` };
    } finally {
      await pool.end();
    }
    // The GB files are imported in the background after start.
    await waitFor(
      "GB national demand 2024",
      async () => {
        const r = await fetch(BASE + YEAR, { headers: auth });
        const body = (await r.json()) as { series?: { rawCount: number }[] };
        return r.ok && (body.series?.[0]?.rawCount ?? 0) >= 17_000;
      },
      900,
    );
    console.log(
      `load average before: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    const first = await fetch(BASE + YEAR, { headers: auth });
    await first.arrayBuffer();
    const tag = first.headers.get("etag");
    // Warm up the process (V8 tiers, pools) before measuring.
    await load(YEAR, auth, [200]);
    const fullCpu0 = serverCpuMs(serverPid);
    const full = await load(YEAR, auth, [200]);
    const fullCpu1 = serverCpuMs(serverPid);
    console.log(
      `get-data year (200, no tag)      ${full.rps.toFixed(0)} req/s p50=${full.p50.toFixed(0)} ms p95=${full.p95.toFixed(0)} ms n=${full.n}${fullCpu0 !== undefined && fullCpu1 !== undefined ? ` server CPU ${((fullCpu1 - fullCpu0) / full.n).toFixed(2)} ms/answer` : ""} client CPU ${full.clientCpuMs.toFixed(2)} ms/answer`,
    );
    figure("web.get-data.year.rps", Math.round(full.rps), "req/s");
    const again = await load(YEAR, tag ? { ...auth, "If-None-Match": tag } : auth, [200, 304]);
    console.log(
      `get-data year (If-None-Match)    ${again.rps.toFixed(0)} req/s p50=${again.p50.toFixed(0)} ms p95=${again.p95.toFixed(0)} ms n=${again.n}`,
    );
    figure("web.get-data.year.revalidated.rps", Math.round(again.rps), "req/s");
    let k = 0;
    const uncached = await load(() => yearFrom(k++), auth, [200]);
    console.log(
      `get-data year (a new window each) ${uncached.rps.toFixed(0)} req/s p50=${uncached.p50.toFixed(0)} ms p95=${uncached.p95.toFixed(0)} ms n=${uncached.n}${k > 366 ? " (windows reused)" : ""}`,
    );
    figure("web.get-data.year.uncached.rps", Math.round(uncached.rps), "req/s");
    let worst = 0;
    const visitors = { new: {}, "gb-user": { cookie: await logIn("gb@voltcast.local") } };
    for (const [who, headers] of Object.entries(visitors))
      for (const [name, url] of Object.entries(PAGES)) {
        await load(url, headers, [200]);
        const busy0 = serverCpuMs(serverPid);
        const r = await load(url, headers, [200]);
        const busy1 = serverCpuMs(serverPid);
        const busyMs = busy0 !== undefined && busy1 !== undefined ? (busy1 - busy0) / r.n : undefined;
        // One request at a time: the page's own latency, and the server's CPU per page (with what
        // the server does meanwhile, its queue's polling), which depend less on what else runs.
        const cpu0 = serverCpuMs(serverPid);
        const one = await load(url, headers, [200], 1);
        const cpu1 = serverCpuMs(serverPid);
        const cpuMs = cpu0 !== undefined && cpu1 !== undefined ? (cpu1 - cpu0) / one.n : undefined;
        console.log(
          `${`${name} (${who})`.padEnd(32)} ${r.rps.toFixed(0)} req/s p50=${r.p50.toFixed(0)} ms p95=${r.p95.toFixed(0)} ms p99=${r.p99.toFixed(0)} ms held=${(r.held * 100).toFixed(0)}%${busyMs !== undefined ? ` server CPU ${busyMs.toFixed(2)} ms/page` : ""} client CPU ${r.clientCpuMs.toFixed(2)} ms/page; alone p50=${one.p50.toFixed(0)} ms p95=${one.p95.toFixed(0)} ms${cpuMs !== undefined ? ` server CPU ${cpuMs.toFixed(1)} ms/page` : ""}`,
        );
        // Every request a URL not asked for before (an ignored query): what a page costs when
        // nothing is held for it — its first view after a change, or by another visitor.
        let n = 0;
        const fresh = await load(() => `${url}?bench=${n++}`, headers, [200]);
        console.log(
          `${`  … not held`.padEnd(32)} ${fresh.rps.toFixed(0)} req/s p50=${fresh.p50.toFixed(0)} ms p95=${fresh.p95.toFixed(0)} ms p99=${fresh.p99.toFixed(0)} ms held=${(fresh.held * 100).toFixed(0)}%`,
        );
        figure(`web.pages.${name}.${who}.unheld.p95ms`, Math.round(fresh.p95), "ms");
        figure(`web.pages.${name}.${who}.p95ms`, Math.round(r.p95), "ms");
        figure(`web.pages.${name}.${who}.alone.p95ms`, Math.round(one.p95), "ms");
        if (cpuMs !== undefined)
          figure(`web.pages.${name}.${who}.server-cpu-ms`, Number(cpuMs.toFixed(1)), "ms");
        if (busyMs !== undefined)
          figure(`web.pages.${name}.${who}.loaded.server-cpu-ms`, Number(busyMs.toFixed(2)), "ms");
        worst = Math.max(worst, r.p95);
      }
    figure("web.pages.p95ms", Math.round(worst), "ms");
    console.log(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
  } finally {
    if (server) {
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
    }
  }
}
