// Voltcast in one process: the web app (Remix), the API at /api/v1, and the job workers.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { statSync } from "node:fs";
import { pathToFileURL } from "node:url";
import express from "express";
import compression from "compression";
import helmet from "helmet";
import morgan from "morgan";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, type ServerBuild } from "@remix-run/node";
import { exitOnConfigError, loadConfig } from "./api/config.ts";
import { startBackend } from "./api/bootstrap.ts";
import { createApi } from "./api/app.ts";
import { sameOriginPosts } from "./api/http/sameOrigin.ts";
import { limitWebBodies, noStoreByDefault, redactOneTimeLinks, withApiStatuses } from "./api/http/web.ts";
import { outliveDatabaseLossInTheQueue } from "./api/http/failures.ts";
import { countWrites, holdPages, listenForPageChanges } from "./api/http/heldPages.ts";
import { attributeApiCalls, trackPageReads } from "./api/http/pageReads.ts";

outliveDatabaseLossInTheQueue();

let config;
try {
  config = loadConfig();
} catch (e) {
  exitOnConfigError(e);
}

// The web app reads these (app/services/env.server.ts): it runs from a separate bundle.
/* eslint-disable no-process-env -- handing settings to the web app, not reading them */
process.env.SESSION_SECRET = config.sessionSecret;
process.env.VOLTCAST_API_URL ??= `http://127.0.0.1:${config.PORT}/api/v1`;
/* eslint-enable no-process-env */

const dev = config.NODE_ENV === "development";
// Under `remix dev`, tell it when a new build is served (it sets REMIX_DEV_ORIGIN).
const underRemixDev = dev && Boolean(config.REMIX_DEV_ORIGIN);
const BUILD_PATH = path.resolve("build/index.js");

// Some configuration is only found wrong once the database is reached (demo accounts in production).
const backend = await startBackend(config, { workers: config.VOLTCAST_WORKERS === "true" }).catch(
  exitOnConfigError,
);

const app = express();
app.disable("x-powered-by");
// X-Forwarded-* headers are believed only from these proxies (client address, HTTPS, host).
app.set("trust proxy", config.trustedProxy);
app.use((_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
});
app.use(
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
        // styled-components and Victory set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        connectSrc: dev ? ["'self'", "ws:"] : ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // With "no-referrer" browsers send `Origin: null` on form posts, which hides same-origin posts.
    referrerPolicy: { policy: "same-origin" },
    strictTransportSecurity: config.NODE_ENV === "production",
  }),
);
app.use(compression());
if (config.LOG_LEVEL !== "silent") {
  // One-time links carry their secret in the path: the log shows where, never the token.
  morgan.token("url", (req) => redactOneTimeLinks((req as express.Request).originalUrl ?? req.url ?? ""));
  app.use(morgan(dev ? "dev" : "tiny"));
}

// Pages held while nothing they show has changed (decision 0515): production only (in development
// the build changes under the server). Any write request finishing counts as a change.
const pageChanges = dev ? undefined : listenForPageChanges(backend.ctx.pool.options, (m) => console.error(m));
if (pageChanges) app.use(countWrites(pageChanges));

app.get("/healthz", async (_req, res) => {
  try {
    await backend.ctx.pool.query("select 1");
    res.json({ status: "ok" });
  } catch (e) {
    res.status(503).json({ status: "database unavailable", detail: (e as Error).message });
  }
});

// A call the web app makes while rendering a page counts its queries to that page (decision 0518).
if (pageChanges) app.use("/api/v1", attributeApiCalls);
app.use("/api/v1", createApi(backend.ctx));

app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h" }));
// Browsers and crawlers ask for /favicon.ico whatever the page links: the icon is the SVG (issue 27 item 11).
app.get("/favicon.ico", (_req, res) => res.redirect(301, "/favicon.svg"));

app.use(sameOriginPosts);
app.use(limitWebBodies);
app.use(noStoreByDefault);

let build = withApiStatuses((await import(pathToFileURL(BUILD_PATH).href)) as ServerBuild);
let buildStamp = statSync(BUILD_PATH).mtimeMs;
// In development `remix dev` rebuilds; pick up the new build on the next request.
async function currentBuild(): Promise<ServerBuild> {
  const stamp = statSync(BUILD_PATH).mtimeMs;
  if (stamp !== buildStamp) {
    buildStamp = stamp;
    build = withApiStatuses((await import(`${pathToFileURL(BUILD_PATH).href}?t=${stamp}`)) as ServerBuild);
    if (underRemixDev) await broadcastDevReady(build);
  }
  return build;
}

if (pageChanges) {
  const entry = build.entry.module as { firstVisitCookie?: (overHttps: boolean) => Promise<string> };
  // The tables with the change trigger (migration 0515): a page is dropped when one it read changes.
  const { rows } = await backend.ctx.pool.query<{ name: string }>(
    `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p')`,
  );
  trackPageReads(rows.map((r) => r.name));
  app.use(holdPages(pageChanges, entry.firstVisitCookie, { recordingReads: true }));
}

app.all(
  "*",
  createRequestHandler({
    build: dev ? currentBuild : build,
    mode: dev ? "development" : "production",
    getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce, clientIp: req.ip }),
  }),
);

const onListening = () => {
  const where = config.listenHost ?? "every interface";
  console.log(`Voltcast is up at http://localhost:${config.PORT} (listening on ${where})`);
  if (underRemixDev) void broadcastDevReady(build);
};
const server = config.listenHost
  ? app.listen(config.PORT, config.listenHost, onListening)
  : app.listen(config.PORT, onListening);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping Voltcast`);
  server.close();
  server.closeIdleConnections();
  setTimeout(() => server.closeAllConnections(), 5_000).unref();
  try {
    await pageChanges?.stop();
    await backend.stop();
  } catch (e) {
    console.error(`Stopping Voltcast failed: ${(e as Error).message}`);
    process.exit(1);
  }
  console.log("Voltcast stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
