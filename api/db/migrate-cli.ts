// `npm run db:migrate`: apply pending migrations (the app also does this at every start).
import { ConfigError, loadConfig } from "../config.ts";
import { startDatabase } from "./database.ts";
import { createPool } from "./client.ts";
import { migrate } from "./migrate.ts";

try {
  const config = loadConfig();
  const database = await startDatabase(config);
  const pool = createPool(database.url, 2);
  const applied = await migrate(pool);
  console.log(applied.length ? `Applied ${applied.length} migration(s).` : "The database is up to date.");
  await pool.end();
  await database.stop();
} catch (e) {
  console.error(e instanceof ConfigError ? e.message : `Migration failed: ${(e as Error).message}`);
  process.exit(1);
}
