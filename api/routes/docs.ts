// The API description: /openapi.json, and /docs, a readable page of it (no scripts needed).
import express from "express";
import { openApiDocument } from "../openapi.ts";

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

export function docsRouter() {
  const r = express.Router();
  r.get("/openapi.json", (_req, res) => {
    res.json(openApiDocument());
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
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}
h2{border-bottom:1px solid #ccd;padding-bottom:.3rem;margin-top:2.5rem}section{margin:1rem 0;padding:.5rem 1rem;border-left:3px solid #2a6}
.m{display:inline-block;min-width:4.5rem;font-size:.8rem;background:#eef;padding:.1rem .4rem;border-radius:3px}pre{background:#f6f8fa;padding:.5rem;overflow:auto}
section:target{background:#fffbe6}</style></head><body><header><h1>${esc(doc.info.title)}</h1><p>${esc(doc.info.description)}</p>
<p>Machine-readable: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>. Authenticate with <code>Authorization: Bearer &lt;API key&gt;</code>; create keys on your <a href="/profile">profile page</a>.</p></header>
<main>${sections}</main></body></html>`);
  });
  return r;
}
