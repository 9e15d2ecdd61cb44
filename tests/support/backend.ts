// A real back end for integration tests: a fresh PostgreSQL database (the server on 127.0.0.1:5432
// when there is one, as in CI; else an embedded one), migrations, seeds, and the API on a free port.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import express from "express";
import pg from "pg";
import { loadConfig } from "../../api/config.ts";
import { startBackend, type Backend } from "../../api/bootstrap.ts";
import { createApi } from "../../api/app.ts";
import { signInternalToken } from "./tokens.ts";
import { startEmbedded, type RunningDatabase } from "../../api/db/database.ts";
import { responseDrift } from "../../api/contract.ts";

const DEFAULT_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres";

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** An admin connection to a PostgreSQL server where test databases can be created. */
export async function testServer(): Promise<{ adminUrl: string; stop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL ?? DEFAULT_ADMIN_URL;
  if (await reachable(adminUrl)) return { adminUrl, stop: async () => {} };
  const dir = mkdtempSync(path.join(tmpdir(), "voltcast-test-pg-"));
  const db: RunningDatabase = await startEmbedded(path.join(dir, "pg"), 0, () => {});
  const u = new URL(db.url);
  u.pathname = "/postgres";
  return { adminUrl: u.toString(), stop: db.stop };
}

export async function createTestDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `voltcast_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestBackend {
  backend: Backend;
  baseUrl: string;
  databaseUrl: string;
  secret: string;
  /** The id of a seeded or created user. */
  userId(email: string): Promise<string>;
  /**
   * Call the API as a user (by email), an anonymous visitor ({ anonymousId }), or nobody. Throws when
   * the response drifts from the API description (an undocumented status or body): see api/contract.ts.
   */
  call(
    path: string,
    init?: {
      method?: string;
      body?: unknown;
      /** A user by email, an anonymous visitor, an API key, or a browser session (as the web app sends it). */
      as?: string | { anonymousId: string } | { apiKey: string } | { sessionToken: string };
      headers?: Record<string, string>;
    },
  ): Promise<{ status: number; body: any; headers: Headers; raw: ArrayBuffer }>;
  stop(): Promise<void>;
}

export async function startTestBackend(
  opts: { workers?: boolean; env?: Record<string, string> } = {},
): Promise<TestBackend> {
  const server = await testServer();
  const database = await createTestDatabase(server.adminUrl);
  const dataDir = mkdtempSync(path.join(tmpdir(), "voltcast-test-data-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATABASE_URL: database.url,
    VOLTCAST_DATA_DIR: dataDir,
    VOLTCAST_SEED_DEMO: "true",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    VOLTCAST_QUEUE_MAINTENANCE_SECONDS: "1",
    ...opts.env,
  });
  const backend = await startBackend(config, { workers: opts.workers ?? false, log: () => {} });
  const app = express();
  app.use("/api/v1", createApi(backend.ctx));
  const listener = app.listen(0, "127.0.0.1");
  await new Promise((r) => listener.once("listening", r));
  const baseUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/api/v1`;
  const ids = new Map<string, string>();
  async function userId(email: string) {
    if (!ids.has(email)) {
      const { rows } = await backend.ctx.pool.query("select id from users where email = $1", [email]);
      if (!rows[0]) throw new Error(`no user ${email}`);
      ids.set(email, rows[0].id);
    }
    return ids.get(email)!;
  }
  return {
    backend,
    baseUrl,
    databaseUrl: database.url,
    secret: config.sessionSecret,
    userId,
    async call(p, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      if (typeof init.as === "string") {
        headers.authorization = `Bearer ${await signInternalToken(config.sessionSecret, { userId: await userId(init.as) })}`;
      } else if (init.as && "anonymousId" in init.as) {
        headers.authorization = `Bearer ${await signInternalToken(config.sessionSecret, { anonymousId: init.as.anonymousId })}`;
      } else if (init.as && "sessionToken" in init.as) {
        headers.authorization = `Bearer ${await signInternalToken(config.sessionSecret, { sessionToken: init.as.sessionToken })}`;
      } else if (init.as && "apiKey" in init.as) {
        headers.authorization = `Bearer ${init.as.apiKey}`;
      }
      let body: BodyInit | undefined;
      if (init.body instanceof FormData) body = init.body;
      else if (init.body !== undefined) {
        headers["content-type"] = "application/json";
        body = JSON.stringify(init.body);
      }
      const method = init.method ?? (body ? "POST" : "GET");
      const res = await fetch(baseUrl + p, { method, headers, body });
      const raw = await res.arrayBuffer();
      const text = new TextDecoder().decode(raw);
      const contentType = res.headers.get("content-type") ?? "";
      let parsed: any = null;
      if (contentType.includes("json") && text) parsed = JSON.parse(text);
      const drift = responseDrift(method, p, res.status, contentType, parsed);
      if (drift) throw new Error(`The response drifts from the API description: ${drift}`);
      return { status: res.status, body: parsed, headers: res.headers, raw };
    },
    async stop() {
      await new Promise((r) => listener.close(r));
      await backend.stop();
      await database.drop();
      await server.stop();
    },
  };
}
