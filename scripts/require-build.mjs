// `npm start` and `npm run worker` run the compiled build and no longer rebuild on every start
// (decision 0041, update): without a build they say what to run instead of a module-not-found
// trace, and a build older than the sources is pointed out (it still starts: the build is what runs).
// Usage: node scripts/require-build.mjs FILE... (the files the command about to run needs)
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const needed = process.argv.slice(2);
const missing = needed.filter((f) => !existsSync(f));
if (missing.length) {
  console.error(
    `Voltcast is not built yet (${missing.join(", ")} missing): run \`npm run build\` once, then start again.`,
  );
  process.exit(1);
}
const built = Math.min(...needed.map((f) => statSync(f).mtimeMs));
const sources = ["app", "api", "engine"].flatMap((dir) =>
  readdirSync(dir, { recursive: true })
    .map((f) => path.join(dir, String(f)))
    .filter((f) => /\.(ts|tsx|mjs)$/.test(f)),
);
const newer = [...sources, "server.ts", "worker.ts", "package-lock.json"].find(
  (f) => existsSync(f) && statSync(f).mtimeMs > built,
);
if (newer)
  console.warn(`Note: ${newer} changed after the last build; run \`npm run build\` to start the new code.`);
