// `npm run bench`: runs every bench/*.bench.ts in turn (each prints its own figures).
// A file's default export is an async function; pass a name filter as the first argument.
import { readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";

const dir = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2] ?? "";
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts") && f.includes(filter))
  .sort();
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const mod = await import(pathToFileURL(path.join(dir, file)).href);
  await mod.default();
}
