import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import globals from "globals";

// The boundaries of ARCHITECTURE.md (decision 0032): app/ talks to the API over HTTP only; api/ may
// use the shared contract (app/validation) and the model (engine/); the engine and the contract
// stand alone. Imports are resolved (tsconfig paths included), so `../../api/x` and `~/…` count alike.
const WEB_APP =
  "app/ reaches the API over HTTP through app/services/api.server.ts, never by importing api/ (decision 0032).";
const BOUNDARIES = [
  { target: "./app", from: "./api", message: WEB_APP },
  { target: "./app", from: "./engine", message: "app/ never runs the model itself: the API does." },
  {
    target: "./api",
    from: "./app",
    except: ["./validation"],
    message: "api/ may import app/validation (the shared contract) and engine/, nothing else of app/.",
  },
  {
    target: "./engine",
    from: ["./app", "./api"],
    message: "engine/ is the pure model: it imports neither app/ nor api/.",
  },
  {
    target: "./app/validation",
    from: ["./app", "./api", "./engine"],
    except: ["./validation"],
    message: "app/validation is the shared contract: it imports nothing but zod.",
  },
];

// The engine's command-line tools (calibration, data builders) are not the pure model: they read
// their settings as every process does, through api/config.ts (decision 0040), and nothing else of api/.
const ENGINE_CLI_BOUNDARIES = BOUNDARIES.flatMap((zone) =>
  zone.target === "./engine"
    ? [
        { target: "./engine", from: "./app", message: zone.message },
        {
          target: "./engine",
          from: "./api",
          except: ["./config.ts"],
          message:
            "engine/'s command-line tools may import api/config.ts (their settings), nothing else of api/.",
        },
      ]
    : [zone],
);

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      "dist/**",
      ".voltcast/**",
      "tests/api-client/generated/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    files: ["**/*.{ts,tsx,js}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
          conditionNames: ["import", "node", "default", "types"],
          tsconfig: { configFile: new URL("./tsconfig.json", import.meta.url).pathname },
        }),
      ],
    },
    rules: { "import-x/no-restricted-paths": ["error", { zones: BOUNDARIES }] },
  },
  {
    files: ["engine/**/cli/**", "engine/**/*-cli.ts", "engine/locations/build-*.ts"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: ENGINE_CLI_BOUNDARIES }] },
  },
  {
    // The shared contract imports nothing but zod (and its own modules).
    files: ["app/validation/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(?!zod$|\\./)", message: "app/validation imports nothing but zod." }] },
      ],
    },
  },
  {
    // Settings are read and checked in one place, api/config.ts (decision 0040); the web app's part
    // in app/services/env.server.ts; the engine reads none (its command-line tools aside).
    files: ["api/**", "app/**", "engine/**", "server.ts", "worker.ts"],
    ignores: [
      "api/config.ts",
      "app/services/env.server.ts",
      "engine/cli.ts",
      "engine/**/*-cli.ts",
      "engine/**/cli/**",
      "engine/locations/build-*.ts",
    ],
    rules: { "no-process-env": "error" },
  },
  {
    // Playwright fixtures: `use` is Playwright's, not React's; `{}` is its fixture signature.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
);
