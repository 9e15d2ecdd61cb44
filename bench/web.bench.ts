// `npm run bench -- web`: the production server under load on loopback (issue 29, acceptance 5).
// Starts the compiled server on a fresh database as the browser tests do (tests/e2e/support/
// start-server.ts; run `npm run build` first), waits for the GB market data, then keeps 50 requests
// in flight for a few seconds per case with Node's own fetch (undici; autocannon is not installed):
// - get-data for a year of half-hours (GB national demand 2024), as a browser asks it again
//   (If-None-Match with the tag of its first answer) and cold (no tag);
// - the home, library and databooks pages.
// Figures (bench/figures.ts; `--json`): web.get-data.year.rps, web.get-data.year.cold.rps,
// web.pages.p95ms (the worst of the three pages) and one p95 per page.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { createApiKey } from "../api/auth/apiKeys.ts";
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

function pct(xs: number[], p: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `CONNECTIONS` loops each sending the next request when its last one is answered, for `SECONDS`. */
async function load(url: string, headers: Record<string, string>, expect: number[]) {
  const ms: number[] = [];
  const statuses = new Map<number, number>();
  const until = performance.now() + SECONDS * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const s = performance.now();
        const r = await fetch(BASE + url, { headers, redirect: "manual" });
        await r.arrayBuffer();
        ms.push(performance.now() - s);
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      }
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  const bad = [...statuses.keys()].filter((s) => !expect.includes(s));
  if (bad.length) throw new Error(`${url} answered ${JSON.stringify(Object.fromEntries(statuses))}`);
  return { rps: ms.length / secs, p50: pct(ms, 50), p95: pct(ms, 95), p99: pct(ms, 99), n: ms.length };
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
    const again = await load(YEAR, tag ? { ...auth, "If-None-Match": tag } : auth, [200, 304]);
    console.log(
      `get-data year (If-None-Match) ${again.rps.toFixed(0)} req/s p50=${again.p50.toFixed(0)} ms p95=${again.p95.toFixed(0)} ms n=${again.n}`,
    );
    figure("web.get-data.year.rps", Math.round(again.rps), "req/s");
    const cold = await load(YEAR, auth, [200]);
    console.log(
      `get-data year (no tag)        ${cold.rps.toFixed(0)} req/s p50=${cold.p50.toFixed(0)} ms p95=${cold.p95.toFixed(0)} ms n=${cold.n}`,
    );
    figure("web.get-data.year.cold.rps", Math.round(cold.rps), "req/s");
    let worst = 0;
    for (const [name, url] of Object.entries(PAGES)) {
      await load(url, {}, [200]);
      const r = await load(url, {}, [200]);
      console.log(
        `${name.padEnd(29)} ${r.rps.toFixed(0)} req/s p50=${r.p50.toFixed(0)} ms p95=${r.p95.toFixed(0)} ms p99=${r.p99.toFixed(0)} ms`,
      );
      figure(`web.pages.${name}.p95ms`, Math.round(r.p95), "ms");
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
