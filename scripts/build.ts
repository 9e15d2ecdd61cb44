// The production build of everything outside the web bundle (decision 0041): the server, the
// standalone workers, the command-line tools a deployment needs and the worker threads, compiled
// by esbuild into dist/ (ES modules in one flat folder, shared code split into chunks). Packages
// stay in node_modules (`npm ci --omit=dev`); the web app is `remix build`'s build/, which the
// server imports at run time. `npm run build` runs `remix build`, then this.
import { copyFileSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { worldViewEngineHash } from "../api/worldviews/files.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT = path.join(ROOT, "dist");

/** Source → output name in dist/. A worker thread's entry is the .mjs file its parent starts. */
const ENTRIES: Record<string, string> = {
  "server.ts": "server",
  "worker.ts": "worker",
  "api/admin/cli.ts": "admin",
  "api/db/migrate-cli.ts": "db-migrate",
  "api/datasets/import-cli.ts": "data-import",
  "api/forecasts/engineThread.mjs": "forecast-thread",
  "api/forecasts/pathThread.mjs": "forecast-path-thread",
  "api/forecasts/previewThread.mjs": "forecast-preview-thread",
  "engine/forecast/worker.mjs": "forecast-year-thread",
  "api/backtest/thread.mjs": "backtest-thread",
  "api/backtest/leaderboardThread.mjs": "gb-leaderboard-thread",
  "api/worldviews/engine-worker.mjs": "worldview-thread",
};

const posix = (p: string) => p.split(path.sep).join("/");
const META = /new URL\(\s*"(\.{1,2}\/[^"]+\.mjs)"\s*,\s*import\.meta\.url\s*\)|import\.meta\.url/g;

/**
 * Code that finds files next to its own source (`import.meta.url`: the migrations, the shipped
 * data/ tables, packages through createRequire) finds them in the build too: there a module's
 * import.meta.url becomes its source file's address relative to the bundle (every output sits
 * directly in dist/), and the image ships those files at their source paths. A worker thread's
 * `new URL("./x.mjs", import.meta.url)` becomes the compiled thread beside the bundle.
 */
const sourceLocations: esbuild.Plugin = {
  name: "source-locations",
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx|mjs)$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = readFileSync(args.path, "utf8");
      if (!source.includes("import.meta")) return undefined;
      if (/import\.meta\.(dirname|filename)/.test(source))
        throw new Error(`${args.path}: use import.meta.url (the build maps it to the source file)`);
      const fromDist = `../${posix(path.relative(ROOT, args.path))}`;
      const contents = source.replace(META, (_m, thread?: string) => {
        if (!thread) return `new URL(${JSON.stringify(fromDist)}, import.meta.url).href`;
        const entry = posix(path.relative(ROOT, path.resolve(path.dirname(args.path), thread)));
        if (!ENTRIES[entry])
          throw new Error(`${args.path}: the worker thread ${entry} is no entry of the build`);
        return `new URL("./${ENTRIES[entry]}.js", import.meta.url)`;
      });
      const loader = args.path.endsWith(".tsx") ? "tsx" : args.path.endsWith(".ts") ? "ts" : "js";
      return { contents, loader };
    });
    // A thread's entry is compiled already: in the build, registering tsx's loader does nothing.
    build.onResolve({ filter: /^tsx\/esm\/api$/ }, () => ({ path: "tsx", namespace: "no-tsx" }));
    build.onLoad({ filter: /.*/, namespace: "no-tsx" }, () => ({
      contents: "export function register() {}",
    }));
  },
};

rmSync(OUT, { recursive: true, force: true });
const result = await esbuild.build({
  absWorkingDir: ROOT,
  entryPoints: Object.entries(ENTRIES).map(([src, out]) => ({ in: src, out })),
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node22.12",
  packages: "external",
  chunkNames: "chunk-[hash]",
  sourcemap: "linked",
  // The world-view files' cache key: the hash of the engine's sources, which the image lacks.
  define: { WORLDVIEW_ENGINE_HASH: JSON.stringify(worldViewEngineHash()) },
  plugins: [sourceLocations],
  logLevel: "warning",
  metafile: true,
});
const js = Object.entries(result.metafile.outputs).filter(([f]) => f.endsWith(".js"));
const mb = js.reduce((s, [, o]) => s + o.bytes, 0) / 1e6;
console.log(`dist/: ${Object.keys(ENTRIES).length} entries in ${js.length} files, ${mb.toFixed(1)} MB`);

// The API reference's renderer: Scalar's single browser bundle (3.6 MB), copied beside the build so
// that the image needs none of the package's 150 MB (it is a devDependency; api/routes/docs.ts).
const scalarMain = createRequire(import.meta.url).resolve("@scalar/api-reference");
copyFileSync(
  path.join(path.dirname(scalarMain), "browser/standalone.js"),
  path.join(OUT, "scalar-standalone.js"),
);
