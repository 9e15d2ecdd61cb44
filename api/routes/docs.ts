// The API description: /openapi.json, and /docs, its reference page: Scalar's API reference
// (its single browser bundle, served from this site, nothing from a CDN; CSP unchanged) with "try it" passed on by
// the web app as the visitor (app/routes/api-docs.try.tsx), and a plain page of every operation,
// shown at once and kept without JavaScript, until the reference has drawn (the anchors of
// `anchorFor` work in both).
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import path from "node:path";
import express from "express";
import { z } from "../zod.ts";
import { describe, openApiDocument } from "../openapi.ts";
import { apiBaseUrl } from "../http/publicUrl.ts";

describe({
  method: "get",
  path: "/openapi.json",
  tag: "API",
  summary: "This description (OpenAPI 3.1)",
  response: z.record(z.unknown()),
  standalone: true,
});
describe({
  method: "get",
  path: "/docs",
  tag: "API",
  summary: "The API reference (a web page)",
  response: { file: "text/html", description: "A web page" },
  standalone: true,
});
for (const [file, summary] of [
  ["scalar.js", "The reference page's renderer (Scalar's browser build, served from this site)"],
  ["init.js", "The reference page's start-up script"],
])
  describe({
    method: "get",
    path: `/docs/${file}`,
    tag: "API",
    summary,
    response: { file: "application/javascript", description: "A script" },
    standalone: true,
  });

const esc = (s: unknown) =>
  String(s ?? "").replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

export function anchorFor(method: string, path: string) {
  return `${method}-${path}`
    .replace(/[^a-zA-Z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase();
}

/**
 * Scalar's browser bundle: the build copies it to dist/ (scripts/build.ts), so the image needs none
 * of the package (a devDependency); from the sources it is read beside the package's main entry.
 */
function scalarBundle(): string {
  const built = fileURLToPath(new URL("../../dist/scalar-standalone.js", import.meta.url));
  if (existsSync(built)) return built;
  const main = createRequire(import.meta.url).resolve("@scalar/api-reference");
  return path.join(path.dirname(main), "browser/standalone.js");
}

/** Starts the reference; an `anchorFor` hash (the app's "View on API" links) opens that operation. */
const INIT_JS = `(function () {
  function anchorFor(method, path) {
    return (method + "-" + path).replace(/[^a-zA-Z0-9]+/g, "-").replace(/^-|-$/g, "").toLowerCase();
  }
  function start(doc) {
    var wanted = location.hash.slice(1);
    // An anchorFor hash (the app's "View on API" links): the reference's own id for that operation.
    for (var path in doc.paths) for (var method in doc.paths[path]) {
      var op = doc.paths[path][method];
      if (anchorFor(method, path) === wanted)
        history.replaceState(null, "", "#tag/" + anchorFor("", op.tags[0]) + "/" + wanted);
    }
    Scalar.createApiReference("#reference", {
      content: doc,
      proxyUrl: "/api-docs/try",
      servers: [{ url: location.origin + "/api/v1", description: "This site" }],
      withDefaultFonts: false,
      showDeveloperTools: "never",
      agent: { disabled: true },
      authentication: { preferredSecurityScheme: "bearer" },
      generateOperationSlug: function (o) { return anchorFor(o.method, o.path); },
    });
  }
  // The plain page stays until the reference has drawn something, then steps aside.
  var reference = document.getElementById("reference");
  new MutationObserver(function (changes, observer) {
    if (!reference.childElementCount) return;
    var plain = document.querySelector(".plain");
    if (plain) plain.hidden = true;
    observer.disconnect();
  }).observe(reference, { childList: true });
  fetch("/api/v1/openapi.json").then(function (r) { return r.json(); }).then(start);
})();`;

export function docsRouter() {
  const r = express.Router();
  r.get("/docs/scalar.js", (_req, res) => {
    res.setHeader("cache-control", "public, max-age=3600");
    res.sendFile(scalarBundle());
  });
  r.get("/docs/init.js", (_req, res) => {
    res.type("application/javascript").setHeader("cache-control", "public, max-age=300");
    res.send(INIT_JS);
  });
  r.get("/openapi.json", (req, res) => {
    // The server as this caller reaches it (absolute, so a generated client needs no base URL).
    res.json({ ...openApiDocument(), servers: [{ url: apiBaseUrl(req), description: "This Voltcast" }] });
  });
  r.get("/docs", (_req, res) => {
    const doc = openApiDocument() as {
      info: { title: string; description: string };
      paths: Record<
        string,
        Record<
          string,
          {
            summary?: string;
            description?: string;
            tags?: string[];
            parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
            requestBody?: unknown;
          }
        >
      >;
    };
    const byTag = new Map<string, string[]>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const tag = op.tags?.[0] ?? "Other";
        const params = (op.parameters ?? [])
          .map((p) => `<li><code>${esc(p.name)}</code> (${esc(p.in)}${p.required ? ", required" : ""})</li>`)
          .join("");
        const body = op.requestBody
          ? `<details><summary>Request body schema</summary><pre>${esc(JSON.stringify((op.requestBody as any).content?.["application/json"]?.schema, null, 2))}</pre></details>`
          : "";
        const html = `<section id="${anchorFor(method, path)}"><h3><span class="m">${method.toUpperCase()}</span> <code>/api/v1${esc(path)}</code></h3>
          <p>${esc(op.summary)}</p>${op.description ? `<p>${esc(op.description)}</p>` : ""}${params ? `<ul>${params}</ul>` : ""}${body}</section>`;
        byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
      }
    }
    const sections = [...byTag.entries()]
      .map(([tag, items]) => `<h2 id="tag-${anchorFor("", tag)}">${esc(tag)}</h2>${items.join("")}`)
      .join("");
    res.type("html")
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Voltcast API</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>.plain{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}
h2{border-bottom:1px solid #ccd;padding-bottom:.3rem;margin-top:2.5rem}section{margin:1rem 0;padding:.5rem 1rem;border-left:3px solid #2a6}
.m{display:inline-block;min-width:4.5rem;font-size:.8rem;background:#eef;padding:.1rem .4rem;border-radius:3px}pre{background:#f6f8fa;padding:.5rem;overflow:auto}
section:target{background:#fffbe6}.plain pre{white-space:pre-wrap}</style></head><body>
<div class="plain"><header><h1>${esc(doc.info.title)}</h1><pre>${esc(doc.info.description)}</pre>
<p>Machine-readable: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>. Authenticate with <code>Authorization: Bearer &lt;API key&gt;</code>; create keys on your <a href="/profile">profile page</a>.</p></header>
<main>${sections}</main></div><div id="reference"></div>
<script defer src="/api/v1/docs/scalar.js"></script><script defer src="/api/v1/docs/init.js"></script></body></html>`);
  });
  return r;
}
