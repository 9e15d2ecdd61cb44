// A record of each databook / power-price download (who, what, when): the download body names the person.
import type { Db } from "../db/client.ts";
import { worldViewDownloads } from "../db/schema/index.ts";

export async function recordWorldViewDownload(
  db: Db,
  d: {
    kind: "databook" | "power-prices";
    ids: string[];
    userId?: string;
    anonymousId?: string;
    email: string | null;
    fullName: string | null;
    companyName: string | null;
  },
): Promise<void> {
  await db.insert(worldViewDownloads).values({
    kind: d.kind,
    scenarioIds: d.ids,
    userId: d.userId ?? null,
    anonymousId: d.userId ? null : (d.anonymousId ?? null),
    email: d.email,
    fullName: d.fullName,
    companyName: d.companyName,
  });
}
