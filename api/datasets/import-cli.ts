// `npm run data:import -- PATH [PATH …]`: load market data files (a file or a folder) into the
// time-series store of the same database the app uses (embedded or DATABASE_URL).
// `npm run data:import -- --formats` lists the formats recognised.
import { existsSync } from "node:fs";
import { ConfigError, loadConfig } from "../config.ts";
import { startDatabase } from "../db/database.ts";
import { createDb, createPool } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { syncCatalog } from "../access/sync.ts";
import { FORMATS } from "./formats.ts";
import { importPath } from "./importer.ts";

const USAGE = `Usage: npm run data:import -- PATH [PATH …]
  PATH: a CSV / .csv.gz file or a folder (searched recursively), e.g. ../shared/data/prices
  --formats   list the file formats recognised`;

async function main(args: string[]) {
  if (args.includes("--formats")) {
    for (const f of FORMATS) console.log(`${f.id.padEnd(32)} ${f.description}`);
    return;
  }
  const paths = args.filter((a) => !a.startsWith("--"));
  if (!paths.length || args.includes("--help")) {
    console.log(USAGE);
    if (!paths.length) process.exitCode = 1;
    return;
  }
  for (const p of paths) if (!existsSync(p)) throw new ConfigError(`No such file or folder: ${p}`);
  const config = loadConfig();
  const database = await startDatabase(config, () => {});
  const pool = createPool(database.url, 2);
  const db = createDb(pool);
  const started = Date.now();
  let points = 0;
  let files = 0;
  try {
    await migrate(pool, () => {});
    await syncCatalog(db);
    for (const p of paths) {
      await importPath(db, p, {
        onFile(r, i, total) {
          if (r.skipped) {
            console.log(`[${i}/${total}] ${r.file}: skipped (${r.skipped})`);
            return;
          }
          files++;
          points += r.points;
          console.log(
            `[${i}/${total}] ${r.file}: ${r.format}, ${r.datasets.length} dataset(s), ${r.points.toLocaleString("en-GB")} points in ${(r.ms / 1000).toFixed(1)} s`,
          );
        },
      });
    }
    console.log(
      `Imported ${files} file(s), ${points.toLocaleString("en-GB")} points in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await pool.end();
    await database.stop();
  }
}

try {
  await main(process.argv.slice(2));
} catch (e) {
  console.error(e instanceof ConfigError ? e.message : `Import failed: ${(e as Error).message}`);
  process.exit(1);
}
