// Keep the subscriptions and flag tables in step with the catalog (new entries added, texts refreshed;
// a flag's global value, once set by an admin, is kept).
import type pg from "pg";
import { FLAGS, SUBSCRIPTIONS } from "./catalog.ts";

export async function syncCatalog(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("begin");
    for (const s of SUBSCRIPTIONS) {
      await client.query(
        `insert into subscriptions(key, name, description, plan) values ($1,$2,$3,$4)
         on conflict (key) do update set name = excluded.name, description = excluded.description, plan = excluded.plan`,
        [s.key, s.name, s.description, s.plan],
      );
    }
    for (const f of FLAGS) {
      await client.query(
        `insert into feature_flags(key, description, enabled) values ($1,$2,$3)
         on conflict (key) do update set description = excluded.description`,
        [f.key, f.description, f.enabled],
      );
    }
    await client.query("commit");
  } catch (e) {
    await client.query("rollback");
    throw e;
  } finally {
    client.release();
  }
}
