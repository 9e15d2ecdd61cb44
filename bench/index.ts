// `npm run bench`: runs every bench/*.bench.ts in turn (each prints its own figures).
// A file's default export is an async function. `npm run bench -- engine` runs the files whose name
// contains "engine"; `--json` prints the figures as JSON on stdout (the readable lines go to stderr).
import { readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";
import { figures } from "./figures.ts";

const dir = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const json = args.includes("--json");
const filter = args.find((a) => !a.startsWith("--")) ?? "";
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts") && f.includes(filter))
  .sort();
const out = console.log;
// With --json, stdout holds the JSON alone.
if (json) console.log = console.error;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const mod = await import(pathToFileURL(path.join(dir, file)).href);
  await mod.default();
}
const all = await figures();
if (json) out(JSON.stringify(all, null, 2));
else if (all.length) {
  console.log("\n=== figures (ratio = time ÷ this run's HiGHS solve of one GB day-ahead year) ===");
  for (const f of all)
    console.log(`  ${f.name}: ${f.value} ${f.unit}${f.ratio !== undefined ? ` (${f.ratio}× HiGHS)` : ""}`);
}
