// Keep the subscriptions and flag tables in step with the catalog (new entries added, texts refreshed;
// a flag's global value, once set by an admin, is kept).
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { featureFlags, subscriptions } from "../db/schema/index.ts";
import { FLAGS, SUBSCRIPTIONS } from "./catalog.ts";

export async function syncCatalog(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(subscriptions)
      .values(
        SUBSCRIPTIONS.map((s) => ({ key: s.key, name: s.name, description: s.description, plan: s.plan })),
      )
      .onConflictDoUpdate({
        target: subscriptions.key,
        set: {
          name: sql`excluded.name`,
          description: sql`excluded.description`,
          plan: sql`excluded.plan`,
        },
      });
    await tx
      .insert(featureFlags)
      .values(FLAGS.map((f) => ({ key: f.key, description: f.description, enabled: f.enabled })))
      .onConflictDoUpdate({ target: featureFlags.key, set: { description: sql`excluded.description` } });
  });
}
